"""Verdicts on coin strategies: exact, with a counterexample laid out move by move a learner can replay.

``verdict`` checks a strategy over every start and every turn (``engine.verify``)
and, when it loses, lays out the game that beats it; ``belief_after`` is the
belief a prefix of moves leaves, which the hints and the game share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from tutor.puzzles.answers import JSON, Verdict
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.limits import CHECK_WORK
from tutor.puzzles.coins.rules import CoinGame, Model, Move, format_move, format_strategy, positions
from tutor.puzzles.coins.teach.pictures import tables
from tutor.puzzles.coins.teach.whole import first_wrong_move, half_moves_note
from tutor.puzzles.coins.theory import decide
from tutor.screen.shown import Drawn, join
from tutor.screen.text import plural

SHOWN_STEPS = 24  # counterexample lines shown in text before eliding the middle
SHOWN_TURNS = 40  # moves the Devil turns before, always shown in a long counterexample up to this many


def belief_after(m: Model, strategy: Sequence[Move], start: int | None = None) -> tuple[int, int | None]:
    """Belief bits after the strategy (from ``start``, default every class), and the move after
    which everything was won (if so).  Replaying is charged like checking (check_work), before any step."""
    charge(m, strategy, "replaying")
    belief = m.start_belief() if start is None else engine.from_bits(m, start)
    for i, move in enumerate(strategy):
        if not belief.any():
            return 0, i
        belief = m.step(belief, move)
    return engine.to_bits(belief), (len(strategy) if not belief.any() else None)


def beliefs_along(m: Model, moves: Sequence[Move], start: int) -> list[int]:
    """The belief bits after each of ``moves`` from the belief ``start`` (0 once everything is won), charged like
    checking (check_work) before any step."""
    charge(m, moves, "replaying")
    out: list[int] = []
    belief = engine.from_bits(m, start)
    for move in moves:
        if belief.any():
            belief = m.step(belief, move)
            out.append(engine.to_bits(belief))
        else:
            out.append(0)
    return out


def charge(m: Model, moves: Sequence[Move], doing: str) -> None:
    """Refuse, in one line naming check_work, moves that would take too long to step through (docs/limits.md)."""
    cost = m.check_cost(list(moves))
    CHECK_WORK.check(cost, f"{doing} {len(moves):,} moves over {m.class_total:,} classes takes {cost:,} steps")


def move_json(m: Model, move: Move) -> list[int]:
    """A move for JSON: the positions flipped (coins), or the digit vector (K > 2)."""
    return positions(move) if m.k == 2 else list(move)


def verdict(game: CoinGame, strategy: list[Move], compare: bool = True) -> Verdict:
    """The exact verdict on a parsed strategy, with a laid-out counterexample; ``compare``: whether a winning
    strategy's length is compared with the shortest in words (a lesson that asks for the shortest later says no)."""
    m = game.model
    result = engine.verify(m, strategy)
    sol = decide(m)
    canonical = format_strategy(strategy, m.k)
    data: JSON = {"correct": result.wins, "length": len(strategy), "shortest": sol.shortest,
                  "counterexample": None, "won_by": result.won_by}
    if result.wins:
        extra = ""
        if sol.shortest is not None and compare:
            extra = (", the shortest possible" if len(strategy) == sol.shortest
                     else f", {len(strategy) - sol.shortest} more than the shortest ({sol.shortest})")
        early = "" if result.won_by == len(strategy) else \
            f"; every game is already over after move {result.won_by}"
        summary = f"wins for every start and every turn: {plural(len(strategy), 'move')}{extra}{early}"
        return Verdict(True, summary, "", data, canonical, len(strategy), sol.shortest)
    ce = result.counterexample
    assert ce is not None
    data["counterexample"] = {
        "start": m.show(ce.start),
        "rotations": [m.turn_label(t) for t in ce.turns],
        "final": m.show(ce.final),
    }
    how = ("even if the Devil never turns the table," if not any(ce.turns) else
           "the Devil can turn the table (as laid out below) so that")
    after = "after its one move" if len(strategy) == 1 else f"after all {plural(len(strategy), 'move')}"
    summary = (f"does not always win: starting from {m.show(ce.start)}, {how} {after} it shows "
               f"{m.show(ce.final)}, not {game.goal_text}")
    notes = [note for note in (_length_note(game, strategy, sol.shortest) if compare else "",
                               first_wrong_move(game, strategy), half_moves_note(game, strategy),
                               _doubling_note(game, strategy)) if note]
    return Verdict(False, summary, join([*notes, layout(m, strategy, ce)]), data, canonical, len(strategy),
                   sol.shortest)


