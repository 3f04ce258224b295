"""The Lights Out lessons: lint clean, finishable through handle(), mistakes named, texts exact.

Every number a lesson shows or asks for is re-derived here a second way: a
plain press-by-press simulation written in this file (no engine code), brute
force over press sets, or a direct reading of the rule.
"""

from __future__ import annotations

import itertools
import random
import re
from pathlib import Path

import pytest

from tests.helpers import bundled, correct_answer, new_session, play_through, quantity_name, text
from tutor import puzzles
from tutor.course import fill, instantiate
from tutor.course.steps import Computed
from tutor.lint import lint_paths
from tutor.puzzles.lightsout.rules.grid import Rules, random_board
from tutor.puzzles.lightsout.teach import race, texts
from tutor.screen.shown import text_of

LESSONS_DIR = Path(__file__).resolve().parent.parent / "lessons" / "lightsout"
PUZZLE = puzzles.get("lightsout")
CATALOG = bundled()
OURS = sorted((les for les in CATALOG.lessons.values() if les.puzzle == "lightsout"), key=lambda les: les.order)

Grid = list[list[int]]


# -- an independent model of the rule -----------------------------------------------------


def parse_grid(board: str) -> Grid:
    return [[1 if ch == "X" else 0 for ch in row] for row in board.split("/")]


def press(grid: Grid, r: int, c: int) -> None:
    """Toggle (r, c) and its orthogonal neighbours in place (flat board, 2 states)."""
    for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < len(grid) and 0 <= cc < len(grid[0]):
            grid[rr][cc] ^= 1


def cell(r: int, c: int) -> str:
    return f"{'abcdefghij'[c]}{r + 1}"


def chase(grid: Grid) -> tuple[list[list[str]], Grid]:
    """Chase row by row: the presses for each row (as cell names) and the final grid."""
    g = [row[:] for row in grid]
    steps = []
    for r in range(len(g) - 1):
        below = [(r + 1, c) for c in range(len(g[0])) if g[r][c]]
        for rr, cc in below:
            press(g, rr, cc)
        steps.append([cell(rr, cc) for rr, cc in below])
    return steps, g


def brute_solutions(grid: Grid) -> list[int]:
    """The sizes of every press set that darkens the grid (exhaustive)."""
    m, n = len(grid), len(grid[0])
    sizes = []
    for bits in itertools.product((0, 1), repeat=m * n):
        g = [row[:] for row in grid]
        for i, b in enumerate(bits):
            if b:
                press(g, *divmod(i, n))
        if not any(map(any, g)):
            sizes.append(sum(bits))
    return sizes


def drawn_grids(drawing: str) -> list[Grid]:
    """Read boards drawn side by side (row lines start with a row number) back into grids."""
    blocks: list[Grid] = []
    for line in drawing.splitlines():
        if not re.match(r"\s*\d", line):
            continue
        parts = re.findall(r"\d+((?: [X.0-9])+)", line)
        while len(blocks) < len(parts):
            blocks.append([])
        for block, part in zip(blocks, parts, strict=True):
            block.append([1 if ch == "X" else 0 for ch in part.split()])
    return blocks


def goto(session, lesson_id: str, index: int) -> None:
    session.handle(f"/open {lesson_id}")
    while session.place.step < index:
        session.handle("/next")
    assert session.place.step == index


# -- the course as a whole -------------------------------------------------------------------


def test_the_lessons_come_in_order():
    """Numbered in course order, practice last (lint's verdict is test_lint's, which lints the whole bundled
    course once)."""
    assert len(OURS) == len(list(LESSONS_DIR.glob("*.toml"))) >= 4
    assert [les.id for les in OURS] == [f"lightsout-{n}" for n in range(1, len(OURS) + 1)]  # practice last, numbered
    assert [les.order for les in OURS] == list(range(1, len(OURS) + 1))


