"""Teaching the rotating coin table: verdicts, hint ladders, lesson quantities, play against the Devil.

The engine searches beliefs and verifies strategies; the theory decides which
tables can be won.  This layer turns their results into what a learner reads:
a verdict with a counterexample laid out move by move, hints computed from the
search, the values lessons ask for, and the game played one move at a time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.errors import InvalidNotation, SearchLimit
from tutor.puzzles.answers import JSON, AnswerKind, Kinds, Verdict
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Model, Move, format_move, format_strategy, parse_strategy, positions
from tutor.puzzles.coins.teach.pictures import tables
from tutor.puzzles.coins.theory import decide, necklaces
from tutor.puzzles.options import Args, Option
from tutor.puzzles.play import LEARNER, Play, Turn
from tutor.shown import Drawn, join
from tutor.text import plural

SHOWN_STEPS = 24  # counterexample lines shown in text before eliding the middle

KINDS = Kinds()


def belief_after(m: Model, strategy: Sequence[Move], start: int | None = None) -> tuple[int, int | None]:
    """Belief bits after the strategy (from ``start``, default every class), and the move after
    which everything was won (if so)."""
    belief = m.start_belief() if start is None else engine.from_bits(m, start)
    for i, move in enumerate(strategy):
        if not belief.any():
            return 0, i
        belief = m.step(belief, move)
    return engine.to_bits(belief), (len(strategy) if not belief.any() else None)


def move_json(m: Model, move: Move) -> list[int]:
    """A move for JSON: the positions flipped (coins), or the digit vector (K > 2)."""
    return positions(move) if m.k == 2 else list(move)


# -- verdicts -----------------------------------------------------------------------------------


def verdict(game: CoinGame, strategy: list[Move], compare: bool = True) -> Verdict:
    """The exact verdict on a parsed strategy, with a laid-out counterexample; ``compare``: whether a winning
    strategy's length is compared with the shortest in words (a lesson that asks for the shortest later says no)."""
    m = game.model
    result = engine.verify(m, strategy)
    sol = decide(m)
    canonical = format_strategy(strategy, m.k)
    data: JSON = {"correct": result.wins, "length": len(strategy), "shortest": sol.shortest,
                  "counterexample": None, "won_by": result.won_by}
    if result.wins:
        extra = ""
        if sol.shortest is not None and compare:
            extra = (", the shortest possible" if len(strategy) == sol.shortest
                     else f", {len(strategy) - sol.shortest} more than the shortest ({sol.shortest})")
        early = "" if result.won_by == len(strategy) else \
            f"; every game is already over after move {result.won_by}"
        summary = f"wins for every start and every turn: {plural(len(strategy), 'move')}{extra}{early}"
        return Verdict(True, summary, "", data, canonical, len(strategy), sol.shortest)
    ce = result.counterexample
    assert ce is not None
    data["counterexample"] = {
        "start": m.show(ce.start),
        "rotations": [m.turn_label(t) for t in ce.turns],
        "final": m.show(ce.final),
    }
    how = ("even if the Devil never turns the table," if not any(ce.turns) else
           "the Devil can turn the table (as laid out below) so that")
    summary = (f"does not always win: starting from {m.show(ce.start)}, {how} after all "
               f"{plural(len(strategy), 'move')} it shows {m.show(ce.final)}, not {game.goal_text}")
    return Verdict(False, summary, layout(m, strategy, ce), data, canonical, len(strategy), sol.shortest)


def layout(m: Model, strategy: list[Move], ce: engine.Counterexample) -> Drawn:
    """The counterexample as lines a learner can replay with coins on a table."""
    total = len(strategy)
    start = f"Start: {m.show(ce.start)} (position 0 first, clockwise)."
    lines = [tables(start, [("at the start", m.show(ce.start)),
                            (f"after {plural(total, 'move')}", m.show(ce.final))])]

    def row(i: int) -> str:  # move i + 1, laid out from the table before it
        before = ce.start if i == 0 else ce.tables[i - 1]
        turn, after = ce.turns[i], ce.tables[i]
        label = m.turn_label(turn)
        how = "no turn" if label == 0 else (f"turn by {label}" if isinstance(label, int) else label)
        return (f"  move {i + 1:>3}: {how:12} {m.show(before)} -> {m.show(m.apply_turn(before, turn))}, "
                f"flip {format_move(strategy[i], m.k):>6} -> {m.show(after)}")

    if total > SHOWN_STEPS:  # only the rows shown are laid out: a long strategy costs no time here
        head, tail = range(SHOWN_STEPS - 4), range(total - 3, total)
        lines += [*map(row, head), f"  ... {total - SHOWN_STEPS + 1} moves ...", *map(row, tail)]
    else:
        lines += [row(i) for i in range(total)]
    lines.append(f"After the last move the table is {m.show(ce.final)}: the game is not over.")
    return join(lines)


