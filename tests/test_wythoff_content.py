"""Every number typed in a Wythoff lesson is confirmed by the engine, or shown by a checkable rule to be no claim.

``quoted_numbers`` lists every number an author typed where a learner reads it.
Each must pass one of the rules below.  Claims are re-derived from the engine
(a losing pair, its number, its total, A_k and B_k, a move's result, a first
failure of the workbench); numbers that are no claim are recognised by what
they are part of (a position or move the notation parses, a formula the
workbench's grammar parses, the step's own parameters, a list marker).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from fractions import Fraction
from math import isqrt, log10
from pathlib import Path

import pytest

from tests.lesson_text import NUMBER, prose
from tutor.course import load_file
from tutor.errors import TutorError
from tutor.puzzles.wythoff.engine import (
    grundy_value,
    grundy_values,
    is_losing,
    losing_splits,
    p_index,
    p_position,
    p_positions,
    p_positions_upto,
    partner,
)
from tutor.puzzles.wythoff.rules import legal_moves
from tutor.puzzles.wythoff.rules.formula import parse_formula
from tutor.puzzles.wythoff.theory import alpha_decimal, alpha_text

FOLDER = Path(__file__).resolve().parent.parent / "lessons" / "wythoff"
LESSONS = [load_file(p) for p in sorted(FOLDER.glob("*.toml"))]

PAIR = re.compile(r"\((\d+), (\d+)\)")
MOVE = re.compile(r"(?<![\w(.,])(?:(\d+): )?(\d+),(\d+)(?![\w),]|,\d)")
FORMULA = re.compile(r"(?:floor|ceiling|sqrt)\([^()]*(?:\([^()]*\)[^()]*)*\)")
def _mex(pairs: str) -> int:
    """The smallest pile size not used by the pairs written in ``pairs``."""
    used = {int(n) for n in re.findall(r"\d+", pairs)}
    return min(n for n in range(len(used) + 1) if n not in used)


def first_failure(c: Fraction, limit: int = 300_000) -> int | None:
    """The first k where floor(k*c) misses A_k = (k + isqrt(5k^2)) // 2 (an exact formula, not the engine)."""
    for k in range(limit):
        if (k * c.numerator) // c.denominator != (k + isqrt(5 * k * k)) // 2:
            return k
    return None


def golden_digits(k: int, digits: int) -> str:
    """k*phi to ``digits`` decimals, cut, in whole numbers: 377.0019 for (233, 4)."""
    scale = 10**digits
    value = (k * scale + isqrt(5 * k * k * scale * scale)) // 2
    return f"{value // scale}.{value % scale:0{digits}d}"


def fibonacci(n: int) -> bool:
    a, b = 0, 1
    while b < n:
        a, b = b, a + b
    return b == n


def dec(text: str) -> Fraction:
    return Fraction(text)


def totals_asked() -> set[tuple[int, int]]:
    """The (min_total, max_total) ranges the course's steps ask about."""
    return {(s.args["min_total"], s.args["max_total"]) for les in LESSONS for s in les.steps if "min_total" in s.args}


def options_of(step, x: int, y: int) -> set[int]:
    return {grundy_value(step.game.rules, (x - f, y - g)) for f, g in legal_moves(step.game.rules, (x, y))}  # type: ignore[misc]


def only_one_without_a_move_to(step, most: int, targets: set[tuple[int, int]]) -> bool:
    """Of the positions with at most ``most`` pennies (besides the targets and the empty table), exactly one has no
    move to a target, and it is losing in the step's rules."""
    rules = step.game.rules
    found = [(x, y) for x in range(most + 1) for y in range(x, most + 1 - x) if (x, y) not in targets | {(0, 0)}
             and not any((x - f, y - g) in targets for f, g in legal_moves(rules, (x, y)))]
    return len(found) == 1 and is_losing(rules, found[0])