@pytest.mark.parametrize("lesson", OURS, ids=lambda les: les.id)
def test_every_lesson_can_be_finished_with_engine_answers(lesson):
    session = new_session()
    replies = play_through(session, lesson)
    assert "Lesson complete" in text(replies), text(replies[-6:])
    assert {s.index for s in lesson.questions} <= session.progress.completed(lesson.id)
    assert not [r for r in replies if r.kind == "error"], [r.text for r in replies if r.kind == "error"]


@pytest.mark.parametrize("lesson", OURS, ids=lambda les: les.id)
def test_texts_hints_and_feedback_fill(lesson):
    for step in lesson.steps:
        shown = fill(step.text, PUZZLE, step.game, step.args).text
        assert "{{" not in shown and shown.strip()
        for said in [*step.hints, *(m.say for m in step.mistakes), step.success or ""]:  # the session fills these
            assert "{{" not in fill(said, PUZZLE, step.game, step.args).text
        if step.required:
            assert step.hints, f"{lesson.id} {step.key} has no authored hint"


def mistake_examples(step):
    """(mistake, an answer that is this mistake) for every declared mistake of a step."""
    candidates = [f"a{r} e{r}" for r in range(1, 10)] + [f"c{r}" for r in range(1, 10)]
    for mistake in step.mistakes:
        if mistake.match is not None:
            yield mistake, mistake.match
        else:
            example = next(c for c in candidates if re.fullmatch(mistake.pattern, c, re.IGNORECASE))
            yield mistake, example


MISTAKES = [(les, step) for les in OURS for step in les.steps if step.mistakes]


@pytest.mark.parametrize("lesson_step", MISTAKES, ids=lambda ls: f"{ls[0].id}-{ls[1].key}")
def test_declared_mistakes_are_judged_wrong_and_named(lesson_step):
    lesson, step = lesson_step
    for mistake, answer in mistake_examples(step):
        session = new_session()
        goto(session, lesson.id, step.index)
        replies = session.handle(answer)
        kinds = [r.kind for r in replies]
        assert "wrong" in kinds, (answer, text(replies))
        said = fill(mistake.say, PUZZLE, step.game, step.args)
        assert any(r.kind == "hint" and r.body == said for r in replies), (answer, text(replies))
        assert session.place.step == step.index


def test_the_misconceptions_named_in_the_brief_are_declared():
    """Declared by the lesson, or (since the misconceptions became engine data) by the quantity the step asks."""
    def said(step):
        ideas = step.computes.misconceptions if isinstance(step, Computed) and not step.options else ()
        args = step.computes.arguments(step.args) if ideas else {}
        engine_says = [m.says(step.game, args, v) for m in ideas if (v := m.value(step.game, args)) is not None]
        return [m.say for m in step.mistakes] + engine_says

    says = {les.id: " ".join(" ".join(t.split()) for s in les.steps for t in said(s)) for les in OURS}
    assert "every lit cell" in says["lightsout-1"] and "every lit cell" in says["lightsout-3"]
    assert "not every 5x5 board can be darkened" in says["lightsout-3"].lower()


# -- lesson 1: by hand ------------------------------------------------------------------------


def play_step(lesson_id: str, kind: str = "play"):
    lesson = CATALOG.find(lesson_id)
    return lesson, [s for s in lesson.steps if s.label == kind]


def test_lesson_one_boards_and_the_fewest_presses_by_brute_force():
    lesson, plays = play_step("lightsout-1")
    for step in plays:
        if step.params["board"] == "random":
            continue
        sizes = brute_solutions(parse_grid(step.params["board"].replace("all-on", "XXX/XXX/XXX")))
        assert sizes, step.key
        ref = correct_answer(lesson, step)
        assert len(ref.split()) == min(sizes)  # the reference is a fewest-press win
    fewest = next(s for s in lesson.steps if quantity_name(s) == "min_presses")
    fewest_by_brute_force = min(brute_solutions(parse_grid("XXX/XXX/XXX")))
    assert PUZZLE.compute(fewest.game, "min_presses", fewest.args) == fewest_by_brute_force == 5
    assert len(brute_solutions(parse_grid("XXX/XXX/XXX"))) == 1


