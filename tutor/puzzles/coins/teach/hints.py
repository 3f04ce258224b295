"""The coin table's hint ladder: the belief a prefix of moves leaves, how far a sure win is, the best next move.

Each rung is computed from the belief-state search (``engine.search_from``) or,
on tables too large to search, from the layered strategy: a nudge (what the
table could still be), the concept (what the best move does to the belief),
then the move itself.
"""

from __future__ import annotations

from tutor.errors import SearchLimit
from tutor.puzzles.answers import JSON
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Model, Move, format_move
from tutor.puzzles.coins.teach.verdicts import belief_after, move_json
from tutor.puzzles.coins.theory import decide
from tutor.screen.text import plural


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
        data["hints"] = [nudge, *_exploring(m, bits)]
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


def _exploring(m: Model, bits: int) -> list[str]:
    """The rungs on a table no strategy wins, computed from the belief on screen and never deciding for the
    learner (a lesson asks whether a sure win exists after the game): what the best move from here still
    leaves, then that move, to watch."""
    if not engine.searchable(m):
        return ["Look for tables that every move, however the Devil turns, brings back into the belief."]
    after = engine.transitions(m)
    beliefs = after.expand(bits)
    fewest = min(range(len(after.moves)), key=lambda i: (beliefs[i].bit_count(), i))
    left = m.names_in(beliefs[fewest])
    return [f"Compare the moves from here: even the one that rules out the most still leaves "
            f"{plural(len(left), 'table')} possible. Look for tables that come back after every move.",
            f"Play {format_move(after.moves[fewest], m.k)} next and watch: afterwards the table could be "
            f"{', '.join(left[:10])}{' ...' if len(left) > 10 else ''}."]