def reference_strategy(game: CoinGame) -> str | None:
    """A shortest winning strategy, computed; None when none exists."""
    sol = decide(game.model)
    return None if sol.strategy is None else format_strategy(sol.strategy, game.sides)


# -- hints --------------------------------------------------------------------------------------


def hint_data(game: CoinGame, prefix: list[Move]) -> JSON:
    """Belief after a prefix, distance to a sure win, best next moves, and the hint ladder."""
    m = game.model
    bits, won_by = belief_after(m, prefix)
    belief = m.names_in(bits)
    data: JSON = {"belief": belief, "distance": None, "best_moves": [], "hints": []}
    if won_by is not None:
        data["distance"] = 0
        first = "Your first move already wins" if won_by == 1 else f"Your first {won_by} moves already win"
        data["hints"] = [f"{first} against every start and every turn: nothing is left to do."]
        return data
    sol = decide(m)
    shown = ", ".join(belief[:10]) + (" ..." if len(belief) > 10 else "")
    could = (f"can only be {shown}" if len(belief) == 1 else
             f"could still be any of {plural(len(belief), 'arrangement')}: {shown}")
    nudge = (f"After {plural(len(prefix), 'move')} the table {could}."
             if prefix else f"Before any move the table {could}.")
    if sol.solvable is False:
        data["hints"] = [nudge, "Is a sure win possible at all? Try a few moves and watch the belief.",
                         f"No: {sol.reason}."]
        return data
    best: list[Move] = []
    distance = None
    if engine.searchable(m):
        try:
            outcome = engine.search_from(m, bits)
        except SearchLimit:
            outcome = None
        if outcome is not None and outcome.strategy is not None:
            distance = len(outcome.strategy)
            best = outcome.best_first
        elif outcome is not None:
            data["hints"] = [nudge, "Your moves so far cannot lead to a sure win any more.",
                             "Undo some moves: no continuation wins against every turn from here."]
            return data
    elif sol.strategy is not None and list(prefix) == sol.strategy[: len(prefix)]:
        best = [sol.strategy[len(prefix)]]
        # the rest of a shortest strategy is shortest: a faster finish would beat the lower bound
        distance = data["remaining_in_construction"] = len(sol.strategy) - len(prefix)
    data["distance"] = distance
    data["best_moves"] = [move_json(m, mv) for mv in best]
    ladder = [nudge]  # the distance stays in the data: a lesson asks for the shortest length later
    if best:
        if engine.searchable(m):
            ladder.append(_concept(m, bits, belief, best[0]))
        others = f" (equally good: {', '.join(format_move(b, m.k) for b in best[1:5])})" if len(best) > 1 \
            else ""
        ladder.append(f"Play {format_move(best[0], m.k)} next{others}.")
    data["hints"] = ladder
    return data


def _concept(m: Model, bits: int, belief: list[str], best: Move) -> str:
    """The middle rung: what the best move does to the belief."""
    after = engine.transitions(m)
    nxt = m.names_in(after.step(bits, after.moves.index(best))) if best in after.moves else []
    gone = [c for c in belief if c not in nxt]
    back = [c for c in nxt if c not in belief]
    concept = ("Think in beliefs: a good move shrinks the set of possible tables, whatever the "
               "Devil turns, or sets up one that shrinks later.")
    if gone:
        concept += f" The best move now rules out {', '.join(gone[:6])}"
        concept += f" (though it brings back {', '.join(back[:6])})." if back else "."
    elif back:
        concept += (f" The best move now rules nothing out yet; it changes the possibilities to "
                    f"{', '.join(nxt[:6])}, from which fewer moves are needed.")
    return concept


