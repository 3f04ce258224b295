"""Known answers for the coin-table engine, each re-checked a second, independent way.

Every strategy the engine finds (by search or by construction) is replayed by
the plain rules in ``test_coins_rules``; every "no strategy" comes with a trap
that both the engine's own checker and the plain rules confirm; every count is
computed three ways (enumeration, Burnside over divisors and Euler's phi, Burnside with gcd).
"""

from __future__ import annotations

import re

import pytest
from test_coins_rules import FIFTEEN, Rules, moves_of

from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import Model, model
from tutor.puzzles.coins.theory import analyze, decide, factor_x_n_minus_1, is_power_of, necklaces

# (N, shortest length) for coins under rotation, goal all heads
SHORTEST = [(1, 1), (2, 3), (4, 15), (8, 255)]
UNWINNABLE = [3, 5, 6, 7, 9, 10]
NECKLACES = {1: 2, 2: 3, 3: 4, 4: 6, 5: 8, 6: 14, 7: 20, 8: 36}  # OEIS A000031
BRACELETS = {1: 2, 2: 3, 3: 4, 4: 6, 5: 8, 6: 13, 7: 18, 8: 30}  # OEIS A000029

# (N, K, dihedral, goal) -> shortest length or None; worked out by the plain-rules BFS
VARIANTS = {
    (1, 3, False, "heads"): 2,
    (2, 3, False, "heads"): None,
    (3, 3, False, "heads"): 26,
    (2, 3, True, "heads"): None,
    (3, 3, True, "heads"): None,
    (3, 3, False, "same"): 8,
    (1, 4, False, "heads"): 3,
    (2, 4, False, "heads"): 15,
    (1, 2, False, "same"): 0,
    (2, 2, False, "same"): 1,
    (3, 2, False, "same"): None,
    (4, 2, False, "same"): 7,
    (3, 2, True, "heads"): None,
    (4, 2, True, "heads"): 15,
    (5, 2, True, "heads"): None,
}


# -- an independent oracle: the trap is closed under every move ----------------------------------


def trap_is_closed(model: Model, cells: int) -> bool:
    """Independent check of a trap: for every class in it and every move, some result stays in it."""
    if not cells:
        return False
    for c in range(model.class_count):
        if not cells >> c & 1:
            continue
        table = model.representative(c)
        for move in model.move_classes():
            results = {model.class_of(model.add(model.apply_turn(table, g), move))
                       for g in range(len(model.group))}
            if not any(cells >> r & 1 for r in results):
                return False
    return True


# -- shortest strategies ---------------------------------------------------------------


@pytest.mark.parametrize(("n", "length"), SHORTEST)
def test_shortest_length_and_the_strategy_wins_by_the_plain_rules(n: int, length: int) -> None:
    m = model(n)
    sol = decide(m)
    assert sol.solvable is True and sol.shortest == length
    assert sol.strategy is not None and len(sol.strategy) == length
    assert engine.verify(m, sol.strategy).wins
    assert Rules(n).won_by(sol.strategy) == length  # wins, and needs its last move
    assert length == engine.lower_bound(m)  # shortest, by the prefix-sum bound


@pytest.mark.parametrize("n", [1, 2, 4])
def test_shortest_length_agrees_with_brute_force_search(n: int) -> None:
    assert Rules(n).shortest() == len(engine.solve(model(n)).strategy or [])


@pytest.mark.parametrize("n", UNWINNABLE)
def test_no_strategy_and_the_trap_holds(n: int) -> None:
    m = model(n)
    sol = decide(m)
    assert sol.solvable is False and sol.strategy is None and sol.shortest is None
    assert engine.solve(m).strategy is None
    assert sol.trap and "forever" in sol.reason
    bits = engine.trap(m)
    assert trap_is_closed(m, bits)
    names = m.class_names()
    assert {names[c] for c in range(m.class_count) if bits >> c & 1} == set(sol.trap)
    assert Rules(n).is_trap(set(sol.trap))


@pytest.mark.parametrize("n", [3, 5, 6])
def test_no_strategy_agrees_with_brute_force_search(n: int) -> None:
    assert Rules(n).shortest() is None


def test_trap_checkers_reject_a_set_that_is_not_a_trap() -> None:
    m = model(4)
    everything = engine.start_bits(m)
    assert not trap_is_closed(m, everything)  # N = 4 is winnable
    assert not trap_is_closed(m, 0)
    assert not Rules(4).is_trap(Rules(4).names(Rules(4).start()))
    assert engine.trap(m) == 0


@pytest.mark.parametrize(("key", "expected"), sorted(VARIANTS.items(), key=str))
def test_variants_against_brute_force(key: tuple[int, int, bool, str], expected: int | None) -> None:
    n, k, dihedral, goal = key
    m = model(n, k, dihedral, goal)
    rules = Rules(n, k, dihedral, goal)
    sol = decide(m)
    assert sol.shortest == expected
    assert rules.shortest() == expected
    if expected is None:
        assert sol.solvable is False
        assert trap_is_closed(m, engine.trap(m))
        assert rules.is_trap(set(sol.trap))
    else:
        assert sol.strategy is not None and rules.wins(sol.strategy)
        assert engine.verify(m, sol.strategy).wins
        assert expected >= engine.lower_bound(m)


# -- the closed-form construction --------------------------------------------------------


@pytest.mark.parametrize(("n", "k", "dihedral", "goal"), [
    (1, 2, False, "heads"), (2, 2, False, "heads"), (4, 2, False, "heads"), (8, 2, False, "heads"),
    (4, 2, True, "heads"), (1, 3, False, "heads"), (3, 3, False, "heads"),
    # the layered strategy beyond K prime and goal all heads (issue 13)
    (4, 2, False, "same"), (4, 4, False, "heads"), (2, 4, True, "heads"), (3, 3, False, "same"),
    (2, 2, True, "same"), (1, 6, False, "heads"), (1, 6, True, "same"), (2, 8, False, "same"),
    (8, 2, True, "same"), (3, 9, False, "same")])
