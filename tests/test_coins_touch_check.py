"""check and hint for the blind bartender (--touch): the touch notation round-trips, the verifier agrees with a brute
force over every line of the Devil's play, the rule search agrees with the adaptive belief search and with a brute
force over every rule, and the command line keeps its contract (exit codes, JSON, one-line errors)."""

from __future__ import annotations

import json
from functools import cache
from itertools import combinations, product

import pytest
from helpers import run_tutor
from hypothesis import given
from hypothesis import strategies as st

from tutor.puzzles.coins.cli.touch_check import necklace
from tutor.puzzles.coins.engine.touch import solve, tables, theorem_winnable
from tutor.puzzles.coins.engine.touch_plan import next_move, plan
from tutor.puzzles.coins.engine.touch_verify import Tables, possible_after, verify_touch
from tutor.puzzles.coins.rules.touch import (
    TouchCase,
    TouchError,
    TouchMove,
    format_touch_move,
    format_touch_strategy,
    parse_touch_strategy,
)

GLASSES = "02:HH 01:HH 02:HH>x.,HH 01:xx 02:xx"  # Gardner's four glasses, two touched a move: 5 moves


def turn(t: int, n: int, r: int) -> int:
    full = (1 << n) - 1
    return ((t << r) | (t >> (n - r))) & full if r else t


def over(t: int, n: int, goal: str) -> bool:
    return t == 0 or (goal == "same" and t == (1 << n) - 1)


# -- the notation --------------------------------------------------------------------------------------------------

@st.composite
def moves(draw: st.DrawFn, n: int | None = None, k: int | None = None) -> tuple[int, int, TouchMove]:
    """A touch move drawn at random: K of N positions, and one to three cases over them."""
    n = n if n is not None else draw(st.integers(1, 12))
    k = k if k is not None else draw(st.integers(1, n))
    touched = sum(1 << p for p in draw(st.permutations(range(n)))[:k])
    sub = st.integers(0, (1 << n) - 1).map(lambda b: b & touched)
    cases = []
    for _ in range(draw(st.integers(1, 3))):
        care, absolute = draw(sub), draw(sub)
        cases.append(TouchCase(care, draw(sub) & care, absolute, draw(sub) & absolute, draw(sub) & ~absolute))
    return n, k, TouchMove(touched, tuple(cases))


@given(moves())
def test_the_canonical_form_reads_back_as_the_same_move(drawn: tuple[int, int, TouchMove]) -> None:
    n, k, move = drawn
    assert parse_touch_strategy(format_touch_move(move), n, k) == [move]


def test_the_notation_reads_the_four_glasses_and_writes_them_back() -> None:
    read = parse_touch_strategy("# Gardner\n20:HH; 01:hh\n02: HH -> X., ??>HH\n01:xx {2, 0}:xx", 4, 2)
    assert format_touch_strategy(read) == GLASSES
    third = read[2]  # felt HH: flip position 0; otherwise make both heads
    assert [third.flips(t) for t in (0b0000, 0b0001, 0b0100, 0b0101, 0b0010)] == [0b1, 0b1, 0b100, 0b101, 0b1]


@pytest.mark.parametrize(("text", "said"), [
    ("02:HH, 01:HH", "unexpected '01' at column 8 (moves are separated by spaces or ';'"),
    ("0123 02", "unexpected '02' at column 6 (expected ':'"),
    ("02:HY", "'Y' is not a result at column 5"),
    ("02:Hx>HH", "'x' cannot be felt at column 5"),
    ("02:H", "'H' has 1 letter for 2 touched positions at column 4"),
    ("04:HH", "position 4 is not on the table at column 2 (the positions are 0 to 3"),
    ("{0, 12}:HH", "position 12 is not on the table at column 5"),
    ("00:HH", "position 0 is touched twice at column 2"),
    ("012:HHH", "the move touches 3 positions at column 1 (--touch 2: every move feels exactly 2)"),
    ("02:", "a pattern such as HT or x. is missing at the end (column 4)"),
    ("{0,2:HH", "unexpected ':' at column 5"),
])
def test_a_fault_is_one_line_naming_its_column(text: str, said: str) -> None:
    with pytest.raises(TouchError) as err:
        parse_touch_strategy(text, 4, 2)
    assert said in str(err.value) and "\n" not in str(err.value)


# -- the verifier against every line of play ----------------------------------------------------------------------

def brute(n: int, goal: str, strategy: list[TouchMove]) -> int | None:
    """After which move every game is over at the latest (None: some game never ends), by walking every start and
    every turn before every move, one table at a time."""
    def lasts(t: int, i: int) -> int | None:  # moves to the bell from table t before move i, at worst
        if i == len(strategy):
            return None
        worst = 0
        for r in range(n):
            b = turn(t, n, r)
            a = b ^ strategy[i].flips(b)
            more = 0 if over(a, n, goal) else lasts(a, i + 1)
            if more is None:
                return None
            worst = max(worst, 1 + more)
        return worst

    longest = 0
    for t in range(1 << n):
        if not over(t, n, goal):
            took = lasts(t, 0)
            if took is None:
                return None
            longest = max(longest, took)
    return longest


