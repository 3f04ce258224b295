"""Wythoff with a pass, for lessons: its losing positions by the sieve (``engine.passing``) - the k-th pair, its
piles, the first pairs - with the wrong ideas learners bring from plain Wythoff.

Vocabulary::

    pass_pair(k) = (a_k, b_k)  # (1, 3) for k = 1: the pass game's losing positions with the pass still there

A wrong pile is placed in its own pair (every whole number is in exactly one), or said to be struck out (one of
Wythoff's losing pairs, from which the pass wins), never by naming the right one.  The ideas about b_k are the
sieve with one of its rules forgotten: Wythoff's own pair, its difference k, Wythoff's partner (the strike-out
forgotten), the least free pile (the diagonals forgotten), the least free difference (the piles forgotten).
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.options import Args
from tutor.puzzles.wythoff.engine import p_index, p_position
from tutor.puzzles.wythoff.engine.passing import pass_index, pass_p_positions, pass_winning_moves, table_for
from tutor.puzzles.wythoff.rules import Position, WythoffGame
from tutor.puzzles.wythoff.rules.passing import WYTHOFF
from tutor.puzzles.wythoff.teach.quantities.passing import RULES, number, source_rules, unless, win_certificate
from tutor.puzzles.wythoff.teach.questions import COUNT, INDEX
from tutor.puzzles.wythoff.teach.reasons import pair_text
from tutor.screen.text import plural

QUANTITIES = Quantities()
FAR = 4  # a pile past FAR * (k + 2) lies in no pair up to number k (b_k < 2.7 k + 3 observed): said so, not placed


def pass_pair(k: int) -> Position:
    """The k-th losing pair of the pass game with the pass left, k = 0, 1, ..."""
    if k < 0:
        raise InvalidParams(f"index: k is 0 or more, not {k}")
    return pass_p_positions(RULES, k + 1)[k]


def pile_place(n: int) -> tuple[str, int]:
    """``5 is the larger pile of the pass game's losing position number 2``, and that number."""
    other = table_for(RULES, n).partner[n]
    pair = (min(n, other), max(n, other))
    k = pass_index(RULES, pair)
    assert k is not None  # every whole number is in exactly one pair
    role = "both piles" if pair[0] == pair[1] else "the smaller pile" if pair[0] == n else "the larger pile"
    return f"{n} is {role} of the pass game's losing position number {k}", k


def wythoff_partner(n: int) -> int:
    """The other pile of Wythoff's losing pair holding ``n``."""
    lo, hi = p_position(WYTHOFF, p_index(WYTHOFF, n))
    return hi if lo == n else lo


def refute_pass_pile(game: WythoffGame, args: Args, value: Value, wrong: Value, larger: bool) -> str:
    """Where ``wrong`` really lies (every whole number is in exactly one pair), or why it is struck out."""
    k, n = args["index"], number(wrong)
    if n is None or n < 0:
        return f"A pile holds 0 or more pennies, not {wrong!r}."
    lo = pass_pair(k)[0]
    if n > FAR * (k + 2):
        return (f"{n:,} is past every pile of the pass game's first {k + 1} losing positions: the sieve takes the "
                "least free number and the least free difference each time, so the piles grow about as slowly as "
                "Wythoff's.")
    if larger and lo > 0 and n > lo and wythoff_partner(lo) == n:
        return (f"({lo}, {n}) is one of Wythoff's losing pairs: from it the pass wins, so the sieve strikes it "
                "out and tries the next difference.")
    place, j = pile_place(n)
    if j == k:
        return f"{place}: you want its {'larger' if larger else 'smaller'} pile."
    return f"{place}; each pile size is in exactly one pair, and number {k} comes {'later' if k > j else 'earlier'}."


