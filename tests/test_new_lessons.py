"""Issue 21, item 8: the new theory lessons (coins-5 'More faces, and mirrors', lightsout-5 'Nullity from
polynomials', wythoff-6 'Grundy values in sums'), and the Lights Out quantities they brought, each claim checked a
second, independent way.

* Lights Out: the polynomials a lesson shows (written out and factored) are rebuilt with sympy from the recurrence;
  the nullity Sutner's gcd gives equals the nullity of a plain GF(2) elimination written here; each misconception
  of ``poly_nullity`` gives the value its idea names, recomputed here (sympy's gcd without the shift and lcm, a
  factor count by trial division, the rank and quiet patterns by elimination and by brute force).
* Coins: the tables up to turns and mirrors are counted by listing orbits, and the lesson's invariant (the
  weight A and moment B mod 3, against a Devil who may leave, turn one step or turn the table over) is checked
  over every table and move, agreeing with the engine's verdict that no sure win exists.
"""

from __future__ import annotations

import re
from itertools import product

import pytest
import sympy

from tests.helpers import bundled, new_session, play_through, text
from tutor.puzzles import get
from tutor.puzzles.answers import rung
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.teach.quantities.theory import POLY_NULLITY
from tutor.puzzles.wythoff.rules import Rules
from tutor.puzzles.wythoff.teach.hints import position_hints
from tutor.puzzles.wythoff.teach.quantities import QUANTITIES as QUANTITIES_W
from tutor.screen.shown import text_of

CATALOG = bundled()
LIGHTS = get("lightsout")
COINS = get("coins")
X = sympy.Symbol("x")
NEW = ["coins-5", "lightsout-5", "wythoff-6"]


# -- the lessons in the course -------------------------------------------------------------------------------


def test_every_family_has_five_lessons_of_theory_before_practice() -> None:
    # A lesson with a step that serves fresh items (a practice step) is practice, not theory: it was counted among
    # the theory lessons, so four of them and the practice lesson passed.
    for family in ("coins", "wythoff", "gods", "lightsout"):
        numbered = [les for les in CATALOG.ordered() if les.puzzle == family and les.id.split("-")[-1].isdecimal()]
        practice = [any(step.fresh for step in les.steps) for les in numbered]
        theory = [les.id for les, practises in zip(numbered, practice, strict=True) if not practises]
        assert len(theory) >= 5, (family, theory)
        # Practice comes after the theory: the course ends with its practice lesson, and a later lesson (lightsout-7,
        # wythoff-8: new material that ends in a practice step of its own) follows it; no theory-only lesson does.
        first = practice.index(True)
        assert practice[-1] and all(practice[first:]), (family, [les.id for les in numbered])


@pytest.mark.parametrize("lesson_id", NEW)
def test_the_new_lessons_play_through_with_engine_answers(lesson_id: str) -> None:
    session = new_session()
    lesson = CATALOG.find(lesson_id)
    replies = play_through(session, lesson)
    assert "Lesson complete" in text(replies)
    assert {s.index for s in lesson.questions} <= session.progress.completed(lesson_id)


# -- Lights Out: the polynomials, by sympy ---------------------------------------------------------------------


def f(k: int) -> sympy.Poly:
    """f_k(x) over GF(2) from the recurrence, with sympy."""
    prev, cur = sympy.Poly(1, X, modulus=2), sympy.Poly(X, X, modulus=2)
    for _ in range(k):
        prev, cur = cur, sympy.Poly(X, X, modulus=2) * cur + prev
    return prev


def shifted(k: int) -> sympy.Poly:
    return sympy.Poly(f(k).as_expr().subs(X, X + 1), X, modulus=2)


def read(side: str) -> sympy.Poly:
    """A polynomial written out as the tutor writes it (``x^5 + x``), read back by sympy."""
    return sympy.Poly(sympy.sympify(side.replace("^", "**")), X, modulus=2)


