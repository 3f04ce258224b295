"""``Game``: a game played move by move against the computer or the Devil, to win or to explore."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from tutor.course.schema import COMPUTED, PLAY, GameFile
from tutor.course.steps.base import Claim, Context, Entered, Outcome
from tutor.course.steps.build import Setting
from tutor.course.steps.kinds import register
from tutor.course.steps.question import Asked, Question
from tutor.course.steps.screen import screened
from tutor.errors import LessonError, TutorError
from tutor.limits import EXPLORE_MOVES
from tutor.progress.events import Attempt, Event, GameMoves
from tutor.puzzles.answers import Rung
from tutor.puzzles.base import Puzzle
from tutor.puzzles.play import LEARNER, OPPONENT, Play
from tutor.screen.shown import Reply, Shown, join, text_of
from tutor.screen.text import plural

COMPLETION_MOVES = 60  # legal moves offered to tab completion
STUCK = re.compile(r"(?:i ?)?(?:give up|gave up|(?:am|'m) stuck|stuck|(?:don'?t|do not) know|(?:have )?no idea|idk"
                   r"|help(?: me)?|what now|what do i do)[.!?]*")  # what a learner at a loss types instead of a move


class Goal(StrEnum):
    """When a game step is complete: when the learner wins, or after ``explore`` moves."""

    WIN = "win"
    EXPLORE = "explore"


@dataclass(frozen=True)
class Playing(Asked):
    """A game step's state: its position (None before the game starts), the moves played (as typed, so a resumed
    game is replayed) and whether it is over (lost: moves are refused until /reset or /undo).  Moves are no whole
    answer: ``last`` stays blank."""

    position: Any = field(default=None, kw_only=True)
    played: tuple[str, ...] = field(default=(), kw_only=True)
    over: bool = field(default=False, kw_only=True)
    trail: tuple[Any, ...] = field(default=(), kw_only=True)  # the position before each move played


@register
@dataclass(frozen=True)
class Game(Question[Playing]):
    """The family's ``Play`` from the step's game and settings; complete on a win, or after ``explore`` moves."""

    model = GameFile
    claim = Claim("answer", (PLAY,))
    play: Play[Any, Any, Any] = field(kw_only=True)
    goal: Goal = Goal.WIN
    explore: int = 0
    meter: bool = False  # say after each move whether a sure win is still in reach

    @classmethod
    def screen(cls, file: Any, where: str) -> None:
        """Declared mistakes, and the number of moves an explore step asks for."""
        super().screen(file, where)
        if file.explore is not None:
            EXPLORE_MOVES.check(file.explore, f"{where}.explore: {file.explore:,} moves")

    @classmethod
    def build(cls, file: GameFile, setting: Setting) -> tuple[Game, set[str]]:
        """A game step: the puzzle has play; ``explore`` moves exactly when the goal is to explore."""
        puzzle, where = setting.puzzle, setting.where
        if puzzle.play is None:
            kinds = ", ".join((*COMPUTED, *puzzle.kind_names()))
            raise LessonError(f"{where}.answer: 'play' is not an answer kind of puzzle {puzzle.name!r} "
                              f"(known: {kinds})")
        goal = Goal(file.goal or Goal.WIN)
        if file.explore is not None and goal is not Goal.EXPLORE:
            raise LessonError(f"{where}.explore: 'explore' needs goal = \"explore\"")
        if goal is Goal.EXPLORE and not file.explore:
            raise LessonError(f"{where}.explore: an explore step needs the number of moves to make (>= 1)")
        explore = file.explore or 0
        if goal is Goal.EXPLORE:
            EXPLORE_MOVES.check(explore, f"{where}.explore: {explore:,} moves")
        kind = puzzle.kind(PLAY)
        game = setting.game()
        fields, used = cls.fields(file, setting, game, PLAY, kind.args)
        return cls(**fields, kind=kind, given=file.reference, play=puzzle.play, goal=goal, explore=explore,
                   meter=bool(file.meter)), used

    @property
    def rules(self) -> Play[Any, Any, Any]:
        """The family's play rules."""
        return self.play

    def blank(self) -> Playing:
        """No game started yet."""
        return Playing()

    def start(self, rng: random.Random) -> Any:
        """A fresh position (a random start drawn from ``rng`` where the settings ask for one)."""
        return self.rules.start(self.game, self.rules.arguments(self.args), rng)

    def enter(self, context: Context) -> Entered:
        """A fresh game, with the moves saved in progress replayed (each an undo point)."""
        play = self.rules
        position = self.start(context.rng)
        played: list[str] = []
        trail: list[Any] = []
        earlier: list[Playing] = []
        for move in context.saved:
            earlier.append(Playing(position=position, played=tuple(played), trail=tuple(trail)))
            try:
                turn = play.play_text(position, move)
            except TutorError:
                break
            if play.terminal(turn.state):
                break
            trail.append(position)
            position = turn.state
            played.append(move)
        state = Playing(position=position, played=tuple(played), trail=tuple(trail))
        replies = [*self.show(state)]
        if played:
            replies.insert(1, Reply.info(f"Your game so far is restored ({plural(len(played), 'move')}): "
                                         f"{' '.join(played)}"))
        return Entered(state, replies, tuple(earlier[: len(played)]))

    def show(self, state: Playing) -> list[Reply]:
        """The question and the board."""
        shown = super().show(state)
        if state.position is not None:
            board = self.rules.render(state.position)
            if text_of(board):
                shown.append(Reply.board(board))
        return shown

    def respond(self, state: Playing, text: str, context: Context) -> Outcome[Playing]:
        """A line of moves, answered as played (``reply_to``), and screened by the reply builder: while the game
        goes on, no reply tells how to win from the position now on screen (the family's ``Play.gives_away``), nor
        writes out the step's whole winning line; the hint ladder keeps those for its last rung."""
        outcome = self.reply_to(state, text, context)
        after = outcome.state
        if outcome.done or after is None or after.over or after.position is None:
            return outcome
        position = after.position

        def check(said: str, learner: str) -> str | None:
            return self.rules.gives_away(position, said) or self.gives_away(said, learner)

        return replace(outcome, replies=screened(outcome.replies, text, "", check))

    def reply_to(self, state: Playing, text: str, context: Context) -> Outcome[Playing]:
        """One line of moves: played, answered by the opponent, recorded; done on a win (or enough moves)."""
        if not text.strip():
            return Outcome([Reply.info("Type your move, or /hint.")])
        now = state if state.position is not None else Playing(position=self.start(context.rng))
        if now.over:
            return Outcome([Reply.info("This game is over: /reset to play again, /undo to take back your last move.")])
        if STUCK.fullmatch(" ".join(text.lower().replace("’", "'").split())):  # "I give up" is no move to refuse
            return Outcome([Reply.info("Stuck? /hint shows a way on, one rung at a time; /solution shows moves that "
                                       "win from here; /reset starts the game again.")])
        play = self.rules
        try:
            turn = play.play_text(now.position, text)
        except TutorError as err:
            return Outcome([Reply.error(str(err))])
        finished = play.terminal(turn.state)
        after = Playing(position=turn.state, played=(*now.played, text), over=finished,
                        trail=(*now.trail, now.position))
        replies = [Reply.say(r) for r in turn.replies] + self.misconception(" ".join(text.split()), text)
        on_track = play.meter(turn.state) if self.meter and not finished else None
        replies += [Reply.info(on_track)] if on_track else []
        replies += [Reply.hint(r) for r in play.hindsight((*after.trail, turn.state))] if finished else []
        saved = GameMoves(context.lesson, self.index, () if finished else after.played)
        if not finished:
            attempt = Attempt(context.lesson, self.index, text, False, "move", context.seconds, hint=context.hint,
                              revealed=context.revealed, variant=context.variant, judged=False)  # not a try
            explored = self.goal is Goal.EXPLORE and len(after.played) >= self.explore
            return Outcome(replies + (self.praise("") if explored else []), after, (saved, attempt), done=explored)
        won = play.winner(turn.state) == LEARNER
        attempt = Attempt(context.lesson, self.index, text, won, f"game {'won' if won else 'lost'}", context.seconds,
                          skills=self.skills(), hint=context.hint, revealed=context.revealed, variant=context.variant)
        if won or (self.goal is Goal.EXPLORE and len(after.played) >= self.explore):
            return Outcome(replies + self.praise(""), after, (saved, attempt), done=True)
        if self.goal is Goal.EXPLORE:  # over before the moves the step asks for: not done, as the step says
            return Outcome([*replies, Reply.info(f"The game is over after {plural(len(after.played), 'move')} of "
                                                 f"yours; this step asks for {self.explore}. /reset to play again "
                                                 "and make the game last.")], after, (saved, attempt))
        return Outcome([*replies, Reply.wrong("The game is over and you did not win it."),
                        Reply.info("/reset to play again, /undo to take back moves, /hint for help.")],
                       after, (saved, attempt))

    def gives_away(self, text: str, learner: str = "") -> str | None:
        """A game's answer is its whole winning line: given away when written out whole (one move's ``F,S`` is no
        position a reply may name)."""
        answer = self.reference()
        line = " ".join(text_of(answer).split()) if answer is not None else ""
        return f"the whole winning line {line!r}" if len(line.split()) >= 2 and line in " ".join(text.split()) else None

    def ladder(self, state: Playing) -> list[Rung]:
        """The author's hints and the engine's for the position on the board, in order of what they tell."""
        if state.position is None:
            kind = self.answer_kind
            return self.merged(kind.hints(self.game, kind.arguments(self.args), ""), state)
        return self.merged(self.rules.hints(state.position), state)

    def ladder_restarts(self, before: Playing, after: Playing) -> bool:
        """A move changes the position on screen: its hints start again from the first rung."""
        return before.played != after.played

    def told(self, state: Playing) -> Shown | None:
        """The moves that win from here (from the start before any move); None when none do."""
        if state.position is not None and state.played:
            now = self.rules.solution(state.position)
            return None if now is None else join(["From here, this wins: ", now], sep="")
        answer = self.reference()
        return None if answer is None else join(["This wins from the start: ", answer], sep="")

    def reveal(self, state: Playing, answered: str | None = None) -> list[Reply]:
        """Mid-game, the moves that win from here (or from the start, when this game cannot be won); before a move,
        as any question (typing the answer in does ``answered``)."""
        answer = self.reference()
        if state.position is not None and state.played:
            now = self.rules.solution(state.position)
            if now is not None:
                return [Reply.hint(f"From here, this wins: {text_of(now)}"),
                        Reply.info("Type it in (moves may go on one line) to finish the step.")]
            if answer is not None:
                return [Reply.hint(f"From the start, this wins: {text_of(answer)}"),
                        Reply.info("Your game cannot be won as it stands: /reset and type it in.")]
        return super().reveal(state, answered)

    def completions(self, state: Playing) -> list[str]:
        """The legal moves now."""
        if state.position is None:
            return super().completions(state)
        play = self.rules
        try:
            moves = list(play.legal_moves(state.position))[:COMPLETION_MOVES]
            return [play.format_move(state.position, m) for m in moves]
        except TutorError:
            return []

    def persist(self, state: Playing, context: Context) -> tuple[Event, ...]:
        """The moves of this game, so the store holds the game as it now stands."""
        played = () if state.over else state.played
        return (GameMoves(context.lesson, self.index, played),)

    def sample(self, state: Playing, seed: int) -> str | None:
        """To win: the reference line (or, mid-game, the line that wins from here); to explore: a legal move."""
        if self.goal is Goal.EXPLORE and self.given is None:
            return self.legal_move(state, seed)
        if state.played:
            now = self.rules.solution(state.position)
            return None if now is None else text_of(now)
        return super().sample(state, seed)

    def legal_move(self, state: Playing, seed: int) -> str | None:
        """A legal move from the current position, drawn with ``seed`` (one the rules accept), and one that does not
        lose the game at once where there is one: an explore step asks for several moves."""
        play = self.rules
        position = state.position if state.position is not None else self.start(random.Random(0))
        moves = [play.format_move(position, m) for m in play.legal_moves(position)]
        random.Random(seed + len(state.played)).shuffle(moves)
        lost = None  # a move that loses the game at once: only if every move does
        for move in moves:
            try:
                turn = play.play_text(position, move)
            except TutorError:
                continue
            if play.winner(turn.state) != OPPONENT:
                return move
            lost = lost or move
        return lost

    def accepts(self, text: str) -> bool:
        """Whether the moves ``text`` win the game from its start (never, on an explore step)."""
        if self.goal is Goal.EXPLORE:
            return False
        try:
            turn = self.rules.play_text(self.start(random.Random(0)), text)
        except TutorError:
            return False
        return self.rules.winner(turn.state) == LEARNER

    def answer_candidates(self) -> None:
        """A game's mistakes are moves, said on any move they match: no whole answer is judged."""
        return None

    def lint(self) -> list[str]:
        """A game to win must be winnable: its reference line wins from the start."""
        problems = super().lint()
        if self.goal is Goal.EXPLORE:
            return problems
        answer = self.reference()
        if answer is None:
            return [*problems, ".reference: a play step with goal 'win' needs a winning line, and the engine finds "
                               f"none{self.why_no_answer()} (use goal = \"explore\")"]
        try:
            turn = self.rules.play_text(self.start(random.Random(0)), text_of(answer))
        except TutorError as err:
            return [*problems, f".reference: {err}"]
        if self.rules.winner(turn.state) != LEARNER:
            problems.append(f".reference: playing {text_of(answer)!r} does not win the game")
        return problems

    @classmethod
    def skeleton(cls, puzzle: Puzzle[Any], game: Any) -> Sequence[str]:
        """A play step, in comments (it needs a position the learner can win from)."""
        return ["# [[steps]]", '# ask = "Play it out, one move at a time."',
                '# answer = "play"        # against the computer or the Devil, where the puzzle has play',
                '# goal = "win"           # or goal = "explore" with explore = 6 (done after six moves)']