def explain_pass_kth(game: WythoffGame, args: Args, value: Value) -> str:
    k = args["index"]
    lo, hi = pass_pair(k)
    return (f"The sieve: {lo} is the least number in no earlier pair, and {hi - lo} the least difference left "
            f"that reaches an unused number without landing on one of Wythoff's losing pairs. Number {k} is "
            f"{lo},{hi}: a_{k} = {lo} and b_{k} = {hi}.")


FIRST_MISTAKES = (
    Misconception("wythoff-first",
                  lambda g, a: unless(p_position(WYTHOFF, a["index"])[0], pass_pair(a["index"])[0]),
                  lambda g, a, n: f"{n} is the smaller pile of Wythoff's losing pair number {a['index']}. With the "
                                  "pass left some of Wythoff's pairs are struck out, so the numbering shifts."),
    Misconception("k-itself",
                  lambda g, a: unless(a["index"], pass_pair(a["index"])[0], p_position(WYTHOFF, a["index"])[0]),
                  lambda g, a, n: f"{n} is k itself, the number of the pair, not a pile."),
)
def _earlier(k: int) -> list[Position]:
    """The pass game's losing pairs before number k."""
    return pass_p_positions(RULES, k)


def _least_free(k: int) -> int:
    """The least pile above a_k in no earlier pair: the diagonals forgotten."""
    taken = {pile for pair in _earlier(k) for pile in pair}
    n = pass_pair(k)[0] + 1
    while n in taken:
        n += 1
    return n


def _least_difference(k: int) -> int:
    """a_k plus the least difference no earlier pair has: the piles already taken forgotten."""
    used = {hi - lo for lo, hi in _earlier(k)}
    d = 0
    while d in used:
        d += 1
    return pass_pair(k)[0] + d


def _second_ideas(k: int) -> list[int | None]:
    """The values of the ideas about b_k, each None where the answer or an earlier idea gives it."""
    ideas: list[int | None] = []
    for value in (p_position(WYTHOFF, k)[1], pass_pair(k)[0] + k, wythoff_partner(pass_pair(k)[0]), _least_free(k),
                  _least_difference(k)):
        ideas.append(unless(value, pass_pair(k)[1], *ideas))
    return ideas


SECOND_SAYS = (
    ("wythoff-second", "{n} is the larger pile of Wythoff's losing pair number {k}. With the pass left some of "
                       "Wythoff's pairs are struck out, so the pairs differ."),
    ("difference-k", "{n} adds k to the smaller pile, Wythoff's rule. In the pass game the difference is the least "
                     "one not used yet that is not struck out, and that need not be k."),
    ("wythoff-partner", "{n} makes a losing pair of plain Wythoff with the smaller pile. From such a pair the pass "
                        "wins, so the sieve strikes it out."),
    ("diagonal-forgotten", "{n} is the least pile not used yet, but that pair shares a diagonal with an earlier "
                           "one: a move taking the same from both piles reaches it. Each difference is used once."),
    ("pile-forgotten", "{n} uses the least difference not used yet, but that larger pile is already in an earlier "
                       "pair: a move from one pile reaches it. Each pile size is used once."),
)


def _second_idea(i: int, name: str, says: str) -> Misconception:
    return Misconception(name, lambda g, a: _second_ideas(a["index"])[i],
                         lambda g, a, n: says.format(n=n, k=a["index"]))


SECOND_MISTAKES = tuple(_second_idea(i, name, says) for i, (name, says) in enumerate(SECOND_SAYS))


@QUANTITIES.register("pass_kth_first", "a_index, the smaller pile of the pass game's index-th losing position",
                     args=(INDEX,), explain=explain_pass_kth,
                     refute=lambda g, a, v, w: refute_pass_pile(g, a, v, w, larger=False),
                     misconceptions=FIRST_MISTAKES)
def pass_kth_first(game: WythoffGame, args: Args) -> int:
    """From the sieve."""
    source_rules(game)
    return pass_pair(args["index"])[0]


@QUANTITIES.register("pass_kth_second", "b_index, the larger pile of the pass game's index-th losing position",
                     args=(INDEX,), explain=explain_pass_kth,
                     refute=lambda g, a, v, w: refute_pass_pile(g, a, v, w, larger=True),
                     misconceptions=SECOND_MISTAKES)