FACTOR = re.compile(r"(\([^)]*\)|x)(?:\^(\d+))?")


def factors(form: str) -> list[tuple[sympy.Poly, int]]:
    """A factored form as the tutor writes it (``x (x + 1)^4``): each factor and its power; nothing else in it."""
    found = [(read(base.strip("()")), int(power or 1)) for base, power in FACTOR.findall(form)]
    assert FACTOR.sub("", form).strip() == "", form
    return found


def sides(line: str) -> list[str]:
    return [s.strip() for s in line.split("=")[1:]]


@pytest.mark.parametrize("size", ["1x1", "3x3", "4x4", "5x5", "9x9", "2x3", "4x7", "16x16"])
def test_the_polynomials_shown_are_the_recurrence_and_its_factorization(size: str) -> None:
    game = LightsGame(size)
    m, n = game.rules.rows, game.rules.cols
    for line, want in ((LIGHTS.compute(game, "row_poly"), f(m)), (LIGHTS.compute(game, "shifted_poly"), shifted(n)),
                       (f"g = {LIGHTS.compute(game, 'poly_gcd')}", sympy.gcd(f(m), shifted(n)))):
        expanded, *factored = sides(line)
        assert read(expanded) == want, line
        for form in factored:  # the factorization multiplies out, and each factor is irreducible mod 2
            parts = factors(form)
            product_ = sympy.Poly(1, X, modulus=2)
            for base, power in parts:
                assert base.is_irreducible, (line, base)
                product_ *= base**power
            assert product_ == want, line
    listed = LIGHTS.compute(game, "sutner_polys").splitlines()
    assert len(listed) == m + 1 and all(read(sides(row)[0]) == f(k) for k, row in enumerate(listed))


def rank_gf2(game: LightsGame) -> int:
    """The press matrix's rank over GF(2), by a plain elimination on row bit masks (not the engine's)."""
    rules = game.rules
    rows = []
    for i in range(rules.cells):
        mask = 0
        for (r, c), hits in rules.effect(*divmod(i, rules.cols)).items():
            if hits % 2:
                mask |= 1 << (r * rules.cols + c)
        rows.append(mask)
    rank = 0
    for bit in range(rules.cells):
        pivot = next((r for r in rows if r >> bit & 1), None)
        if pivot is None:
            continue
        rows = [r ^ pivot if r >> bit & 1 else r for r in rows if r is not pivot]
        rank += 1
    return rank


SQUARES_AND_RECTANGLES = [LightsGame(f"{m}x{n}") for m in range(1, 10) for n in range(1, 10) if m <= n]


def test_sutners_gcd_is_the_nullity_of_a_plain_elimination() -> None:
    for game in SQUARES_AND_RECTANGLES:
        assert LIGHTS.compute(game, "poly_nullity") == game.rules.cells - rank_gf2(game), game.rules.describe()


def trial_factors(poly: sympy.Poly) -> list[tuple[int, int]]:
    """Irreducible factors as (degree, power), by trial division over every polynomial of each degree (bit ints):
    a candidate that divides is irreducible, as its own factors were divided out before it."""
    bits = int("".join(str(int(c) % 2) for c in poly.all_coeffs()), 2)
    out, d = [], 1
    while bits.bit_length() > 1:
        for cand in range(1 << d, 1 << (d + 1)):
            power = 0
            while bits.bit_length() > 1 and gf2_mod(bits, cand) == 0:
                bits, power = gf2_div(bits, cand), power + 1
            if power:
                out.append((d, power))
        d += 1
    return out


def factor_count(poly: sympy.Poly) -> int:
    """Irreducible factors with their powers."""
    return sum(power for _, power in trial_factors(poly))


def gf2_mod(a: int, b: int) -> int:
    while a and a.bit_length() >= b.bit_length():
        a ^= b << (a.bit_length() - b.bit_length())
    return a


