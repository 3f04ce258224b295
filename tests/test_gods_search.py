"""The class-count search behind the gods solver, checked independent ways.

* small variants: against a brute force over *world* sets and every subset question (no identity lemma,
  no classes, no counting bound), from random starting sets;
* first-question counts: against every question of the classic computer model, one at a time;
* five gods: every plan the solver writes is verified world by world, and one question fewer is ruled
  out by the counting and Random bounds (theorems, no search);
* properties: renaming the gods, or removing identities, never makes a state harder.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.gods_brute import world_solvable
from tutor.errors import SearchLimit
from tutor.puzzles.gods.engine.classes import ClassSearch
from tutor.puzzles.gods.engine.solver import Solver, plan_tree
from tutor.puzzles.gods.engine.verify import verify
from tutor.puzzles.gods.rules.worlds import universe
from tutor.puzzles.gods.theory import insufficient

T, F, R = "True", "False", "Random"
SMALL = [((T, F, R), False, False), ((T, F, R), True, False), ((T, F, R), False, True), ((T, R), False, True),
         ((T, T, R), False, False), ((T, F), False, True), ((T, T, F, R), True, False), ((F, F, T, R), True, False)]


@pytest.mark.parametrize("variant", SMALL)
@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.data())
def test_the_search_agrees_with_a_brute_force_over_worlds(variant, data) -> None:  # type: ignore[no-untyped-def]
    u = universe(*variant)
    solver, memo = Solver(u), {}
    start = data.draw(st.integers(0, u.full))
    for k in range(5):
        assert solver.solvable(solver.items_of(start), k) == world_solvable(u, start, k, memo), (start, k)


@pytest.mark.parametrize("variant", [v for v in SMALL if len(v[0]) == 3])
def test_first_question_counts_agree_with_every_question(variant) -> None:  # type: ignore[no-untyped-def]
    u = universe(*variant)
    solver = Solver(u)
    k = solver.shortest(6)[0]
    assert k is not None
    per = solver.working_first_per_god(k)
    memo: dict[tuple[int, int], bool] = {}
    for g in range(len(u.gods)):
        r = u.random(g)
        works = 0
        for q in range(1 << u.size):  # the god answers the first word (unless Random) exactly on q
            first, second = (q & ~r) | r, (~q & u.full & ~r) | r
            works += world_solvable(u, first, k - 1, memo) and world_solvable(u, second, k - 1, memo)
        assert per["questions"][g] == works
        assert per["splits"][g] == works >> r.bit_count()


FIVE = [((T, F, F, R, R), False, True, 7), ((T, T, F, F, R), False, True, 7), ((T, F, F, R, R), False, False, 6),
        ((T, T, F, F, R), True, False, 6), ((T, T, F, R), False, True, 5)]


@pytest.mark.parametrize("roles, known, identify, fewest", FIVE)
def test_larger_variants_plans_verify_and_one_fewer_is_ruled_out_by_theorem(roles, known, identify,
                                                                            fewest) -> None:  # type: ignore[no-untyped-def]
    u = universe(roles, known, identify)
    solver = Solver(u)
    k, plan = solver.shortest(10)
    assert k == fewest and plan is not None and plan.depth == k
    assert verify(plan_tree(solver, plan), u, k) is None  # every world, every answer Random could give
    reason = insufficient(solver, solver.all_items, k - 1)
    assert reason.startswith(("counting:", "Random:")), reason


FIVE_SEARCH = Solver(universe((T, F, F, R, R), False, True))


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.lists(st.integers(0, 6), min_size=10, max_size=10), st.permutations(range(5)), st.integers(5, 7))
def test_renaming_the_gods_or_removing_identities_never_makes_a_state_harder(counts, perm, k) -> None:  # type: ignore[no-untyped-def]
    search: ClassSearch = FIVE_SEARCH.search
    c = tuple(counts)
    renamed = tuple(c[j] for j in search.gather[tuple(perm)])
    assert search.solvable(c, k) == search.solvable(renamed, k)
    if search.solvable(c, k):
        smaller = tuple(max(v - 1, 0) if i % 2 else v for i, v in enumerate(c))
        assert search.solvable(smaller, k)
        assert search.solvable(c, k + 1)


@pytest.mark.parametrize("roles, identify", [((T, F, R), True), ((T, T, F, R), False), ((T, T, F, R), True)])
def test_the_counting_bounds_change_no_answer(roles, identify) -> None:  # type: ignore[no-untyped-def]
    """The pruned search (counting and Random bounds) and the plain one agree on every start state below the
    full one, for every number of questions up to the shortest plan's."""
    u = universe(roles, False, identify)
    pruned, plain = Solver(u), Solver(u, prune=False, budget=10**7)
    k = pruned.shortest(8)[0]
    assert k is not None
    full = pruned.counts(pruned.all_items)
    for shrink in range(max(full) + 1):
        c = tuple(max(v - (shrink if i % 2 else shrink // 2), 0) for i, v in enumerate(full))
        for m in range(k + 1):
            assert pruned.search.solvable(c, m) == plain.search.solvable(c, m), (c, m)


def test_a_search_refused_before_it_starts_has_examined_nothing(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from tutor.puzzles.gods.engine import classes

    solver = Solver(universe((T, F, F, R, R), False, True))
    monkeypatch.setattr(classes, "MAX_STATES", 1000)
    with pytest.raises(SearchLimit, match=r"could visit 1,977,326,743 states: over the limit of 1,000"):
        solver.solvable(solver.all_items, 7)
    assert solver.moves == 0 and solver.states == 0