def explore_step():
    """The step whose board is drawn for each learner (a seeded variant)."""
    lesson = CATALOG.find("lightsout-1")
    index = next(int(key[len("steps["):key.index("]")]) - 1 for key in lesson.variants if key.endswith(".board"))
    return lesson, lesson.steps[index]


def test_random_board_differs_per_learner_is_reproducible_and_can_be_won(tmp_path):
    lesson, step = explore_step()
    boards = set()
    for i in range(4):
        session = new_session(tmp_path / f"learner{i}.sqlite3")
        goto(session, lesson.id, step.index)
        boards.add(session.place.state.position.board)
        again = new_session(tmp_path / f"learner{i}.sqlite3")
        goto(again, lesson.id, step.index)
        assert again.place.state.position.board == session.place.state.position.board  # same learner, same board
    assert len(boards) > 1  # different learners, different boards
    # win the learner's own board: solve it independently, press the cells one by one
    grid = [list(session.place.state.position.board[r * 3:(r + 1) * 3]) for r in range(3)]
    assert any(map(any, grid))
    for bits in itertools.product((0, 1), repeat=9):
        g = [row[:] for row in grid]
        for i, b in enumerate(bits):
            if b:
                press(g, *divmod(i, 3))
        if not any(map(any, g)):
            break
    moves = [cell(*divmod(i, 3)) for i, b in enumerate(bits) if b]
    replies = []
    for move in moves:
        replies += session.handle(move)
    assert "All dark" in text(replies)
    assert step.index in session.progress.completed(lesson.id)


def test_a_random_win_step_is_refused_by_lint(tmp_path):
    bad = (LESSONS_DIR / "01-three-by-three.toml").read_text().replace(
        'params = { board = { random = "solvable" } }', 'params = { board = "random" }')
    bad = bad.replace('id = "lightsout-1"', 'id = "random-win"')
    path = tmp_path / "bad.toml"
    path.write_text(bad)
    _, errors = lint_paths([str(path)])
    assert any("needs a winning line" in e for e in errors)
    game = PUZZLE.load({"size": "3x3", "board": "random"})
    assert PUZZLE.kind("play").reference(game, PUZZLE.kind("play").arguments({})) is None


def test_seeded_random_board_variants_are_concrete_solvable_and_lint_clean():
    lesson, step = explore_step()
    boards = set()
    for seed in range(10):
        variant = instantiate(lesson, seed)
        drawn = variant.steps[step.index]
        board = drawn.params["board"]
        assert "random" not in board
        boards.add(board)
        assert PUZZLE.solvable(drawn.game)
        assert drawn.reference()
    assert len(boards) > 5


def test_play_answer_kind_judges_a_whole_press_list():
    lesson = CATALOG.find("lightsout-1")
    step = next(s for s in lesson.steps if s.label == "play" and s.params["board"] == "XX./X.X/.XX")
    assert step.judge("c3 a1").correct
    assert not step.judge("a1").correct
    assert text_of(step.reference() or "") == "a1 c3"


# -- lesson 2: the chase -----------------------------------------------------------------------


def test_chase_steps_follow_an_independent_chase():
    lesson, rows = play_step("lightsout-2", "chase_row")
    board = lesson.params["board"]
    steps, final = chase(parse_grid(board))
    assert [s.args["row"] for s in rows] == [1, 2, 3, 4]
    assert all("row" not in s.params for s in rows)  # a question argument, not a puzzle parameter
    g = parse_grid(board)
    for step, expected in zip(rows, steps, strict=True):
        shown = drawn_grids(fill(step.text, PUZZLE, step.game, step.args).text)
        assert shown == [g], step.key  # the question shows the board as the chase has left it
        assert correct_answer(lesson, step).split() == expected
        for name in expected:
            press(g, int(name[1:]) - 1, "abcde".index(name[0]))
    residue = "".join("X" if v else "." for v in final[-1])
    assert PUZZLE.compute(PUZZLE.load(lesson.params), "residue") == residue
    assert "X" in residue  # the lesson needs a top-row fix to mean something