def gf2_div(a: int, b: int) -> int:
    q = 0
    while a and a.bit_length() >= b.bit_length():
        shift = a.bit_length() - b.bit_length()
        q |= 1 << shift
        a ^= b << shift
    return q


def quiet_by_brute_force(game: LightsGame) -> int:
    """Press sets other than none that change nothing, by trying every press set."""
    rules = game.rules
    effects = []
    for i in range(rules.cells):
        effects.append(sum(1 << (r * rules.cols + c) for (r, c), hits in rules.effect(*divmod(i, rules.cols)).items()
                           if hits % 2))
    quiet = 0
    for presses in product((0, 1), repeat=rules.cells):
        board = 0
        for i, on in enumerate(presses):
            if on:
                board ^= effects[i]
        quiet += board == 0 and any(presses)
    return quiet


def expected(game: LightsGame) -> dict[str, int]:
    """What each idea of ``poly_nullity`` answers, computed here a second way."""
    m, n = game.rules.rows, game.rules.cols
    gcd = sympy.gcd(f(m), shifted(n))
    nullity = game.rules.cells - rank_gf2(game)
    out = {"unshifted": sympy.gcd(f(m), f(n)).degree(), "rank-for-degree": rank_gf2(game),
           "lcm-degree": sympy.lcm(f(m), shifted(n)).degree(), "quiet-count": 2**nullity - 1}
    if gcd.degree() > 0:
        out["factor-count"] = factor_count(gcd)
    seen = {gcd.degree(), *out.values()}  # a later idea gives no answer where an earlier one (or the answer) does
    parts = trial_factors(gcd) if gcd.degree() > 0 else []
    later = {"constant-gcd": 1 if gcd.degree() == 0 else None,  # the gcd 1 itself, not its degree
             "power-forgotten": sum(d for d, _ in parts) if any(p > 1 for _, p in parts) else None,
             "one-factor-only": max(d * p for d, p in parts) if len(parts) > 1 else None,
             "degree-sum": f(m).degree() + shifted(n).degree(),  # the product's degree
             "quiet-with-nothing": quiet_by_brute_force(game) + 1 if game.rules.cells <= 16 else 2**nullity}
    for name, value in later.items():
        out[name] = None if value in seen else value
        seen.add(value)
    return {name: value for name, value in out.items() if value is not None}


@pytest.mark.parametrize("size", ["3x3", "4x4", "5x5", "9x9", "2x3", "4x5", "2x2", "11x11", "16x16"])
def test_each_poly_nullity_misconception_gives_what_its_idea_names(size: str) -> None:
    game = LightsGame(size)
    right = LIGHTS.compute(game, "poly_nullity")
    want = expected(game)
    assert len(POLY_NULLITY) >= 3
    for idea in POLY_NULLITY:
        given = idea.value(game, {})
        independent = want.get(idea.name)
        if independent is None or independent == right:
            assert given is None, (size, idea.name, given)
        else:
            assert given == independent, (size, idea.name, given, independent)


@pytest.mark.parametrize("size", ["2x3", "3x3", "3x4", "4x4"])
def test_the_quiet_count_idea_counts_the_quiet_press_sets(size: str) -> None:
    game = LightsGame(size)
    (idea,) = [i for i in POLY_NULLITY if i.name == "quiet-count"]
    given = idea.value(game, {})
    brute = quiet_by_brute_force(game)
    assert given is None if brute == LIGHTS.compute(game, "poly_nullity") else given == brute


def test_each_idea_is_met_on_some_board_of_the_lesson() -> None:
    lesson = CATALOG.find("lightsout-5")
    met = {idea.name for step in lesson.steps if step.required for idea in POLY_NULLITY
           if idea.value(step.game, {}) is not None}
    assert met == {idea.name for idea in POLY_NULLITY}


