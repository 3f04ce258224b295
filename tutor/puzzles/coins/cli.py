"""The coin table's command-line contract: ``tutor solve|check|hint|analyze coins``.

JSON keys are documented in README.md and docs/coins.md; they may be added to,
never renamed or removed.
"""

from __future__ import annotations

from tutor.puzzles.answers import JSON
from tutor.puzzles.base import Commands, Report
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, format_strategy, parse_strategy
from tutor.puzzles.coins.teach import hint_data, move_json, verdict
from tutor.puzzles.coins.theory import analyze, decide
from tutor.puzzles.options import Args, Option, required_text

COMMANDS = Commands()
LISTED_MOVES = 300  # longer strategies are shortened in text (JSON has them all)


@COMMANDS.register("solve", "a shortest winning strategy, or the Devil's trap")
def solve(game: CoinGame, args: Args) -> Report:
    """The decision and, where one exists, a shortest strategy."""
    m = game.model
    sol = decide(m)
    data: JSON = {
        "solvable": sol.solvable,
        "length": None if sol.strategy is None else len(sol.strategy),
        "strategy": None if sol.strategy is None else [move_json(m, mv) for mv in sol.strategy],
        "shortest": sol.shortest is not None,
        "method": sol.method,
        "reason": sol.reason,
    }
    if sol.trap:
        data["trap"] = list(sol.trap)
    if sol.strategy is None:
        word = "no winning strategy" if sol.solvable is False else "undecided"
        return Report(data, f"{m.n} coins: {word}: {sol.reason}.")
    text = format_strategy(sol.strategy, m.k)
    if len(sol.strategy) > LISTED_MOVES:
        text = " ".join(text.split()[:40]) + f" ... ({len(sol.strategy)} moves; use --json for all)"
    return Report(data, f"{m.n} coins: shortest winning strategy, {len(sol.strategy)} moves "
                        f"({sol.reason}):\n{text}")


@COMMANDS.register("check", "judge a strategy exactly (exit 0 wins, 1 does not)",
                   Option("strategy", str, None, "the moves, e.g. \"0123 02 0123\" ('-' reads standard input)",
                          positional=True, readable=True, metavar="STRATEGY"))
def check(game: CoinGame, args: Args) -> Report:
    """Verify a strategy against every start and every turn."""
    v = verdict(game, parse_strategy(required_text(args, "strategy"), game.coins, game.sides))
    body = v.summary + ("\n" + v.detail if v.detail else "")
    return Report(v.data, ("correct: " if v.correct else "incorrect: ") + body, 0 if v.correct else 1)


@COMMANDS.register("hint", "the belief after some moves, and the best next moves",
                   Option("after", str, "", "the moves played so far (default: none)", metavar="STRATEGY"))
def hint(game: CoinGame, args: Args) -> Report:
    """The hint ladder after ``--after``."""
    data = hint_data(game, parse_strategy(args["after"], game.coins, game.sides))
    text = "\n".join(f"hint {i} of {len(data['hints'])}: {h}" for i, h in enumerate(data["hints"], 1))
    return Report(data, text)


@COMMANDS.register("analyze", "classes, Burnside's count, x^N - 1 and why the table can or cannot be won")
def analyze_command(game: CoinGame, args: Args) -> Report:
    """The theory of the table."""
    m = game.model
    a = analyze(m)
    sol = decide(m)
    data: JSON = {
        "classes": a.classes,
        "classes_burnside": a.classes_formula,
        "winnable": sol.solvable,
        "factorization": a.factorization,
        "power_of_sides": a.power_of_k,
        "shortest_length": sol.shortest,
        "lower_bound": engine.lower_bound(m),
        "explanation": list(a.explanation),
        "reason": sol.reason,
    }
    if sol.trap:
        data["trap"] = list(sol.trap)
    win = {True: "winnable", False: "not winnable", None: "undecided"}[sol.solvable]
    devil = "rotations and reflections" if m.dihedral else "rotations"
    lines = [f"{m.n} positions, {m.k} faces, Devil: {devil}, goal: {game.goal_text}",
             f"classes of tables: {a.classes} (Burnside's count: {a.classes_formula})",
             f"x**{m.n} - 1 = {a.factorization}",
             f"{win}: {sol.reason}", "", *a.explanation]
    return Report(data, "\n".join(lines))
