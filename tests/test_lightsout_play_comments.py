"""Lights Out play says what the learner's presses did against the solutions of the board they were pressed on:
each press is in every solution, in some or in none (GF(2): one solution plus the kernel of the press matrix),
checked against brute force over every press set of small boards (no engine).  Only the learner's own presses are
named, never a number of presses, and never a whole solution (issue 29.5)."""

from __future__ import annotations

import random
import re
from itertools import product

import pytest

from tests.helpers import said, session_at
from tutor.puzzles import get
from tutor.puzzles.giveaway import gives_away
from tutor.puzzles.lightsout.engine.roles import Role, roles
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.rules.notation import format_cell
from tutor.puzzles.lightsout.teach.pressed import press_roles

Cell = tuple[int, int]


def press(rows: int, cols: int, torus: bool, lit: frozenset[Cell], cell: Cell) -> frozenset[Cell]:
    """``lit`` after pressing ``cell`` with plus presses (the cell and its four neighbours), by hand."""
    r, c = cell
    near = {(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)}
    if torus:
        near = {(x % rows, y % cols) for x, y in near}
    return lit ^ frozenset((x, y) for x, y in near if 0 <= x < rows and 0 <= y < cols)


def brute_roles(rows: int, cols: int, torus: bool, lit: frozenset[Cell]) -> dict[Cell, str] | None:
    """Each cell's role among every press set that darkens ``lit`` (every, some, none), or None if none does: every
    press set visited in Gray-code order, each one press away from the last (what a press does, from ``press``)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    bit = {cell: 1 << i for i, cell in enumerate(cells)}
    effect = [sum(bit[x] for x in press(rows, cols, torus, frozenset(), cell)) for cell in cells]
    board, chosen = sum(bit[cell] for cell in lit), 0
    every, some = -1, 0  # the cells pressed by every solution found, and by some
    for step in range(1 << len(cells)):
        if step:
            flip = (step & -step).bit_length() - 1  # Gray code: the press that changes from the last set
            board ^= effect[flip]
            chosen ^= 1 << flip
        if not board:
            every, some = every & chosen, some | chosen
    if every == -1:
        return None
    return {cell: "every" if every & bit[cell] else "some" if some & bit[cell] else "none" for cell in cells}


def board_bytes(rows: int, cols: int, lit: frozenset[Cell]) -> bytes:
    return bytes(int((r, c) in lit) for r in range(rows) for c in range(cols))


# (no torus of two rows: its presses meet one neighbour twice, which ``press`` does not count)
SHAPES = [(3, 3, False), (4, 4, False), (2, 5, False), (3, 4, False), (3, 3, True), (4, 4, True), (3, 5, True)]


@pytest.mark.parametrize(("rows", "cols", "torus"), SHAPES)
def test_roles_agree_with_brute_force(rows: int, cols: int, torus: bool) -> None:
    rng = random.Random(rows * 100 + cols + torus)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    boards = [frozenset(cells), *(frozenset(rng.sample(cells, rng.randint(1, len(cells)))) for _ in range(6))]
    rules = Rules(rows, cols, torus=torus)
    for lit in boards:
        expected = brute_roles(rows, cols, torus, lit)
        found = roles(rules, board_bytes(rows, cols, lit))
        if expected is None:
            assert found is None, (rows, cols, torus, sorted(lit))
            continue
        assert found is not None
        assert {cell: found.of(cell).value for cell in cells} == expected, (rows, cols, torus, sorted(lit))


@pytest.mark.parametrize("seed", range(12))
def test_each_press_is_named_with_its_brute_force_role_and_nothing_else_is_named(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols, torus = rng.choice(SHAPES[:3])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    lit = frozenset(rng.sample(cells, rng.randint(2, len(cells))))
    expected = brute_roles(rows, cols, torus, lit)
    if expected is None:
        return
    pressed = rng.sample(cells, rng.randint(1, 3))
    text = " ".join(press_roles(Rules(rows, cols, torus=torus), board_bytes(rows, cols, lit), pressed))
    named = set(re.findall(r"\b[a-e]\d\b", text))
    assert named <= {format_cell(*c) for c in pressed}, text  # never a cell the learner did not press
    assert not re.search(r"\b\d+ press", text), text  # never a number of presses
    for sentence in re.split(r"(?<=\.)\s", text):
        for cell in re.findall(r"\b[a-e]\d\b", sentence.split(" of the board")[0]):
            role = expected[next(c for c in cells if format_cell(*c) == cell)]
            assert {"every": "in every solution", "none": "in no solution", "some": "in some solutions"}[role] \
                in sentence, (sorted(lit), pressed, text)


def test_pressing_all_nine_cells_of_the_all_on_board_says_what_is_true_and_names_no_solution() -> None:
    # The all-on 3x3 board has one solution, five of the nine cells: it used to be told "Only 1 of those 9 presses
    # brought the dark board closer".  Naming which presses are in every solution would name that solution.
    session, _ = session_at("lightsout-1", "Everything on")
    reply = said(session, "a1 b1 c1 a2 b2 c2 a3 b3 c3")
    comment = reply.split("after 9 presses.")[1]
    assert "some are in every solution of the board you pressed them on and some are in none" in comment, reply
    assert not re.search(r"\b[a-c][1-3]\b", comment), comment  # no cell named: that would be the answer
    assert "Only" not in reply and not re.search(r"\b5\b", comment), reply
    assert gives_away(comment, "a1 c1 b2 a3 c3") is None  # the step's answer, checked by the give-away rule


def test_single_presses_on_the_all_on_board_are_told_their_role() -> None:
    session, _ = session_at("lightsout-1", "Everything on")
    expected = brute_roles(3, 3, False, frozenset((r, c) for r in range(3) for c in range(3)))
    assert expected is not None
    assert "b2 is in every solution of the board you pressed it on" in said(session, "b2")
    after_b2 = press(3, 3, False, frozenset((r, c) for r in range(3) for c in range(3)), (1, 1))
    now = brute_roles(3, 3, False, after_b2)
    assert now is not None and now[(0, 1)] == "none"
    reply = said(session, "b1")
    assert "b1 is in no solution of the board you pressed it on: now every way to finish presses it again" in reply
    assert "no closer" not in reply


def test_pairs_that_cancel_are_said() -> None:
    session, _ = session_at("lightsout-1", "Everything on")
    reply = said(session, "a1 b2 b2")
    assert "a1 is in every solution" in reply and "The presses b2 b2 cancel in pairs" in reply, reply
    assert "b2 is" not in reply


# -- more states: GF(p) ---------------------------------------------------------------------------------------


def brute_counts(rows: int, cols: int, k: int, board: tuple[int, ...]) -> dict[Cell, set[int]] | None:
    """How many times (mod ``k``) the press sets that darken ``board`` press each cell, over every press set of a flat
    board with plus presses worked out by hand; None if none darkens it."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    seen: dict[Cell, set[int]] = {cell: set() for cell in cells}
    found = False
    for chosen in product(range(k), repeat=len(cells)):
        values = dict(zip(cells, board, strict=True))
        for (r, c), times in zip(cells, chosen, strict=True):
            for near in ((r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if near in values:
                    values[near] = (values[near] + times) % k
        if not any(values.values()):
            found = True
            for cell, times in zip(cells, chosen, strict=True):
                seen[cell].add(times)
    return seen if found else None


KSHAPES = [(3, 3, 3), (2, 3, 3), (2, 2, 5), (2, 3, 5), (2, 2, 7)]


@pytest.mark.parametrize(("rows", "cols", "k"), KSHAPES)
def test_roles_over_gf_p_agree_with_brute_force(rows: int, cols: int, k: int) -> None:
    rng = random.Random(rows * 100 + cols * 10 + k)
    rules = Rules(rows, cols, states=k)
    for _ in range(4):
        board = tuple(rng.randrange(k) for _ in range(rows * cols))
        expected = brute_counts(rows, cols, k, board)
        found = roles(rules, bytes(board))
        if expected is None:
            assert found is None, board
            continue
        assert found is not None
        for cell, counts in expected.items():
            role = found.of(cell)
            if len(counts) == 1:
                (times,) = counts
                assert (role, found.count(cell)) == (Role.EVERY if times else Role.NONE, times), (board, cell)
            else:
                assert counts == set(range(k)) and role is Role.SOME, (board, cell, counts)


@pytest.mark.parametrize("seed", range(12))
def test_three_and_five_state_presses_are_told_their_role_and_what_is_left(seed: int) -> None:
    rng = random.Random(seed)
    rows, cols, k = rng.choice(KSHAPES[:4])
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    board = tuple(rng.randrange(k) for _ in cells)
    expected = brute_counts(rows, cols, k, board)
    if expected is None:
        return
    pressed = [rng.choice(cells) for _ in range(rng.randint(1, 3))]
    text = " ".join(press_roles(Rules(rows, cols, states=k), bytes(board), pressed))
    assert {*re.findall(r"\b[a-e]\d\b", text)} <= {format_cell(*c) for c in pressed}, text
    if text.startswith("Of those presses"):
        return  # naming them would name a way to finish: checked below
    for cell in dict.fromkeys(pressed):
        n = pressed.count(cell) % k
        sentence = next((s for s in re.split(r"(?<=\.)\s(?=[a-e]\d|The)", text)
                         if format_cell(*cell) in s.split(" of the board")[0].split(" cancel")[0]), "")
        if not n:
            assert "cancel in groups" in text, text
            continue
        counts = expected[cell]
        (times,) = counts if len(counts) == 1 else (None,)
        more = None if times is None else (times - n) % k
        phrase = ("pressed by some solutions" if times is None else "pressed as often as every solution"
                  if more == 0 else "in no solution" if times == 0 else "in every solution of the board")
        assert phrase in sentence, (board, pressed, text)
        if more:
            assert ("once more" if more == 1 else f"{more} more times") in sentence, (board, pressed, text)


def test_the_three_state_lesson_board_is_told_roles_and_never_a_whole_way_to_finish() -> None:
    play = get("lightsout").play
    assert play is not None
    game = get("lightsout").load({"size": "3x3", "states": "3", "board": "all-on"})
    state = play.start(game, play.arguments({}), random.Random(0))
    said_to = {line: " ".join(map(str, play.play_text(state, line).replies)) for line in
               ["b2", "a1", "b2 b2", "a1 a1 a1", "b1 a2 b2 c2", "b1 a2 b2 c2 b3 a1", "a1 b1 c1 a2 b2 c2 a3 b3 c3"]}
    assert "b2 is pressed as often as every solution of the board you pressed it on" in said_to["b2"]
    assert "a1 is in no solution of the board you pressed it on: every way to finish presses it 2 more times" \
        in said_to["a1"]
    assert "b2 is in every solution of the board you pressed it on, but not pressed as often there as you did: " \
        "every way to finish presses it 2 more times" in said_to["b2 b2"]
    assert "The presses a1 a1 a1 cancel in groups of 3" in said_to["a1 a1 a1"]
    assert "no closer" not in " ".join(said_to.values())
    for line in ["b1 a2 b2 c2 b3 a1", "a1 b1 c1 a2 b2 c2 a3 b3 c3"]:  # naming each would say: press a1 twice more
        comment = said_to[line].split("presses.")[-1]
        assert comment.strip().startswith("Of those presses") and not re.search(r"\b[a-c][1-3]\b", comment), comment
