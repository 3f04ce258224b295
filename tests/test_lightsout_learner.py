"""Issue 20 for Lights Out, in the learner's words and on the board on screen: press lists written the way
learners write them, refusals that say what was expected with an example, hints computed from the step's
board, and success lines that say what the learner did."""

from __future__ import annotations

import random
import re
from itertools import product

import pytest

from tests.helpers import bundled, session_at
from tutor.errors import InvalidNotation
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.grid import Rules, apply, pattern_of, random_board
from tutor.puzzles.lightsout.rules.presses import parse_presses
from tutor.puzzles.lightsout.teach.hints import hint_ladder
from tutor.puzzles.lightsout.teach.play import PLAY
from tutor.screen.shown import text_of

FIVE = Rules(5, 5)


@pytest.mark.parametrize(("text", "cells"), [
    ("a3, a1", [(2, 0), (0, 0)]),
    ("(2,2)", [(1, 1)]),
    ("(2, 2) (3,1)", [(1, 1), (2, 0)]),
    ("2b", [(1, 1)]),
    ("2b 3C", [(1, 1), (2, 2)]),
    ("a1,b2; c3 and d4", [(0, 0), (1, 1), (2, 2), (3, 3)]),
    ("3,2 a1", [(2, 1), (0, 0)]),
])
def test_press_lists_in_the_learners_words(text: str, cells: list[tuple[int, int]]) -> None:
    assert parse_presses(text, FIVE) == cells


@pytest.mark.parametrize(("text", "said"), [
    ("1,2,3,4", "(1,2) (3,4)"),  # pairs or four numbers: ambiguous, so refused with the bracketed form
    ("a1 zz", "as in 'a1 c3'"),
    ("press a1", "'press' is not a cell"),
])
def test_a_refusal_says_what_was_expected_with_an_example(text: str, said: str) -> None:
    with pytest.raises(InvalidNotation) as err:
        parse_presses(text, FIVE)
    assert said in str(err.value)


# -- hints for the board on screen -------------------------------------------------------------------------

CATALOG = bundled()


def fewest_sets(rules: Rules, board: bytes) -> list[set[tuple[int, int]]]:
    """Every fewest press set that darkens ``board``, by brute force over all press sets (2 states)."""
    found = []
    for bits in product((0, 1), repeat=rules.cells):
        if not any(apply(rules, board, bytes(bits))):
            found.append({divmod(i, rules.cols) for i, b in enumerate(bits) if b})
    least = min(map(len, found))
    return [s for s in found if len(s) == least]


def test_after_a_wrong_list_the_hints_are_for_the_board_on_screen() -> None:
    """Issue 20: after 'a2' on XX./.../XX. the chase hint described the board 'a2' left (b1 lit; press b2)."""
    session, step = session_at("lightsout-1", "Where the lights overlap")
    assert session.handle("a2")[0].kind == "wrong"
    rules, board = step.game.rules, step.game.lights
    ladder = [text_of(session.handle("/hint")[0].text) for _ in range(8)]
    chase = next(h for h in ladder if "Chase the lights" in h)
    assert "row 1 has a1 b1 lit" in chase and "(a2, b2)" in chase  # the step's board, not the one a2 left
    mine = next(h for h in ladder if "your last list" in h)
    assert "1 press that is not needed and 2 presses missing" in mine and "a2" not in mine
    move = next(h for h in ladder if h.split(": ", 1)[-1].startswith("Press "))
    cell = re.search(r"Press ([a-c][1-3]):", move).group(1)
    assert any((int(cell[1]) - 1, ord(cell[0]) - 97) in s for s in fewest_sets(rules, board))


def test_the_chase_hint_with_k_states_clears_the_row_when_replayed() -> None:
    checked = 0
    for k, seed in product((3, 5), range(12)):
        rules = Rules(4, 4, states=k)
        board = random_board(rules, random.Random(seed))
        hint = hint_ladder(rules, board)[1]
        said = re.search(r"\(([^)]*)\) to bring the row to 0", hint)
        if said is None:
            continue  # only the last row is lit
        cells = []
        for part in said.group(1).split(", "):
            name, _, many = part.partition(" ")
            n = 1 if not many else 2 if many == "twice" else int(many.split()[0])
            cells += parse_presses(name, rules) * n
        row = cells[0][0] - 1
        after = apply(rules, board, pattern_of(rules, cells))
        assert not any(after[row * rules.cols:(row + 1) * rules.cols]), (k, seed, hint)
        assert all(not any(board[r * rules.cols:(r + 1) * rules.cols]) for r in range(row))
        checked += 1
    assert checked > 12


def test_three_colours_step_hint_presses_each_cell_below_twice() -> None:
    """Issue 20: every cell at 1 mod 3, 'press a2 b2 c2' left row 1 at 2 2 2."""
    _, step = session_at("lightsout-4", "Play with three colours")
    hint = hint_ladder(step.game.rules, step.game.lights)[1]
    assert "(a2 twice, b2 twice, c2 twice)" in hint


