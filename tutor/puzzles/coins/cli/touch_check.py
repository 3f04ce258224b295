"""``check`` and ``hint coins --touch K``: a learner's touch strategy judged exactly, and the next move from the
rule search (the JSON contract is in ``cli.touch`` and docs/coins.md).

``check`` replays the strategy over every table and every turn (``engine.touch_verify``); a loss comes with the
Devil's line of play, laid out move by move with what each move felt and flipped, and with the learner's likely
slip: a felt pattern the rule does not name, or fewer moves than any sure win needs.  ``hint`` takes the classes
the table may be in after ``--after`` (whatever was felt) and asks the rule search (``engine.touch_plan``) how far
the bell is and which move brings it nearer.
"""

from __future__ import annotations

from tutor.grammar import join_or
from tutor.puzzles.answers import JSON
from tutor.puzzles.base import Report
from tutor.puzzles.coins.cli.touch import playable
from tutor.puzzles.coins.engine.touch import solve as search
from tutor.puzzles.coins.engine.touch_plan import next_move, plan
from tutor.puzzles.coins.engine.touch_verify import TouchLine, possible_after, verify_touch
from tutor.puzzles.coins.limits import TOUCH_POSITIONS
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.rules.touch import (
    TouchMove,
    felt,
    format_touch_move,
    format_touch_strategy,
    parse_touch_strategy,
)
from tutor.screen.shown import join
from tutor.screen.text import plural

SHOWN_STEPS = 24  # moves of a counterexample laid out before the middle is left out


def show(table: int, n: int) -> str:
    """A table as text indexed by position: ``HTTH`` (bit p set: tails at p)."""
    return "".join("T" if table >> p & 1 else "H" for p in range(n))


def necklace(table: int, n: int) -> str:
    """The table's class under turns, named by the first of its turns in reading order (``HHHT``, not ``THHH``)."""
    return min(show(((table << r) | (table >> (n - r))) & ((1 << n) - 1) if r else table, n) for r in range(n))


def shortest(game: CoinGame, k: int) -> int | None:
    """The fewest moves of a sure win where the search reaches (touch_positions), else None (also: none exists)."""
    if game.coins > TOUCH_POSITIONS.value:
        return None
    return search(game.coins, k, game.goal.value).rounds


def check(game: CoinGame, k: int, text: str) -> Report:
    """Verify a touch strategy against every start and every turn: exit 0 when it always rings the bell."""
    playable(game, k)
    game.model.require_enumerable()
    n = game.coins
    moves = parse_touch_strategy(text, n, k)
    result = verify_touch(n, game.goal.value, moves)
    best = shortest(game, k)
    data: JSON = {"correct": result.wins, "length": len(moves), "shortest": best, "counterexample": None,
                  "won_by": result.won_by, "touch": k, "canonical": format_touch_strategy(moves)}
    if result.wins:
        extra = "" if best is None else (", the shortest possible" if len(moves) == best else
                                         f", {len(moves) - best} more than the shortest ({best})")
        early = "" if result.won_by == len(moves) else f"; every game is already over after move {result.won_by}"
        return Report(data, f"correct: rings the bell for every start and every turn: "
                            f"{plural(len(moves), 'move')}{extra}{early}")
    line = result.line
    assert line is not None
    data["counterexample"] = {
        "start": show(line.start, n), "rotations": list(line.turns), "final": show(line.final, n),
        "tables": [show(t, n) for t in line.tables],
        "felt": [felt(m, _before(line, i, n)) for i, m in enumerate(moves)],
        "flipped": [[p for p in range(n) if m.flips(_before(line, i, n)) >> p & 1] for i, m in enumerate(moves)],
    }
    how = "even if the Devil never turns the table," if not any(line.turns) else \
        "the Devil can turn the table (as laid out below) so that"
    after = "after its one move" if len(moves) == 1 else f"after all {plural(len(moves), 'move')}"
    summary = (f"incorrect: does not always ring the bell: starting from {show(line.start, n)}, {how} {after} it "
               f"shows {show(line.final, n)}, not {game.goal_text}")
    notes = [note for note in (_length_note(moves, best), _unnamed_note(moves, line, n)) if note]
    return Report(data, join([summary, *notes, _layout(moves, line, n)]), 1)


def _before(line: TouchLine, i: int, n: int) -> int:
    """The table move i (from 0) is made on: the table before it, turned by the Devil."""
    table = line.start if i == 0 else line.tables[i - 1]
    r = line.turns[i] % n
    return ((table << r) | (table >> (n - r))) & ((1 << n) - 1) if r else table