@given(st.sampled_from([(2, 1), (3, 1), (3, 2), (4, 2), (4, 3)]), st.sampled_from(["same", "heads"]), st.data())
def test_the_verifier_agrees_with_every_line_of_play(size: tuple[int, int], goal: str, data: st.DataObject) -> None:
    n, k = size
    strategy = [data.draw(moves(n, k))[2] for _ in range(data.draw(st.integers(1, 4)))]
    result = verify_touch(n, goal, strategy)
    assert result.won_by == brute(n, goal, strategy)
    assert result.wins == (result.won_by is not None)
    if goal == "same" and not theorem_winnable(n, k):
        assert not result.wins
    if result.line is not None:  # the Devil's line, replayed one table at a time, never rings the bell
        line, t = result.line, result.line.start
        assert not over(t, n, goal) and len(line.turns) == len(line.tables) == len(strategy)
        for move, r, after in zip(strategy, line.turns, line.tables, strict=True):
            b = turn(t, n, r)
            t = b ^ move.flips(b)
            assert t == after and not over(t, n, goal)


def hinted(n: int, k: int, goal: str = "same") -> list[TouchMove]:
    """The strategy the hints give from the start, one next move at a time."""
    p = plan(n, k, goal)
    strategy: list[TouchMove] = []
    while possible_after(n, goal, strategy):
        move = next_move(p, p.state(possible_after(n, goal, strategy)))
        assert move is not None and len(strategy) < 10
        strategy.append(move)
    return strategy


@pytest.mark.parametrize(("n", "k"), [(3, 2), (4, 2), (4, 3)])
def test_the_verifier_agrees_on_winning_strategies_and_their_slips(n: int, k: int) -> None:
    """Random strategies seldom win: these do, and each slip (a move left out, two moves swapped) may not."""
    strategy = hinted(n, k)
    slips = [strategy[:i] + strategy[i + 1:] for i in range(len(strategy))]
    slips += [strategy[:i] + [strategy[i + 1], strategy[i]] + strategy[i + 2:] for i in range(len(strategy) - 1)]
    verdicts = [verify_touch(n, "same", s).won_by for s in [strategy, *slips] if s]
    assert verdicts == [brute(n, "same", s) for s in [strategy, *slips] if s]
    assert verdicts[0] == len(strategy)


@given(st.integers(1, 6).flatmap(lambda n: moves(n)))
def test_the_move_over_every_table_is_the_move_on_each(drawn: tuple[int, int, TouchMove]) -> None:
    n, _, move = drawn
    assert Tables(n, "same").image(move).tolist() == [t ^ move.flips(t) for t in range(1 << n)]


# -- the rule search ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("goal", ["same", "heads"])
def test_rules_need_no_more_moves_than_the_adaptive_search(n: int, goal: str) -> None:
    """From the start, rule strategies (each move reads only what it feels) are as short as adaptive ones."""
    for k in range(1, n + 1):
        p = plan(n, k, goal)
        assert p.distance((1 << len(p.open)) - 1) == solve(n, k, goal).rounds, (n, k, goal)


@cache
def every_rule_move(n: int, k: int, goal: str) -> list[tuple[int, ...]]:
    """Every rule move (every touch, every flip for each felt pattern), as the class each class goes to (a set)."""
    tab = tables(n, goal)
    out = set()
    for ps in combinations(range(n), k):
        touch = sum(1 << p for p in ps)
        flips = [f for f in range(1 << n) if f & ~touch == 0]
        patterns = sorted({t & touch for t in range(1 << n)})
        for choice in product(flips, repeat=len(patterns)):
            rule = dict(zip(patterns, choice, strict=True))
            succ = [0] * len(tab.reps)
            for t in range(1 << n):
                a = t ^ rule[t & touch]
                if not over(a, n, goal):
                    succ[tab.cls[t]] |= 1 << tab.cls[a]
            out.add(tuple(succ))
    return sorted(out)


@pytest.mark.parametrize(("n", "k"), [(2, 1), (3, 1), (3, 2), (4, 1), (4, 2)])
@pytest.mark.parametrize("goal", ["same", "heads"])
def test_the_rule_search_agrees_with_every_rule_tried_from_every_state(n: int, k: int, goal: str) -> None:
    """A breadth-first search over sets of classes that tries every rule, from every state."""
    p = plan(n, k, goal)
    tab = tables(n, goal)
    bit = {tab.reps.index(rep): i for i, rep in enumerate(p.open)}
    rules = every_rule_move(n, k, goal)
    for state in range(1 << len(p.open)):
        start = sum(1 << c for c, i in bit.items() if state >> i & 1)
        seen, layer, d = {start}, {start}, 0
        while layer and 0 not in layer:
            layer = {_union(succ, s) for s in layer for succ in rules} - seen
            seen |= layer
            d += 1
        assert p.distance(state) == (d if layer else None), (n, k, goal, state)


