"""Hints and step-by-step play, checked against the plain rules' beliefs and brute-force distances."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_coins_rules import FIFTEEN, Move, Rules, flips, moves_of

from tutor.errors import InvalidNotation
from tutor.puzzles.answers import Level, rung
from tutor.puzzles.coins import CoinTable, engine
from tutor.puzzles.coins.rules import CoinGame, model
from tutor.puzzles.coins.teach.hints import hint_data
from tutor.puzzles.coins.teach.play import CoinPlay
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.options import NO_ARGS
from tutor.puzzles.play import LEARNER
from tutor.screen.shown import text_of

PUZZLE = CoinTable()
PLAY = CoinPlay()
Key = tuple[int, int, bool, str]
SMALL: list[Key] = [(n, k, d, g) for n in range(1, 5) for k in (2, 3) for d in (False, True)
                    for g in ("heads", "same")]
# winnable tables whose belief space the plain BFS explores in well under a second
WINNABLE: list[Key] = [(1, 2, False, "heads"), (2, 2, False, "heads"), (4, 2, False, "heads"),
                       (4, 2, True, "heads"), (4, 2, False, "same"), (2, 2, True, "same"),
                       (1, 3, False, "heads"), (3, 3, False, "same")]


def params_of(key: Key) -> CoinGame:
    n, k, dihedral, goal = key
    return PUZZLE.load({"coins": n, "sides": k, "symmetry": "dihedral" if dihedral else "rotation", "goal": goal})


def as_move(key: Key, shown: list[int]) -> Move:
    """A best move from JSON (positions for coins, digits for counters) as a digit vector."""
    return flips(key[0], *shown) if key[1] == 2 else tuple(shown)


def prefixes(keys: list[Key]) -> Any:
    return st.sampled_from(keys).flatmap(
        lambda key: st.tuples(st.just(key), st.lists(st.tuples(*[st.integers(0, key[1] - 1)] * key[0]),
                                                     max_size=6)))


@settings(max_examples=80)
@given(prefixes(SMALL))
def test_belief_after_a_prefix_matches_the_plain_rules(case: tuple[Key, list[Move]]) -> None:
    key, prefix = case
    rules = Rules(*key)
    data = hint_data(params_of(key), prefix)
    assert set(data["belief"]) == rules.names(rules.after(prefix))
    assert len(data["belief"]) == len(set(data["belief"]))
    if rules.wins(prefix):
        assert data["distance"] == 0 and data["belief"] == [] and len(data["hints"]) == 1


@settings(max_examples=40)
@given(prefixes(WINNABLE))
def test_distance_and_best_moves_against_brute_force(case: tuple[Key, list[Move]]) -> None:
    key, prefix = case
    rules = Rules(*key)
    params = params_of(key)
    data = hint_data(params, prefix)
    belief = rules.after(prefix)
    if not belief:
        assert data["distance"] == 0
        return
    distance = data["distance"]
    assert distance == rules.shortest(belief)
    assert data["best_moves"]
    for shown in data["best_moves"]:
        move = as_move(key, shown)
        after = rules.step(belief, move)
        assert (rules.shortest(after) if after else 0) == distance - 1
        assert hint_data(params, [*prefix, move])["distance"] == distance - 1


def test_following_the_best_move_counts_down_to_a_win() -> None:
    key: Key = (4, 2, False, "heads")
    params = params_of(key)
    prefix: list[Move] = []
    distances = []
    while True:
        data = hint_data(params, prefix)
        distances.append(data["distance"])
        if data["distance"] == 0:
            break
        prefix.append(as_move(key, data["best_moves"][0]))
    assert distances == list(range(15, -1, -1))
    assert Rules(4).wins(prefix)


def test_hint_ladder_is_nudge_concept_move() -> None:
    params = params_of((4, 2, False, "heads"))
    ladder = hint_data(params, moves_of("0123 02", 4))["hints"]
    assert len(ladder) == 3
    nudge, concept, move = ladder
    # the distance stays in the data: the lesson asks for the shortest length after the game
    assert "4 arrangements" in nudge and "13" not in nudge and "(s)" not in " ".join(ladder)
    assert "belief" in concept.lower() and "rules out TTTT" in concept
    assert move == "Play 0123 next."
    rungs = [rung(h) for h in PUZZLE.kind("strategy").hints(params, NO_ARGS, "0123 02")]
    assert [text_of(r.text) for r in rungs] == ladder
    assert [r.level for r in rungs] == [Level.NUDGE, Level.CONCEPT, Level.MOVE]  # merged with the author's in order


def test_hint_ladder_for_a_lost_cause_points_at_the_board_without_deciding() -> None:
    # issue 20: the move rung used to say "No: ... forever", answering the lesson's next two steps
    game = params_of((6, 2, False, "heads"))
    data = hint_data(game, [])
    assert data["distance"] is None and data["best_moves"] == []
    nudge, concept, move = data["hints"]
    assert "No:" not in " ".join(data["hints"]) and "forever" not in " ".join(data["hints"])
    m = game.model
    assert nudge.startswith(f"Before any move the table could still be any of {len(m.names_in(engine.start_bits(m)))}")
    played = re.search(r"Play (\S+) next and watch: afterwards the table could be (.*)\.$", move)
    assert played is not None
    after = m.names_in(engine.to_bits(m.step(m.start_belief(), moves_of(played.group(1), 6)[0])))
    assert played.group(2).removesuffix(" ...").split(", ") == after[:10]  # the belief that move leaves, recomputed
    assert all(len(m.names_in(engine.to_bits(m.step(m.start_belief(), mv)))) >= len(after)
               for mv in m.move_classes())  # no move leaves fewer
    assert f"{len(after)} tables possible" in concept


def test_hint_after_a_win_says_nothing_is_left() -> None:
    data = hint_data(params_of((4, 2, False, "heads")), moves_of(FIFTEEN, 4))
    assert data == {"belief": [], "distance": 0, "best_moves": [], "hints": [data["hints"][0]]}
    assert "first 15 moves already win" in data["hints"][0]


def test_hints_for_sixteen_coins_follow_the_construction() -> None:
    params = params_of((16, 2, False, "heads"))
    strategy = decide(model(16)).strategy or []
    data = hint_data(params, strategy[:3])
    assert [flips(16, *data["best_moves"][0])] == [strategy[3]]
    assert data["remaining_in_construction"] == 65_532
    # the rest of a shortest strategy is shortest (a faster finish would beat the lower bound): the distance
    assert data["distance"] == 65_532 and "65,532" not in data["hints"][0] and "65532" not in data["hints"][0]
    off = hint_data(params, [strategy[1], *strategy[1:3]])  # off the strategy: no claim
    assert off["distance"] is None and "remaining_in_construction" not in off


# -- play ---------------------------------------------------------------------------------------


def test_playing_the_fifteen_moves_wins_and_the_belief_matches_the_rules() -> None:
    params = params_of((4, 2, False, "heads"))
    rules = Rules(4)
    state = PUZZLE.play.start(params, NO_ARGS, random.Random(0))
    moves = FIFTEEN.split()
    for i, word in enumerate(moves, 1):
        turn = PLAY.play_text(state, word)
        state = turn.state
        belief = rules.after(moves_of(" ".join(moves[:i]), 4))
        if i < len(moves):
            assert not PLAY.terminal(turn.state)
            assert all(name in turn.replies[0] for name in rules.names(belief))
        else:
            assert PLAY.winner(turn.state) == LEARNER and "win" in turn.replies[0]
    lines = PLAY.render(state).splitlines()
    assert len(lines) == 1 + 1 + 15
    assert PLAY.hints(state) and "already win" in text_of(rung(PLAY.hints(state)[0]).text)


def test_play_takes_several_moves_at_once_and_rejects_nothing() -> None:
    params = params_of((4, 2, False, "heads"))
    state = PUZZLE.play.start(params, NO_ARGS, random.Random(0))
    turn = PLAY.play_text(state, "0123 02")
    assert len(turn.state.moves) == 2 and "(4)" in turn.replies[0]
    with pytest.raises(InvalidNotation):
        PLAY.play_text(turn.state, "  # nothing\n")
    with pytest.raises(InvalidNotation):
        PLAY.play_text(turn.state, "09")


def test_quantities_and_reference_answer() -> None:
    params = params_of((4, 2, False, "heads"))
    assert PUZZLE.compute(params, "shortest_length") == 15
    assert PUZZLE.compute(params, "classes") == 6
    assert PUZZLE.compute(params, "winnable") == "yes"
    assert PUZZLE.compute(params, "lower_bound") == 15
    assert PUZZLE.compute(params, "tables") == 16
    assert PUZZLE.compute(params, "start_size") == 5
    assert PUZZLE.compute(params_of((6, 2, False, "heads")), "winnable") == "no"
    assert PUZZLE.compute(params_of((6, 2, False, "heads")), "shortest_length") == 0
    reference = PUZZLE.kind("strategy").reference(params, NO_ARGS)
    assert reference is not None and Rules(4).wins(moves_of(reference, 4))
    assert PUZZLE.check(params, "strategy", reference).correct
    assert PUZZLE.kind("strategy").reference(params_of((3, 2, False, "heads")), NO_ARGS) is None
    assert PUZZLE.kind("strategy").normalize(params, "{0,1,2,3} x.x.") == "0123 02"
    assert PUZZLE.kind("strategy").completions(params, NO_ARGS, "") == ["0", "01", "02", "012", "0123"]


@pytest.mark.parametrize("raw", [{"coins": 0}, {"coins": 1_000_001}, {"sides": 1}, {"sides": 1_000_001},
                                 {"symmetry": "mirror"}, {"goal": "tails"}, {"colour": 1}])
def test_bad_parameters_are_refused(raw: dict[str, Any]) -> None:
    from tutor.errors import InvalidParams

    with pytest.raises(InvalidParams):
        PUZZLE.load(raw)


@pytest.mark.parametrize("raw", [{"coins": 21}, {"coins": 20, "sides": 3}, {"coins": 10**6, "sides": 10**6}])
def test_tables_too_large_to_enumerate_load_but_hints_and_play_refuse_naming_the_limit(raw: dict[str, Any]) -> None:
    # issue 13: solve and analyze decide any size; what enumerates every table still refuses past 2^20
    from tutor.errors import InvalidParams

    game = PUZZLE.load(raw)
    assert PUZZLE.solvable(game) is False
    assert PUZZLE.kind("strategy").completions(game, NO_ARGS, "") == []  # the REPL's tab key never enumerates
    for enumerate_all in (lambda: hint_data(game, []), lambda: PLAY.start(game, NO_ARGS, random.Random(0)),
                          lambda: PUZZLE.compute(game, "classes")):
        with pytest.raises(InvalidParams, match=r"more than the 1,048,576 \(2\^20\)"):
            enumerate_all()

