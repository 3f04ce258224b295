"""The numbers a conjecture is made from: the nullity of the n x n boards in a row, of the K x m boards in a row,
and how many columns the K x m nullities take to start over (``theory.periodic``, from Sutner's polynomials).

Vocabulary::

    nullity_table(rules, "1 x m", [(1, 1), (1, 2), (1, 3)])  # '1 x m    1 2 3\nnullity  0 1 0'

The repeat of a wrong length is refuted by two boards that many columns apart whose nullities differ (the first
such pair); a multiple of the repeat, by a shorter repeat that is not the answer, or, when the only shorter one
is the answer, by there being one among its divisors.  The wrong ideas: the first width with a quiet pattern,
the rows, the gap between the first two widths with quiet patterns (their nullities may differ).
"""

from __future__ import annotations

from dataclasses import replace

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout import engine
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.teach.quantities.mistakes import idea, unless
from tutor.puzzles.lightsout.teach.quantities.words import fixed_explanation, line_by_line, negative, number
from tutor.puzzles.lightsout.theory.periodic import MAX_ROWS, row_nullities
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()
TABLE_SIDES = 40  # a table of nullities shows at most this many boards
BLOCK = 20  # boards on one line of a table (21 and more are split into blocks of equal length)


def nullity_table(rules: Rules, label: str, sides: list[tuple[int, int]]) -> str:
    """Two lines: the boards' varying side (``label``) and the engine's nullity of each board; past ``BLOCK``
    boards, in blocks of equal length one under the other, so that no line is wider than a terminal."""
    values = [engine.nullity(replace(rules, rows=r, cols=c))[0] for r, c in sides]
    heads = [c for _, c in sides]
    width = max(len(str(x)) for x in [*heads, *values]) + 1
    lead = max(len(label), len("nullity")) + 1
    blocks = -(-len(sides) // BLOCK)
    size = -(-len(sides) // blocks)
    drawn = []
    for start in range(0, len(sides), size):
        top = label.ljust(lead) + "".join(str(h).rjust(width) for h in heads[start:start + size])
        drawn.append(top + "\n" + "nullity".ljust(lead) + "".join(str(v).rjust(width)
                                                                  for v in values[start:start + size]))
    return "\n\n".join(drawn)


def _sides(count: int) -> int:
    if count > TABLE_SIDES:
        raise InvalidParams(f"a table of nullities shows at most {TABLE_SIDES} boards, not {count}")
    return count


@QUANTITIES.register("square_nullities", "the nullity of each n x n board for n = 1 to the board's rows (a table)",
                     explain=fixed_explanation("The engine's nullity of each square board of these rules, smallest "
                                               "first."),
                     refute=line_by_line("The table"))
def square_nullities(game: LightsGame, args: Args) -> str:
    """``n x n`` and ``nullity`` lines, n = 1 .. the rows of the step's board."""
    rows = _sides(game.rules.rows)
    return nullity_table(game.rules, "n x n", [(n, n) for n in range(1, rows + 1)])


@QUANTITIES.register("row_nullities", "the nullity of each K x m board, K the board's rows, for m = 1 to its "
                     "columns (a table)",
                     explain=fixed_explanation("The engine's nullity of each board with these rows, one more column "
                                               "at a time."),
                     refute=line_by_line("The table"))
def row_nullities_table(game: LightsGame, args: Args) -> str:
    """``K x m`` and ``nullity`` lines, m = 1 .. the columns of the step's board."""
    rows, cols = game.rules.rows, _sides(game.rules.cols)
    return nullity_table(game.rules, f"{rows} x m", [(rows, m) for m in range(1, cols + 1)])


# -- the repeat --------------------------------------------------------------------------------------------------


def repeat(game: LightsGame) -> tuple[int, ...]:
    """The nullity of K x m for m = 0 .. d - 1, d the shortest repeat (classic rules, K the board's rows)."""
    if not game.rules.classic:
        raise InvalidParams("the repeat of the nullity is computed for the classic rules only")
    found = row_nullities(game.rules.rows)
    if found is None:
        raise InvalidParams(f"the repeat of the nullity is computed for up to {MAX_ROWS} rows, when it is short "
                            "enough to check")
    return found


def _first_quiet(game: LightsGame) -> int | None:
    """The first width with a quiet pattern."""
    seen = repeat(game)
    return next((m for m in range(1, len(seen) + 1) if seen[m % len(seen)]), None)


def _gap(game: LightsGame) -> int | None:
    """The columns between the first two widths with quiet patterns."""
    seen = repeat(game)
    widths = [m for m in range(1, 2 * len(seen) + 1) if seen[m % len(seen)]]
    return widths[1] - widths[0] if len(widths) > 1 else None


def explain_period(game: LightsGame, args: Args, value: Value) -> str:
    rows = game.rules.rows
    return (f"Sutner's polynomials f_m(x), taken mod f_{rows}(x + 1), come back to where they started, so the "
            f"nullity of {rows} x m repeats; the tutor compared every width in one whole turn of them and found "
            f"the nullities start over after {plural(int(value), 'column')}, and not sooner.")


def refute_period(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    """Two boards the learner's number of columns apart with different nullities; or, for a multiple of the repeat,
    a shorter repeat that is not the answer (or only that there is one among its divisors)."""
    bad = negative(wrong, "A repeat")
    if bad:
        return bad
    n, seen, rows = number(wrong), repeat(game), game.rules.rows
    assert n is not None and isinstance(value, int)
    if n == 0:
        return ("A repeat is a number of columns you move along to find the same nullities again: moving by none is "
                "no repeat.")
    if n % value:
        m = next(m for m in range(1, value + 1) if seen[m % value] != seen[(m + n) % value])
        return (f"The nullities do not start over every {plural(n, 'column')}: the {rows}x{m} board has nullity "
                f"{seen[m % value]}, and the {rows}x{m + n} board, {plural(n, 'column')} further on, has nullity "
                f"{seen[(m + n) % value]}.")
    factor = smallest_factor(n // value)  # n // factor: the next shorter repeat, a multiple of the answer
    shorter = n // factor if factor else value
    if shorter != value:
        return (f"The nullities do start over every {plural(n, 'column')}, but already every {shorter:,} columns too: "
                "the question asks for the shortest repeat.")
    return (f"The nullities do start over every {plural(n, 'column')}, but that is not the shortest repeat: a "
            f"shorter one divides {n}.")


FACTOR_TRIALS = 100_000  # trial divisors tried for a learner's multiple of the repeat (it may have 40 digits)


def smallest_factor(q: int) -> int | None:
    """The smallest prime factor of ``q`` >= 2 when one is at most ``FACTOR_TRIALS`` or ``q`` is that small; None
    otherwise (then the reply says only that a shorter repeat divides the learner's).

    >>> smallest_factor(12), smallest_factor(97), smallest_factor((10**9 + 7) * (10**9 + 9))
    (2, 97, None)
    """
    d = 2
    while d <= FACTOR_TRIALS and d * d <= q:
        if q % d == 0:
            return d
        d += 1
    return q if d * d > q else None


PERIOD = (
    idea("first-quiet-for-repeat",
         lambda g: unless(_first_quiet(g), len(repeat(g))),
         lambda g, n: f"{n:,} is the first width with a quiet pattern. The repeat is how many columns you move along "
                      "before the whole list of nullities starts over, one width after another."),
    idea("gap-for-repeat",
         lambda g: unless(_gap(g), len(repeat(g)), _first_quiet(g)),
         lambda g, n: f"{n:,} columns separate the first two widths with quiet patterns, but a repeat brings back the "
                      "same nullity, not just some quiet pattern: compare the nullities themselves."),
    idea("rows-for-repeat",
         lambda g: unless(g.rules.rows, len(repeat(g)), _first_quiet(g), _gap(g)),
         lambda g, n: f"{n:,} is the number of rows. The repeat runs along the columns, and its length need not be "
                      "the rows."),
)


@QUANTITIES.register("nullity_period", "after how many columns the nullity of K x m starts over, K the board's rows "
                     "(classic rules)", explain=explain_period, refute=refute_period, misconceptions=PERIOD)
def nullity_period(game: LightsGame, args: Args) -> int:
    """The shortest d with nullity(K x (m + d)) = nullity(K x m) for every m."""
    return len(repeat(game))