def _union(succ: tuple[int, ...], classes: int) -> int:
    out = 0
    for c, bits in enumerate(succ):
        if classes >> c & 1:
            out |= bits
    return out


@pytest.mark.parametrize(("n", "k"), [(2, 1), (3, 2), (4, 2), (4, 3), (5, 4), (5, 5)])
def test_following_the_hints_rings_the_bell_in_the_fewest_moves(n: int, k: int) -> None:
    strategy = hinted(n, k)
    assert len(strategy) == solve(n, k, "same").rounds
    assert verify_touch(n, "same", strategy).wins


def test_classes_are_named_by_their_first_turn_in_reading_order() -> None:
    assert [necklace(t, 4) for t in (0b1000, 0b0001, 0b0110, 0b0101)] == ["HHHT", "HHHT", "HHTT", "HTHT"]


# -- the command line -----------------------------------------------------------------------------------------------

def tutor(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    run = run_tutor(*args, stdin=stdin)
    return run.returncode, run.stdout, run.stderr


FOUR = ("--coins", "4", "--touch", "2", "--goal", "same")


def test_check_says_correct_and_shortest_with_exit_0() -> None:
    code, out, _ = tutor("check", "coins", *FOUR, GLASSES)
    assert code == 0 and out.startswith("correct: rings the bell") and "5 moves, the shortest possible" in out
    code, out, _ = tutor("check", "coins", *FOUR, "-", "--json", stdin=GLASSES.replace(" ", "\n"))
    data = json.loads(out)
    assert code == 0 and data == {"correct": True, "length": 5, "shortest": 5, "counterexample": None, "won_by": 5,
                                  "touch": 2, "canonical": GLASSES}


def test_check_gives_a_line_of_play_to_replay_with_exit_1() -> None:
    unnamed = "02:HH 01:HH 02:HH>x. 01:xx 02:xx"  # the third move forgets what to do when it feels anything else
    code, out, _ = tutor("check", "coins", *FOUR, unnamed)
    assert code == 1 and out.startswith("incorrect: does not always ring the bell")
    assert "which no case of 02:HH>x. names, so nothing was flipped" in out
    code, out, _ = tutor("check", "coins", *FOUR, unnamed, "--json")
    data = json.loads(out)
    c, strategy = data["counterexample"], parse_touch_strategy(data["canonical"], 4, 2)
    table = sum(1 << p for p, face in enumerate(c["start"]) if face == "T")
    for move, r, felt, flipped, after in zip(strategy, c["rotations"], c["felt"], c["flipped"], c["tables"],
                                             strict=True):
        table = turn(table, 4, r)
        assert felt == "".join("HT"[table >> p & 1] for p in move.positions) and set(flipped) <= set(move.positions)
        assert sum(1 << p for p in flipped) == move.flips(table)
        table ^= move.flips(table)
        assert "".join("HT"[table >> p & 1] for p in range(4)) == after
    assert c["final"] == c["tables"][-1] and c["final"] not in ("HHHH", "TTTT")
    code, out, _ = tutor("check", "coins", *FOUR, "02:HH 01:HH")
    assert code == 1 and "no sure win has fewer than 5" in out


def test_hint_walks_the_ladder_to_the_next_move() -> None:
    code, out, _ = tutor("hint", "coins", *FOUR, "--after", "02:HH 01:HH", "--json")
    data = json.loads(out)
    assert code == 0 and data["belief"] == ["HHHT"] and data["distance"] == 3 and len(data["hints"]) == 3
    assert data["hints"][2] == f"Play {data['best_moves'][0]} next."
    after = parse_touch_strategy(f"02:HH 01:HH {data['best_moves'][0]}", 4, 2)
    assert plan(4, 2, "same").distance(plan(4, 2, "same").state(possible_after(4, "same", after))) == 2
    code, out, _ = tutor("hint", "coins", *FOUR, "--after", GLASSES)
    assert code == 0 and "already ring the bell" in out
    code, out, _ = tutor("hint", "coins", "--coins", "5", "--touch", "3", "--goal", "same", "--json")
    assert code == 0 and json.loads(out)["distance"] is None and json.loads(out)["best_moves"] == []


@pytest.mark.parametrize(("args", "said"), [
    (("check", "coins", *FOUR, "02:HH, 01:HH"), "column 8"),
    (("check", "coins", "--coins", "4", "--touch", "2", "--sides", "3", "02:HH"), "two-faced game"),
    (("check", "coins", *FOUR, "--conjecture", "K", "02:HH"), "game of its own"),
    (("check", "coins", "--coins", "21", "--touch", "2", "02:HH"), "2^20"),
    (("hint", "coins", "--coins", "7", "--touch", "6"), "over the limit touch_positions"),
    (("hint", "coins", *FOUR, "--after", "02:HT>"), "missing at the end"),
])
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], said: str) -> None:
    code, _, err = tutor(*args)
    assert code == 2 and said in err and len(err.strip().splitlines()) == 1
