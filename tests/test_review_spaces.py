"""The review spaces added for issue 28.2 keep their answers exact: each instance drawn is checked a second way,
written here without the engines (brute force over role assignments, Grundy values by mex over every move, the
a-Wythoff losing positions by search, Lights Out boards pressed cell by cell, quiet patterns by elimination mod p),
and the lesson's own answer does not pass it."""

from __future__ import annotations

import itertools
import math
import random
import re
from functools import cache, reduce
from operator import xor

import pytest

from tests.helpers import bundled
from tutor.course.instances import Space
from tutor.screen.shown import text_of

CATALOG = bundled()
SAMPLE = 8  # instances checked per space


def instances(where: str, count: int = SAMPLE) -> list[tuple[dict, object]]:
    """Up to ``count`` instances of step ``lesson:N`` the engine serves, each with the step built for it."""
    lesson_id, number = where.split(":")
    space = Space(CATALOG.find(lesson_id), int(number) - 1)
    out = []
    for instance in space.instances(random.Random(11)):
        item = space.item(instance)
        if space.usable(item):
            out.append((instance, item))
        if len(out) >= count:
            break
    assert len(out) >= 3, f"{where}: only {len(out)} instances served"
    return out


def own_answer(where: str) -> str:
    """The answer of the lesson's own question at ``lesson:N``."""
    lesson_id, number = where.split(":")
    return text_of(CATALOG.find(lesson_id).steps[int(number) - 1].reference())


# -- the gods: role assignments listed one by one ------------------------------------------------------------------

def assignments(gods: str) -> set[tuple[str, ...]]:
    """Every way to hand the roles out to the gods A, B, C, ... (gods with the same role are alike)."""
    return set(itertools.permutations(gods.split(",")))


def left_after_ja(gods: str, example: str) -> int:
    """Assignments still possible after "ja" to ``ask X: would you say ja to (Y is Random)``: X is Random (his word
    means nothing), or X is not and Y is Random (the wrapper makes a non-Random god's "ja" true)."""
    asked, named = (ord(c) - ord("A") for c in re.fullmatch(r"ask (\w): would you say ja to \((\w) is Random\)",
                                                             example).groups())
    return sum(1 for a in assignments(gods) if a[asked] == "Random" or a[named] == "Random")


COUNTED = {  # lesson:step -> the answer of an instance (its params), by listing assignments
    "gods-3:2": lambda p: 2 * sum(1 for a in assignments(p["gods"]) if a[0] == "Random"),  # both meanings of ja
    "gods-3:7": lambda p: left_after_ja(p["gods"], p["args.example"]),
    "gods-5:2": lambda p: len(assignments(p["gods"])),
    # plain yes and no, no Random: any set of assignments can be asked about, so counting is the whole story
    "gods-1:8": lambda p: math.ceil(math.log2(len(assignments(p["gods"])))),
}


# -- Wythoff: Grundy values by mex ----------------------------------------------------------------------------------

def moves(a: int, b: int, wide: int = 1) -> list[tuple[int, int]]:
    """Every position one Wythoff move from (a, b); a two-pile move takes amounts differing by less than ``wide``."""
    out = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)]
    return out + [(a - x, b - y) for x in range(1, a + 1)
                  for y in range(max(1, x - wide + 1), min(b, x + wide - 1) + 1)]


@cache
def grundy(a: int, b: int) -> int:
    """The Grundy value of one board: the least value no move reaches."""
    reached = {grundy(*p) for p in moves(a, b)}
    return next(v for v in itertools.count() if v not in reached)


def boards(position: str) -> list[tuple[int, int]]:
    """``"1,1 + 0,3"`` as a list of boards."""
    return [tuple(int(n) for n in part.split(",")) for part in position.split("+")]  # type: ignore[misc]


def nim_sum(position: str) -> int:
    """The Grundy value of a sum: the XOR of its boards' values."""
    return reduce(xor, (grundy(*b) for b in boards(position)))


def zeroing_moves(position: str) -> int:
    """The moves of a sum that leave value 0, counted by trying every move on every board."""
    parts = boards(position)
    total = nim_sum(position)
    return sum(1 for i, board in enumerate(parts) for after in moves(*board)
               if total ^ grundy(*board) ^ grundy(*after) == 0)


