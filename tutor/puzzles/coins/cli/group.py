"""``--group GENERATORS``: the coin commands when the Devil moves the table by any group of permutations.

``solve``   -> ``{"solvable", "length", "strategy", "shortest", "method", "reason", "listed", "trap", "group",
               "order"}``
``analyze`` -> ``{"group", "order", "winnable", "shortest", "lower_bound", "strategy", "method", "reason",
               "trap", "classes", "prime"}``
``check``   -> ``{"correct", "length", "shortest", "counterexample", "won_by", "group", "order"}`` (exit 0 / 1)
``hint``    -> ``{"belief", "distance", "best_moves", "hints", "group"}``

The theorem decides at any N (``theory.groups``); check and hint enumerate every table.
JSON keys are documented in docs/coins.md and may be added to, never renamed or removed.
"""

from __future__ import annotations

from tutor.errors import InvalidParams, SearchLimit
from tutor.puzzles.answers import JSON
from tutor.puzzles.base import Report
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Move, Symmetry, format_strategy, parse_strategy
from tutor.puzzles.coins.rules.group import Generators, format_group, group_model, parse_group
from tutor.puzzles.coins.teach.verdicts import belief_after, move_json
from tutor.puzzles.coins.theory.groups import GroupSolution, decide_group
from tutor.puzzles.options import Option
from tutor.screen.text import plural

GROUP = Option("group", str, None, "the Devil moves the table by the group these permutations generate, instead of "
               "turning it: generators in cycle notation over positions 0..N-1, e.g. '(0 1)(2 3), (0 2)(1 3)'",
               metavar="GENERATORS")
PREVIEW = 40  # moves shown in text before "..."


def generators(game: CoinGame, text: str | None) -> Generators | None:
    """The generators given with --group (None without it); the group replaces --symmetry."""
    if text is None:
        return None
    if game.symmetry is not Symmetry.ROTATION:
        raise InvalidParams("--group replaces --symmetry: give one or the other")
    return parse_group(text, game.coins)


def _shown(strategy: tuple[Move, ...] | list[Move] | None, k: int) -> str:
    """A strategy for text, shortened after PREVIEW moves."""
    if strategy is None:
        return ""
    words = format_strategy(list(strategy), k).split()
    return " ".join(words[:PREVIEW]) + (f" ... ({len(words)} moves; use --json for all)" if len(words) > PREVIEW
                                        else "")


def _head(game: CoinGame, sol: GroupSolution, gens: Generators) -> str:
    """The first line: the table, the group and the verdict."""
    win = "winnable" if sol.winnable else "not winnable"
    return (f"{plural(game.coins, 'position')}, {game.sides} faces, goal {game.goal_text}, the Devil's group "
            f"<{format_group(gens)}> of order {sol.order:,}: {win}")


def _common(sol: GroupSolution) -> JSON:
    """Keys shared by solve and analyze."""
    length = sol.length
    return {"group": format_group(sol.generators), "order": sol.order, "method": sol.method, "reason": sol.reason,
            "trap": None if sol.trap is None else list(sol.trap),
            "strategy": None if sol.strategy is None else [move_json_k(sol.k, mv) for mv in sol.strategy],
            "length": None if length is None else length.json()}


def move_json_k(k: int, move: Move) -> list[int]:
    """A move for JSON: the positions flipped (coins), or the digit vector."""
    return [p for p, d in enumerate(move) if d] if k == 2 else list(move)


def solve(game: CoinGame, gens: Generators) -> Report:
    """The decision and, where one exists and is held, a shortest strategy."""
    sol = decide_group(game.coins, game.sides, game.goal.value, gens)
    common = _common(sol)
    data: JSON = {"solvable": sol.winnable, "length": common["length"], "strategy": common["strategy"],
                  "shortest": sol.winnable, "method": sol.method, "reason": sol.reason,
                  "listed": sol.strategy is not None, "trap": common["trap"], "group": common["group"],
                  "order": sol.order}
    lines = [f"{_head(game, sol, gens)}: {sol.reason}."]
    if sol.winnable:
        assert sol.length is not None
        lines.append(f"shortest sure win: {sol.length.text()} moves" +
                     (f":\n{_shown(sol.strategy, game.sides)}" if sol.strategy is not None else
                      " (too long to list here)"))
    return Report(data, "\n".join(lines))


