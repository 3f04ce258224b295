"""What a learner reads: lesson Markdown and engine text wrapped at the terminal width, with no escape codes in
plain mode, at 60 and 120 columns, for every bundled lesson played through."""

from __future__ import annotations

import io
import re

import pytest
from helpers import new_session, play_through

from tests.helpers import bundled
from tutor.screen import render
from tutor.screen.shown import Markdown
from tutor.session import Reply
from tutor.settings import Settings
from tutor.shell.repl import run_plain

CATALOG = bundled()


@pytest.fixture(scope="module")
def transcripts() -> dict[str, list[Reply]]:
    return {lesson.id: play_through(new_session(), lesson) for lesson in CATALOG.ordered()}


BROKEN = re.compile(r"\(\d+,$|(?<=[\w)]) (?:[+*/=<]|XOR)$")  # a position or formula cut at the line's end


@pytest.mark.parametrize("width", [60, 100, 120])
def test_no_line_is_wider_than_the_terminal(width: int, transcripts: dict[str, list[Reply]]) -> None:
    for lesson_id, replies in transcripts.items():
        shown = render.plain_text(replies, width)
        assert "\x1b" not in shown
        wide = [line for line in shown.splitlines() if len(line) > width]
        assert not wide, f"{lesson_id} at {width} columns: {wide[:3]}"
        broken = [line for line in shown.splitlines() if BROKEN.search(line.strip())]
        assert not broken, f"{lesson_id} at {width} columns, a tuple or formula broken: {broken[:3]}"


def test_markdown_is_rendered_not_shown_literally() -> None:
    shown = render.plain_text([Reply("say", Markdown("A *doubled* table: `tutor solve coins --coins 16`."))], 80)
    assert shown == "A doubled table: 'tutor solve coins --coins 16'."  # a code span is quoted in plain mode


def test_short_groups_never_break_across_lines() -> None:
    """A position, a formula or a short question stays on one line however narrow the terminal."""
    text = "From " + "the position (6, 10) one move reaches (3, 5), and floor(k / phi) is A_k; " * 4
    for width in (24, 31, 40, 60):
        for body in (Markdown(text), text):
            shown = render.plain_text([Reply("say", body)], width)
            for group in ("(6, 10)", "(3, 5)", "floor(k / phi)"):
                assert shown.count(group) == 4, (width, shown)
    assert render.GLUE not in render.plain_text([Reply("say", Markdown(text))], 30)


def test_words_are_never_cut_at_the_edge() -> None:
    words = "every losing position (12, 20) has an unknown language and presses on 5x5 boards " * 3
    for reply in (Reply("info", words), Reply("say", Markdown(words))):
        lines = render.plain_text([reply], 30).splitlines()
        assert all(len(line) <= 30 for line in lines)
        assert " ".join(" ".join(lines).split()) == " ".join(words.split())  # every word whole, in order


def test_engine_tables_keep_their_layout() -> None:
    table = "classes:\n  HHHH  0\n  HHHT  1"
    assert render.plain_text([Reply("board", table)], 40) == table


def test_plain_mode_wraps_to_columns() -> None:
    widths = []
    for columns in ("60", "not a number"):
        out = io.StringIO()
        run_plain(new_session(), io.StringIO("1\n\n/quit\n"), out, width=Settings.read({"COLUMNS": columns}).width)
        widths.append(max(len(line) for line in out.getvalue().splitlines()))
        assert "\x1b" not in out.getvalue()
    assert widths[0] <= 60 < widths[1] <= 80  # COLUMNS, else 80


def test_no_color_turns_colour_off() -> None:
    assert render.make_console(io.StringIO(), color=Settings.read({"NO_COLOR": "1"}).color).no_color
    assert not render.make_console(io.StringIO(), color=Settings.read({}).color).no_color


def test_engine_table_rows_become_a_table() -> None:
    reply = Reply("board", "Still possible:\n| table | class |\n|---|---|\n| HHHT | 1 |\n| HTHT | 2 |\nso 2 remain")
    lines = render.plain_text([reply], 60).splitlines()
    assert lines[0] == "Still possible:" and lines[-1] == "so 2 remain"
    assert [line.split() for line in lines[1:-1] if line.strip("─- ")] == [["table", "class"], ["HHHT", "1"],
                                                                           ["HTHT", "2"]]
    assert "|" not in render.plain_text([reply], 60)  # the pipes are markup, not text
    ascii_only = render.plain_text([reply], 60, unicode=False)
    assert ascii_only.isascii() and "HTHT" in ascii_only


def test_an_ascii_stream_gets_ascii_lists() -> None:
    shown = render.plain_text([Reply("say", Markdown("- one\n- two"))], 40, unicode=False)
    assert shown.isascii() and "- one" in shown
