"""Pictures in the terminal: Lights Out blocks, the coin table as a circle, gods plans as trees.

Each picture's text form (what plain mode, screen readers, JSON and progress see)
and its picture are pinned here, and each picture is read back independently: the
blocks into a board, the circle into a table (by angle around its centre), the
tree into a plan (by the parser).
"""

from __future__ import annotations

import io
import math
import pickle
import re
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import new_session
from tutor.cli import main
from tutor.puzzles.coins.rules import CoinGame
from tutor.puzzles.coins.rules import parse_strategy as parse_coins
from tutor.puzzles.coins.teach.pictures import CIRCLE_MAX, places, tables
from tutor.puzzles.coins.teach.verdicts import verdict
from tutor.puzzles.gods.engine.solver import Solver, plan_tree
from tutor.puzzles.gods.rules.tree import Hole, TreeError, draw_tree, format_tree, parse_tree
from tutor.puzzles.gods.rules.worlds import universe
from tutor.puzzles.lightsout.rules.grid import Rules
from tutor.puzzles.lightsout.rules.notation import format_board, parse_board
from tutor.puzzles.lightsout.teach.pictures import BLOCKS_MAX, LIT, PRESSED
from tutor.puzzles.lightsout.teach.pictures import render as draw_board
from tutor.screen import render
from tutor.screen.shown import Picture, above, join, text_of
from tutor.session import Reply

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


