"""The coin conjecture as an answer kind: a learner's formula in N and K, judged by the workbench.

The workbench (``theory.conjecture``) tests the formula against the theorems on every table up to
``bound`` and answers with the smallest counterexample and its certificate, or "holds up to the
bound" (evidence, not proof), or "holds for every table" for the theorem's own statement.  ``of``
says what the formula gives: ``winnable`` (true or false: a sure win exists), ``shortest`` (the
shortest sure win, on the winnable tables) or ``touch`` (true or false: the blind bartender touching
K of N positions a move can ring the bell); the step's ``symmetry`` and ``goal`` choose the variant.
The hint ladder shows the theorem's values on small tables (a nudge), then the idea behind them (a
concept), never the formula.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from tutor.puzzles.answers import AnswerKind, Belief, Hint, Level, Rung, Verdict
from tutor.puzzles.coins.engine.touch import least_touch
from tutor.puzzles.coins.limits import CONJECTURE_BOUND
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.rules.formula import ARITY, Node, format_formula, parse_formula
from tutor.puzzles.coins.theory.conjecture import DEFAULT_BOUND, OF, THEOREMS, check_conjecture, same_values, tables
from tutor.puzzles.coins.theory.theorem import decide
from tutor.puzzles.options import Args, Option

OF_OPTION = Option("of", str, "winnable", "what the formula gives: winnable (true where a sure win exists), shortest "
                   "(the shortest sure win) or touch (true where the blind bartender touching K of N positions can "
                   "ring the bell; goal same)", choices=OF)
BOUND = Option("bound", int, DEFAULT_BOUND, "the workbench checks every N and K up to this", minimum=2,
               limit=CONJECTURE_BOUND, metavar="B")
SHOWN_UP_TO = 8  # the nudge lists the theorem's values for N and K up to this
WORDS = ["N", "K", "and", "or", "not", "true", "false", *(f"{name}(" for name in ARITY)]

# Other ways of writing the theorems' formulas, which a reply must not write out either
FORMS = {
    ("touch", "same"): ("K >= (1 - 1/gpf(N))*N", "K*gpf(N) >= (gpf(N) - 1)*N", "K >= N - N/gpf(N)"),
    ("shortest", "same"): ("K^(N - 1) - 1", "K^N/K - 1"),
}
WRONG = {
    "winnable": ("rad(N) = rad(K)", "isprime(N) and isprime(K)", "N = K"),
    "shortest": ("K^N", "K^N - 1", "K^(N - 1)", "N*K - 1"),
    "touch": ("K >= N/2", "K >= N - 1", "K >= N - N/lpf(N)"),
}


def key(game: CoinGame, of: str) -> tuple[str, str]:
    """The theorem a formula for ``of`` is tested against: (of, symmetry) for winnable, (of, goal) otherwise."""
    return of, game.symmetry.value if of == "winnable" else game.goal.value


def fits(game: CoinGame, of: str) -> bool:
    """Whether the step's variant has a theorem for ``of`` (the bartender rings at all alike, turns only)."""
    return of != "touch" or (game.goal.value == "same" and game.symmetry.value == "rotation")


def task(game: CoinGame, of: str) -> str:
    """What a formula for ``of`` must give on the step's variant, in words."""
    devil = "may also turn the table over" if game.symmetry.value == "dihedral" else "turns the table"
    end = "as soon as the coins are all alike" if game.goal.value == "same" else "at all heads"
    if of == "touch":
        return ("true exactly when the blind bartender, touching K of the N positions a move (coins, the Devil "
                "turns the table), can be sure to ring the bell")
    if of == "shortest":
        return (f"the number of moves of the shortest sure win on N positions with K faces, wherever one exists, "
                f"when the Devil {devil} and the game ends {end}")
    return (f"true exactly for the N positions and K faces where a sure win exists, when the Devil {devil} and the "
            f"game ends {end}")


