"""Every solution of a board, sorted by its presses: how many take the fewest presses, the most presses any
takes, and the whole count by presses (``engine.all_solutions``, the coset ``x0 + ker A``).

Vocabulary::

    Weights = ((presses, solutions), ...)  # 4x4 all on: ((4, 2), (6, 4), (8, 4), (10, 4), (12, 2))

Every value is read off the engine's count of the coset (2 states only; a board past its counting limit is
refused there).  A refutation says what was counted and on which side the learner's number falls, never the
count itself: on 5x5 all on, the four solutions all take the fewest presses, so the number of solutions would
be the answer.  The misconceptions are the numbers a learner reaches by counting something else: every
solution, the fewest presses themselves, the nullity, the cells, the lit cells.
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.engine.coset import AllSolutions
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach.quantities.mistakes import idea, unless
from tutor.puzzles.lightsout.teach.quantities.words import count, line_by_line, negative, number
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def counted(game: LightsGame) -> str:
    """How the count was made, naming the board (never the count: it may be the answer)."""
    return (f"The tutor took one solution of the {game.rules.describe()} board, added each quiet pattern to it "
            "(pressing nothing included) and counted the presses of every solution this gives")


def every(game: LightsGame) -> AllSolutions:
    """Every solution of the board, counted by presses; refused when the board cannot be darkened."""
    found = engine.all_solutions(game.rules, game.lights)
    if not found.count:
        raise InvalidParams("this board cannot be darkened: it has no solutions to count by presses")
    return found


def _fewest_count(game: LightsGame) -> int:
    return every(game).weights[0][1]


def _most(game: LightsGame) -> int:
    return every(game).weights[-1][0]


def _lit(game: LightsGame) -> int:
    return sum(1 for v in game.lights if v)


def explain_fewest_solutions(game: LightsGame, args: Args, value: Value) -> str:
    found = every(game)
    if found.count == 1:
        return f"The board has no quiet patterns, so its one solution is the shortest, with {found.fewest} presses."
    return (f"Of the {found.count:,} solutions (one solution plus each quiet pattern), {value} "
            f"{'takes' if value == 1 else 'take'} the fewest presses, {found.fewest}.")


def refute_fewest_solutions(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    """Which side of the learner's count the solutions of fewest presses fall, from the counted coset."""
    bad = negative(wrong, "A number of solutions")
    if bad:
        return bad
    n = number(wrong)
    assert n is not None and isinstance(value, int)
    if n < value:
        return count(wrong, value, "A number of solutions", f"{counted(game)}, then kept those with the fewest presses")
    if n > every(game).count:  # no bound on the answer is said: with the one below, it would pin it
        return (f"The {game.rules.describe()} board does not have {n:,} solutions at all: its solutions are a "
                "solution with each of its quiet patterns added, and it has fewer quiet patterns.")
    return (f"{counted(game)}: the shortest of them are not {n:,} in number. Some solution takes more presses than "
            "the fewest; count only the shortest.")


FEWEST_SOLUTIONS = (
    idea("just-one",
         lambda g: unless(1, _fewest_count(g)),
         lambda g, n: "The fewest number of presses need not belong to one solution alone: two solutions can "
                      "press different cells the same number of times. Add each quiet pattern to a solution and "
                      "count the presses of each result."),
    idea("every-solution",
         lambda g: unless(every(g).count, _fewest_count(g), 1),
         lambda g, n: f"{n:,} counts every solution of the board. They do not all take the same number of "
                      "presses here: adding a quiet pattern can add presses as well as cancel them."),
    idea("presses-for-solutions",
         lambda g: unless(every(g).fewest, _fewest_count(g), 1, every(g).count),
         lambda g, n: f"{n:,} is the fewest number of presses itself. The question counts solutions: how many "
                      "different press sets darken the board with that few presses."),
    idea("nullity-for-fewest",
         lambda g: unless(every(g).nullity, _fewest_count(g), 1, every(g).count, every(g).fewest),
         lambda g, n: f"{n:,} is the nullity, the size of the quiet basis. It says how many solutions there are "
                      "in all (a power of two), not how many of them are shortest."),
)


@QUANTITIES.register("fewest_solutions", "how many solutions take the fewest presses (2 states)",
                     explain=explain_fewest_solutions, refute=refute_fewest_solutions,
                     misconceptions=FEWEST_SOLUTIONS)
def fewest_solutions(game: LightsGame, args: Args) -> int:
    """The count of the lightest weight in the coset."""
    return _fewest_count(game)


def explain_most_presses(game: LightsGame, args: Args, value: Value) -> str:
    found = every(game)
    if found.count == 1:
        return f"The board has no quiet patterns, so its one solution is the longest: it presses {value} cells."
    return (f"Of the {found.count:,} solutions (one solution plus each quiet pattern), the longest "
            f"{'presses' if found.weights[-1][1] == 1 else 'press'} {plural(int(value), 'cell')}.")


def refute_most_presses(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    """Which side of the learner's number the longest solution falls, from the counted coset."""
    bad = negative(wrong, "A number of presses")
    if bad:
        return bad
    n = number(wrong)
    assert n is not None and isinstance(value, int)
    if n < value:
        return f"{counted(game)}: the longest of them presses more cells than {n:,}."
    if n > game.rules.cells:  # no bound on the answer is said: with the one below, it would pin it
        return f"A solution presses each cell at most once, and the {game.rules.describe()} board has no {n:,} cells."
    return f"{counted(game)}: none of them presses {n:,} cells."


MOST_PRESSES = (
    idea("fewest-for-most",
         lambda g: unless(every(g).fewest, _most(g)),
         lambda g, n: f"{n:,} presses is the fewest, the shortest solution. Other solutions (that one plus a "
                      "quiet pattern) can press more cells, and the question asks for the longest."),
    idea("every-cell",
         lambda g: unless(g.rules.cells, _most(g), every(g).fewest),
         lambda g, n: f"{n:,} presses every cell of the board. A solution is one solution plus a quiet pattern, "
                      "and none of those presses every cell here."),
    idea("lit-for-most",
         lambda g: unless(_lit(g), _most(g), every(g).fewest, g.rules.cells),
         lambda g, n: f"{n:,} counts the lit cells. A solution's presses are not the lights: each press switches "
                      "a cell and its neighbours, so count the presses of each solution."),
    idea("solutions-for-most",
         lambda g: unless(every(g).count, _most(g), every(g).fewest, g.rules.cells, _lit(g)),
         lambda g, n: f"{n:,} counts the solutions. The question asks how many cells the longest one presses."),
)


@QUANTITIES.register("most_presses", "the most presses any solution takes (2 states)",
                     explain=explain_most_presses, refute=refute_most_presses, misconceptions=MOST_PRESSES)
def most_presses(game: LightsGame, args: Args) -> int:
    """The heaviest weight in the coset."""
    return _most(game)


def press_counts_text(found: AllSolutions) -> str:
    """One line per number of presses: ``4 presses: 2 solutions``."""
    return "\n".join(f"{plural(w, 'press', 'presses')}: {plural(n, 'solution')}" for w, n in found.weights)


def explain_press_counts(game: LightsGame, args: Args, value: Value) -> str:
    return f"{counted(game)}; they are {plural(every(game).count, 'solution')} in all."


@QUANTITIES.register("press_counts", "how many solutions take each number of presses, one line each (2 states)",
                     explain=explain_press_counts, refute=line_by_line("The count by presses"))
def press_counts(game: LightsGame, args: Args) -> str:
    """``4 presses: 2 solutions`` per line, fewest presses first."""
    return press_counts_text(every(game))
