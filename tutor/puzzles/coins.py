"""The rotating coin table behind the puzzle protocol: parameters, answers, hints, play, CLI.

The blindfolded player names positions to flip; before every move the Devil
may turn the table.  The engine (``coins_engine``) searches beliefs, builds
and verifies strategies; this module turns its results into verdicts, hint
ladders, step-by-step play and the command line's JSON contract (README.md).
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles import coins_engine as engine
from tutor.puzzles.base import (
    JSON,
    Params,
    ParamSpec,
    Puzzle,
    Report,
    Turn,
    Value,
    Verdict,
    read_text_argument,
)
from tutor.puzzles.coins_model import Model, Move, model
from tutor.puzzles.coins_notation import format_move, format_strategy, parse_strategy, positions
from tutor.search import SearchLimit

SHOWN_STEPS = 24  # counterexample lines shown in text before eliding the middle


def model_of(params: Params) -> Model:
    """The shared engine model for validated parameters."""
    return model(params["coins"], params["sides"], params["symmetry"] == "dihedral", params["goal"])


@dataclass(frozen=True)
class Solution:
    """What is known about the shortest strategy, and how it was established."""

    solvable: bool | None
    strategy: list[Move] | None
    shortest: int | None  # proven shortest length, when known
    method: str  # "search", "construction", "trap", "unknown"
    reason: str
    trap: tuple[str, ...] = ()
    explored: int = 0


@cache
def _solution(m: Model) -> Solution:
    outcome = None
    if engine.searchable(m):
        try:
            outcome = engine.solve(m)
        except SearchLimit:
            outcome = None  # too many beliefs: fall back on the construction, the trap, or "unknown"
    if outcome is not None:
        if outcome.strategy is not None:
            return Solution(True, outcome.strategy, len(outcome.strategy), "search",
                            f"exhaustive belief search over {m.class_count} classes "
                            f"({outcome.explored} beliefs) found no shorter win", explored=outcome.explored)
        names = _trap_names(m)
        return Solution(False, None, None, "search",
                        f"all {outcome.explored} reachable beliefs were searched and none is a sure win; "
                        + _trap_reason(names), tuple(names), outcome.explored)
    if engine.construction_applies(m):
        strategy = engine.construct(m)
        return Solution(True, strategy, len(strategy), "construction",
                        f"closed-form strategy of {m.k}**{m.n} - 1 moves, equal to the lower bound "
                        f"{engine.lower_bound(m)}, so it is shortest")
    if m.class_count <= engine.TRAP_CLASS_LIMIT:
        names = _trap_names(m)
        if names:
            return Solution(False, None, None, "trap", _trap_reason(names), tuple(names))
    why = ("the exact belief search ran out of its budget" if engine.searchable(m)
           else f"{m.class_count} classes is beyond the exact belief search")
    return Solution(None, None, None, "unknown", f"{why}, and no theorem here decides it")


def _trap_names(m: Model) -> list[str]:
    bits = engine.trap(m)
    names = m.class_names()
    return [names[c] for c in range(m.class_count) if bits >> c & 1]


def _trap_reason(names: list[str]) -> str:
    shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8 else "")
    return (f"the Devil can keep the table among {len(names)} arrangement(s) ({shown}) forever: "
            "whatever you flip, one of his turns lands on one of them again")


def _belief_names(m: Model, bits: int) -> list[str]:
    names = m.class_names()
    return [names[c] for c in range(m.class_count) if bits >> c & 1]


def _bits_after(m: Model, strategy: list[Move]) -> tuple[int, int | None]:
    """Belief bits after the strategy, and the move after which everything was won (if so)."""
    belief = m.start_belief()
    for i, move in enumerate(strategy):
        if not belief.any():
            return 0, i
        belief = m.step(belief, move)
    return engine.to_bits(belief), (len(strategy) if not belief.any() else None)


@dataclass(frozen=True)
class Game:
    """Step-by-step play: the moves so far and the classes still possible (bit set)."""

    moves: tuple[Move, ...]
    belief: int


class CoinTable(Puzzle):
    """The blindfolded rotating coin table (seeds 000 and 002)."""

    name = "coins"
    title = "The rotating coin table"
    summary = "flip coins blindfolded while the Devil turns the table; find a sure win"
    param_specs = (
        ParamSpec("coins", int, 4, "number of positions N", minimum=1, maximum=20),
        ParamSpec("sides", int, 2, "faces per counter K (2 = coins)", minimum=2, maximum=9),
        ParamSpec("symmetry", str, "rotation", "what the Devil may do", choices=("rotation", "dihedral")),
        ParamSpec("goal", str, "heads", "all heads, or all coins alike", choices=("heads", "same")),
    )
    answer_kinds = {"strategy": "a whole sequence of moves that must win against every turn",
                    "play": "moves one at a time against the Devil, watching the belief shrink"}
    quantities = {
        "shortest_length": "length of a shortest winning strategy (0 if there is none)",
        "classes": "number of arrangements up to the Devil's turns",
        "winnable": "'yes' if a sure win exists, else 'no'",
        "lower_bound": "no winning strategy is shorter than this",
        "tables": "number of tables K**N",
        "start_size": "number of arrangements possible before the first move",
        "trap": "the arrangements the Devil can keep the table among forever ('none' if winnable)",
        "trap_size": "how many arrangements are in the Devil's trap",
        "factorization": "the factorization of x**N - 1 over GF(K)",
    }

    def validate_params(self, params: dict[str, Any]) -> None:
        """The table must be small enough to handle exactly."""
        model_of(params)

    def solvable(self, params: Params) -> bool | None:
        """Whether a sure win exists (None when undecided)."""
        return _solution(model_of(params)).solvable

    # -- answers --------------------------------------------------------------------

    def parse(self, params: Params, text: str) -> list[Move]:
        """Parse a strategy for these parameters."""
        return parse_strategy(text, params["coins"], params["sides"])

    def check_answer(self, params: Params, kind: str, text: str) -> Verdict:
        """Judge a whole strategy exactly (``kind`` "strategy" or "play")."""
        m = model_of(params)
        strategy = self.parse(params, text)
        return self.verdict(m, strategy)

    def verdict(self, m: Model, strategy: list[Move]) -> Verdict:
        """The exact verdict on a parsed strategy, with a laid-out counterexample."""
        result = engine.verify(m, strategy)
        sol = _solution(m)
        canonical = format_strategy(strategy, m.k)
        data: JSON = {"correct": result.wins, "length": len(strategy), "shortest": sol.shortest,
                      "counterexample": None, "won_by": result.won_by}
        if result.wins:
            extra = ""
            if sol.shortest is not None:
                extra = (", the shortest possible" if len(strategy) == sol.shortest
                         else f", {len(strategy) - sol.shortest} more than the shortest ({sol.shortest})")
            early = "" if result.won_by == len(strategy) else \
                f"; every game is already over after move {result.won_by}"
            summary = f"wins for every start and every turn: {len(strategy)} moves{extra}{early}"
            return Verdict(True, summary, "", data, canonical)
        ce = result.counterexample
        assert ce is not None
        data["counterexample"] = {
            "start": m.show(ce.start),
            "rotations": [m.turn_label(t) for t in ce.turns],
            "final": m.show(ce.final),
        }
        goal = "all heads" if m.goal == "heads" else "all alike"
        summary = (f"does not always win: starting from {m.show(ce.start)}, the Devil can turn the table "
                   f"so that after all {len(strategy)} moves it shows {m.show(ce.final)}, not {goal}")
        return Verdict(False, summary, self.layout(m, strategy, ce), data, canonical)

    def layout(self, m: Model, strategy: list[Move], ce: engine.Counterexample) -> str:
        """The counterexample as lines a learner can replay with coins on a table."""
        lines = [f"Start: {m.show(ce.start)} (position 0 first, clockwise)."]
        steps = list(zip(ce.turns, strategy, ce.tables, strict=True))
        before = ce.start
        rows = []
        for i, (turn, move, after) in enumerate(steps, 1):
            turned = m.apply_turn(before, turn)
            label = m.turn_label(turn)
            how = "no turn" if label == 0 else (f"turn by {label}" if isinstance(label, int) else label)
            rows.append(f"  move {i:>3}: {how:12} {m.show(before)} -> {m.show(turned)}, "
                        f"flip {format_move(move, m.k):>6} -> {m.show(after)}")
            before = after
        if len(rows) > SHOWN_STEPS:
            rows = [*rows[: SHOWN_STEPS - 4], f"  ... {len(rows) - SHOWN_STEPS + 1} moves ...", *rows[-3:]]
        lines += rows
        lines.append(f"After the last move the table is {m.show(ce.final)}: the game is not over.")
        return "\n".join(lines)

    def reference_answer(self, params: Params, kind: str) -> str | None:
        """A shortest winning strategy, computed; None when none exists."""
        sol = _solution(model_of(params))
        return None if sol.strategy is None else format_strategy(sol.strategy, params["sides"])

    def normalize(self, params: Params, kind: str, text: str) -> str:
        """The strategy in canonical notation (unparsable text is returned trimmed)."""
        try:
            return format_strategy(self.parse(params, text), params["sides"])
        except InvalidNotation:
            return " ".join(text.split())

    def quantity(self, params: Params, name: str) -> Value:
        """Computed values for lessons."""
        m = model_of(params)
        if name in ("shortest_length", "winnable") and engine.construction_applies(m):
            # the closed form wins and meets the lower bound: exact without a search
            length = len(engine.construct(m))
            return length if name == "shortest_length" else "yes"
        if name == "shortest_length":
            return _solution(m).shortest or 0
        if name == "classes":
            return m.class_count
        if name == "winnable":
            return "yes" if _solution(m).solvable else "no"
        if name == "lower_bound":
            return engine.lower_bound(m)
        if name == "tables":
            return m.tables
        if name == "start_size":
            return int(m.start_belief().sum())
        if name in ("trap", "trap_size"):
            names = _trap_names(m) if m.class_count <= engine.TRAP_CLASS_LIMIT else []
            return len(names) if name == "trap_size" else (", ".join(names) or "none")
        if name == "factorization":
            from tutor.puzzles.coins_theory import analyze

            return analyze(m).factorization
        return super().quantity(params, name)

    # -- hints ------------------------------------------------------------------------

    def hint_data(self, params: Params, prefix: list[Move]) -> JSON:
        """Belief after a prefix, distance to a sure win, best next moves, and the hint ladder."""
        m = model_of(params)
        bits, won_by = _bits_after(m, prefix)
        belief = _belief_names(m, bits)
        data: JSON = {"belief": belief, "distance": None, "best_moves": [], "hints": []}
        if won_by is not None:
            data["distance"] = 0
            data["hints"] = [f"Your {won_by} move(s) already win against every turn: nothing is left to do."]
            return data
        sol = _solution(m)
        size = f"{len(belief)} arrangement(s)"
        shown = ", ".join(belief[:10]) + (" ..." if len(belief) > 10 else "")
        nudge = (f"After {len(prefix)} move(s) the table could still be any of {size}: {shown}."
                 if prefix else f"Before any move the table could be any of {size}: {shown}.")
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
            data["remaining_in_construction"] = len(sol.strategy) - len(prefix)
        data["distance"] = distance
        data["best_moves"] = [self._move_json(m, mv) for mv in best]
        ladder = [nudge + (f" A sure win needs at least {distance} more move(s)." if distance else "")]
        if best:
            after = engine.transitions(m) if engine.searchable(m) else None
            if after is not None:
                nxt = _belief_names(m, after.step(bits, after.moves.index(best[0]))) \
                    if best[0] in after.moves else []
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
                ladder.append(concept)
            others = f" (equally good: {', '.join(format_move(b, m.k) for b in best[1:5])})" if len(best) > 1 \
                else ""
            ladder.append(f"Play {format_move(best[0], m.k)} next{others}.")
        data["hints"] = ladder
        return data

    @staticmethod
    def _move_json(m: Model, move: Move) -> list[int]:
        return positions(move) if m.k == 2 else list(move)

    def hints(self, params: Params, kind: str, text: str) -> list[str]:
        """The hint ladder for a partial strategy."""
        return list(self.hint_data(params, self.parse(params, text))["hints"])

    def completions(self, params: Params, kind: str, text: str) -> list[str]:
        """Every distinct move, in canonical notation (small tables only)."""
        m = model_of(params)
        if m.class_count > 64:
            return []
        return [format_move(mv, m.k) for mv in m.move_classes()]

    # -- play -------------------------------------------------------------------------

    def new_game(self, params: Params, rng: random.Random) -> Game:
        """The blindfold game starts with every non-won arrangement possible."""
        return Game((), engine.start_bits(model_of(params)))

    def play(self, params: Params, state: Any, text: str) -> Turn:
        """Apply one or more moves; the Devil turns before each; report the new belief."""
        m = model_of(params)
        moves = self.parse(params, text)
        if not moves:
            raise InvalidNotation(f"{text!r}: name a move, such as {format_move(m.move_classes()[-1], m.k)}")
        belief = m.start_belief()
        game = state
        all_moves = [*game.moves, *moves]
        bits, won_by = _bits_after(m, all_moves)
        del belief
        new = Game(tuple(all_moves), bits)
        names = _belief_names(m, bits)
        said = " ".join(format_move(mv, m.k) for mv in moves)
        if won_by is not None:
            return Turn(new, (f"You call {said}. The Devil turns and flips... every possible table is now "
                              f"{'all heads' if m.goal == 'heads' else 'all alike'}: you win, whatever he did, "
                              f"after {won_by} move(s).",), finished=True, won=True)
        return Turn(new, (f"You call {said}. The Devil turns the table and flips. "
                          f"Still possible ({len(names)}): {', '.join(names)}.",))

    def render(self, params: Params, state: Any) -> str:
        """The belief after each move, one row per move, one column per arrangement."""
        m = model_of(params)
        names = m.class_names()
        goal = m.goal_classes()
        order = [c for c in range(m.class_count) if not goal[c]]
        width = max([4, *(len(format_move(mv, m.k)) for mv in state.moves)])
        rows = [f"{'':>4} {'move':<{width}} | " + " ".join(names[c] for c in order)]
        history = [engine.start_bits(m)]
        prefix: list[Move] = []
        for mv in state.moves:
            prefix.append(mv)
            history.append(_bits_after(m, prefix)[0])
        for i, bits in enumerate(history):
            label = format_move(state.moves[i - 1], m.k) if i else ""
            cells = [names[c] if bits >> c & 1 else " " * m.n for c in order]
            rows.append(f"{i:>4} {label:<{width}} | " + " ".join(cells))
        return "\n".join(rows)

    def game_solution(self, params: Params, state: Any) -> str | None:
        """A shortest continuation from the current belief (the rest of the closed form on big tables)."""
        m = model_of(params)
        if engine.searchable(m):
            try:
                outcome = engine.search_from(m, state.belief)
            except SearchLimit:
                return None
            return None if outcome.strategy is None else format_strategy(outcome.strategy, m.k)
        sol = _solution(m)
        moves = list(state.moves)
        if sol.strategy is not None and sol.strategy[: len(moves)] == moves:
            return format_strategy(sol.strategy[len(moves):], m.k)
        return None

    def game_hints(self, params: Params, state: Any) -> list[str]:
        """The hint ladder after the moves played so far."""
        return list(self.hint_data(params, list(state.moves))["hints"])

    # -- command line -------------------------------------------------------------------

    def add_arguments(self, parser: argparse.ArgumentParser, command: str) -> None:
        """check takes a strategy; hint takes --after."""
        if command == "check":
            parser.add_argument("strategy", nargs="?", metavar="STRATEGY",
                                help="the moves, e.g. \"0123 02 0123\" ('-' reads standard input)")
            parser.add_argument("--file", metavar="PATH", help="read the strategy from a file")
        elif command == "hint":
            parser.add_argument("--after", metavar="STRATEGY", default="",
                                help="the moves played so far (default: none)")

    def run(self, command: str, params: Params, args: argparse.Namespace) -> Report:
        """solve, check, hint, analyze."""
        m = model_of(params)
        if command == "solve":
            return self._run_solve(m)
        if command == "check":
            if args.strategy is not None and args.file is not None:
                raise InvalidParams("give the strategy either as an argument or with --file, not both")
            text = read_text_argument(args.strategy, args.file)
            verdict = self.verdict(m, self.parse(params, text))
            body = verdict.summary + ("\n" + verdict.detail if verdict.detail else "")
            return Report(verdict.data, ("correct: " if verdict.correct else "incorrect: ") + body,
                          0 if verdict.correct else 1)
        if command == "hint":
            data = self.hint_data(params, self.parse(params, args.after))
            text = "\n".join(f"hint {i} of {len(data['hints'])}: {h}" for i, h in enumerate(data["hints"], 1))
            return Report(data, text)
        if command == "analyze":
            return self._run_analyze(m)
        raise InvalidParams(f"unknown command {command!r}")

    def _run_solve(self, m: Model) -> Report:
        sol = _solution(m)
        data: JSON = {
            "solvable": sol.solvable,
            "length": None if sol.strategy is None else len(sol.strategy),
            "strategy": None if sol.strategy is None else [self._move_json(m, mv) for mv in sol.strategy],
            "shortest": sol.shortest is not None,
            "method": sol.method,
            "reason": sol.reason,
        }
        if sol.trap:
            data["trap"] = list(sol.trap)
        if sol.strategy is None:
            verdict = "no winning strategy" if sol.solvable is False else "undecided"
            return Report(data, f"{m.n} coins: {verdict}: {sol.reason}.")
        text = format_strategy(sol.strategy, m.k)
        if len(sol.strategy) > 300:
            text = " ".join(text.split()[:40]) + f" ... ({len(sol.strategy)} moves; use --json for all)"
        return Report(data, f"{m.n} coins: shortest winning strategy, {len(sol.strategy)} moves "
                            f"({sol.reason}):\n{text}")

    def _run_analyze(self, m: Model) -> Report:
        from tutor.puzzles.coins_theory import analyze

        a = analyze(m)
        sol = _solution(m)
        data: JSON = {
            "classes": a.classes,
            "classes_burnside": a.classes_formula,
            "winnable": sol.solvable,
            "factorization": a.factorization,
            "power_of_sides": a.power_of_k,
            "shortest_length": sol.shortest,
            "lower_bound": engine.lower_bound(m),
            "explanation": list(a.explanation),
            "reason": sol.reason,
        }
        if sol.trap:
            data["trap"] = list(sol.trap)
        win = {True: "winnable", False: "not winnable", None: "undecided"}[sol.solvable]
        lines = [f"{m.n} positions, {m.k} faces, Devil: {'rotations and reflections' if m.dihedral else 'rotations'}, "
                 f"goal: {'all heads' if m.goal == 'heads' else 'all alike'}",
                 f"classes of tables: {a.classes} (Burnside's count: {a.classes_formula})",
                 f"x**{m.n} - 1 = {a.factorization}",
                 f"{win}: {sol.reason}", "", *a.explanation]
        return Report(data, "\n".join(lines))