def test_top_row_fix_then_chase_darkens_the_board():
    lesson, (top_step,) = play_step("lightsout-2", "top_row")
    grid = parse_grid(lesson.params["board"])
    for name in correct_answer(lesson, top_step).split():
        assert name.endswith("1")
        press(grid, 0, "abcde".index(name[0]))
    _, final = chase(grid)
    assert not any(map(any, final))


def test_residue_table_is_every_reachable_residue_with_its_fewest_fix():
    table = PUZZLE.compute(PUZZLE.load(), "residue_table")
    listed = dict(re.findall(r"^\| ([X.]{5}) \| (.+) \|$", str(table), re.MULTILINE))
    fewest: dict[str, int] = {}
    for bits in itertools.product((0, 1), repeat=5):
        g = [[0] * 5 for _ in range(5)]
        for c, b in enumerate(bits):
            if b:
                press(g, 0, c)
        _, final = chase(g)
        residue = "".join("X" if v else "." for v in final[-1])
        if "X" in residue:
            fewest[residue] = min(fewest.get(residue, 9), sum(bits))
    assert set(listed) == set(fewest)
    # the top row's 5 unknowns lose `nullity` dimensions: 2^(5 - nullity) residues, one of them empty
    assert len(listed) == 2 ** (5 - PUZZLE.compute(PUZZLE.load(), "nullity")) - 1
    for residue, fix in listed.items():
        g = [[0] * 5 for _ in range(5)]
        for name in fix.split():
            press(g, 0, "abcde".index(name[0]))
        _, final = chase(g)
        assert "".join("X" if v else "." for v in final[-1]) == residue
        assert len(fix.split()) == fewest[residue]


# -- lesson 3: the algebra ----------------------------------------------------------------------


def test_press_matrix_text_follows_the_rule():
    drawing = str(PUZZLE.compute(PUZZLE.load({"size": "3x3"}), "press_matrix"))
    lines = drawing.splitlines()
    names = lines[0].split()
    assert names == [cell(*divmod(i, 3)) for i in range(9)]
    for i, line in enumerate(lines[1:]):
        row = line.split()[1:]
        for j, entry in enumerate(row):
            (ri, ci), (rj, cj) = divmod(i, 3), divmod(j, 3)
            assert (entry == "1") == (abs(ri - rj) + abs(ci - cj) <= 1)


def test_quiet_boards_change_nothing_and_are_independent():
    drawing = str(PUZZLE.compute(PUZZLE.load(), "quiet_boards"))
    grids = drawn_grids(drawing)
    assert len(grids) == PUZZLE.compute(PUZZLE.load(), "nullity") == 2
    for q in grids:
        g = [[0] * 5 for _ in range(5)]
        for r, c in itertools.product(range(5), range(5)):
            if q[r][c]:
                press(g, r, c)
        assert any(map(any, q)) and not any(map(any, g))
    assert grids[0] != grids[1]


def test_solvability_questions_agree_with_the_parity_test():
    lesson = CATALOG.find("lightsout-3")
    quiet = drawn_grids(str(PUZZLE.compute(PUZZLE.load(), "quiet_boards")))
    for step in lesson.steps:
        if quantity_name(step) != "solvable":
            continue
        g = parse_grid(step.params["board"])
        even = all(sum(g[r][c] & q[r][c] for r in range(5) for c in range(5)) % 2 == 0 for q in quiet)
        assert correct_answer(lesson, step) == ("yes" if even else "no")
    corner = PUZZLE.load({"board": "X..../...../...../...../....."})
    reason = str(PUZZLE.compute(corner, "obstruction"))
    assert "a1" in reason and "odd" in reason
    middle = PUZZLE.load({"board": "...../...../..X../...../....."})
    assert "can be darkened" in str(PUZZLE.compute(middle, "obstruction"))


