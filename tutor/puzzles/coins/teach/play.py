"""Play against the Devil: moves one at a time, the Devil turning the table before each, the belief shown."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.errors import InvalidNotation, SearchLimit, TooLarge
from tutor.puzzles.answers import Hint, Level, Rung, Verdict
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Model, Move, format_move, format_strategy, parse_strategy
from tutor.puzzles.coins.teach.hints import hint_data
from tutor.puzzles.coins.teach.quantities.words import listed
from tutor.puzzles.coins.teach.verdicts import beliefs_along, reference_strategy, verdict
from tutor.puzzles.coins.theory import SEARCH_CLASSES, decide
from tutor.puzzles.options import Args
from tutor.puzzles.play import LEARNER, Play, Turn
from tutor.screen.shown import Drawn, text_of
from tutor.screen.text import plural

SHOWN_MOVES = 40  # moves of a line echoed before "..."
SHOWN_NAMES = 40  # arrangements named after a line of moves, then how many more
COMMENTED_MOVES = 20  # moves of one line commented on, then how many more would be
SHOWN_ROWS = 30  # moves shown by render, the last ones
SHOWN_COLUMNS = 12  # arrangements shown as columns by render; past this, a count and the first few


@dataclass(frozen=True)
class CoinState:
    """A blindfold game: the table, the moves so far and the classes still possible (bit set)."""

    game: CoinGame
    moves: tuple[Move, ...]
    belief: int
    blocks: tuple[tuple[str, tuple[Move, ...]], ...] = ()  # ``let`` blocks defined so far in this game


class CoinPlay(Play[CoinGame, CoinState, Move]):
    """Moves one at a time; the Devil turns before each; the belief is all the player learns."""

    description = "moves one at a time against the Devil, watching the belief shrink"

    def start(self, game: CoinGame, settings: Args, rng: random.Random) -> CoinState:
        """Every non-won arrangement is possible."""
        return CoinState(game, (), engine.start_bits(game.model))

    def legal_moves(self, state: CoinState) -> list[Move]:
        """One move of each class (turned copies are the same move to a blindfolded player)."""
        return [] if self.terminal(state) else state.game.model.move_classes()

    def parse_move(self, state: CoinState, text: str) -> Move:
        """One move in the strategy notation."""
        moves = parse_strategy(text, state.game.coins, state.game.sides)
        if len(moves) != 1:
            raise InvalidNotation(f"{text!r}: name one move, such as {self._example(state)}")
        return moves[0]

    def format_move(self, state: CoinState, move: Move) -> str:
        """The canonical notation."""
        return format_move(move, state.game.sides)

    def apply(self, state: CoinState, move: Move) -> Turn[CoinState]:
        """One move; the Devil turns first."""
        return self._apply(state, [move])

    def play_text(self, state: CoinState, text: str) -> Turn[CoinState]:
        """One or more moves, answered with one belief; a ``let`` block defined on one line is kept for
        the later lines of the same game."""
        blocks = {name: list(moves) for name, moves in state.blocks}
        moves = parse_strategy(text, state.game.coins, state.game.sides, blocks)
        kept = tuple((name, tuple(block)) for name, block in blocks.items())
        if not moves:
            new = [name for name, block in kept if (name, block) not in state.blocks]
            if not new:
                raise InvalidNotation(f"{text!r}: name a move, such as {self._example(state)}")
            said = "; ".join(f"{name} stands for {plural(len(blocks[name]), 'move')}" for name in new)
            return Turn(CoinState(state.game, state.moves, state.belief, kept),
                        (f"{said}: type {new[0]} to play {'it' if len(new) == 1 else 'them'}.",))
        return self._apply(state, moves, kept)

    def _apply(self, state: CoinState, moves: list[Move],
               blocks: tuple[tuple[str, tuple[Move, ...]], ...] | None = None) -> Turn[CoinState]:
        game, m = state.game, state.game.model
        every = [*state.moves, *moves]
        trail = beliefs_along(m, moves, state.belief)  # charged like a check before any step (check_work)
        bits = trail[-1] if trail else state.belief
        won_after = 0 if not state.belief else next((i for i, b in enumerate(trail, 1) if not b), None)
        won_by = None if won_after is None else len(state.moves) + won_after
        new = CoinState(game, tuple(every), bits, state.blocks if blocks is None else blocks)
        said = " ".join(format_move(mv, m.k) for mv in moves[:SHOWN_MOVES])
        said += f" ... ({len(moves):,} moves)" if len(moves) > SHOWN_MOVES else ""
        turned = f"{'Each time, the' if len(moves) > 1 else 'The'} Devil turns the table, then you flip"
        if won_by is not None:
            return Turn(new, (f"You call {said}. {turned}... every possible table is now "
                              f"{game.goal_text}: you win, whatever he did, after {plural(won_by, 'move')}.",))
        count = bits.bit_count()
        names = m.names_in(bits, SHOWN_NAMES)
        more = f" and {count - len(names):,} more" if count > len(names) else ""
        return Turn(new, (f"You call {said}. {turned}. "
                          f"Still possible ({count:,}): {', '.join(names)}{more}.",
                          *self._line_comments(state, moves, trail)))

    def _line_comments(self, state: CoinState, moves: list[Move], trail: list[int]) -> list[str]:
        """The comments on each move of a line, the move named when the line has several (those of the first
        COMMENTED_MOVES moves that have one, then how many more have one)."""
        out: list[str] = []
        before, commented, left = state, 0, 0
        for number, (move, bits) in enumerate(zip(moves, trail, strict=True), 1):
            after = CoinState(state.game, (), bits)  # a comment reads the beliefs only: no growing move tuples
            if commented >= COMMENTED_MOVES:  # past the cap only whether there is a comment counts: no names
                left += bool(self._notes(before.game.model, before.belief, after.belief, named=False))
                before = after
                continue
            said = [text_of(text) for text in self.comment(before, after)]
            if said:
                commented += 1
                out += [f"Move {number} ({format_move(move, state.game.sides)}): {text}" if len(moves) > 1 else text
                        for text in said]
            before = after
        if left:
            out.append(f"({plural(left, 'more move')} of this line {'has' if left == 1 else 'have'} a comment too.)")
        return out

    def comment(self, before: CoinState, after: CoinState) -> list[Drawn]:
        """A move that rules nothing out, or lets tables come back, with the belief before and after; and whether
        it brought a sure win closer (no numbers: a lesson asks for the shortest length later)."""
        notes = self._notes(before.game.model, before.belief, after.belief)
        return [" ".join(notes)] if notes else []

    @staticmethod
    def _notes(m: Model, before: int, after: int, named: bool = True) -> list[str]:
        """The notes of ``comment`` for beliefs ``before`` and ``after`` (``named``: with the arrangements)."""
        if not after or not before:
            return []
        old, new = before.bit_count(), after.bit_count()
        closer = progress(m, before, after)
        notes: list[str] = []
        if new > old:
            notes.append(f"That move lets tables come back: {old} possible before it ({_few(m, before)}), "
                         f"{new} after ({_few(m, after)})." if named else "back")
        elif before == after:
            only = m.names_in(before, 1)[0] if named and old == 1 else ""
            same = f"{only} is still the only table" if old == 1 else f"the same {old} tables are"
            notes.append(f"That move rules nothing out: {same} possible before and after it.")
        if closer is False:
            notes.append("It does not bring a sure win closer: the shortest finish from here is no shorter than "
                         "before it.")
        elif closer and notes:
            notes.append("That can be right: it sets up moves that rule out more, and a sure win is one move closer.")
        return notes

    def hindsight(self, trail: Sequence[CoinState]) -> list[Drawn]:
        """After a win longer than the shortest: which moves did not bring the win closer (never the shortest
        length itself, which a lesson asks for later).  Only where the search measures every belief quickly."""
        final = trail[-1] if trail else None
        if final is None or final.belief or not final.moves or final.game.model.class_count > SEARCH_CLASSES:
            return []
        m, bits = final.game.model, engine.start_bits(final.game.model)
        try:
            beliefs = beliefs_along(m, final.moves, bits)
        except TooLarge:
            return []
        idle = []
        for number, (move, after) in enumerate(zip(final.moves, beliefs, strict=True), 1):
            if progress(m, bits, after) is False:
                idle.append(f"{number} ({format_move(move, m.k)})")
            bits = after
        if not idle:
            return []
        which = listed(idle)
        return [f"You won, and a shorter sure win exists: {'move' if len(idle) == 1 else 'moves'} {which} did not "
                "bring it closer (the shortest finish after each was no shorter than before it)."]

    @staticmethod
    def _example(state: CoinState) -> str:
        m = state.game.model
        return format_move(m.move_classes()[-1], m.k)

    def winner(self, state: CoinState) -> str | None:
        """The learner, once no losing table is possible; the Devil never 'wins', he only delays."""
        return LEARNER if state.belief == 0 else None

    def render(self, state: CoinState) -> str:
        """The belief after each move, one row per move (the last SHOWN_ROWS), one column per arrangement (or, past
        SHOWN_COLUMNS arrangements, how many are possible and the first few)."""
        m = state.game.model
        start = engine.start_bits(m)
        try:
            history = [start, *beliefs_along(m, state.moves, start)]
        except TooLarge:  # a game too long to replay: the belief now
            history = [state.belief]
        names, goal = m.class_names(), m.goal_classes()
        order = [c for c in range(m.class_count) if not goal[c]]
        wide = len(order) > SHOWN_COLUMNS
        rows = ["| # | move | " + ("possible" if wide else " | ".join(names[c] for c in order)) + " |"]  # a table
        for i, bits in list(enumerate(history, len(state.moves) + 1 - len(history)))[-SHOWN_ROWS:]:
            label = format_move(state.moves[i - 1], m.k) if i else "-"
            cells = ([f"{bits.bit_count():,}: {_few(m, bits)}" if bits else "0"] if wide else
                     [names[c] if bits >> c & 1 else "" for c in order])
            rows.append(f"| {i} | {label} | " + " | ".join(cells) + " |")
        return "\n".join(rows)

    def hints(self, state: CoinState) -> Sequence[Hint]:
        """The ladder after the moves played so far."""
        try:
            said = list(hint_data(state.game, list(state.moves))["hints"])
        except TooLarge as err:  # a game too long to replay for a hint (check_work)
            return [Rung(f"This game is too long to replay for a hint ({err}); /reset to start again.", Level.NUDGE)]
        levels = (Level.NUDGE, Level.CONCEPT, Level.MOVE) if len(said) == 3 else (Level.CONCEPT,) * len(said)
        return [Rung(text, level) for text, level in zip(said, levels, strict=True)]

    def solution(self, state: CoinState) -> str | None:
        """A shortest continuation from the current belief (the rest of the closed form on big tables)."""
        m = state.game.model
        if engine.searchable(m):
            try:
                outcome = engine.search_from(m, state.belief)
            except SearchLimit:
                return None
            return None if outcome.strategy is None else format_strategy(outcome.strategy, m.k)
        sol = decide(m)
        moves = list(state.moves)
        if sol.strategy is not None and sol.strategy[: len(moves)] == moves:
            return format_strategy(sol.strategy[len(moves):], m.k)
        return None

    def reference(self, game: CoinGame, settings: Args) -> str | None:
        """A shortest winning strategy, played move by move."""
        return reference_strategy(game)

    def split(self, state: CoinState, text: str) -> list[str]:
        """The moves of a line in canonical notation (``let`` blocks expanded)."""
        blocks = {name: list(moves) for name, moves in state.blocks}
        return [format_move(mv, state.game.sides)
                for mv in parse_strategy(text, state.game.coins, state.game.sides, blocks)]

    def judge(self, game: CoinGame, settings: Args, text: str) -> Verdict:
        """A whole line is a strategy: verified against every start and every turn."""
        return verdict(game, parse_strategy(text, game.coins, game.sides))


def distance(m: Model, bits: int) -> int | None:
    """The length of a shortest sure win from a belief, where the exhaustive search is quick (None otherwise)."""
    if not bits:
        return 0
    if m.class_count > SEARCH_CLASSES:
        return None
    try:
        found = engine.search_from(m, bits).strategy
    except SearchLimit:
        return None
    return None if found is None else len(found)


def progress(m: Model, before: int, after: int) -> bool | None:
    """Whether a move from belief ``before`` to ``after`` brought a sure win one move closer (None: unknown, or no
    sure win exists)."""
    start, end = distance(m, before), distance(m, after)
    return None if start is None or end is None else end < start


def _few(m: Model, bits: int) -> str:
    """The first 8 arrangements of a belief, and "..." when there are more."""
    return ", ".join(m.names_in(bits, 8)) + (" ..." if bits.bit_count() > 8 else "")


PLAY = CoinPlay()
