"""What no plan can do: why one question fewer than the shortest plan fails, and why some role sets are never
solved.

Lower bounds, exact: ``first_worst_branch`` (what Random leaves after the best
first question), ``impossibility`` and ``insufficient`` (why one question fewer
than the shortest plan cannot work: counting, Random, and an exhaustive search).

Role sets that no number of questions solves: ``inseparable_pair`` finds two
worlds whose Random gods cover every god (such worlds always answer alike, and
without such a pair enough questions always succeed), ``never_proof`` states
it in one line.
"""

from __future__ import annotations

from math import prod

from tutor.errors import SearchLimit
from tutor.maths.bits import members
from tutor.puzzles.gods.engine import min_questions
from tutor.puzzles.gods.engine.solver import Solver
from tutor.puzzles.gods.rules import GodsGame
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet
from tutor.screen.text import plural

UNPRUNED_STATES = 20_000  # questions x class-count vectors up to which the certificate skips the counting bounds
UNPRUNED_BUDGET = 1_000_000  # splits that search may examine (about 50 per state at most, measured)


def first_worst_branch(solver: Solver) -> int:
    """The fewest possibilities the worse answer to the best first question can leave.

    Asking god g, the r possibilities where g is Random reach both answers and
    the other n - r are split by the question, at best evenly; any split is
    some question (a set of worlds), so the best is min over g of
    r + ceil((n - r) / 2).  Exact, not just a bound.
    """
    n = solver.all_items.bit_count()
    return min(r.bit_count() + (n - r.bit_count() + 1) // 2 for r in solver.rand)


def impossibility(solver: Solver, k: int) -> list[str]:
    """Why ``k - 1`` questions cannot suffice: counting, the Random argument, and the exhaustive search."""
    u = solver.u
    n = len(u.identities)
    k1 = k - 1
    out = []
    if n > (1 << k1):
        out.append(f"counting: with {plural(k1, 'question')} there are at most {plural(1 << k1, 'answer sequence')}, "
                   f"but {n} possibilities")
    if k1 >= 1 and "Random" in u.roles:
        worst = []
        for g, name in enumerate(u.gods):
            r = solver.rand[g].bit_count()
            rest = n - r
            worst.append((r + (rest + 1) // 2, name, r))
        if all(w > (1 << (k1 - 1)) for w, _, _ in worst):
            w, name, r = min(worst)
            out.append(f"Random: whoever is asked first, the possibilities where that god is Random "
                       f"reach both answers, so one answer leaves at least {w} (asking {name}: {r} with "
                       f"{name} Random plus half of the rest), more than the {1 << (k1 - 1)} that "
                       f"{plural(k1 - 1, 'question')} can separate")
    certificate = exhaustive(solver, solver.all_items, k1)
    return [*out, certificate] if certificate else out


def exhaustive(solver: Solver, items: int, m: int) -> str:
    """The search's certificate that ``m`` questions cannot tell ``items`` apart (the caller knows they cannot);
    '' when the counting bounds rule it out before any search.

    Without the counting bounds when that search is small (at most ``UNPRUNED_STATES`` states: an
    independent check of the bounds), else with them (a theorem, so the search stays exact).
    """
    counts = solver.counts(items)
    size = m * prod(v + 1 for v in counts)
    fresh = Solver(solver.u, budget=UNPRUNED_BUDGET, prune=False) if size <= UNPRUNED_STATES else Solver(solver.u)
    found = fresh.solvable(items, m)
    assert not found, "exhaustive() is only asked about a length that does not suffice"
    if fresh.prune and not fresh.states:
        return ""  # the counting bounds settle it before the search looks at any state: nothing to add
    how = "even without the counting bounds" if not fresh.prune else \
        "using the counting bound at every state (k questions tell at most 2^k possibilities apart)"
    return (f"exhaustive: the memoised search over every god and every split finds no {m}-question plan {how} "
            f"({plural(fresh.states, 'state')}, {plural(fresh.moves, 'split')} examined)")


def insufficient(solver: Solver, items: int, m: int) -> str:
    """The strongest short reason why ``m`` questions cannot tell the identities ``items`` apart (the caller
    knows they cannot): counting, else the Random argument, else the exhaustive search's certificate."""
    u = solver.u
    n = items.bit_count()
    if m <= 0:
        return f"with no question at all, {n} possibilities are still open"
    if n > 1 << m:
        return (f"counting: with {plural(m, 'question')} there are at most {1 << m} answer sequences, but "
                f"{n} possibilities to tell apart")
    worst = min(((items & r).bit_count() + ((items & ~r).bit_count() + 1) // 2, name, (items & r).bit_count())
                for name, r in zip(u.gods, solver.rand, strict=True))
    w, name, r = worst
    if w > 1 << (m - 1):
        return (f"Random: whoever is asked first, the possibilities where that god is Random reach both answers, "
                f"so one answer leaves at least {w} (asking {name}: {r} with {name} Random plus half of the rest), "
                f"more than the {1 << (m - 1)} that {plural(m - 1, 'question')} can separate")
    return exhaustive(solver, items, m) or f"the counting bounds rule out {plural(m, 'question')}"


def random_gods(u: Universe, world: int) -> list[str]:
    """The gods who are Random in ``world``."""
    return [g for g, role in zip(u.gods, u.worlds[world].roles, strict=True) if role == "Random"]


def inseparable_pair(u: Universe, start: WorldSet) -> tuple[int, int] | None:
    """Two worlds of ``start`` that name different identities and whose Random gods cover every god.

    Such worlds can never be told apart: whichever god is asked is Random in
    one of them, and Random may give the word the other world gives, so the
    two always answer alike.  Conversely, with no such pair enough questions
    always suffice: two identities left have a god Random in neither, and a
    question to him separates them, shrinking both branches.  So None means
    "solvable with enough questions".  Worlds with the same meaning of "ja"
    are preferred (the shorter statement).
    """
    everyone = set(u.gods)
    found: tuple[int, int] | None = None
    worlds = members(start)
    for n, i in enumerate(worlds):
        for j in worlds[n + 1:]:
            if u.identity[i] != u.identity[j] and set(random_gods(u, i)) | set(random_gods(u, j)) == everyone:
                if u.worlds[i].ja_yes == u.worlds[j].ja_yes:
                    return (i, j)
                found = found or (i, j)
    return found


VALLSTROM = "Vallstrom (arXiv:2201.09801)"


def random_rule(u: Universe) -> str:
    """The general rule this variant follows, with its source: the gods can be identified (with enough questions)
    exactly when fewer of them are Random than not.

    >>> from tutor.puzzles.gods.rules.worlds import universe
    >>> random_rule(universe(("True", "Random"), True)).endswith("than not; here 1 of the 2 is Random.")
    True
    """
    r = u.roles.count("Random")
    return (f"In general, {VALLSTROM} shows that the gods can be identified exactly when fewer of them are Random "
            f"than not; here {r} of the {len(u.roles)} {'is' if r == 1 else 'are'} Random.")


def never_proof(u: Universe, pair: tuple[int, int]) -> str:
    """The one-line proof that the gods can never be identified, naming the two worlds."""
    i, j = pair
    first, second = random_gods(u, i), random_gods(u, j)
    return (f"no number of questions suffices: the worlds {u.world_text(i)} and {u.world_text(j)} can never be "
            f"told apart - whoever is asked is Random in one of them ({', '.join(first) or 'nobody'} in the first, "
            f"{', '.join(second) or 'nobody'} in the second), and Random may give the word the other world gives, "
            "so the two worlds can always answer alike")


def fewest_decided(game: GodsGame, limit: int, start: WorldSet) -> int | None:
    """The fewest questions that always work from ``start``, None when no plan of at most ``limit`` exists: at once
    when two worlds can never be told apart (``inseparable_pair``, as ``tutor solve`` says), else by the
    search; ``SearchLimit`` saying the question is not decided within the limit, and which, past its budget."""
    if inseparable_pair(game.universe, start) is not None:
        return None
    try:
        return min_questions(game, limit, start)
    except SearchLimit as err:
        raise SearchLimit(f"not decided within the limit: {err}, looking for plans of at most "
                          f"{plural(limit, 'question')} (SEARCH_BUDGET and MAX_STATES, see docs/limits.md)") from None
