"""Hypothesis stateful test: random command and answer sequences never break the Session.

Lessons of every family are opened; answers are random text, moves the engine
calls legal, and the engine's own correct answers, so whole lessons get played.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.helpers import new_session
from tutor.course.steps import Game
from tutor.screen.shown import text_of
from tutor.session import Reply

COMMANDS = ["/help", "/lessons", "/next", "/back", "/show", "/hint", "/undo", "/reset", "/solution",
            "/progress", "", "y", "n", "/open 1", "/open 2", "/open 3", "/open 4", "/open coins-2", "/bogus"]
ANSWERS = ["0123", "02", "01", "0", "012", "3", "5", "15", "yes", "no", "1", "2", "0193", "{0, 2}",
           "x.x.", "let D = 0 01\nD", "01 0 01", "??", "-"]


SESSION = new_session()
LESSONS = [lesson.id for lesson in SESSION.catalog.ordered()]


class SessionMachine(RuleBasedStateMachine):
    """Drive one Session with random lines; check its invariants after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.session = new_session()
        self.session.start()
        self.done = 0

    @rule(lesson=st.sampled_from(LESSONS))
    def open_lesson(self, lesson: str) -> None:
        self._send(f"/open {lesson}")

    @precondition(lambda self: self.session.step is not None and self.session.step.required
                  and not self.session.ladder.asking)
    @rule(data=st.data())
    def answer_right_or_move(self, data: st.DataObject) -> None:
        """The engine's correct answer, or a legal move in a game (every family's lessons get played)."""
        session = self.session
        step = session.step
        lesson = session.lesson
        assert step is not None and lesson is not None
        if isinstance(step, Game) and session.place.state.position is not None and not session.place.state.over:
            play = step.rules
            moves = list(play.legal_moves(session.place.state.position))
            if moves:
                self._send(play.format_move(session.place.state.position, data.draw(st.sampled_from(moves))))
            return
        answer = step.reference()
        if answer is not None and not isinstance(step, Game):
            before = step.index
            replies = self._send(text_of(answer))
            assert session.step is None or session.step.index != before or before == len(lesson.steps) - 1, \
                [r.text for r in replies]

    def _send(self, line: str) -> list[Reply]:
        replies = self.session.handle(line)
        assert isinstance(replies, list) and all(isinstance(r, Reply) for r in replies)
        assert all(r.text is not None for r in replies)
        return replies

    @rule(line=st.sampled_from(COMMANDS))
    def command(self, line: str) -> None:
        self._send(line)

    @rule(line=st.sampled_from(ANSWERS))
    def answer(self, line: str) -> None:
        self._send(line)

    @rule(line=st.text(max_size=12))
    def anything(self, line: str) -> None:
        self._send(line)

    @precondition(lambda self: not self.session.ladder.asking)
    @rule(line=st.sampled_from(ANSWERS + COMMANDS[:12]))
    def undo_restores(self, line: str) -> None:
        before = self.session.place
        depth = len(self.session.history)
        self._send(line)
        if len(self.session.history) > depth:  # the line changed the state: undo must restore it
            self._send("/undo")  # the place comes back; help had on the item is never taken back with it
            after = self.session.place
            assert replace(after, aids=()) == replace(before, aids=()) and set(before.aids) <= set(after.aids)

    @invariant()
    def progress_never_goes_backwards(self) -> None:
        total = sum(len(self.session.progress.completed(lesson)) for lesson in self.session.catalog.lessons)
        assert total >= self.done
        self.done = total

    @invariant()
    def place_is_valid(self) -> None:
        lesson = self.session.lesson
        if lesson is not None:
            assert 0 <= self.session.place.step < len(lesson.steps)


SessionMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
TestSession = SessionMachine.TestCase