def test_the_misconceptions_say_nothing_of_the_right_degree() -> None:
    from tutor.puzzles.computed import states_number

    for size in ("3x3", "4x4", "5x5", "9x9", "11x11", "14x14"):
        game = LightsGame(size)
        right = LIGHTS.compute(game, "poly_nullity")
        for idea in POLY_NULLITY:
            given = idea.value(game, {})
            if given is not None:
                assert not states_number(idea.says(game, {}, given), right), (size, idea.name)


def test_the_polynomial_texts_refuse_other_rules_and_huge_boards_in_one_line() -> None:
    from tutor.errors import TutorError

    for game in (LightsGame("5x5", torus=True), LightsGame("100x100")):
        with pytest.raises(TutorError, match="row_poly"):
            LIGHTS.compute(game, "row_poly")


# -- coins: mirrors and three faces ----------------------------------------------------------------------------


def orbits(n: int, k: int, mirror: bool) -> int:
    """Tables of n positions with k faces, up to rotations (and reflections), by listing the orbits."""
    seen, count = set(), 0
    for table in product(range(k), repeat=n):
        if table in seen:
            continue
        count += 1
        for r in range(n):
            turned = table[r:] + table[:r]
            seen.add(turned)
            if mirror:
                seen.add(tuple(turned[-p % n] for p in range(n)))
    return count


@pytest.mark.parametrize(("n", "k"), [(3, 3), (3, 4), (4, 3), (6, 2)])
def test_tables_up_to_mirrors_are_the_orbits(n: int, k: int) -> None:
    for symmetry, mirror in (("rotation", False), ("dihedral", True)):
        assert COINS.compute(CoinGame(n, k, symmetry), "classes") == orbits(n, k, mirror)


def test_the_weight_and_moment_invariant_of_the_lesson_holds_for_three_faces() -> None:
    """From every table with (A, B) != (0, 0) and every move, one of 'no turn', 'one step' and 'over' leaves
    (A, B) != (0, 0) after the move: the Devil's invariant the lesson states; the engine says no sure win."""

    def weights(table: tuple[int, ...]) -> tuple[int, int]:
        return sum(table) % 3, sum(p * d for p, d in enumerate(table)) % 3

    tables = list(product(range(3), repeat=3))
    for table in tables:
        if weights(table) == (0, 0):
            continue
        choices = [table, table[-1:] + table[:-1], tuple(table[-p % 3] for p in range(3))]
        for move in tables:
            after = [tuple((a + b) % 3 for a, b in zip(t, move, strict=True)) for t in choices]
            assert any(weights(t) != (0, 0) for t in after), (table, move)
    assert COINS.compute(CoinGame(3, 3, "dihedral"), "winnable") == "no"
    assert COINS.compute(CoinGame(3, 3), "winnable") == "yes"  # without the mirror the Devil loses it
    assert COINS.compute(CoinGame(4, 2, "dihedral"), "winnable") == "yes"  # mod 2, -1 = 1


@pytest.mark.parametrize("size", ["3x3", "5x5", "9x9", "4x7"])
def test_a_wrong_degree_is_refuted_in_the_polynomials_terms_by_its_side(size: str) -> None:
    game = LightsGame(size)
    q = LIGHTS.quantities["poly_nullity"]
    right = q(game)
    smallest = min(game.rules.rows, game.rules.cols)
    for wrong in {0, 1, right - 1, right + 1, smallest + 1, -1} - {right}:
        reason = q.refute(game, {}, right, wrong)
        if wrong < 0:
            assert "never negative" in reason
        elif wrong > smallest:
            assert "at most the smaller of their degrees" in reason
        elif wrong == 1 and right == 0:  # "less than 1" would pin the degree at 0 (issue 29)
            assert "is not 1" in reason and "less than" not in reason, (size, reason)
        else:
            assert ("more than" if wrong < right else "less than") in reason, (size, wrong, reason)
        assert "rank" not in reason  # cells less the rank would be the answer