def _length_note(game: CoinGame, strategy: list[Move], shortest: int | None) -> str:
    """A strategy shorter than any sure win: its length against the shortest (the prefix argument)."""
    if shortest is None or len(strategy) >= shortest:
        return ""
    return (f"Your strategy has {plural(len(strategy), 'move')}; no sure win has fewer than {shortest:,}: with no "
            "turns at all, every table that is not all heads needs a prefix of its own.")


def _doubling_note(game: CoinGame, strategy: list[Move]) -> str:
    """For a doubling table (coins, all heads, N a power of two, at least 8: the doubling lesson's, the 4-coin
    table comes before it): the first block of doubled moves between half moves that is not as long as the doubled
    half strategy D (the last block only once every half move is there: a strategy cut short is not wrong there)."""
    n = game.coins
    if game.sides != 2 or game.goal != "heads" or n < 8 or n & (n - 1) or len(strategy) > 1 << 16:
        return ""
    half = n // 2
    size = 2**half - 1  # the moves of D, the doubled half strategy
    blocks, run = [], 0
    for move in strategy:
        if all(move[p] == move[p + half] for p in range(half)):
            run += 1
        else:
            blocks.append(run)
            run = 0
    if len(blocks) == size:  # every half move is there: the last block counts too
        blocks.append(run)
    for number, length in enumerate(blocks):
        if length != size:
            where = "before the first half move" if number == 0 else f"after half move {number}"
            return (f"The doubling pattern is D s1 D s2 ... D, D the doubled {half}-coin strategy of "
                    f"{plural(size, 'move')}: your block of doubled moves {where} has {plural(length, 'move')}.")
    return ""


def layout(m: Model, strategy: list[Move], ce: engine.Counterexample) -> Drawn:
    """The counterexample as lines a learner can replay with coins on a table."""
    total = len(strategy)
    start = f"Start: {m.show(ce.start)} (position 0 first, clockwise)."
    lines = [tables(start, [("at the start", m.show(ce.start)),
                            (f"after {plural(total, 'move')}", m.show(ce.final))])]

    def row(i: int) -> str:  # move i + 1, laid out from the table before it
        before = ce.start if i == 0 else ce.tables[i - 1]
        turn, after = ce.turns[i], ce.tables[i]
        label = m.turn_label(turn)
        how = "no turn" if label == 0 else (f"turn by {label}" if isinstance(label, int) else label)
        return (f"  move {i + 1:>3}: {how:12} {m.show(before)} -> {m.show(m.apply_turn(before, turn))}, "
                f"flip {format_move(strategy[i], m.k):>6} -> {m.show(after)}")

    if total > SHOWN_STEPS:  # only the rows shown are laid out: a long strategy costs no time here
        lines += _elided(total, [i for i in range(total) if ce.turns[i]], row)
    else:
        lines += [row(i) for i in range(total)]
    lines.append(f"After the last move the table is {m.show(ce.final)}: the game is not over.")
    return join(lines)


def _elided(total: int, turned: list[int], row: Callable[[int], str]) -> list[str]:
    """The rows of a long counterexample: the first and last moves and every move the Devil turns before (up to
    SHOWN_TURNS of them); the moves left out are said to have no turn where that is so."""
    keep = sorted({*range(SHOWN_STEPS - 4), *range(total - 3, total), *turned[:SHOWN_TURNS]})
    rest = set(turned[SHOWN_TURNS:])
    lines: list[str] = []
    last = -1
    for i in keep:
        gap = range(last + 1, i)
        if gap:
            quiet = " without a turn" if not rest & set(gap) else ""
            lines.append(f"  ... {plural(len(gap), 'move')}{quiet} ...")
        lines.append(row(i))
        last = i
    return lines


def reference_strategy(game: CoinGame) -> str | None:
    """A shortest winning strategy, computed; None when none exists."""
    return _written_strategy(game.model, game.sides)


@lru_cache(maxsize=16)
def _written_strategy(model: Model, sides: int) -> str | None:
    """The theorem's strategy written out once per table (16 coins: 65,535 moves, 50 ms to write)."""
    sol = decide(model)
    return None if sol.strategy is None else format_strategy(sol.strategy, sides)
