"""``check coins --conjecture FORMULA``: the conjecture workbench on the command line (exit 0 holds, 1 fails).

JSON: ``{"correct", "summary", "conjecture", "formula", "of", "symmetry", "goal", "holds", "proved",
"checked_up_to", "checked", "counterexample", "explanation"}``; documented in docs/coins.md, and may be
added to, never renamed or removed.
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.base import Report
from tutor.puzzles.coins.limits import CONJECTURE_BOUND
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.theory.conjecture import DEFAULT_BOUND, OF, check_conjecture, parse_formula
from tutor.puzzles.options import Args, Option

OPTIONS = (
    Option("conjecture", str, None, "test a formula in N (positions) and K (faces) on every table up to --bound: "
           "for --of winnable, true or false (e.g. 'N = 1 or rad(N) = rad(K) and isprime(rad(K))'); for --of "
           "shortest, the shortest sure win (e.g. 'K^N - 1'); for --of touch (with --goal same), true or false "
           "for the blind bartender touching K of N positions a move", metavar="FORMULA"),
    Option("of", str, "winnable", "what the conjecture's formula gives: which tables can be won, the shortest "
           "sure win, or which blind bartenders can ring the bell", choices=OF),
    Option("bound", int, None, f"the workbench checks every N and K up to this (default {DEFAULT_BOUND})",
           minimum=2, limit=CONJECTURE_BOUND, metavar="B"),
)


def given(args: Args) -> bool:
    """Whether --conjecture was given; --of and --bound alone are refused."""
    if args["conjecture"] is not None:
        return True
    if {"of", "bound"} & args.given:
        raise InvalidParams("--of and --bound belong to --conjecture FORMULA, which was not given")
    return False


def check(game: CoinGame, args: Args) -> Report:
    """The workbench's verdict: exit 0 when the formula holds, 1 with the smallest counterexample."""
    result = check_conjecture(parse_formula(args["conjecture"]), args["of"], game.symmetry.value, game.goal.value,
                              args["bound"])
    lines = [result.summary() + ".", *result.explanation]
    c = result.counterexample
    if c is not None:
        lines.append(f"The engine ({c['method']}): {c['reason']}.")
        if c["strategy"] is not None:
            lines.append(f"A shortest strategy there: {c['strategy'] or '(no moves)'}")
    data = {"correct": result.holds, "summary": result.summary(), **result.as_json()}
    return Report(data, "\n".join(lines), 0 if result.holds else 1)