def test_a_hint_never_suggests_a_press_already_made_except_as_an_undo() -> None:
    game = LightsGame("3x3", board="XX./X.X/.XX")
    state = PLAY.start(game, {}, random.Random(0))
    for cell in ("b2", "a1"):
        state = PLAY.play_text(state, cell).state
        move = text_of(PLAY.hints(state)[-1].text)
        named = re.match(r"Press ([a-c][1-3]):", move).group(1)
        made = {c for c in state.presses if state.presses.count(c) % 2}
        if parse_presses(named, game.rules)[0] in made:
            assert "undoes your earlier press" in move, move
    assert "Press b2: it undoes your earlier press" in move


def test_the_line_for_a_dark_board_says_what_the_learner_did() -> None:
    session, _ = session_at("lightsout-1", "Two shapes")
    said = "\n".join(text_of(r.text) for r in session.handle("a1 b2 b2 c3"))
    assert "All dark in 4 presses; the fewest for this board is 2." in said and "b2 b2 cancel" in said
    assert "Two corner presses." not in said
    session, _ = session_at("lightsout-1", "Two shapes")
    assert "All dark in 2 presses: the fewest possible." in "\n".join(text_of(r.text) for r in session.handle("a1 c3"))


def test_lesson_one_never_uses_quiet_patterns_without_saying_what_they_are() -> None:
    lesson = CATALOG.find("lightsout-1")
    for step in lesson.steps:
        quantity = getattr(step, "quantity", None)
        if quantity is None:
            continue
        value = step.value()
        for wrong in (0, 1, 2, 3, 4, 6, 9, 12):
            said = quantity.refute(step.game, quantity.arguments(step.args), value, wrong) if wrong != value else ""
            assert "quiet pattern" not in said or "leaves every light as it was" in said, said


def test_the_torus_relations_name_their_source() -> None:
    from tutor.puzzles.lightsout.engine import torus

    assert "OEIS A165738" in torus.__doc__ and "Buchholz" in torus.__doc__ and "without proof" in torus.__doc__


def test_chase_row_hints_read_the_board_the_step_shows() -> None:
    """Each chase_row step shows the chase so far ({{chase_board}}); its hints name that row's lights there."""
    from tutor.puzzles.lightsout.teach.verdicts import chase_stage

    lesson = CATALOG.find("lightsout-2")
    steps = [s for s in lesson.steps if s.label == "chase_row"]
    assert len(steps) == 4
    for step in steps:
        kind, rules = step.answer_kind, step.game.rules
        row = step.args["row"] - 1
        board = chase_stage(rules, step.game.lights, row).board
        lit = [f"{chr(97 + c)}{row + 1}" for c in range(rules.cols) if board[row * rules.cols + c]]
        first = text_of(kind.hints(step.game, kind.arguments(step.args), "")[0].text)
        assert (" ".join(lit) + " lit") in first if lit else "already dark" in first, (step.key, first)


@pytest.mark.parametrize(("board", "written"), [("XX./.../XX.", "a2"), ("all-on", "a1 b2"), ("all-on", "b2 b2"),
                                                ("X.X/.../X.X", "a1 c3 b1")])
def test_a_wrong_list_is_told_how_far_it_is_from_the_nearest_solution_by_brute_force(board, written) -> None:
    game = LightsGame("3x3", board=board) if board == "all-on" else LightsGame(board=board)
    rules = game.rules
    mine = {cell for cell in parse_presses(written, rules) if parse_presses(written, rules).count(cell) % 2}
    solutions = [{divmod(i, 3) for i, b in enumerate(bits) if b} for bits in product((0, 1), repeat=9)
                 if not any(apply(rules, game.lights, bytes(bits)))]
    near = min(solutions, key=lambda s: len(s ^ mine))
    from tutor.puzzles.lightsout.teach.verdicts import judge_presses

    detail = text_of(judge_presses(rules, game.lights, parse_presses(written, rules)).detail)
    extra, missing = len(mine - near), len(near - mine)
    if extra:
        assert f"{extra} press{'es' if extra > 1 else ''} that" in detail, detail
    if missing:
        assert f"{missing} press{'es' if missing > 1 else ''} missing" in detail, detail
    told = detail.split("Against")[-1].split(".")[0]
    assert not re.search(r"\b[a-c][1-3]\b", told), told  # counts, never names


def test_a_list_steps_ladder_goes_from_the_method_to_the_learners_list_to_a_press() -> None:
    session, step = session_at("lightsout-3", "The fewest presses")
    session.handle("a1 b1")
    ladder = [text_of(session.handle("/hint")[0].text) for _ in range(len(step.hints) + 4)]
    chase = next(i for i, h in enumerate(ladder) if "Chase the lights" in h)
    authored = [next(i for i, h in enumerate(ladder) if h.endswith(a.split("{")[0].strip()[:20]) or
                     a[:20] in h) for a in step.hints]
    mine = next(i for i, h in enumerate(ladder) if "your last list" in h)
    move = next(i for i, h in enumerate(ladder) if ": Press " in h or h.startswith("Press "))
    assert chase < min(authored) and max(authored) < mine < move