def nudge(game: CoinGame, of: str) -> str:
    """The theorem's values on the smallest tables (the data a conjecture starts from)."""
    if of == "touch":
        least = [f"N = {n}: {least_touch(n)}" for n in range(2, 2 * SHOWN_UP_TO + 1)]
        return "The fewest positions to touch a move: " + "; ".join(least) + "."
    dihedral = game.symmetry.value == "dihedral"
    found = [(n, k, decide(n, k, dihedral, game.goal.value)) for n, k in tables(SHOWN_UP_TO)]
    if of == "winnable":
        return ("The tables with N and K up to 8 that can be won, as (N, K): "
                + ", ".join(f"({n}, {k})" for n, k, d in found if d.winnable) + "; no other can.")
    return ("The shortest sure win, for the tables with N and K up to 8 that can be won: "
            + "; ".join(f"({n}, {k}): {d.length.json()}" for n, k, d in found if d.length is not None) + ".")


def concept(game: CoinGame, of: str) -> str:
    """The idea behind the values, in the formula language's words."""
    if of == "touch":
        return ("For a prime N the bartender must touch all but one position; for N a power of 2, half of them. "
                "Compare N minus the fewest with N: which divisor of N is it? gpf(N) is the greatest prime factor "
                "of N, lpf(N) the least.")
    if of == "shortest":
        same = (": with the goal all alike, starts that differ by the same change at every position count once"
                if game.goal.value == "same" else "")
        return ("Count the starts that need a prefix of their own when the Devil never turns the table" + same + ".")
    mirror = " With mirrors, one more condition: from three positions on, the prime must be 2." \
        if game.symmetry.value == "dihedral" else ""
    return ("rad(N) is the product of the distinct primes dividing N (rad(12) = 6), and isprime(x) says whether x "
            "is a prime: together they can say 'a power of a prime'. Do not forget the table of one position."
            + mirror)


# -- wrong ideas about a whole rule: a learner's formula that says what the idea's formula says on every table ------


def _idea(name: str, game: CoinGame) -> tuple[str, str | None]:
    """What the idea ``name`` is about (``of``) and its formula on the step's variant (None where it does not apply)."""
    rotation, same = game.symmetry.value == "rotation", game.goal.value == "same"
    theorem = "rad(N) = rad(K) and isprime(rad(K))"
    formulas = {
        "same_primes": ("winnable", "N = 1 or rad(N) = rad(K)"),
        "one_position_forgotten": ("winnable", theorem if rotation else f"{theorem} and (N <= 2 or rad(K) = 2)"),
        "mirrors_forgotten": ("winnable", None if rotation else THEOREMS[("winnable", "rotation")]),
        "other_goal": ("shortest", "K^N - 1" if same else "K^(N - 1) - 1"),
        "with_finished": ("shortest", "K^(N - 1)" if same else "K^N"),
        "least_prime": ("touch", "K >= N - N/lpf(N)"),
        "half": ("touch", "2*K >= N"),
        "all_but_one": ("touch", "K >= N - 1"),
    }
    return formulas[name]


SAYS = {
    "same_primes": "Your formula says yes wherever N and K have the same prime factors. That is not enough: they must "
                   "be powers of one prime; six positions with six faces share their primes and cannot be won.",
    "one_position_forgotten": "Your formula leaves out the tables of one position: the Devil cannot move a single "
                              "coin, so those can always be won.",
    "mirrors_forgotten": "Your formula is the rule for a Devil who only turns the table; one who may also turn it over "
                         "wins more tables: from three positions on, the prime must be 2.",
    "other_goal": "Your formula counts the starts as if the game ended at the other goal: with all alike, starts that "
                  "differ by the same change at every position share one prefix; with all heads, they do not.",
    "with_finished": "Your formula counts every start, the finished one included; but where the game is already "
                     "over, no prefix of its own is needed.",
    "least_prime": "Your rule lets the bartender leave untouched one position in p, p the least prime factor of N; "
                   "the least prime is not the one that decides.",
    "half": "Your rule says touching half the positions is enough: true on 2, 4, 8, ... positions, but on the others "
            "the Devil has more room.",
    "all_but_one": "Your rule says every position but one must be touched: true on a prime number of positions, but "
                   "on four positions two touches are enough.",
}