# (pattern, check(step, *groups) -> bool): sentences that state something, re-derived
CLAIMS: list[tuple[str, Callable[..., bool]]] = [
    (r"positions with at most (\d+) pennies: which of them has no move to \((\d+), (\d+)\) or \((\d+), (\d+)\)",
     lambda st, n, a, b, c, d: only_one_without_a_move_to(st, int(n), {(int(a), int(b)), (int(c), int(d))})),
    (r"\((\d+), (\d+)\),? (?:which )?holds (?:only )?(\d+) pennies",
     lambda st, x, y, t: int(x) + int(y) == int(t)),
    (r"\((\d+), (\d+)\),? (?:is )?(?:losing position |pair )?number (\d+)",
     lambda st, x, y, k: p_position(st.game.rules, int(k)) == (int(x), int(y))),
    (r"(?:[Ll]osing position|[Pp]air) number (\d+),? (?:is )?\((\d+), (\d+)\)",
     lambda st, k, x, y: p_position(st.game.rules, int(k)) == (int(x), int(y))),
    (r"[Nn]umber (\d+) has difference (\d+)", lambda st, k, d: int(d) == st.game.rules.a * int(k)),
    (r"A_(\d+) (?:=|is) (\d+)", lambda st, k, a: p_position(st.game.rules, int(k))[0] == int(a)),
    (r"B_(\d+) (?:=|is) (\d+)", lambda st, k, b: p_position(st.game.rules, int(k))[1] == int(b)),
    (r"A_(\d+) / (\d+) = (\d+)/(\d+) = (\d+)\.(\d+)",
     lambda st, k, k2, a, k3, w, d: k == k2 == k3 and p_position(st.game.rules, int(k))[0] == int(a)
     and f"{100 * int(a) // int(k) // 100}.{100 * int(a) // int(k) % 100:02d}" == f"{w}.{d}"),
    (r"(\d+) is already (?:the larger pile of|in|used by|taken: it is the larger pile of) \((\d+), (\d+)\)",
     lambda st, n, x, y: n in (x, y) and is_losing(st.game.rules, (int(x), int(y)))),
    (r"(\d+),(\d+)\s+take (\d+) from (?:the (first|second) pile|both piles)",
     lambda st, f, s_, n, which: int(n) == max(int(f), int(s_)) and (which != "first" or s_ == "0")
     and (which != "second" or f == "0") and (which is not None or f == s_)),
    (r"\((\d+), (\d+)\) \(take (\d+) from both", lambda st, x, y, n: x == y == n),
    (r"With a = (\d+) you may take, say, (\d+) and (\d+), or (\d+) and (\d+), but not (\d+) and (\d+)",
     lambda st, a, b, c, d, e, f, g: abs(int(b) - int(c)) < int(a) and abs(int(d) - int(e)) < int(a)
     and abs(int(f) - int(g)) >= int(a)),
    (r"comes out as (\d+\.\d+) before the floor",
     lambda st, x: float(st.args["index"] * (1 + 5**0.5) / 2) == float(x)),
    (r"take (\d+) and (\d+) \(they differ by (\d+) < (\d+)\)",
     lambda st, f, g, d, a: abs(int(f) - int(g)) == int(d) < int(a) == st.game.rules.a),
    (r"\((\d+), (\d+)\) needs (?:taking )?(\d+) and (\d+)",
     lambda st, x, y, f, g: (st.game.start[0][0] - int(x), st.game.start[0][1] - int(y)) == (int(f), int(g))),
    (r"You already know ((?:\(\d+, \d+\)(?:, | and )?)+)\. The next one uses the smallest pile size not used "
     r"yet: (\d+)",
     lambda st, pairs, n: _mex(pairs) == int(n) == p_position(st.game.rules, len(re.findall(r"\(", pairs)))[0]),
    (r"take (\d+) from the first pile and (\d+) from the second",
     lambda st, f, g: 0 < abs(int(f) - int(g)) < st.game.rules.a),
    (r"(\d+(?:\.\d+)?) times (\d+\.\d+) is (\d+\.\d+)(?:, which floors to (\d+))?",
     lambda st, k, c, p, f: dec(k) * dec(c) == dec(p) and (f is None or int(dec(p)) == int(f))),
    (r"(\d+) phi is (\d+)\.(\d+)\.\.\., which floors to (\d+)",
     lambda st, k, w, d, f: golden_digits(int(k), len(d)) == f"{w}.{d}" and int(w) == int(f)),
    (r"`floor\(k\*(\d+\.\d+)\)` is too small from k = (\d+) on",
     lambda st, c, k: first_failure(dec(c)) == int(k)),
    (r"(\d+\.\d+) = (\d+)/(\d+) is a little too small: at k = (\d+) it gives (\d+)",
     lambda st, c, n, d, k, g: dec(c) == Fraction(int(n), int(d)) and first_failure(dec(c)) == int(k)
     and int(k) * int(n) // int(d) == int(g) < p_position(st.game.rules, int(k))[0]),
    (r"(\d+\.\d+) is the golden ratio cut to three decimals, and that is not enough: at k = (\d+)",
     lambda st, c, k: alpha_decimal(1).startswith(c) and first_failure(dec(c)) == int(k)),
    (r"(\d+)/(\d+) = (\d+\.\d+) fits the first dozen",
     lambda st, n, d, c: Fraction(int(n), int(d)) == dec(c) and first_failure(dec(c)) > 12),
    (r"`floor\(k\*(\d+\.\d+)\)` passes the check up to (\d+), yet ten correct decimals of phi first fail at "
     r"k = (\d+)",
     lambda st, c, bound, k: alpha_decimal(1, 10) == c and first_failure(dec(c)) == int(k) > int(bound)),
    (r"(\d+) and (\d+) differ by (\d+), and difference (\d+) already belongs to losing position number (\d+), "
     r"\((\d+), (\d+)\)",
     lambda st, a, b, d, d2, k, x, y: int(b) - int(a) == int(d) == int(d2) == int(y) - int(x)
     and p_position(st.game.rules, int(k)) == (int(x), int(y))),
    (r"\((\d+) is a Fibonacci number", lambda st, n: fibonacci(int(n))),
    (r"[Tt]he true k phi is (\d+)\.(\d+)\.\.\.,",
     lambda st, w, d: golden_digits(st.args["index"], len(d)) == f"{w}.{d}"),
    (r"(\d+) phi\^2 = (\d+)\.(\d+)\.\.\.",
     lambda st, k, w, d: golden_digits(int(k), len(d)) == f"{int(w) - int(k)}.{d}"),  # k phi^2 = k phi + k
    (r"B_(\d+) = A_(\d+) \+ (\d+)", lambda st, k, k2, n: k == k2 == n),
    (r"about (\d+) digits", lambda st, n: int(n) == round(sys.float_info.mant_dig * log10(2))),
    (r"(\d+) is the number of the losing position",
     lambda st, n: p_index(st.game.rules, st.game.start[0][0]) == int(n)),
    (r"keep the (\d+), whose partner is (\d+)", lambda st, n, m: partner(st.game.rules, int(n)) == int(m)),
    (r"(\d+) is less than (\d+)", lambda st, a, b: int(a) < int(b)),
    (r"(\d+) - (\d+) = (\d+)", lambda st, a, b, c: int(a) - int(b) == int(c)),
    (r"\((\d+), (\d+)\): it has difference (\d+), like \((\d+), (\d+)\)",
     lambda st, x, y, d, u, v: int(y) - int(x) == int(d) == int(v) - int(u)),
    (r"differences (?:are|so far are) ((?:\d+, )+\d*)",
     lambda st, seq: [int(n) for n in re.findall(r"\d+", seq)]
     == [b - a for a, b in p_positions(st.game.rules, len(re.findall(r"\d+", seq)))]),
    (r"the pair starting at (\d+) needs a new difference, (\d+)",
     lambda st, a, d: p_position(st.game.rules, int(d)) == (int(a), int(a) + int(d))),
    (r"Used pile sizes so far: ([\d, ]+)\. Used differences: ([\d, ]+)\.",
     lambda st, sizes, diffs: [int(n) for n in sizes.split(", ")] == sorted({
         n for p in p_positions_upto(st.game.rules, None, 99) if sum(p) < st.args["min_total"] for n in p})
     and [int(n) for n in diffs.split(", ")] == [b - a for a, b in p_positions_upto(st.game.rules, None, 99)
                                                 if a + b < st.args["min_total"]]),
    (r"The next pair starts at (\d+) and has difference (\d+)",
     lambda st, a, d: p_position(st.game.rules, int(d)) == (int(a), int(a) + int(d))),
    (r"after (\d+) comes the next unused pile size, (\d+) \(\d+ is already in \(\d+, \d+\)\), with difference (\d+)",
     lambda st, a, b, d: p_position(st.game.rules, p_index(st.game.rules, int(a)) + 1) == (int(b), int(b) + int(d))),
    (r"(\d+) is the number of totals that \*can\*",
     lambda st, n: len({x + y for x, y in losing_splits(st.game.rules, st.args["min_total"], st.args["max_total"])})
     == int(n)),
    (r"not used by numbers 0 to (\d+)", lambda st, n: int(n) == st.args["index"] - 1),
    (r"number (\d+) meant listing numbers 0 to (\d+)", lambda st, k, n: int(n) == int(k) - 1),
    (r"(\d+) is k itself", lambda st, n: int(n) == st.args["index"]),
    (r"(\d+) is the exception: pair number (\d+), \((\d+), (\d+)\), uses it for both piles",
     lambda st, n, k, x, y: n == x == y and p_position(st.game.rules, int(k)) == (int(x), int(y))),
    (r"phi = (\(\d+ \+ sqrt\(\d+\)\)/\d+)", lambda st, text: text == alpha_text(1)),
    (r"1/c \+ 1/\(c \+ (\d+)\) = (\d+)", lambda st, a, one: int(a) == st.game.rules.a and one == "1"),
    (r"c \+ (\d+) \+ c = c \(c \+ (\d+)\)", lambda st, a, b: int(a) == int(b) == st.game.rules.a),
    (r"\((\d+), (\d+)\) has value (\d+)", lambda st, x, y, v: grundy_value(st.game.rules, (int(x), int(y))) == int(v)),
    (r"\((\d+), (\d+)\) has one move, to \((\d+), (\d+)\), so its value is the smallest number not in \{(\d+)\}",
     lambda st, x, y, u, v, g: options_of(st, int(x), int(y)) == {int(g)}),
    (r"(\d+) and (\d+) are both reachable",
     lambda st, a, b: {int(a), int(b)} <= options_of(st, *st.game.start[0])),
    (r"[Vv]alue (\d+) would mean|the value is not (\d+)",
     lambda st, a, b: grundy_value(st.game.rules, st.game.start[0]) != int(a or b)),
    (r"(\d+) is the value of \((\d+), (\d+)\) and \((\d+), (\d+)\)",
     lambda st, v, a, b, c, d: grundy_value(st.game.rules, (int(a), int(b))) == int(v)
     == grundy_value(st.game.rules, (int(c), int(d)))),
    (r"[Tt]he values are (\d+) and (\d+)|[Bb]oard 1 has value (\d+) and board 2 has value (\d+)"
     r"|You added (\d+) \+ (\d+)",
     lambda st, *v: [int(n) for n in v if n] == grundy_values(st.game.rules, st.game.start)),
    (r"binary: (\d+) and (\d+)",
     lambda st, a, b: [int(a, 2), int(b, 2)] == grundy_values(st.game.rules, st.game.start)),
    (r"(\d+) XOR (\d+) = (\d+)", lambda st, a, b, c: int(a, 2) ^ int(b, 2) == int(c, 2)),
    (r"(\d+) XOR (\d+) in binary is not (\d+)", lambda st, a, b, c: int(a, 2) ^ int(b, 2) != int(c, 2)),
    (r"1 XOR 1 = 0, 0 XOR 1 = 1", lambda st: (1 ^ 1, 0 ^ 1) == (0, 1)),
    (r"(\d+) (?:and|to) (\d+)\s+pennies", lambda st, a, b: (int(a), int(b)) in totals_asked()),
    (r"up to (\d+) pennies", lambda st, n: any(n == str(hi) for lo, hi in totals_asked())),
]
NOTATION = [  # numbers that are no claim, each recognised by what it is part of
    r"\bk = 0\b", r"numbered from k = 0", r"positions from 0\b",  # the numbering starts at 0
    r"(?:[Ll]osing position |[Pp]air )?[Nn]umbers? \d+", r"number 10\^100",  # the name of a pair
    r"\ba = \d+", r"[Bb]oard \d+",  # the name of a variant, of a board
    r"(?<![\d,] )\b(\d+), (\d+), (\d+), \.\.\.",  # counting on: 1, 2, 3, ...
    r"\{0\}|value 0|is 0 \(the Sprague",  # value 0 is the definition of losing
    r"sqrt\(\d+\)",
]


def step_numbers(step) -> set[int]:
    values: set[int] = set()
    for v in [*step.params.values(), *step.args.values()]:
        values |= {int(n) for n in re.findall(r"\d+", str(v))}
    return values


def spans(pattern: re.Pattern[str] | str, text: str) -> list[tuple[int, int]]:
    return [m.span() for m in re.finditer(pattern, text)]


def confirmed(step, text: str) -> list[str]:
    """The numbers of ``text`` no rule confirms, with their context."""
    covered: list[tuple[int, int]] = []
    flat = text.replace("\n", " ")  # a sentence may run over lines; the offsets stay the same
    for pattern, check in CLAIMS:
        for match in re.finditer(pattern, flat):
            assert check(step, *match.groups()), (match.group(0), text)
            covered.append(match.span())
    for pattern in NOTATION:
        covered += spans(pattern, flat)
    for match in MOVE.finditer(text):  # a move the notation parses, legal from the pair it is written next to
        covered.append(match.span())
    covered += spans(PAIR, text)  # positions: coordinates (a claim about one is a sentence above)
    covered += spans(r"`[^`]*`", text)  # code spans: moves, commands, code and formulas the learner types
    for match in FORMULA.finditer(text):  # a formula outside code: only when the workbench's grammar reads it
        try:
            parse_formula(match.group(0))
        except TutorError:
            continue
        covered.append(match.span())
    covered += spans(r"\^\d+|\d+\^", text)  # exponents and bases of powers: notation
    covered += spans(r"(?m)^\d+\. ", text)  # list markers
    own = step_numbers(step)
    left = []
    for match in NUMBER.finditer(text):
        start, end = match.span()
        if any(a <= start and end <= b for a, b in covered):
            continue
        if int(match.group(1).replace(",", "")) in own:
            continue
        left.append(text[max(0, start - 30):end + 30].replace("\n", " "))
    return left


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda les: les.id)
def test_every_quoted_number_is_confirmed(lesson):
    steps = {f"{lesson.id} step {s.index + 1}": s for s in lesson.steps}
    unconfirmed = []
    for where, text in prose(lesson, filled=False):
        step = steps[" ".join(where.split()[:3])]
        unconfirmed += [f"{where}: ...{c}..." for c in confirmed(step, text)]
    assert unconfirmed == []
