"""Test helpers: a Session over the bundled lessons, and answers computed by the engines."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

from tutor.authoring import rehearse
from tutor.cli import main
from tutor.course import Catalog, Lesson, Step, load_catalog
from tutor.course.steps import Computed
from tutor.progress import Progress
from tutor.screen.shown import text_of
from tutor.session import Reply, Session
from tutor.storage.clock import Clock, system


@cache
def bundled() -> Catalog:
    """The bundled course, loaded once per test process, so that its lessons build their steps once whichever
    module asks (a test that changes what a catalogue holds loads its own)."""
    return load_catalog()


def new_session(db: Path | None = None, lessons: list[str] | None = None, clock: Clock = system) -> Session:
    """A Session over the bundled lessons with a fresh progress store (in memory by default) on ``clock`` (a
    ``Stopped`` one the test moves, for what ``TUTOR_NOW`` does to the command)."""
    return Session(load_catalog(lessons) if lessons else bundled(), Progress(db, clock=clock))


def correct_answer(lesson: Lesson, step: Step) -> str:
    """The engine's correct answer for an ask step (never typed into a test)."""
    answer = step.reference()
    assert answer is not None, f"{lesson.id} {step.key} has no computed answer"
    return text_of(answer)


def text(replies: list[Reply]) -> str:
    """All replies as one string."""
    return "\n".join(r.text for r in replies)


def session_at(lesson_id: str, title: str) -> tuple[Session, Step]:
    """A fresh session standing on the step of ``lesson_id`` called ``title``, and that step."""
    session = new_session()
    session.handle(f"/open {lesson_id}")
    step = next(s for s in bundled().find(lesson_id).steps if s.title == title)
    for _ in range(step.index):
        session.handle("/next")
    return session, step


def said(session: Session, line: str) -> str:
    """Everything the session replies to ``line``, as one text."""
    return "\n".join(text_of(r.text) for r in session.handle(line))


def play_through(session: Session, lesson: Lesson) -> list[Reply]:
    """Answer every step of ``lesson`` correctly through ``handle`` (what each step says makes progress: its
    reference answer, Enter, legal moves to explore); returns every reply."""
    out = session.handle(f"/open {lesson.id}")
    for _ in range(len(lesson.steps) * 3):
        step = session.step
        if step is None or session.place.lesson != lesson.id:
            break
        rehearsal = rehearse(session)
        for _, replies in rehearsal.exchanges:
            out += replies
        assert not rehearsal.problem, f"{lesson.id} {step.key}: {rehearsal.problem}: {text(out[-4:])}"
        if step.index == len(lesson.steps) - 1:
            break
    return out


def quantity_name(step: Step) -> str | None:
    """The quantity a computed step asks for (None on other steps)."""
    return step.computes.name if isinstance(step, Computed) else None


def run_tutor(*args: str, stdin: str | None = None, env: dict[str, str] | None = None
              ) -> subprocess.CompletedProcess[str]:
    """``tutor ARGS`` run by ``tutor.cli.main`` in this process, as a finished process: its exit status and what
    it wrote to each stream.  What the command reads (standard input, the environment) is its own, and the
    environment is put back afterwards.  A few tests per family still start the installed command for real
    (tests/test_end_to_end.py, the ``script`` runs); the rest need not pay for a new Python each time."""
    saved_env, saved = dict(os.environ), (sys.stdin, sys.stdout, sys.stderr)
    out, err = io.StringIO(), io.StringIO()
    try:
        os.environ.update(env or {})
        sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin or ""), out, err
        try:
            code = main(list(args))
        except SystemExit as done:  # --help and --version end the way argparse ends them
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 2)
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
        for name in set(os.environ) - set(saved_env):  # only what changed: a process started meanwhile on
            del os.environ[name]                       # another thread must never see an emptied environment
        for name, value in saved_env.items():
            if os.environ.get(name) != value:
                os.environ[name] = value
    return subprocess.CompletedProcess(["tutor", *args], code, out.getvalue(), err.getvalue())