def analyze(game: CoinGame, gens: Generators) -> Report:
    """The theorem's verdict, the shortest length and its strategy, or the Devil's trap."""
    sol = decide_group(game.coins, game.sides, game.goal.value, gens)
    common = _common(sol)
    bound = engine.lower_bound(group_model(game.coins, game.sides, game.goal.value, gens)) \
        if game.model.enumerable else None
    data: JSON = {"group": common["group"], "order": sol.order, "winnable": sol.winnable,
                  "shortest": common["length"], "lower_bound": bound, "strategy": common["strategy"],
                  "method": sol.method, "reason": sol.reason, "trap": common["trap"], "classes": sol.classes,
                  "prime": sol.prime}
    lines = [_head(game, sol, gens), f"why: {sol.reason}"]
    if sol.classes is not None:
        lines.append(f"classes of tables under the group: {sol.classes:,}")
    if sol.length is not None:
        lines.append(f"shortest sure win: {sol.length.text()} moves (the lower bound)")
    if sol.strategy is not None:
        lines.append(f"a shortest strategy: {_shown(sol.strategy, game.sides)}")
    if sol.trap:
        lines.append(f"the Devil's trap ({plural(len(sol.trap), 'arrangement')} he keeps the table among "
                     f"whatever you flip): {', '.join(sol.trap[:12])}{' ...' if len(sol.trap) > 12 else ''}")
    return Report(data, "\n".join(lines))


def check(game: CoinGame, gens: Generators, text: str) -> Report:
    """Verify a strategy exactly against every start and every element of the group."""
    game.model.require_enumerable()
    m = group_model(game.coins, game.sides, game.goal.value, gens)
    strategy = parse_strategy(text, game.coins, game.sides)
    result = engine.verify(m, strategy)
    sol = decide_group(game.coins, game.sides, game.goal.value, gens)
    shortest = sol.length.json() if sol.length is not None else None
    data: JSON = {"correct": result.wins, "length": len(strategy), "shortest": shortest, "counterexample": None,
                  "won_by": result.won_by, "group": _common(sol)["group"], "order": sol.order}
    if result.wins:
        return Report(data, f"correct: wins for every start and every move of the group: "
                            f"{plural(len(strategy), 'move')}")
    c = result.counterexample
    assert c is not None
    turns = [str(m.turn_label(t)) for t in c.turns]
    data["counterexample"] = {"start": m.show(c.start), "turns": turns, "final": m.show(c.final)}
    if all(turn == "()" for turn in turns):  # () is the move that leaves the table as it is
        devil = f"with the table left as it is before each of your {plural(len(turns), 'move')}"
    else:
        devil = (f"with the Devil moving the table by {', '.join('nothing' if t == '()' else t for t in turns)}, "
                 "one before each of your moves")
    said = f"incorrect: from {m.show(c.start)}, {devil}, it ends at {m.show(c.final)}: not won"
    return Report(data, said, 1)


def hint(game: CoinGame, gens: Generators, after: str) -> Report:
    """The belief after ``after`` and the best next moves (by the belief search)."""
    game.model.require_enumerable()
    m = group_model(game.coins, game.sides, game.goal.value, gens)
    bits, won_by = belief_after(m, parse_strategy(after, game.coins, game.sides))
    belief = m.names_in(bits)
    data: JSON = {"belief": belief, "distance": 0 if won_by is not None else None, "best_moves": [], "hints": [],
                  "group": _common(decide_group(game.coins, game.sides, game.goal.value, gens))["group"]}
    hints = [f"the table could still be any of {plural(len(belief), 'arrangement')}: {', '.join(belief[:10])}"
             if belief else "every game is already over"]
    if belief and engine.searchable(m):
        try:
            outcome = engine.search_from(m, bits)
        except SearchLimit:
            outcome = None
        if outcome is not None and outcome.strategy is not None:
            data["distance"] = len(outcome.strategy)
            data["best_moves"] = [move_json(m, mv) for mv in outcome.best_first]
            hints.append(f"a sure win is {plural(len(outcome.strategy), 'move')} away; play "
                         f"{format_strategy(outcome.best_first[:1], game.sides)} next")
        elif outcome is not None:
            hints.append("no sure win is left from here: the Devil can keep the game going forever")
    data["hints"] = hints
    return Report(data, "\n".join(f"hint {i} of {len(hints)}: {h}" for i, h in enumerate(hints, 1)))
