"""The theorem that decides every coin table, checked against independent code (issue 13).

The table: N = 1..20, K = 2..9, rotations or reflections, all heads or all alike (640
configurations).  Nothing is undecided; each winnable case's shortest length is K^N - 1
(K^(N-1) - 1 for all alike); and every certificate is checked a second way where the
size allows it:

* strategies (found by search or built by the layered construction) replayed by the plain
  rules of ``test_coins_rules`` and by the exact verifier;
* the Devil's largest traps shown closed by the plain rules;
* the Devil's invariants (``Fold``, ``Moment``), recomputed here from their definition,
  checked against every move: one of the Devil's two (or three) turns always keeps the
  invariant, and no goal table has it.

The winnability rule is restated below from the issue, independently of the engine.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

import numpy as np
import pytest
from test_coins_rules import Rules

from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import model
from tutor.puzzles.coins.theory import Power, decide, theorem

Key = tuple[int, int, bool, str]
TABLE: list[Key] = [(n, k, d, g) for n in range(1, 21) for k in range(2, 10) for d in (False, True)
                    for g in ("heads", "same")]


def prime_power(n: int) -> tuple[int, int] | None:
    """(p, a) with n = p^a, a >= 1; None otherwise (our own trial division)."""
    for p in range(2, n + 1):
        if n % p == 0:
            a = 0
            while n % p == 0:
                n //= p
                a += 1
            return (p, a) if n == 1 else None
    return None


def expected_winnable(n: int, k: int, dihedral: bool) -> bool:
    """The issue's rule: N = 1, or N and K powers of one prime; with reflections and N >= 3, both powers of 2."""
    if n == 1:
        return True
    pn, pk = prime_power(n), prime_power(k)
    same_prime = pn is not None and pk is not None and pn[0] == pk[0]
    if dihedral and n >= 3:
        return same_prime and pk is not None and pk[0] == 2
    return same_prime