def test_all_on_five_by_five_counts_by_brute_force_on_the_top_row():
    # every solution is fixed by its top row, so 2^5 top rows enumerate all solutions exactly
    sizes = []
    for bits in itertools.product((0, 1), repeat=5):
        g = parse_grid("XXXXX/XXXXX/XXXXX/XXXXX/XXXXX")
        for c, b in enumerate(bits):
            if b:
                press(g, 0, c)
        steps, final = chase(g)
        if not any(map(any, final)):
            sizes.append(sum(bits) + sum(len(s) for s in steps))
    game = PUZZLE.load()
    assert PUZZLE.compute(game, "solutions") == len(sizes) == 4
    assert PUZZLE.compute(game, "min_presses") == min(sizes) == 15


# -- lesson 4: the race and the variants ----------------------------------------------------------


def test_method_race_reports_counts_that_brute_force_confirms():
    for board in ("XXX/XXX/XXX", "X../.../..X", "XX.X/..X./X..X/.XX."):
        shown = str(PUZZLE.compute(PUZZLE.load({"board": board}), "method_race"))
        assert "brute force" in shown and "top-row search" in shown and "the tutor" in shown
        sizes = brute_solutions(parse_grid(board))
        if sizes:
            assert f"All three found {len(sizes):,} solution" in shown
            assert f"the fewest uses {min(sizes)} presses" in shown
        else:
            assert "cannot be darkened" in shown
        assert "estimated" not in shown  # small boards are raced to the end
    big = str(PUZZLE.compute(PUZZLE.load({"size": "20x20", "board": "random", "seed": 20}), "method_race"))
    assert "2^400" in big and "estimated" in big and "1,048,576 top rows" in big


def test_brute_force_and_top_row_search_agree_when_complete():
    rules = Rules(4, 4)
    board = random_board(rules, random.Random(3))
    brute = race.brute_force(rules, board, budget=60)
    top = race.top_row_search(rules, board, budget=60)
    ours = race.tutor_solve(rules, board)
    assert brute.complete and top.complete and brute.tried == 2**16 and top.tried == 16
    assert (brute.solutions, brute.fewest) == (top.solutions, top.fewest) == (ours.solutions, ours.fewest)


def test_durations_and_counts_for_people():
    assert race.duration(5e-6) == "5 µs"
    assert race.duration(0.0123) == "12.3 ms"
    assert race.duration(90) == "90.0 s"
    assert race.duration(3 * 3600) == "about 3 hours"
    assert race.duration(10 * 86400) == "about 10 days"
    assert race.duration(3.15576e7 * 1e9) == "about 10^9 years"
    assert texts.count_value(2, 25) == 33554432
    assert texts.count_value(2, 10**6) == "2^1000000"
    game = PUZZLE.load({"size": "1000x1000"})
    assert PUZZLE.compute(game, "top_row_cells") == 1000
    assert PUZZLE.compute(game, "press_sets") == "2^1000000"


def test_torus_and_three_state_answers_checked_by_hand():
    torus = PUZZLE.load({"torus": True})
    assert PUZZLE.compute(torus, "min_presses") == 5  # 25 lights, 5 per press: a perfect cover
    assert PUZZLE.check(torus, "presses", "a1 c2 e3 b4 d5").correct
    three = PUZZLE.load({"size": "3x3", "states": 3})
    assert PUZZLE.check(three, "presses", "b1 a2 b2 c2 b3").correct
    assert not PUZZLE.check(three, "presses", "b2 b2").correct
    lesson = CATALOG.find("lightsout-4")
    counting = next(s for s in lesson.steps if quantity_name(s) == "quiet_patterns")
    nullity = PUZZLE.compute(counting.game, "nullity")
    assert correct_answer(lesson, counting) == str(3**nullity - 1)


def test_chase_row_hints_start_with_the_authored_ones_then_the_engine():
    session = new_session()
    lesson, rows = play_step("lightsout-2", "chase_row")
    goto(session, lesson.id, rows[0].index)
    ladder = [session.handle("/hint")[0].text for _ in range(len(rows[0].hints) + 2)]
    assert ladder[0].endswith(rows[0].hints[0])
    # the engine's rungs are for the board the step shows (the chase so far), not the game's first board
    assert any("A press in row 2 switches exactly one cell of row 1" in h for h in ladder[len(rows[0].hints):])
