"""Answering a step: judging, games played move by move, hints, and revealed solutions.

Every answer, hint and revealed solution is written to the progress store the
moment it happens.  Judging goes through ``tutor.judging``, the same as grading.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from tutor.course import Lesson, Step, fill
from tutor.errors import TutorError
from tutor.judging import explanation, judge, reference
from tutor.puzzles.play import LEARNER, Play
from tutor.session.state import Place, Reply, SessionState
from tutor.shown import Drawn, Markdown, Shown, join, text_of
from tutor.text import plural

COMPLETION_MOVES = 60  # legal moves offered to tab completion in a game


class Answering(SessionState):
    """The answering half of a session; navigation (``advance``) comes from the subclass."""

    def advance(self, remember: bool = True) -> list[Reply]:
        """Go to the next step (the Session implements it)."""
        raise NotImplementedError

    # -- what the shell needs ------------------------------------------------------------------

    @property
    def expected(self) -> str | None:
        """The answer kind the current step expects (None on say steps and outside lessons)."""
        step = self.step
        return step.answer if step is not None and step.is_question else None

    @property
    def multiline(self) -> bool:
        """Whether the current step's answer is written over several lines (ended by an empty line)."""
        step = self.step
        if self.pending_solution:  # the y/n of /solution is one line, whatever the step's answers are
            return False
        return step is not None and step.expects is not None and step.expects.multiline

    def completions(self) -> list[str]:
        """Moves or words worth completing for the current step."""
        step = self.step
        if step is None or step.expects is None:
            return []
        play = step.expects.play
        try:
            if play is not None and self.place.game is not None:
                state = self.place.game
                return [play.format_move(state, m) for m in list(play.legal_moves(state))[:COMPLETION_MOVES]]
            return step.expects.completions(step.game, step.expects.arguments(step.args), "")
        except TutorError:
            return []

    # -- games --------------------------------------------------------------------------------------

    def game_of(self, step: Step) -> Play[Any, Any, Any]:
        """The family's play rules for a play step."""
        assert step.expects is not None and step.expects.play is not None
        return step.expects.play

    def start_game(self, lesson: Lesson, step: Step) -> list[Reply]:
        """Set up the step's game, replaying the moves saved in progress; the board as a reply."""
        play = self.game_of(step)
        state = play.start(step.game, play.arguments(step.args), self.rng(step))
        played: list[str] = []
        for move in self.progress.game(lesson.id, step.index):
            self.history.append(replace(self.place, game=state, moves=len(played), played=tuple(played)))
            try:
                turn = play.play_text(state, move)
            except TutorError:
                break
            if play.terminal(turn.state):
                break
            state = turn.state
            played.append(move)
        self.place = replace(self.place, game=state, moves=len(played), played=tuple(played))
        out = []
        if played:
            restored = f"Your game so far is restored ({plural(len(played), 'move')}): {' '.join(played)}"
            out.append(Reply("info", restored))
        board = play.render(state)
        if board:
            out.append(Reply("board", board))
        return out

    def _play(self, lesson: Lesson, step: Step, text: str) -> list[Reply]:
        play = self.game_of(step)
        if self.place.over:
            return [Reply("info", "This game is over: /reset to play again, /undo to take back your last move.")]
        state = self.place.game
        if state is None:
            state = play.start(step.game, play.arguments(step.args), self.rng(step))
        try:
            turn = play.play_text(state, text)
        except TutorError as err:
            return [Reply("error", str(err))]
        finished = play.terminal(turn.state)
        self.remember()
        self.place = replace(self.place, game=turn.state, last_answer=text, moves=self.place.moves + 1,
                             played=(*self.place.played, text), over=finished)
        self.progress.save_game(lesson.id, step.index, [] if finished else list(self.place.played))
        out = [Reply("say", r) for r in turn.replies]
        out += self._misconception(step, " ".join(text.split()), text)
        seconds = self.clock() - self.shown_at
        if finished:
            won = play.winner(turn.state) == LEARNER
            self.progress.record_attempt(lesson.id, step.index, text, won, f"game {'won' if won else 'lost'}",
                                         seconds)
            if won or step.goal == "explore":
                return out + self._complete(lesson, step, "")
            return out + [Reply("wrong", "The game is over and you did not win it."),
                          Reply("info", "/reset to play again, /undo to take back moves, /hint for help.")]
        self.progress.record_attempt(lesson.id, step.index, text, False, "move", seconds)
        if step.goal == "explore" and self.place.moves >= step.explore:
            return out + self._complete(lesson, step, "")
        return out

    # -- answers ------------------------------------------------------------------------------------

    def answer(self, step: Step, text: str) -> list[Reply]:
        """The learner's answer to an ask step: judged, recorded, and explained if wrong."""
        lesson = self.lesson
        assert lesson is not None
        if step.plays:
            return self._play(lesson, step, text)
        seconds = self.clock() - self.shown_at
        assert step.expects is not None
        defined, rest = step.expects.definitions(text)
        known = "\n".join(d for d in (self.place.defined, defined) if d)
        if defined and not rest.strip():  # only definitions: checked, kept for the step's next answers
            try:
                step.expects.parse(step.game, known, step.expects.arguments(step.args))
            except TutorError as err:
                return [Reply("error", str(err))]
            self.remember()
            self.place = replace(self.place, defined=known)
            return [Reply("info", "Kept for this step: " + "; ".join(known.splitlines())
                          + ". Use the names in your answer.")]
        try:
            verdict = judge(step, f"{known}\n{rest}" if known else text)
        except TutorError as err:
            return [Reply("error", str(err))]
        self.progress.record_attempt(lesson.id, step.index, text, verdict.correct, verdict.summary, seconds)
        self.remember()
        self.place = replace(self.place, last_answer=text, defined=known)
        if verdict.correct:
            return self._complete(lesson, step, "" if step.success and step.computed else verdict.summary)
        out = [Reply("wrong", verdict.summary)]
        if verdict.detail:
            out.append(Reply("board", verdict.detail))
        out += self._misconception(step, verdict.canonical, text)
        out.append(Reply("info", "Try again, or /hint."))
        return out

    def _misconception(self, step: Step, canonical: str, text: str) -> list[Reply]:
        """The lesson's named misconception for this answer, if it declares one."""
        for mistake in step.mistakes:
            if mistake.matches(canonical, text):
                return [Reply("hint", fill(mistake.say, self.puzzle, step.game, step.args))]
        return []

    def _complete(self, lesson: Lesson, step: Step, summary: str) -> list[Reply]:
        self.progress.complete(lesson.id, step.index)
        out = []
        if summary:
            out.append(Reply("ok", summary))
        if step.success:
            out.append(Reply("ok", fill(step.success, self.puzzle, step.game, step.args)))
        elif not summary:
            out.append(Reply("ok", "Well done."))
        return out + self.advance(remember=False)  # one undo takes back the answer and the step change

    # -- hints and solutions --------------------------------------------------------------------------

    def ladder(self) -> list[Shown]:
        """The step's hint ladder: the lesson's hints (Markdown), then the engine's for where the learner is."""
        step = self.step
        assert step is not None
        puzzle = self.puzzle
        ladder: list[Shown] = [fill(h, puzzle, step.game, step.args) for h in step.hints]
        kind = step.expects
        if kind is None or step.computed:
            return ladder
        own = kind.arguments(step.args)
        if kind.play is not None and self.place.game is not None:
            return ladder + kind.play.hints(self.place.game)
        last = "\n".join(t for t in (self.place.defined, self.place.last_answer) if t)
        try:
            return ladder + kind.hints(step.game, own, last)
        except TutorError:
            return ladder + kind.hints(step.game, own, "")

    def keep_hint_level(self) -> None:
        """Set the hint ladder of the current step where progress says the learner left it."""
        lesson, step = self.lesson, self.step
        if lesson is not None and step is not None:
            level = max(self.place.hint_level, self.progress.hint_level(lesson.id, step.index))
            self.place = replace(self.place, hint_level=level)

    def hint(self) -> list[Reply]:
        """One more rung of the ladder."""
        lesson, step = self.lesson, self.step
        if lesson is None or step is None:
            return [Reply("info", "Open a lesson first: /lessons.")]
        if not step.is_question:
            return [Reply("info", "This step only explains: press Enter to go on.")]
        ladder = self.ladder()
        if not ladder:
            return [Reply("info", "There are no hints for this step. /solution reveals the answer.")]
        level = min(self.place.hint_level + 1, len(ladder))
        rung = ladder[level - 1]
        numbered = f"hint {level} of {len(ladder)}: "
        shown = Reply("hint", Markdown(numbered + rung.text) if isinstance(rung, Markdown)
                      else join([numbered, rung], ""))
        if self.place.hint_level >= len(ladder):
            return [shown, Reply("info", "That is the last hint. /solution reveals the answer.")]
        self.place = replace(self.place, hint_level=level)  # not an undo point: /undo takes back moves
        self.progress.record_hint(lesson.id, step.index, level)
        return [shown]

    def ask_solution(self) -> list[Reply]:
        """/solution asks before revealing."""
        step = self.step
        if step is None or not step.is_question:
            return [Reply("info", "There is no question here to reveal.")]
        self.pending_solution = True
        return [Reply("info", "Reveal the solution? It is recorded in your progress. (y/n)")]

    def reveal(self) -> list[Reply]:
        """The answer, recorded in progress; mid-game, the moves that win from here."""
        lesson, step = self.lesson, self.step
        assert lesson is not None and step is not None
        self.progress.record_solution(lesson.id, step.index)
        answer = self.solution_text(lesson, step)
        if step.plays and self.place.game is not None and self.place.moves:
            now = self.game_of(step).solution(self.place.game)
            if now is not None:
                return [Reply("hint", f"From here, this wins: {now}"),
                        Reply("info", "Type it in (moves may go on one line) to finish the step.")]
            if answer is not None:
                return [Reply("hint", f"From the start, this wins: {answer}"),
                        Reply("info", "Your game cannot be won as it stands: /reset and type it in.")]
        if answer is None:
            return [Reply("info", "There is no winning answer here: that is the point of this step. "
                                  "Say so in your own words, or /next.")]
        why = explanation(step)
        tree = "\n" in text_of(answer)  # a plan: a tree
        shown = ([Reply("hint", "A correct answer:"), Reply("board", answer)] if tree
                 else [Reply("hint", join(["A correct answer: ", answer], sep=""))])  # a press list keeps its grid
        return [*shown, *([Reply("board", why)] if why else []),
                Reply("info", "Type it in (or your own) to complete the step.")]

    @staticmethod
    def solution_text(lesson: Lesson, step: Step) -> Drawn | None:
        """The correct answer for a step, computed by the engine (authored reference first)."""
        return reference(step)

    def fresh_place(self) -> Place:
        """The current step with nothing done yet."""
        return Place(self.place.lesson, self.place.step)