def table_array(k: int, n: int) -> np.ndarray:
    """Every table as a row of faces, position 0 first (row i is the number i in base K)."""
    codes = np.arange(k**n)
    return np.stack([(codes // k**p) % k for p in range(n)], axis=1)


def holds(cert: dict[str, Any], tables: np.ndarray) -> np.ndarray:
    """The Devil's invariant, computed from its definition (docs/coins.md)."""
    if cert["kind"] == "fold":
        q, m = cert["prime"], cert["groups"]
        sums = tables.reshape(len(tables), -1, m).sum(axis=1) % q  # group i: positions i, i + m, ...
        return (sums != sums[:, :1]).any(axis=1)
    assert cert["kind"] == "moment"
    p = cert["prime"]
    weight = tables.sum(axis=1) % p
    moment = (tables * np.arange(tables.shape[1])).sum(axis=1) % p
    return (weight != 0) | (moment != 0)


def devil_turns(cert: dict[str, Any], table: np.ndarray) -> list[np.ndarray]:
    """The turns the Devil's argument uses: none, one step, and (for the moment) the mirror 0."""
    n = len(table)
    turns = [table, np.roll(table, 1)]  # np.roll moves the coin at p to p + 1
    if cert["kind"] == "moment":
        turns.append(table[(-np.arange(n)) % n])  # the coin at p goes to -p
    return turns


def check_invariant(n: int, k: int, cert: dict[str, Any], tables_to_check: np.ndarray | None = None) -> int:
    """The invariant is a trap against every move; returns how many tables were checked."""
    tables = table_array(k, n)
    inside = holds(cert, tables)
    assert not holds(cert, np.array([[c] * n for c in range(k)])).any()  # no goal table (heads or alike)
    assert holds(cert, np.array([[1] + [0] * (n - 1)]))[0]  # one face 1 at position 0 starts inside
    weights = k ** np.arange(n)
    starts = tables[inside] if tables_to_check is None else tables_to_check
    for table in starts:
        kept = np.zeros(len(tables), dtype=bool)
        for turned in devil_turns(cert, table):
            kept |= inside[((turned + tables) % k) @ weights]  # every move at once
        assert kept.all(), (n, k, cert, table)
    return len(starts)


def turned(tables: np.ndarray, dihedral: bool) -> list[np.ndarray]:
    """Every turned copy of every table: rotations (coin at p to p + r), then mirrors (p to r - p)."""
    n = tables.shape[1]
    copies = [np.roll(tables, r, axis=1) for r in range(n)]
    if dihedral:
        copies += [tables[:, (r - np.arange(n)) % n] for r in range(n)]
    return copies


def reading_codes(tables: np.ndarray, k: int) -> np.ndarray:
    """Tables as numbers read like their names, position 0 most significant (H < T, 0 < 1 < ...)."""
    n = tables.shape[1]
    return tables @ (k ** np.arange(n - 1, -1, -1))


def class_codes(key: Key) -> np.ndarray:
    """Each table's class, as the reading code of its name (the first of its turned copies in reading order)."""
    n, k, dihedral, _ = key
    return np.min([reading_codes(t, k) for t in turned(table_array(k, n), dihedral)], axis=0)


def name_code(name: str, k: int) -> int:
    """The reading code of a class name ("HHT", or digits for counters)."""
    return int(name.replace("H", "0").replace("T", "1"), k)


def closed(key: Key, names: set[str]) -> bool:
    """Whether the Devil can keep the table among these classes against every move (numpy, every move at once)."""
    n, k, dihedral, goal = key
    tables = table_array(k, n)
    inside = np.isin(class_codes(key), [name_code(c, k) for c in names])
    goals = [0] if goal == "heads" else [sum(c * k**p for p in range(n)) for c in range(k)]
    if not inside.any() or inside[goals].any():
        return False
    weights = k ** np.arange(n)
    _, first = np.unique(class_codes(key)[inside], return_index=True)
    for table in tables[inside][first]:  # one table per class: the set is a union of classes
        kept = np.zeros(len(tables), dtype=bool)
        for copy in turned(table[None, :], dihedral):
            kept |= inside[((copy[0] + tables) % k) @ weights]
        if not kept.all():
            return False
    return True


@cache
def decided(key: Key) -> Any:
    return decide(model(*key))


# -- the table: nothing undecided, the lengths, the rule --------------------------------------------


def test_the_whole_table_is_decided_by_the_rule_at_the_lower_bound() -> None:
    methods: Counter[str] = Counter()
    for key in TABLE:
        n, k, dihedral, goal = key
        sol = decided(key)
        methods[sol.method] += 1
        assert sol.solvable is expected_winnable(n, k, dihedral), key
        assert sol.method in ("search", "construction", "trap", "theorem"), key
        assert theorem(n, k, dihedral, goal).winnable is sol.solvable
        if sol.solvable:
            length = k**n - 1 if goal == "heads" else k ** (n - 1) - 1
            assert sol.shortest == length == int(sol.length), key
            assert sol.length.expression() == (f"{k}^{n} - 1" if goal == "heads" else f"{k}^{n - 1} - 1")
            assert sol.decision.invariant is None
        else:
            assert sol.shortest is None and sol.length is None and sol.strategy is None
            assert sol.decision.invariant is not None, key
    assert sum(methods.values()) == 640 and "unknown" not in methods
    assert sum(expected_winnable(n, k, d) for n, k, d, _ in TABLE) == 92
    print(f"\ncoin table, 640 configurations: {dict(sorted(methods.items()))}")  # shown with pytest -s


@pytest.mark.parametrize("key", [key for key in TABLE if expected_winnable(*key[:3]) and key[1] ** key[0] <= 64])
def test_winning_strategies_replay_by_the_plain_rules(key: Key) -> None:
    strategy = decided(key).strategy
    assert strategy is not None
    assert Rules(*key).won_by(strategy) == len(strategy) == decided(key).shortest


@pytest.mark.parametrize("key", [key for key in TABLE if expected_winnable(*key[:3]) and 64 < key[1] ** key[0] <= 4096])
def test_larger_winning_strategies_pass_the_exact_verifier(key: Key) -> None:
    # sizes up to 2^16 (N = 16 coins, N = 8 with four faces) are verified in test_coins_engine and the report
    m = model(*key)
    strategy = decided(key).strategy
    assert strategy is not None and len(strategy) == decided(key).shortest
    result = engine.verify(m, strategy)
    assert result.wins and result.won_by == len(strategy)  # and no prefix wins: the bound is tight


@pytest.mark.parametrize("key", [key for key in TABLE if decided(key).trap])
def test_listed_traps_are_closed(key: Key) -> None:
    trap = set(decided(key).trap)
    assert closed(key, trap)
    if key[1] ** key[0] <= 64:
        assert Rules(*key).is_trap(trap)


def test_the_closure_check_rejects_what_is_not_a_trap() -> None:
    assert not closed((4, 2, False, "heads"), {"HHHT", "HHTT", "HTHT", "HTTT", "TTTT"})  # N = 4 is won
    assert not closed((3, 2, False, "heads"), {"HHT"})  # flipping 0 from HHT can only give HHH or HTT
    assert not closed((3, 2, False, "heads"), {"HHH", "HHT", "HTT"})  # holds the goal
    assert closed((3, 2, False, "heads"), {"HHT", "HTT"})


@pytest.mark.parametrize("key", [key for key in TABLE if not expected_winnable(*key[:3]) and key[1] ** key[0] <= 256])
def test_the_devils_invariant_is_a_trap_against_every_move(key: Key) -> None:
    n, k, dihedral, _ = key
    cert = decided(key).decision.invariant.json()
    pk, pn = prime_power(k), prime_power(n)
    if cert["kind"] == "fold":  # q divides K, N = q^a m with m > 1 not divisible by q
        q, m = cert["prime"], cert["groups"]
        assert prime_power(q) == (q, 1) and k % q == 0 and m > 1 and m % q != 0 and n % m == 0
        assert n == m or prime_power(n // m)[0] == q
    else:  # only with reflections, N and K powers of one odd prime
        assert dihedral and pk is not None and pn is not None and pk[0] == pn[0] == cert["prime"] != 2
    assert check_invariant(n, k, cert) > 0


@pytest.mark.parametrize("key", [key for key in TABLE if decided(key).trap])
def test_the_invariant_lies_inside_the_largest_trap(key: Key) -> None:
    # the largest trap holds every trap, so it must hold every table that has the invariant
    n, k = key[0], key[1]
    cert = decided(key).decision.invariant.json()
    invariant = set(class_codes(key)[holds(cert, table_array(k, n))].tolist())
    assert invariant and invariant <= {name_code(c, k) for c in decided(key).trap}


# -- beyond the table: larger sizes spot-checked, and the decision at any size ------------------------


@pytest.mark.parametrize("key", [(12, 2, True, "same"), (6, 4, False, "heads"), (4, 9, True, "heads"),
                                 (5, 5, True, "heads"), (3, 9, True, "same"), (7, 3, True, "heads"),
                                 (10, 2, False, "heads"), (5, 4, True, "same")])
def test_invariants_of_larger_tables_hold_against_every_move(key: Key) -> None:
    n, k = key[0], key[1]
    cert = decide(model(*key)).decision.invariant.json()
    rng = np.random.default_rng(13)
    sample = table_array(k, n)[rng.choice(k**n, size=48, replace=False)]
    sample = sample[holds(cert, sample)]
    assert check_invariant(n, k, cert, sample) > 0


@pytest.mark.parametrize(("key", "kind"), [((20, 9, True, "same"), "fold"), ((19, 2, False, "heads"), "fold"),
                                           ((9, 3, True, "heads"), "moment"), ((25, 5, True, "same"), "moment")])
def test_invariants_beyond_enumeration_hold_on_random_tables_and_moves(key: Key, kind: str) -> None:
    n, k = key[0], key[1]
    cert = decide(model(*key)).decision.invariant.json()
    assert cert["kind"] == kind
    rng = np.random.default_rng(13)
    tables = rng.integers(0, k, size=(400, n))
    moves = rng.integers(0, k, size=(400, n))
    tables = tables[holds(cert, tables)]
    for table in tables:
        kept = np.zeros(len(moves), dtype=bool)
        for turned in devil_turns(cert, table):
            kept |= holds(cert, (turned + moves) % k)
        assert kept.all()


@pytest.mark.parametrize(("n", "k", "dihedral", "goal", "winnable", "length"), [
    (2**19, 2, False, "heads", True, "2^524288 - 1"),
    (2**19, 2**19, True, "same", True, "524288^524287 - 1"),
    (10**6, 2, False, "heads", False, None),
    (3**12, 3, True, "heads", False, None),  # the moment
    (3**12, 3**12, False, "same", True, "531441^531440 - 1"),
    (1, 999_983, True, "heads", True, "999983^1 - 1"),
    (1, 10**6, False, "same", True, "1000000^0 - 1"),
    (997**2, 997, False, "heads", True, "997^994009 - 1"),
    (997**2, 991, False, "heads", False, None),
])
def test_the_decision_at_any_size_is_pure_arithmetic(n: int, k: int, dihedral: bool, goal: str, winnable: bool,
                                                     length: str | None) -> None:
    sol = decide(model(n, k, dihedral, goal))  # no table is enumerated: this model could not be built
    assert sol.solvable is winnable is expected_winnable(n, k, dihedral)
    assert (None if sol.length is None else sol.length.expression()) == length
    assert sol.method == ("construction" if winnable else "theorem")


# -- exact big numbers -------------------------------------------------------------------------------


@pytest.mark.parametrize(("base", "exponent", "offset"), [(2, 13_000, -1), (2, 13_290, -1), (10, 3999, -1),
                                                          (10, 4000, -1), (10, 4000, 0), (7, 4731, -1),
                                                          (999_983, 700, -1), (9, 12_000, 0), (3, 1, -1)])
def test_powers_are_exact_as_int_or_decimal_string(base: int, exponent: int, offset: int) -> None:
    import sys

    value = base**exponent + offset
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        digits = str(value)
    finally:
        sys.set_int_max_str_digits(limit)
    power = Power(base, exponent, offset)
    assert power.digits() == len(digits)
    shown = power.json()
    assert shown == value if len(digits) <= 4000 else shown == digits


def test_a_million_coins_lower_bound_is_exact() -> None:
    import math

    text = Power(2, 10**6, -1).json()
    assert isinstance(text, str) and len(text) == math.floor(10**6 * math.log10(2)) + 1 == 301_030
    assert text.endswith(str(pow(2, 10**6, 10**40) - 1).zfill(40))
    assert text.startswith(f"{10 ** (10**6 * math.log10(2) % 1):.9f}".replace(".", "")[:9])
