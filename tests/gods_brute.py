"""An independent brute force over the gods' *world* sets, shared by the engine and search tests: it knows only
which worlds a question can put on each side, never the solver's identity lemma or its classes."""

from __future__ import annotations

from tutor.puzzles.gods.rules.worlds import Universe


def world_solvable(u: Universe, s: int, k: int, memo: dict[tuple[int, int], bool]) -> bool:
    """Whether world set ``s`` is told apart in ``k`` questions: some god and some subset of the worlds (a
    question) split it into two sets each told apart in ``k - 1``; Random's worlds reach both."""
    key = (s, k)
    if key in memo:
        return memo[key]
    if len(u.identity_set(s)) <= 1:
        memo[key] = True
        return True
    if k <= 0:
        return False
    memo[key] = False  # while it is being worked out
    for g in range(len(u.gods)):
        r = s & u.random(g)
        rest = s & ~r
        sub = rest
        while True:
            if world_solvable(u, sub | r, k - 1, memo) and world_solvable(u, (rest ^ sub) | r, k - 1, memo):
                memo[key] = True
                return True
            if sub == 0:
                break
            sub = (sub - 1) & rest
    return False