def _length_note(moves: list[TouchMove], best: int | None) -> str:
    """A strategy shorter than any sure win."""
    if best is None or len(moves) >= best:
        return ""
    return (f"Your strategy has {plural(len(moves), 'move')}; no sure win has fewer than {best}, even for a player "
            "who remembers everything he felt.")


def _unnamed_note(moves: list[TouchMove], line: TouchLine, n: int) -> str:
    """The first move of the line that felt a pattern no case of its rule names (so it flipped nothing)."""
    for i, move in enumerate(moves):
        table = _before(line, i, n)
        if all(case.flips(table) is None for case in move.cases):
            return (f"At move {i + 1} you felt {felt(move, table)}, which no case of {format_touch_move(move)} "
                    "names, so nothing was flipped: a rule leaves alone the coins of every pattern it does not name.")
    return ""


def _layout(moves: list[TouchMove], line: TouchLine, n: int) -> str:
    """The counterexample as lines to replay with coins: each turn, what the move felt and flipped, and the table."""
    rows = [f"Start: {show(line.start, n)} (position 0 first, clockwise)."]

    def row(i: int) -> str:
        before = line.start if i == 0 else line.tables[i - 1]
        table = _before(line, i, n)
        turn = "no turn" if not line.turns[i] else f"turn by {line.turns[i]}"
        flipped = "".join(str(p) if p < 10 else f"{{{p}}}" for p in range(n) if moves[i].flips(table) >> p & 1)
        where = format_touch_move(moves[i]).split(":")[0]
        return (f"  move {i + 1:>3}: {turn:12} {show(before, n)} -> {show(table, n)}, feel {felt(moves[i], table)} "
                f"at {where}, flip {flipped or '-'} -> {show(line.tables[i], n)}")

    total = len(moves)
    shown = range(total) if total <= SHOWN_STEPS else [*range(SHOWN_STEPS - 4), *range(total - 3, total)]
    last = -1
    for i in shown:
        if i > last + 1:
            rows.append(f"  ... {plural(i - last - 1, 'move')} ...")
        rows.append(row(i))
        last = i
    rows.append(f"After the last move the table is {show(line.final, n)}: the bell has not rung.")
    return "\n".join(rows)


def hint(game: CoinGame, k: int, after: str) -> Report:
    """The classes the table may be in after ``after``, how far the bell is by rules, and the move that nears it."""
    playable(game, k)
    n = game.coins
    p = plan(n, k, game.goal.value)  # refuses past touch_positions first
    prefix = parse_touch_strategy(after, n, k) if after.strip() else []
    reps = possible_after(n, game.goal.value, prefix)
    state = p.state(reps)
    names = sorted(necklace(rep, n) for rep in reps)
    data: JSON = {"belief": names, "distance": None, "best_moves": [], "hints": [], "touch": k}
    if not reps:
        first = "Your first move already rings" if len(prefix) == 1 else f"Your first {len(prefix)} moves already ring"
        data["distance"] = 0
        data["hints"] = [f"{first} the bell against every start and every turn: nothing is left to do."]
        return _hint_report(data)
    shown = ", ".join(names[:10]) + (" ..." if len(names) > 10 else "")
    could = f"can only be {shown}" if len(names) == 1 else \
        f"could be any of {plural(len(names), 'arrangement')} (up to turns): {shown}"
    nudge = f"After {plural(len(prefix), 'move')}, whatever you felt, the table {could}." if prefix else \
        f"Before any move the table {could}."
    distance = p.distance(state)
    full = p.distance((1 << len(p.open)) - 1)
    if distance is None and full is None:
        data["hints"] = [nudge, "Look for arrangements the Devil can bring back into the set, whatever a move feels "
                                "and flips, and turn after turn."]
    elif distance is None:
        data["hints"] = [nudge, "Your moves so far cannot lead to a sure win by rules any more.",
                         "Undo some moves: from here no strategy of rule moves rings the bell against every turn."]
    else:
        move = next_move(p, state)
        assert move is not None
        touched = join_or([str(q) for q in move.positions], "and")
        data.update(distance=distance, best_moves=[format_touch_move(move)])
        data["hints"] = [nudge, f"Feel positions {touched} next. For each pattern you may feel there, pick the flip "
                                "that leaves the table among arrangements from which the bell is nearer.",
                         f"Play {format_touch_move(move)} next."]
    return _hint_report(data)


def _hint_report(data: JSON) -> Report:
    """The ladder as text, and the distance when known."""
    hints = data["hints"]
    text = "\n".join(f"hint {i} of {len(hints)}: {h}" for i, h in enumerate(hints, 1))
    if data["distance"]:
        text += f"\nshortest sure win from here: {plural(data['distance'], 'more move')}"
    return Report(data, text)