def completions(game: CoinGame) -> list[str]:
    """Every distinct move, in canonical notation (small tables only)."""
    m = game.model
    if not m.enumerable or necklaces(m.n, m.k, m.dihedral) > 64:  # Burnside's count: nothing enumerated
        return []
    return [format_move(mv, m.k) for mv in m.move_classes()]


# -- the strategy answer --------------------------------------------------------------------------


@KINDS.register
class Strategy(AnswerKind[CoinGame, list[Move]]):
    """A whole strategy: a fixed list of moves that must win against every start and every turn."""

    name = "strategy"
    description = "a whole sequence of moves that must win against every turn"
    args = (Option("compare", bool, True, "say how a winning strategy's length compares with the shortest "
                   "(false where a later question asks for the shortest length)"),)

    def parse(self, game: CoinGame, text: str, args: Args) -> list[Move]:
        """The moves, ``let`` blocks expanded."""
        return parse_strategy(text, game.coins, game.sides)

    def format(self, game: CoinGame, answer: list[Move], args: Args) -> str:
        """Canonical moves separated by spaces."""
        return format_strategy(answer, game.sides)

    def check(self, game: CoinGame, answer: list[Move], args: Args) -> Verdict:
        """Verified exactly over every start and every turn."""
        return verdict(game, answer, bool(args.get("compare", True)))

    def reference(self, game: CoinGame, args: Args) -> str | None:
        """A shortest winning strategy."""
        return reference_strategy(game)

    def hints(self, game: CoinGame, args: Args, text: str) -> list[str]:
        """The ladder after the moves written so far."""
        return list(hint_data(game, self.parse(game, text, args))["hints"])

    def completions(self, game: CoinGame, args: Args, text: str) -> list[str]:
        """Every distinct move."""
        return completions(game)

    def definitions(self, text: str) -> tuple[str, str]:
        """The ``let`` lines (kept for the step's later answers) and the moves."""
        lines = text.splitlines()
        defined = [line for line in lines if line.lstrip().lower().startswith("let ")]
        return "\n".join(defined), "\n".join(line for line in lines if line not in defined)


# -- play against the Devil ------------------------------------------------------------------------------


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
        bits, won_after = belief_after(m, moves, state.belief)
        won_by = None if won_after is None else len(state.moves) + won_after
        new = CoinState(game, tuple(every), bits, state.blocks if blocks is None else blocks)
        said = " ".join(format_move(mv, m.k) for mv in moves)
        if won_by is not None:
            return Turn(new, (f"You call {said}. The Devil turns and flips... every possible table is now "
                              f"{game.goal_text}: you win, whatever he did, after {plural(won_by, 'move')}.",))
        names = m.names_in(bits)
        return Turn(new, (f"You call {said}. The Devil turns the table and flips. "
                          f"Still possible ({len(names)}): {', '.join(names)}.",))

    @staticmethod
    def _example(state: CoinState) -> str:
        m = state.game.model
        return format_move(m.move_classes()[-1], m.k)

    def winner(self, state: CoinState) -> str | None:
        """The learner, once no losing table is possible; the Devil never 'wins', he only delays."""
        return LEARNER if state.belief == 0 else None

    def render(self, state: CoinState) -> str:
        """The belief after each move, one row per move, one column per arrangement."""
        m = state.game.model
        names = m.class_names()
        goal = m.goal_classes()
        order = [c for c in range(m.class_count) if not goal[c]]
        rows = ["| # | move | " + " | ".join(names[c] for c in order) + " |"]  # rows: shown as a table
        history = [engine.start_bits(m)]
        for move in state.moves:  # one step per move: the belief after each prefix
            history.append(belief_after(m, [move], history[-1])[0] if history[-1] else 0)
        for i, bits in enumerate(history):
            label = format_move(state.moves[i - 1], m.k) if i else "-"
            cells = [names[c] if bits >> c & 1 else "" for c in order]
            rows.append(f"| {i} | {label} | " + " | ".join(cells) + " |")
        return "\n".join(rows)

    def hints(self, state: CoinState) -> list[str]:
        """The ladder after the moves played so far."""
        return list(hint_data(state.game, list(state.moves))["hints"])

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


PLAY = CoinPlay()