COUNTED |= {
    "wythoff-5:10": lambda p: nim_sum(p["position"]),
    "wythoff-6:3": lambda p: nim_sum(p["position"]),
    "wythoff-6:4": lambda p: zeroing_moves(p["position"]),
}


# -- Lights Out: quiet patterns by elimination mod p ------------------------------------------------------------------

def nullity(rows: int, cols: int, p: int) -> int:
    """The dimension of the press matrix's null space mod ``p`` (a press adds 1 to the cell and its 4 neighbours)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    matrix = [[1 if abs(r - r2) + abs(c - c2) <= 1 else 0 for (r2, c2) in cells] for (r, c) in cells]
    rank = 0
    for col in range(len(cells)):
        pivot = next((i for i in range(rank, len(cells)) if matrix[i][col] % p), None)
        if pivot is None:
            continue
        matrix[rank], matrix[pivot] = matrix[pivot], matrix[rank]
        inverse = pow(matrix[rank][col], p - 2, p)
        matrix[rank] = [v * inverse % p for v in matrix[rank]]
        for i in range(len(cells)):
            if i != rank and matrix[i][col] % p:
                factor = matrix[i][col]
                matrix[i] = [(v - factor * w) % p for v, w in zip(matrix[i], matrix[rank], strict=True)]
        rank += 1
    return len(cells) - rank


def quiet_patterns(p: dict) -> int:
    """Every combination of the null space's basis but pressing nothing."""
    rows, cols = (int(n) for n in p["size"].split("x"))
    return p["states"] ** nullity(rows, cols, p["states"]) - 1


def nullity_gf2(size: str) -> int:
    """The press matrix's nullity over GF(2), rows as bit sets (fast enough for 17x17)."""
    rows, cols = (int(n) for n in size.split("x"))
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    pivots: dict[int, int] = {}  # leading bit -> row
    for r, c in cells:
        row = sum(1 << (r2 * cols + c2) for r2, c2 in cells if abs(r - r2) + abs(c - c2) <= 1)
        while row and row.bit_length() - 1 in pivots:
            row ^= pivots[row.bit_length() - 1]
        if row:
            pivots[row.bit_length() - 1] = row
    return len(cells) - len(pivots)


def cells_of(size: str) -> int:
    """The cells of a board ``"3x4"``."""
    rows, cols = (int(n) for n in size.split("x"))
    return rows * cols


def safe_totals(low: int, high: int) -> int:
    """The totals from ``low`` to ``high`` every split of which is a win for the player to move (value not 0)."""
    return sum(1 for t in range(low, high + 1) if all(grundy(a, t - a) for a in range(t + 1)))


COUNTED |= {
    "lightsout-4:11": quiet_patterns,
    "lightsout-3:4": lambda p: 2 ** (cells_of(p["size"]) - nullity_gf2(p["size"])),  # the rank's column space
    "lightsout-3:6": lambda p: 2 ** nullity_gf2(p["size"]) - 1,
    "gods-1:3": lambda p: len(assignments(p["gods"])),
    "gods-6:2": lambda p: 2 * len(assignments(p["gods"])),  # each assignment with both meanings of ja
    "gods-6:3": lambda p: math.ceil(math.log2(len(assignments(p["gods"])))),
    "wythoff-5:9": lambda p: grundy(*boards(p["position"])[0]),
    "wythoff-6:2": lambda p: grundy(*boards(p["position"])[0]),
    "wythoff-2:6": lambda p: safe_totals(p["args.min_total"], p["args.max_total"]),
}


@pytest.mark.parametrize("where", sorted(COUNTED))
def test_counted_answers_agree_with_a_second_computation(where: str) -> None:
    own = own_answer(where)
    for instance, item in instances(where):
        assert text_of(item.reference()) == str(COUNTED[where](instance)), instance
        if text_of(item.reference()) != own:
            assert not item.accepts(own), f"{instance}: the lesson's own answer {own} passes"