# -- wythoff: Grundy values in sums ----------------------------------------------------------------------------


def mex_table(size: int) -> dict[tuple[int, int], int]:
    """Grundy values of Wythoff positions by the mex over every move, written here (not the engine's table)."""
    table: dict[tuple[int, int], int] = {}
    for x in range(size):
        for y in range(size):
            reached = {table[(x - t, y)] for t in range(1, x + 1)} | {table[(x, y - t)] for t in range(1, y + 1)}
            reached |= {table[(x - t, y - t)] for t in range(1, min(x, y) + 1)}
            table[(x, y)] = min(n for n in range(len(reached) + 1) if n not in reached)
    return table


def options(board: tuple[int, int]) -> list[tuple[int, int]]:
    """Every position one move from ``board``: from one pile, or the same from both."""
    x, y = board
    return ([(x - t, y) for t in range(1, x + 1)] + [(x, y - t) for t in range(1, y + 1)]
            + [(x - t, y - t) for t in range(1, min(x, y) + 1)])


def sum_value(table: dict[tuple[int, int], int], boards: list[tuple[int, int]]) -> int:
    value = 0
    for board in boards:
        value ^= table[board]
    return value


def test_the_sums_of_wythoff_6_are_the_xor_of_mex_values() -> None:
    wythoff = get("wythoff")
    table = mex_table(6)
    asked = {}
    for step in CATALOG.find("wythoff-6").steps:
        if step.label != "number":
            continue
        boards = list(step.game.boards)
        asked[step.computes.name] = step.value()
        if step.computes.name == "grundy":
            assert step.value() == sum_value(table, boards), step.title
            continue
        # winning moves of a sum: every move on one board after which the XOR of all the boards is 0
        wins = sum(1 for i, board in enumerate(boards) for option in options(board)
                   if sum_value(table, boards[:i] + [option] + boards[i + 1:]) == 0)
        assert step.computes.name == "winning_move_count" and step.value() == wins == 5, step.title
    assert set(asked) == {"grundy", "winning_move_count"}
    game = wythoff.load({"position": "2,2 + 0,3", "misere": False})
    assert table[(2, 2)] ^ table[(0, 3)] != 0 and wythoff.compute(game, "outcome") == "win"


@pytest.mark.parametrize("wrong", [5, 6, 9, 10**30])
def test_a_value_above_the_mex_is_refuted_without_listing_the_values_reached(wrong: int) -> None:
    """Listing the values one move from (1, 3), {0, 1, 2, 3}, spelled the mex out: the reason names one smaller
    number no move reaches (checked against the mex table), or says fewer values than ``wrong`` are reached."""
    table = mex_table(6)
    reached = {table[option] for option in options((1, 3))}
    game = get("wythoff").load({"position": "1,3", "misere": False})
    grundy = QUANTITIES_W["grundy"]
    reason = grundy.refute(game, {}, 4, wrong)
    assert "{" not in reason and "4" not in reason.replace(str(wrong), ""), reason
    named = re.search(r"none reaches (\d+) either", reason)
    if named:
        assert int(named.group(1)) not in reached and 4 < int(named.group(1)) < wrong
    else:
        assert "fewer than" in reason and len({v for v in reached if v < wrong}) < wrong


def test_the_sum_hints_of_a_lost_sum_do_not_ask_for_a_move_to_value_0() -> None:
    """After a losing move in 'Win the sum' the learner may face (1, 1) + (0, 2), values 2 and 2 by the mex table:
    no move makes the nim-sum 0 there, and the ladder must not tell them to make one."""
    table = mex_table(6)
    assert table[(1, 1)] ^ table[(0, 2)] == 0
    ladder = [text_of(rung(h).text) for h in position_hints(Rules(), ((1, 1), (0, 2)))]
    assert not [h for h in ladder if "move to make it 0" in h] and any("nim-sum) is 0" in h for h in ladder)