def test_construction_wins_by_the_plain_rules_at_the_lower_bound(n: int, k: int, dihedral: bool, goal: str) -> None:
    m = model(n, k, dihedral, goal)
    assert engine.construction_applies(m)
    strategy = engine.construct(m)
    assert len(strategy) == engine.lower_bound(m) == (k**n - 1 if goal == "heads" else k ** (n - 1) - 1)
    assert Rules(n, k, dihedral, goal).won_by(strategy) == len(strategy)


@pytest.mark.parametrize("key", [(3, 2, False, "heads"), (6, 2, False, "heads"), (3, 2, False, "same"),
                                 (3, 3, True, "heads"), (2, 3, False, "heads"), (6, 4, False, "heads"),
                                 (2, 6, False, "same"), (9, 3, True, "same")])
def test_construction_refused_where_it_does_not_apply(key: tuple[int, int, bool, str]) -> None:
    m = model(*key)
    assert not engine.construction_applies(m)
    with pytest.raises(ValueError):
        engine.construct(m)


def test_sixteen_coins_constructed_and_verified_exactly() -> None:
    m = model(16)
    sol = decide(m)
    assert sol.method == "construction" and sol.solvable is True
    strategy = sol.strategy
    assert strategy is not None and len(strategy) == 65_535 == engine.lower_bound(m) == sol.shortest
    result = engine.verify(m, strategy)
    assert result.wins and result.counterexample is None
    # no prefix wins (that would beat the lower bound), so the last move is the one that finishes
    assert result.won_by == 65_535
    # independent of the engine: if the Devil never turns, the prefix sums must visit all
    # 65,535 non-heads tables, one each - exactly the condition that makes the bound tight
    masks = [sum(1 << p for p, d in enumerate(move) if d) for move in strategy]
    seen = set()
    total = 0
    for mask in masks:
        total ^= mask
        seen.add(total)
    assert len(seen) == 65_535 and 0 not in seen


# -- counting classes -------------------------------------------------------------------


@pytest.mark.parametrize(("n", "count"), sorted(NECKLACES.items()))
def test_rotation_class_counts_three_ways(n: int, count: int) -> None:
    assert model(n).class_count == count
    assert necklaces(n, 2) == count
    assert Rules(n).class_count() == count
    assert Rules(n).class_count_formula() == count


@pytest.mark.parametrize(("n", "count"), sorted(BRACELETS.items()))
def test_dihedral_class_counts_three_ways(n: int, count: int) -> None:
    assert model(n, dihedral=True).class_count == count
    assert necklaces(n, 2, dihedral=True) == count
    assert Rules(n, dihedral=True).class_count() == count
    assert Rules(n, dihedral=True).class_count_formula() == count


@pytest.mark.parametrize(("n", "k", "dihedral"), [(3, 3, False), (4, 3, False), (4, 3, True), (5, 3, True),
                                                  (3, 4, False), (6, 3, True), (2, 5, False)])
def test_counter_class_counts_agree(n: int, k: int, dihedral: bool) -> None:
    rules = Rules(n, k, dihedral)
    assert model(n, k, dihedral).class_count == necklaces(n, k, dihedral) == rules.class_count() \
        == rules.class_count_formula()


# -- theory -----------------------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 11))
def test_factorization_multiplies_back_and_decides_winnability(n: int) -> None:
    from sympy import Poly, expand, symbols

    x = symbols("x")
    text, factors = factor_x_n_minus_1(n, 2)
    product = Poly(1, x, modulus=2)
    for part in text.split(" * "):
        match = re.fullmatch(r"\((.+)\)(?:\*\*(\d+))?|([^()]+)", part)
        assert match is not None, part
        base, power = match.group(1) or match.group(3), match.group(2)
        product *= Poly(base, x, modulus=2) ** int(power or 1)
    assert product == Poly(expand(x**n - 1), x, modulus=2)
    single_factor = set(factors) == {"x + 1"}
    assert single_factor == is_power_of(n, 2) == (decide(model(n)).solvable is True)
    a = analyze(model(n))
    assert a.power_of_k == single_factor and a.classes == a.classes_formula == NECKLACES.get(n, a.classes)


def test_known_strategy_from_the_issue() -> None:
    m = model(4)
    strategy = moves_of(FIFTEEN, 4)
    result = engine.verify(m, strategy)
    assert result.wins and result.won_by == 15 and result.length == 15


def test_a_search_that_gives_up_falls_back_on_the_theorems_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    # `tutor solve coins --coins 4 --sides 4` once searched 300,000 beliefs (about 50 s) and then died with
    # a SearchLimit traceback; now decide searches only small tables, and a search that still gives up
    # leaves the construction or the trap, never "unknown"
    from tutor.errors import SearchLimit

    def gives_up(m: Model) -> None:
        raise SearchLimit("the belief space is too large")

    monkeypatch.setattr(engine, "solve", gives_up)
    won = decide.__wrapped__(model(4))  # uncached, so the patched search runs
    assert won.method == "construction" and won.solvable is True and won.shortest == 15
    assert won.strategy is not None and Rules(4).won_by(won.strategy) == 15
    lost = decide.__wrapped__(model(3))
    assert lost.method == "trap" and lost.solvable is False and Rules(3).is_trap(set(lost.trap))
    assert decide(model(4, 4)).method == "construction"  # 70 arrangements: no search at all