def _example(name: str, game: CoinGame, args: Args) -> str | None:
    """The idea's own formula, where it applies to the step."""
    of, formula = _idea(name, game)
    return formula if args["of"] == of and fits(game, of) else None


def _holds(name: str, game: CoinGame, args: Args, answer: Node) -> bool:
    """Whether the learner's formula gives what the idea's formula gives on every table the workbench checks."""
    formula = _example(name, game, args)
    return formula is not None and same_values(answer, parse_formula(formula), args["of"], game.symmetry.value,
                                               game.goal.value, args["bound"])


def _says(name: str, game: CoinGame, args: Args, answer: Node) -> str:
    """The idea in words (the workbench's counterexample follows it)."""
    return SAYS[name]


BELIEFS = tuple(Belief(name, partial(_example, name), partial(_holds, name), partial(_says, name)) for name in SAYS)


class ConjectureKind(AnswerKind[CoinGame, Node]):
    """A formula in N and K, tested on every table up to ``bound`` against the theorem for ``of``."""

    name = "conjecture"
    description = ("a formula in N and K (the workbench): which tables can be won, the shortest sure win, or where "
                   "the blind bartender can ring the bell; true for every table up to bound")
    args = (OF_OPTION, BOUND)
    beliefs = BELIEFS

    def parse(self, game: CoinGame, text: str, args: Args) -> Node:
        """The restricted formula language (never ``eval``)."""
        return parse_formula(text)

    def format(self, game: CoinGame, answer: Node, args: Args) -> str:
        """The canonical formula: ``K^N - 1``."""
        return format_formula(answer)

    def check(self, game: CoinGame, answer: Node, args: Args) -> Verdict:
        """The workbench: holds up to the bound (or is the theorem), or the smallest counterexample, explained."""
        result = check_conjecture(answer, args["of"], game.symmetry.value, game.goal.value, args["bound"])
        lines = list(result.explanation)
        c = result.counterexample
        if c is not None:
            lines.append(f"The engine ({c['method']}): {c['reason']}.")
            if c["strategy"]:
                lines.append(f"A shortest strategy there: {c['strategy']}")
        return Verdict(result.holds, result.summary(), "\n".join(lines), result.as_json(), result.formula)

    def reference(self, game: CoinGame, args: Args) -> str | None:
        """The theorem's own statement; None where the variant has none (the bartender on another goal)."""
        return THEOREMS.get(key(game, args["of"])) if fits(game, args["of"]) else None

    def gives_away(self, game: CoinGame, args: Args, text: str, learner: str = "") -> str | None:
        """Whether ``text`` writes out the theorem's formula, in any of its forms (spaces ignored)."""
        reference = self.reference(game, args)
        if reference is None:
            return None
        said = text.replace(" ", "").replace("`", "")
        forms = {reference, *FORMS.get(key(game, args["of"]), ())}
        return next((f"the formula {form!r}" for form in forms if form.replace(" ", "") in said), None)

    def hints(self, game: CoinGame, args: Args, text: str) -> Sequence[Hint]:
        """The theorem's values on small tables, then the idea behind them."""
        if not fits(game, args["of"]):
            return []
        return [Rung(nudge(game, args["of"]), Level.NUDGE), Rung(concept(game, args["of"]), Level.CONCEPT)]

    def completions(self, game: CoinGame, args: Args, text: str) -> list[str]:
        """The formula vocabulary."""
        return list(WORDS)

    def wrong_answers(self, game: CoinGame, args: Args) -> list[str]:
        """Formulas learners try first, each wrong for the step's variant."""
        reference = self.reference(game, args)
        return [w for w in WRONG[args["of"]] if reference is None or format_formula(parse_formula(w)) != reference]