def pass_kth_second(game: WythoffGame, args: Args) -> int:
    """From the sieve."""
    source_rules(game)
    return pass_pair(args["index"])[1]


def _said(pair: Value) -> str:
    """``1,2`` as ``(1, 2)``."""
    return "(" + str(pair).replace(",", ", ") + ")"


def _wythoff_pair(k: int) -> str:
    lo, hi = p_position(WYTHOFF, k)
    return f"{lo},{hi}"


def _equal_piles(k: int) -> str:
    x = pass_pair(k)[0] + 1
    return f"{x},{x}"


POSITION_MISTAKES = (
    Misconception("wythoff-pair",
                  lambda g, a: _wythoff_pair(a["index"]) if p_position(WYTHOFF, a["index"]) != pass_pair(a["index"])
                  else None,
                  lambda g, a, n: f"{_said(n)} is one of plain Wythoff's losing pairs: with the pass "
                                  "still there, the pass wins from it."),
    Misconception("wythoff-next-pair",
                  lambda g, a: _wythoff_pair(a["index"] + 1),
                  lambda g, a, n: f"{_said(n)} is one of plain Wythoff's losing pairs too: the pass "
                                  "wins from every one of them but (0, 0)."),
    Misconception("equal-piles",
                  lambda g, a: _equal_piles(a["index"]),
                  lambda g, a, n: f"{_said(n)} has equal piles: taking all of both reaches (0, 0), "
                                  "which loses for your opponent."),
)


def refute_pass_kth_position(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    """A pair that is not the k-th: a winning move out of it, or the number it really has."""
    k = args["index"]
    try:
        x, y = (int(part) for part in str(wrong).replace("(", "").replace(")", "").split(","))
    except ValueError:
        return f"A position is two piles written A,B, not {wrong!r}."
    if x < 0 or y < 0:
        return f"A pile holds 0 or more pennies, not {wrong!r}."
    j = pass_index(RULES, (x, y)) if max(x, y) <= FAR * (k + 2) else None
    if j is not None:
        return (f"({x}, {y}) is losing position number {j} of the pass game; number {k} comes "
                f"{'later' if k > j else 'earlier'}.")
    moves = pass_winning_moves(RULES, (x, y, 1)) if max(x, y) <= FAR * (k + 2) else []
    if not moves:
        return f"({x}, {y}) is past the pass game's first {k + 1} losing positions."
    return win_certificate((x, y), moves)


@QUANTITIES.register("pass_kth_position", "the pass game's index-th losing position 'A,B' (pass still there)",
                     args=(INDEX,), explain=explain_pass_kth, refute=refute_pass_kth_position,
                     misconceptions=POSITION_MISTAKES)
def pass_kth_position(game: WythoffGame, args: Args) -> str:
    """From the sieve: ``1,3`` for index 1."""
    source_rules(game)
    lo, hi = pass_pair(args["index"])
    return f"{lo},{hi}"


def explain_pass_pairs(game: WythoffGame, args: Args, value: Value) -> str:
    return f"The first {plural(args['count'], 'losing pair')} of the pass game with the pass left, by the sieve."


def refute_pass_pairs(game: WythoffGame, args: Args, value: Value, wrong: Value) -> str:
    return f"The sieve's first {plural(args['count'], 'pair')} are not {str(wrong)!r}: run it again from (0, 0)."


@QUANTITIES.register("pass_p_positions", "the pass game's first count losing positions (pass left), as text",
                     args=(COUNT,), explain=explain_pass_pairs, refute=refute_pass_pairs)
def pass_p_positions_quantity(game: WythoffGame, args: Args) -> str:
    """``(0, 0), (1, 3), (2, 5), ...``."""
    return ", ".join(pair_text(p) for p in pass_p_positions(source_rules(game), args["count"]))