class Terminal(io.StringIO):
    """A UTF-8 terminal that records what is printed."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


def styled(drawing: Picture) -> dict[str, str]:
    """Each styled stretch of the picture and its style."""
    return {drawing.picture[a:b]: style for a, b, style in drawing.spans}


# -- the drawing type ------------------------------------------------------------------------------------


def test_a_picture_is_a_value_with_a_text_form_not_a_string() -> None:
    d = Picture("a1 b2", "a1 b2\n##", ((6, 8, "cyan"),))
    assert text_of(d) == "a1 b2" and d.picture == "a1 b2\n##" and d.width == 5
    assert not isinstance(d, str) and f"{d}" == "a1 b2"  # formatted into text: only the text form
    with pytest.raises(TypeError):
        d + "!"  # type: ignore[operator]  # no string operation garbles a picture
    back = pickle.loads(pickle.dumps(d))
    assert back == d


def test_join_moves_spans_and_keeps_plain_parts_as_they_are() -> None:
    board = Picture("X.", "█░", ((0, 1, "yellow"),))
    joined = join(["Board:", board, "1 light on."])
    assert isinstance(joined, Picture) and joined.text == "Board:\nX.\n1 light on."
    assert joined.picture == "Board:\n█░\n1 light on." and joined.spans == ((7, 8, "yellow"),)
    assert joined.width == 2  # prose around a picture may wrap; only the drawn part must fit
    assert join(["a", "b"]) == "a\nb" and not isinstance(join(["a", "b"]), Picture)
    shown = above("Press: a1", board)
    assert isinstance(shown, Picture) and shown.text == "Press: a1"
    assert shown.picture == "Press: a1\n█░" and shown.spans == ((10, 11, "yellow"),)
    assert above("Press: a1", "plain") == "Press: a1" and not isinstance(above("x", "y"), Picture)


# -- Lights Out ------------------------------------------------------------------------------------------


def test_lights_out_board_text_form_and_blocks_are_pinned() -> None:
    rules = Rules(3, 3)
    _, _, board = parse_board("X.X/.X./...")
    drawn = draw_board(rules, board)
    assert text_of(drawn) == "    a b c\n  1 X . X\n  2 . X .\n  3 . . ."
    assert drawn.picture == ("    a  b  c\n"
                             "  1 ██ ░░ ██\n"
                             "  2 ░░ ██ ░░\n"
                             "  3 ░░ ░░ ░░\n"
                             "  ██ lit  ░░ dark")
    assert {style for _, _, style in drawn.spans} == {LIT, "bright_black"}
    assert sum(1 for a, b, style in drawn.spans if style == LIT for _ in range(a, b, 2)) == 3 + 1  # and the key


def test_press_sets_are_drawn_in_their_own_colour_and_more_states_by_value() -> None:
    rules = Rules(2, 2)
    _, _, pattern = parse_board("X./.X")
    pressed = draw_board(rules, pattern, presses=True)
    assert styled(pressed)["██"] == PRESSED
    assert text_of(pressed) == text_of(draw_board(rules, pattern))  # the same text form
    three = Rules(2, 3, states=3)
    _, _, board = parse_board("120/002", states=3)
    drawn = draw_board(three, board)
    assert text_of(drawn) == "    a b c\n  1 1 2 .\n  2 . . 2"
    assert drawn.picture == "    a  b  c\n  1  1  2 ░░\n  2 ░░ ░░  2\n  1-2 light states  ░░ dark"


@given(st.integers(1, 7), st.integers(1, 7), st.data())
def test_blocks_read_back_as_the_board(rows: int, cols: int, data: st.DataObject) -> None:
    rules = Rules(rows, cols)
    board = bytes(data.draw(st.lists(st.integers(0, 1), min_size=rows * cols, max_size=rows * cols)))
    lines = draw_board(rules, board).picture.split("\n")[1:-1]  # the rows, without the letters and the key
    read = ["".join("X" if cell == "██" else "." for cell in re.findall("██|░░", line)) for line in lines]
    assert "/".join(read) == format_board(rules, board)


def test_boards_wider_than_any_terminal_are_text_only() -> None:
    wide = Rules(1, BLOCKS_MAX + 1)
    assert not isinstance(draw_board(wide, bytes(wide.cells)), Picture)


def test_solve_prints_blocks_in_a_terminal_and_text_with_plain(monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TUTOR_PLAIN", "0")  # whatever the shell running the tests says: not plain, until set below
    args = ["solve", "lightsout", "--size", "3x3", "--board", "X.X/.../X.X"]
    assert main(args) == 0
    plain = capsys.readouterr().out
    assert "█" not in plain and "Press: a1 c1 a3 c3\n" in plain
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(args) == 0
    shown = ESCAPE.sub("", screen.getvalue())
    assert "\x1b[" in screen.getvalue()
    assert "  1 ██ ░░ ██\n" in shown and "Press: a1 c1 a3 c3\n    a  b  c\n  1 ██ ░░ ██" in shown
    for quiet in (["--plain", *args], args):  # --plain, then TUTOR_PLAIN (set at the end of the first round)
        screen = Terminal()
        monkeypatch.setattr(sys, "stdout", screen)
        assert main(quiet) == 0
        assert screen.getvalue() == plain
        monkeypatch.setenv("TUTOR_PLAIN", "1")


def test_repl_solution_shows_the_press_grid_and_its_text() -> None:
    session = new_session()
    session.handle("/open lightsout-1")
    for _ in range(30):
        if session.step is not None and session.step.label == "presses":
            break
        session.handle("/next")
    session.handle("/solution")
    reply = session.handle("y")[0]
    assert isinstance(reply.body, Picture) and reply.text.startswith("A correct answer: ")
    presses = reply.text.split(": ", 1)[1]
    assert "\n" not in reply.text and "██" in reply.body.picture and presses in reply.body.picture
    screen = Terminal()
    render.show_terminal([reply], render.make_console(screen, width=80))
    assert "██" in screen.getvalue()
    assert "██" not in render.plain_text([reply]) and presses in render.plain_text([reply])
    assert any(r.kind == "ok" for r in session.handle(presses))  # the text form is the answer


# -- the coin table --------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, CIRCLE_MAX + 1))
def test_circle_places_are_distinct_clockwise_from_the_top(n: int) -> None:
    spots = places(n)
    assert len(set(spots)) == n
    assert all(abs(c1 - c2) >= 2 for i, (r1, c1) in enumerate(spots) for r2, c2 in spots[:i] if r1 == r2)
    if n >= 3:
        rows, cols = [r for r, _ in spots], [c for _, c in spots]
        centre = ((min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2)
        angles = [math.atan2(c - centre[1], centre[0] - r) % (2 * math.pi) for r, c in spots]  # clockwise from up
        assert spots[0][0] == 0 and angles == sorted(angles)


def read_circle(lines: list[str], left: int, right: int) -> str:
    """The faces of the circle drawn between columns left..right, in clockwise order from the top."""
    found = [(r, c, ch) for r, line in enumerate(lines) for c, ch in enumerate(line[left:right], left) if ch in "HT"]
    rows, cols = [r for r, _, _ in found], [c for _, c, _ in found]
    centre = ((min(rows) + max(rows)) / 2, (min(cols) + max(cols)) / 2)
    found.sort(key=lambda f: math.atan2(f[1] - centre[1], centre[0] - f[0]) % (2 * math.pi) - 1e-9 * f[0])
    return "".join(ch for _, _, ch in found)


def test_coin_counterexample_draws_the_start_and_final_tables() -> None:
    game = CoinGame(6)
    wrong = verdict(game, parse_coins("1, 12, 1", 6, 2))
    detail = wrong.detail
    assert isinstance(detail, Picture) and not wrong.correct
    first = detail.text.split("\n")[0]
    assert first.startswith("Start: ") and "at the start" not in detail.text  # the text form is unchanged
    start, final = wrong.data["counterexample"]["start"], wrong.data["counterexample"]["final"]
    lines = detail.picture.split("\n")
    assert lines[0] == first and lines[1].startswith("at the start    after 3 moves")
    body = lines[2:lines.index(next(line for line in lines if line.startswith("Position 0")))]
    split = lines[1].index("after")
    assert read_circle(body, 0, split) == start and read_circle(body, split, 80) == final
    underlined = [detail.picture[a:b] for a, b, style in detail.spans if "underline" in style]
    assert underlined == [start[0], final[0]]


def test_coin_circle_picture_is_pinned() -> None:
    drawn = tables("Start: TTTH.", [("at the start", "TTTH"), ("after 3 moves", "THHH")])
    assert text_of(drawn) == "Start: TTTH."
    assert drawn.picture == ("Start: TTTH.\n"
                             "at the start    after 3 moves\n"
                             "     T                T\n"
                             "   H   T            H   H\n"
                             "     T                H\n"
                             "Position 0 is underlined at the top; the others follow clockwise.")
    assert tables("Start: " + "H" * 25, [("start", "H" * 25)]) == "Start: " + "H" * 25  # too large: text only


# -- gods plans ------------------------------------------------------------------------------------------


def classic_plan() -> tuple[object, object]:
    u = universe()
    s = Solver(u)
    _, plan = s.shortest(3)
    assert plan is not None
    return plan_tree(s, plan), u


def test_gods_plan_tree_picture_is_pinned_and_reads_back() -> None:
    tree, u = classic_plan()
    drawn = draw_tree(tree, u)  # type: ignore[arg-type]
    assert drawn.text == format_tree(tree, u)  # type: ignore[arg-type]
    lines = drawn.picture.split("\n")
    assert lines[:5] == ["ask A: would you say ja to (B is Random)",
                         "├─ da: ask B: would you say ja to (A is Random)",
                         "│  ├─ da: ask A: would you say ja to (you are True)",
                         "│  │  ├─ da: A=False B=True C=Random",
                         "│  │  └─ ja: A=True B=False C=Random"]
    assert lines[-1] == "      └─ ja: A=Random B=True C=False" and len(lines) == 15
    assert parse_tree(drawn.picture, u) == tree  # type: ignore[arg-type]
    colours = styled(drawn)
    assert colours["da"] == "bold yellow" and colours["A=False B=True C=Random"] == "green"


def test_drawn_trees_read_with_holes_and_slips_named() -> None:
    u = universe()
    inline = "ask A: would you say ja to (B is Random)\n├─ da: ask B: would you say ja to (you are True)\n└─ ja: ?"
    tree = parse_tree(inline, u)
    assert tree.branches[0][1].branches == (("da", Hole()), ("ja", Hole()))  # type: ignore[union-attr]
    slip = "ask A: would you say ja to (B is Random)\n├─ yes: A=True B=False C=Random"
    with pytest.raises(TreeError, match=r"the gods answer 'da' or 'ja' here, not 'yes' at line 2, column 4"):
        parse_tree(slip, u)


def test_solve_gods_draws_the_tree_in_a_terminal_only(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("TUTOR_PLAIN", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    assert main(["solve", "gods"]) == 0
    plain = capsys.readouterr().out
    assert "├─" not in plain and "\nda:\n  ask B:" in plain
    screen = Terminal()
    monkeypatch.setattr(sys, "stdout", screen)
    assert main(["solve", "gods"]) == 0
    assert "\x1b[" not in screen.getvalue()  # NO_COLOR: the tree's lines, no colour
    assert "├─ da: ask B: would you say ja to (A is Random)" in screen.getvalue()


# -- rendering -------------------------------------------------------------------------------------------


def test_pictures_only_in_a_wide_enough_terminal() -> None:
    rules = Rules(3, 3)
    reply = Reply("board", draw_board(rules, bytes([1] * 9)))
    wide, narrow = Terminal(), Terminal()
    render.show_terminal([reply], render.make_console(wide, width=40))
    render.show_terminal([reply], render.make_console(narrow, width=10))
    assert "██" in wide.getvalue()
    assert "██" not in narrow.getvalue() and "X X X" in narrow.getvalue()  # too narrow: the text form
    assert render.plain_text([reply]) == reply.text


# -- progress on long commands ---------------------------------------------------------------------------


def test_a_long_command_shows_a_bar_that_fills_from_the_engines_reports(monkeypatch: pytest.MonkeyPatch) -> None:
    import time

    from tutor.commands import Working, working
    from tutor.puzzles import meter

    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with working("check coins", after=0.01):
        meter.report(3, 12)
        deadline = time.monotonic() + 10
        while "check coins" not in screen.getvalue() and time.monotonic() < deadline:
            time.sleep(0.01)
        meter.report(6, 12)
    assert "check coins" in screen.getvalue()
    meter.report(7, 12)  # after the command: nobody listens, nothing is drawn
    quiet = io.StringIO()  # not a terminal: never a bar
    monkeypatch.setattr(sys, "stderr", quiet)
    with Working("solve", after=0.0) as bar:
        bar.update(1, 2)
    assert quiet.getvalue() == "" and bar.bar is None