def test_the_second_ways_reproduce_the_lessons_own_answers() -> None:
    # the computations above are checked on the questions the lessons ask themselves
    assert left_after_ja("True,False,Random", "ask A: would you say ja to (B is Random)") == 4
    assert nim_sum("1,1 + 0,3") == 1 and nim_sum("1,3 + 2,2 + 0,3") == 6 and zeroing_moves("2,2 + 1,1") == 5
    assert quiet_patterns({"size": "5x5", "states": 3}) == 26 and nullity(5, 5, 2) == nullity_gf2("5x5") == 2
    assert str(safe_totals(20, 30)) == own_answer("wythoff-2:6") and len(assignments("True,False,Random")) == 6


Board = frozenset[tuple[int, int]]  # the lit cells (row, column), from 0


def board_of(text: str) -> Board:
    """``"X..../.X.../..."`` as its lit cells."""
    return frozenset((r, c) for r, row in enumerate(text.split("/")) for c, cell in enumerate(row) if cell == "X")


def press(board: Board, cells: list[tuple[int, int]], size: int = 5) -> Board:
    """The board after pressing each cell once (the cell and its 4 neighbours change)."""
    lit = set(board)
    for r, c in cells:
        for cell in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= cell[0] < size and 0 <= cell[1] < size:
                lit ^= {cell}
    return frozenset(lit)


def chased(board: Board, size: int = 5) -> Board:
    """The board after the chase: row by row, press under every light of the row above."""
    for row in range(1, size):
        board = press(board, [(row, c) for r, c in sorted(board) if r == row - 1], size)
    return board


def cells(presses: str) -> list[tuple[int, int]]:
    """``"a1 c3"`` as cells (row, column)."""
    return [(int(word[1:]) - 1, ord(word[0]) - ord("a")) for word in presses.split() if word != "none"]


def test_each_top_row_fix_darkens_its_board_when_chased() -> None:
    for instance, item in instances("lightsout-2:9"):
        board, fix = board_of(instance["board"]), cells(text_of(item.reference()))
        assert chased(board), f"{instance}: the chase alone leaves nothing to fix"
        assert all(r == 0 for r, _ in fix) and not chased(press(board, fix)), instance
        assert not item.accepts(own_answer("lightsout-2:9")), instance


def solutions(board: Board) -> list[list[tuple[int, int]]]:
    """Every set of presses that darkens ``board``: each of the 32 top rows, completed by the chase."""
    out = []
    for top in itertools.product((0, 1), repeat=5):
        pressed = [(0, c) for c in range(5) if top[c]]
        now = press(board, pressed)
        for row in range(1, 5):
            below = [(row, c) for r, c in sorted(now) if r == row - 1]
            pressed += below
            now = press(now, below)
        if not now:
            out.append(pressed)
    return out


def test_each_fewest_presses_answer_is_a_shortest_solution() -> None:
    for instance, item in instances("lightsout-3:12", count=4):
        board, answer = board_of(instance["board"]), cells(text_of(item.reference()))
        found = solutions(board)
        assert found and not press(board, answer), instance
        assert len(answer) == min(len(s) for s in found), instance
        assert not item.accepts(own_answer("lightsout-3:12")), instance


def losing_firsts(wide: int, count: int) -> list[int]:
    """A_0, A_1, ... of a-Wythoff (``wide`` = a): the smaller piles of its losing positions, found by searching every
    position's moves (a position is losing when no move reaches a losing one)."""
    limit = count * (wide + 2) + 2  # B_k = A_k + a k stays below it
    losing: set[tuple[int, int]] = set()
    for a in range(limit):  # every move lowers a pile, so its targets come earlier in this order
        for b in range(limit):
            if not any(m in losing for m in moves(a, b, wide)):
                losing.add((a, b))
    return sorted(a for a, b in losing if a <= b)[:count]


def test_each_a_wythoff_formula_instance_matches_the_searched_losing_positions() -> None:
    for instance, item in instances("wythoff-5:7", count=3):
        a = instance["a"]
        # A_k = floor(k * c) with 1/c + 1/(c + a) = 1, c = (2 - a + sqrt(a^2 + 4)) / 2, in exact integer arithmetic
        closed = [(k * (2 - a) + math.isqrt(k * k * (a * a + 4))) // 2 for k in range(10)]
        assert losing_firsts(a, 10) == closed, a
        assert item.accepts(f"floor(k*(sqrt({a * a + 4}) - {a - 2})/2)"), a
        assert not item.accepts(own_answer("wythoff-5:7")), a
