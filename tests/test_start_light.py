"""What the tutor's start leaves for later (issue 32.1): nothing heavy before the first prompt.

The start lists the lessons from the catalogue cache, so it must not import the step classes, the puzzle protocol,
the engines' libraries (numpy, sympy, lark) or ``importlib.metadata``; and the background warm-up of those
libraries begins only once the first prompt is drawn, never while it is being drawn.  These are the structural
causes of a slow start, checked here; the times themselves are measured by ``python -m tutor.bench startup``.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable

import pytest
from prompt_toolkit.application.current import get_app
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.helpers import new_session
from tutor.shell import idle, repl

HEAVY = ("tutor.course.steps", "tutor.course.template", "tutor.puzzles.base", "tutor.puzzles.answers", "numpy",
         "sympy", "lark", "importlib.metadata")

START = """
import sys
from argparse import Namespace
from tutor.shell.repl import make_session
from tutor.settings import Settings
session = make_session(Namespace(lessons=[], seed=None, learner=None), Settings.read())
screen = session.start(None)
assert any("coins-1" in str(reply.text) for reply in screen), screen
print(" ".join(name for name in {heavy!r} if name in sys.modules))
"""


def start_imports(home: str) -> set[str]:
    """The heavy modules imported by the start (the session made and its first screen) in a fresh process."""
    run = subprocess.run([sys.executable, "-c", START.format(heavy=HEAVY)], capture_output=True, text=True,
                         env={"TUTOR_HOME": home, "PATH": "/usr/bin:/bin"}, timeout=120, check=True)
    return set(run.stdout.split())


def test_the_start_from_the_catalogue_cache_imports_nothing_heavy(tmp_path) -> None:
    first = start_imports(str(tmp_path))  # no cache yet: every lesson file is parsed (and the cache written)
    assert "tutor.course.steps" in first and "tutor.puzzles.base" in first  # the check can see them
    assert (tmp_path / "catalog-cache.json").is_file()
    assert start_imports(str(tmp_path)) == set()


def test_a_lesson_opened_after_a_light_start_works(tmp_path) -> None:
    from argparse import Namespace

    from tutor.settings import Settings

    repl.make_session(Namespace(seed=None, learner=None), Settings(home=tmp_path))  # writes the cache
    session = repl.make_session(Namespace(seed=None, learner=None), Settings(home=tmp_path))  # lists from it
    assert (tmp_path / "catalog-cache.json").is_file()
    replies = session.handle("/open coins-1")
    assert "Two coins" in " ".join(str(r.text) for r in replies)
    assert session.step is not None and session.lesson is not None and session.lesson.id == "coins-1"


@pytest.fixture
def counted_warm_up(monkeypatch):
    """``warm_up`` replaced by a recorder of how many renders the application had done when it was called."""
    calls: list[int] = []
    warming: list[object] = []
    monkeypatch.setattr(idle, "_WARMING", warming)

    def warm_up() -> None:
        calls.append(get_app().render_counter)
        warming.append(object())  # what the real one keeps: the thread started

    monkeypatch.setattr(idle, "warm_up", warm_up)
    return calls


def test_the_warm_up_starts_after_the_first_prompt_is_drawn_and_once(counted_warm_up):
    with create_pipe_input() as pipe:
        pipe.send_text("/lessons\r/quit\r")
        repl.run_terminal(new_session(), None, input=pipe, output=DummyOutput(), emit=lambda replies: None)
    assert counted_warm_up and min(counted_warm_up) >= 1, counted_warm_up  # never before the first render
    assert len(counted_warm_up) == 1


def typed(lines: list[str], read: Callable[[int], bool] = lambda typed: True) -> None:
    """The terminal REPL fed ``lines``, each once ``read(number of lines typed before it)`` holds (a learner who
    reads the screen first; 30 s at most); it must end as ``/quit`` ends it."""
    ended: list[object] = []

    def shell() -> None:
        try:
            ended.append(repl.run_terminal(new_session(), None, input=pipe, output=DummyOutput(),
                                           emit=lambda replies: None))
        except BaseException as error:  # reported by the assertion below, not lost in the thread
            ended.append(error)

    with create_pipe_input() as pipe:
        thread = threading.Thread(target=shell, daemon=True)
        thread.start()
        for count, line in enumerate(lines):
            deadline = time.monotonic() + 30
            while not read(count) and time.monotonic() < deadline:
                time.sleep(0.01)
            pipe.send_text(line + "\r")
        thread.join(timeout=60)
    assert ended == [0], ended


def test_the_garbage_is_collected_while_each_later_prompt_waits(counted_warm_up, monkeypatch):
    tidied: list[int] = []
    monkeypatch.setattr(idle, "tidy", lambda: tidied.append(get_app().render_counter))
    monkeypatch.setattr(idle, "READING", 0.01)
    typed(["/lessons", "/help", "/quit"], read=lambda count: len(counted_warm_up) + len(tidied) > count)
    assert len(counted_warm_up) == 1 and len(tidied) == 2  # the first prompt warms up, the two after it tidy
    assert all(count >= 1 for count in tidied)  # once the prompt is drawn, not before
    tidied.clear()
    monkeypatch.setattr(idle, "READING", 30.0)
    typed(["/lessons", "/help", "/quit"])  # typed ahead: each prompt ends before its reading time does
    assert tidied == []  # no prompt waited its reading time
    waits = iter([False, True, False, True, True])  # plain mode: only while no line waits
    monkeypatch.setattr(idle, "warm_up", lambda: None)
    monkeypatch.setattr(idle, "tidy", lambda: tidied.append(1))
    repl.run_plain(new_session(), io.StringIO("/lessons\n/help\n/help\n/help\n/quit\n"), io.StringIO(),
                   waiting=lambda: next(waits, False))
    assert len(tidied) == 2  # the first wait warmed up; two later waits tidied


def test_plain_mode_warms_up_while_it_waits_for_a_line_never_while_lines_wait_for_it(monkeypatch) -> None:
    """Piped input written ahead has no reading time to use: the warm-up would only compete with the answers."""
    started: list[int] = []
    monkeypatch.setattr(idle, "warm_up", lambda: started.append(1))
    lines = "/open coins-1\n\n\n7\n7\n/quit\n"
    repl.run_plain(new_session(), io.StringIO(lines), io.StringIO(), waiting=lambda: False)
    assert started == []
    waits = iter([False, False, True, True])  # the third line is not there yet: the learner is reading
    repl.run_plain(new_session(), io.StringIO(lines), io.StringIO(), waiting=lambda: next(waits, True))
    assert started == [1]  # once


def test_input_ready_tells_a_pipe_written_ahead_from_one_waiting_for_a_line() -> None:
    read, write = os.pipe()
    with os.fdopen(read, "r") as reader, os.fdopen(write, "w") as writer:
        assert not repl.input_ready(reader)
        writer.write("7\n")
        writer.flush()
        assert repl.input_ready(reader)
    assert repl.input_ready(io.StringIO("7\n"))  # no descriptor: held in memory, all of it there


def test_help_imports_no_typing_and_no_puzzle_code(tmp_path) -> None:
    """``tutor --help`` is measured against a bare Python start: it imports neither ``typing`` (a tenth of its time:
    the modules on its path say ``TYPE_CHECKING = False``) nor any puzzle, and builds no parser it does not print."""
    script = ("import sys, runpy\nsys.argv = ['tutor', '--help']\ntry:\n"
              "    runpy.run_module('tutor', run_name='__main__')\nexcept SystemExit:\n    pass\n"
              "print('MODULES', ' '.join(sorted(sys.modules)))")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True,
                         env={"TUTOR_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"})
    assert "usage: tutor" in run.stdout
    modules = set(run.stdout.split("MODULES", 1)[1].split())
    assert "tutor.cli" in modules  # the check sees what the help imported
    assert not {"typing", "tutor.puzzles", "tutor.course", "dataclasses"} & modules
    from tutor.arguments import build_parser

    parsers = build_parser(["--help"])._subparsers._group_actions[0].choices
    assert "lint" in parsers and all(parser.idle for parser in parsers.values())
    parsers = build_parser(["lint", "--format", "json"])._subparsers._group_actions[0].choices
    assert not parsers["lint"].idle and parsers["solve"].idle


def test_the_warm_up_builds_every_notation_and_the_proof_a_first_open_would_pay_for() -> None:
    """What the warm-up does in the background: every family loaded and warmed (Wythoff's sympy proof), and every
    learner language's parser built, so that opening any lesson afterwards builds no grammar."""
    from tutor import grammar
    from tutor.puzzles.wythoff.theory import _paragraphs

    idle.warm_languages()
    assert grammar.LANGUAGES and all(language._parser is not None for language in grammar.LANGUAGES)
    assert _paragraphs.cache_info().currsize >= 1
    session = new_session()
    for lesson in session.catalog.ordered():
        session.handle(f"/open {lesson.id}")
    assert grammar.build_all() == 0  # no lesson made a language the warm-up did not build


def test_what_the_warm_up_loaded_is_kept_out_of_the_collector_s_full_passes(monkeypatch) -> None:
    """The libraries and grammars stay for the session: frozen (once they are all loaded), a full collection does not
    walk them again."""
    import gc

    from tutor import grammar

    frozen: list[tuple[bool, bool]] = []
    monkeypatch.setattr(idle, "_WARMING", [])
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(
        ("sympy" in sys.modules, all(language._parser is not None for language in grammar.LANGUAGES))))
    idle.warm_up().join()
    assert frozen == [(True, True)]  # once, after sympy and every grammar were loaded
