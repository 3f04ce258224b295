"""The vectorised classes of the coin table, checked against plain Python orbits on small tables, and the check
cost estimated before anything is enumerated."""

from __future__ import annotations

import itertools

import pytest

from tutor.errors import TooLarge
from tutor.puzzles.coins.engine import verify
from tutor.puzzles.coins.rules import Model, classes, format_move, parse_strategy

SMALL = [(n, k) for n in range(1, 8) for k in (2, 3, 4) if k**n <= 3000] + [(2, 11), (2, 12), (3, 11), (1, 13),
                                                                            (2, 23), (4, 11)]


def _orbit(digits: tuple[int, ...], dihedral: bool) -> set[tuple[int, ...]]:
    """Every turned copy of a digit tuple, by index arithmetic alone."""
    n = len(digits)
    out = {tuple(digits[(p - r) % n] for p in range(n)) for r in range(n)}
    if dihedral:
        out |= {tuple(digits[(r - p) % n] for p in range(n)) for r in range(n)}
    return out


def _show(digits: tuple[int, ...], k: int) -> str:
    return "".join("HT"[d] for d in digits) if k == 2 else "".join(map(str, digits))


@pytest.mark.parametrize("dihedral", [False, True])
@pytest.mark.parametrize(("n", "k"), SMALL)
def test_classes_and_names_match_plain_orbits(n, k, dihedral):
    m = Model(n, k, dihedral)
    every = list(itertools.product(range(k), repeat=n))  # digit p at index p
    orbits = {frozenset(_orbit(t, dihedral)) for t in every}
    assert m.class_count == len(orbits) == m.class_total == classes.class_total(n, k, dihedral)
    for t in every:
        code = m.encode(t)
        rep = m.representative(m.class_of(code))
        assert rep == min(m.encode(u) for u in _orbit(t, dihedral))
    names = m.class_names()
    for c in range(m.class_count):
        orbit = _orbit(m.decode(m.representative(c)), dihedral)
        assert names[c] == min(_show(u, k) for u in orbit)


@pytest.mark.parametrize(("n", "k", "dihedral"), [(4, 2, False), (5, 2, True), (3, 3, True), (2, 11, False),
                                                  (4, 4, True)])
def test_predecessor_tables_match_digitwise_subtraction(n, k, dihedral):
    m = Model(n, k, dihedral)
    for move in m.move_classes():
        pred = m.predecessors(move)
        copies = _orbit(move, dihedral)
        assert pred.shape == (len(copies), m.class_count)
        for c in range(m.class_count):
            rep = m.decode(m.representative(c))
            want = {m.class_of(m.encode(tuple((a - b) % k for a, b in zip(rep, copy, strict=True))))
                    for copy in copies}
            assert set(pred[:, c].tolist()) == want


def test_turned_codes_follow_the_group():
    import numpy as np

    for n, k, dihedral in [(5, 2, True), (4, 3, True), (3, 11, False)]:
        m = Model(n, k, dihedral)
        codes = np.arange(k**n)
        for g, turned in enumerate(classes.turned(codes, n, k, dihedral)):
            assert turned.tolist() == [m.apply_turn(t, g) for t in range(k**n)]


def test_a_check_over_the_work_limit_is_refused_before_any_table_is_enumerated():
    m = Model(20, 2, True)
    moves = " ".join(format_move(tuple(b >> p & 1 for p in range(20)), 2) for b in range(1, 601))
    with pytest.raises(TooLarge, match="check_work"):
        verify(m, parse_strategy(moves, 20))
    assert "cls" not in m._cache  # refused from Burnside's count: not one table was enumerated


def test_hints_and_games_are_charged_like_checks_before_any_step(capsys):
    from tutor.cli import main

    moves = "0134 " * 5000  # 20 coins with reflections: about 5.4 billion steps, past check_work
    assert main(["hint", "coins", "--coins", "20", "--symmetry", "dihedral", "--after", moves]) == 2
    err = capsys.readouterr().err
    assert "over the limit check_work" in err and len(err.strip().splitlines()) == 1


def test_a_long_line_in_a_game_is_echoed_and_commented_in_bounded_text():
    import random

    from tutor.puzzles.coins.rules import CoinGame
    from tutor.puzzles.coins.teach import play
    from tutor.puzzles.coins.teach.verdicts import belief_after

    game = CoinGame(4)
    line = "0 " * 5000
    turn = play.PLAY.play_text(play.PLAY.start(game, {}, random.Random(0)), line)
    assert turn.state.belief == belief_after(game.model, parse_strategy(line, 4))[0]  # the same belief, replayed
    said = [str(r) for r in turn.replies]
    assert "... (5,000 moves)" in said[0]
    assert len([r for r in said if r.startswith("Move ")]) <= play.COMMENTED_MOVES
    assert said[-1].startswith(f"({5000 - play.COMMENTED_MOVES:,} more moves of this line have a comment too")
    assert sum(map(len, said)) < 10_000


def test_the_belief_search_gives_up_on_its_budget_mid_level():
    from tutor.errors import SearchLimit
    from tutor.puzzles.coins import engine

    with pytest.raises(SearchLimit, match="belief bytes"):
        engine.search_from(Model(1, 200), engine.start_bits(Model(1, 200)))
    assert len(engine.solve(Model(1, 16)).strategy or []) == 15  # the largest search the budget must still finish
