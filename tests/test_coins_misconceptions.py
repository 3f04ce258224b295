"""The coin quantities' misconceptions, checked a second way: each value a learner holding an idea would answer is
recounted here from plain rules (every table listed, turns applied by hand, the shortest win found by search), on
small tables of every kind; and no idea's sentence states the right value.
"""

from __future__ import annotations

from itertools import product

import pytest

from tutor.puzzles import get
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, model
from tutor.puzzles.computed import NumberKind, states_number
from tutor.puzzles.options import NO_ARGS

QUANTITIES = get("coins").quantities
GAMES = [CoinGame(*p) for p in [
    (2, 2, "rotation", "heads"), (3, 2, "rotation", "heads"), (4, 2, "rotation", "heads"),
    (4, 2, "dihedral", "heads"), (6, 2, "rotation", "heads"), (6, 2, "dihedral", "same"), (4, 2, "rotation", "same"),
    (3, 3, "rotation", "heads"), (2, 4, "rotation", "heads"), (8, 2, "rotation", "heads")]]
Layout = tuple[int, ...]


def layouts(n: int, k: int) -> list[Layout]:
    """Every table, as the face at each position."""
    return list(product(range(k), repeat=n))


def turned(t: Layout, mirror: bool) -> set[Layout]:
    """Every turn of a table (and turn over, if ``mirror``)."""
    out = {t[r:] + t[:r] for r in range(len(t))}
    return out | {u[::-1] for u in out} if mirror else out


def orbits(n: int, k: int, mirror: bool) -> list[frozenset[Layout]]:
    """The tables up to turning, each as the set of its copies."""
    return list(dict.fromkeys(frozenset(turned(t, mirror)) for t in layouts(n, k)))


def over(game: CoinGame, t: Layout) -> bool:
    """Whether the game is over on a table: all heads, or all alike."""
    return set(t) == {0} if game.goal == "heads" else len(set(t)) == 1


def shortest(game: CoinGame) -> int:
    """The shortest sure win by exhaustive belief search (0 when the Devil can always escape)."""
    found = engine.solve(model(game.coins, game.sides, game.symmetry == "dihedral", game.goal)).strategy
    return 0 if found is None else len(found)


def expected(game: CoinGame, quantity: str) -> dict[str, int | None]:
    """What each idea answers, counted from plain rules (None where it gives no answer)."""
    n, k, mirror = game.coins, game.sides, game.symmetry == "dihedral"
    every = len(layouts(n, k))
    classes = orbits(n, k, mirror)
    finished = sum(1 for o in classes if over(game, next(iter(o))))
    turns = len(turned(tuple(range(n)), mirror))
    if quantity == "classes":
        out = {"turned_apart": every, "without_finished": len(classes) - finished,
               "divided_by_turns": every // turns if every % turns == 0 and n > 2 else None,
               "mirrors": len(orbits(n, k, not mirror))}
        earlier = {len(classes), *out.values()}

        def new(count: int | None) -> int | None:
            fresh = None if count in earlier else count
            earlier.add(count)
            return fresh

        faces = new(len({tuple(sorted(t)) for t in layouts(n, k)}))  # tables told apart by their faces alone
        rounded = new(-(-every // turns)) if every % turns else None  # the division rounded up
        fixed = new(len(layouts(n - 1, k)))  # the first position fixed, the rest free
        out |= {"by_faces": faces, "divided_rounded": rounded, "first_fixed": fixed,
                "faces_times_positions": new(n * k)}
        mixed = [t for t in layouts(n, k) if len(set(t)) > 1]  # the tables not all of one face
        groups = len(mixed) // n if not mirror and len(mixed) % n == 0 else None  # ... in groups of n copies
        raw = {"one_face_forgotten": groups, "full_groups": None if groups is None or n < 4 else groups + k,
               "power_swapped": len(list(product(range(n), repeat=k)))}  # n choices for each of k things
        seen = {len(classes), *out.values()}
        for name, value in raw.items():
            out[name] = None if value in seen else value
            seen.add(value)
        return out
    if quantity == "start_size":
        length = shortest(game) if n <= 4 else None
        winnable_heads = game.goal == "heads" and (length or (n > 4 and n & (n - 1) == 0 and k == 2))
        return {"turned_apart": None if winnable_heads else every - finished,
                "with_finished": None if len(classes) == every - finished else len(classes),
                "every_layout": every,
                "divided_by_turns": every // turns - finished if every % turns == 0 else None}
    if quantity == "tables":
        return {"up_to_turning": len(classes), "product": n * k, "power_swapped": n**k, "without_finished": every - 1}
    if quantity == "lower_bound":
        starts = every - 1 if game.goal == "heads" else every // k - 1
        other = every // k - 1 if game.goal == "heads" else every - 1
        return {"with_finished": starts + 1, "one_per_class": len(classes) - finished, "other_goal": other}
    raise AssertionError(quantity)


def given(game: CoinGame, quantity: str) -> dict[str, int | None]:
    """What each registered idea answers here."""
    return {m.name: m.value(game, NO_ARGS) for m in QUANTITIES[quantity].misconceptions}  # type: ignore[misc]


def right_or_none(value: int | None, right: int) -> int | None:
    """An idea gives no answer where it would be right."""
    return None if value == right else value


@pytest.mark.parametrize("quantity", ["classes", "start_size", "tables", "lower_bound"])
@pytest.mark.parametrize("game", GAMES, ids=str)
def test_counting_ideas_match_a_count_by_hand(game: CoinGame, quantity: str) -> None:
    if game.coins > 6 and quantity == "start_size":
        pytest.skip("the search behind start_size's turned_apart check is for small tables")
    right = QUANTITIES[quantity](game)
    assert isinstance(right, int)
    want = {name: right_or_none(v, right) for name, v in expected(game, quantity).items()}
    assert given(game, quantity) == want


@pytest.mark.parametrize("n", [2, 4, 8])
def test_length_ideas_match_the_search_and_the_doubling_by_hand(n: int) -> None:
    game = CoinGame(n)
    right = shortest(game) if n <= 4 else 2**n - 1  # 8 coins: the lower bound, met by the verified construction
    assert QUANTITIES["shortest_length"](game) == right
    half = shortest(CoinGame(n // 2)) if n >= 4 else None
    classes = orbits(n, 2, False)
    same = shortest(CoinGame(n, 2, "rotation", "same")) if n <= 4 else len(layouts(n, 2)) // 2 - 1
    want = {"with_finished": len(layouts(n, 2)), "one_per_class": len(classes) - 1,
            "copies_only": None if half is None else (half + 1) * half,  # D repeated, the half moves left out
            "copies_as_moves": (half + 1) + half if half is not None and n >= 8 else None,  # each copy of D one move
            "old_counts": None,  # no doubling before the first
            "length_doubled": 2 * half if half is not None and n >= 8 else None,  # twice the coins, twice the moves
            "one_copy_too_many": (half + 2) * half + half if half is not None and n >= 8 else None,
            "other_goal": same,  # the all-alike game's shortest win, found by search (8 coins: its prefix bound)
            "doubled_too_far": len(layouts(2 * n, 2)), "bound_without_a_win": None}
    assert given(game, "shortest_length") == {name: right_or_none(v, right) for name, v in want.items()}


def test_sixteen_coins_ideas_are_the_doubling_counted_by_hand() -> None:
    """On 16 coins D is the 8-coin strategy (255 moves, found again from the 4-coin search by the doubling
    pattern D s1 D ... s15 D): 256 copies of it and 255 half moves between them."""
    four = shortest(CoinGame(4))
    eight = (four + 1) * four + four  # 16 copies of the doubled 4-coin strategy and 15 half moves
    copies = eight + 1
    assert QUANTITIES["shortest_length"](CoinGame(16)) == copies * eight + eight
    ideas = given(CoinGame(16), "shortest_length")
    assert ideas["copies_as_moves"] == copies + eight  # 511: each copy of D counted as one move
    assert ideas["old_counts"] == (four + 1) * eight + four  # 4,095: 16 copies and 15 half moves, as on 8 coins
    assert ideas["copies_only"] == copies * eight
    assert ideas["length_doubled"] == 2 * eight and ideas["one_copy_too_many"] == (copies + 1) * eight + eight
    assert ideas["other_goal"] == len(layouts(15, 2)) - 1  # all alike: one prefix per start up to a full flip


def test_a_table_the_devil_holds_gets_the_bound_idea_and_no_length_ideas() -> None:
    three = CoinGame(3)
    assert shortest(three) == 0
    assert given(three, "shortest_length") == {"with_finished": None, "one_per_class": None, "copies_only": None,
                                               "copies_as_moves": None, "old_counts": None, "length_doubled": None,
                                               "one_copy_too_many": None, "other_goal": None,
                                               "doubled_too_far": None, "bound_without_a_win": 7}


@pytest.mark.parametrize("game", [CoinGame(3), CoinGame(5), CoinGame(3, 3), CoinGame(4), CoinGame(6), CoinGame(5, 3),
                                  CoinGame(6, 2, "rotation", "same")], ids=str)
def test_trap_ideas_match_the_trap_by_hand(game: CoinGame) -> None:
    m = game.model
    trap = m.names_in(engine.trap(m))
    classes = orbits(game.coins, game.sides, False)
    finished = sum(1 for o in classes if over(game, next(iter(o))))
    letters = "HT" if game.sides == 2 else "0123456789"
    copies = sum(len(turned(tuple(letters.index(c) for c in name), False)) for name in trap)
    want = {"all_open": len(classes) - finished, "with_finished": len(classes), "copies_apart": copies}
    want = {name: right_or_none(v, len(trap)) for name, v in want.items()}
    orbit = {name: frozenset(turned(tuple(letters.index(c) for c in name), False)) for name in trap}

    def merged(key) -> int | None:  # the trapped tables with the same key counted as one, where some two share one
        keys = {key(o) for o in orbit.values()}
        return len(keys) if len(keys) < len(trap) else None

    def shifted(o: frozenset[Layout]) -> frozenset[frozenset[Layout]]:  # the same change added at every position
        return frozenset(frozenset(tuple((d + c) % game.sides for d in t) for t in o) for c in range(game.sides))

    raw = {"no_trap": 0, "complements_as_one": merged(shifted),
           "open_layouts": len([t for t in layouts(game.coins, game.sides) if not over(game, t)]),
           "every_layout": len(layouts(game.coins, game.sides)),
           "mirrors_as_one": merged(lambda o: frozenset((o, frozenset(t[::-1] for t in o)))),
           "by_faces": merged(lambda o: tuple(sorted(next(iter(o))))), "coins": game.coins}
    seen = {len(trap), *want.values()}
    for name, value in raw.items():
        want[name] = None if not trap or value in seen else value
        seen.add(value)
    assert given(game, "trap_size") == want


NUMBER_QUANTITIES = ["classes", "start_size", "tables", "lower_bound", "shortest_length", "trap_size"]


@pytest.mark.parametrize("quantity", NUMBER_QUANTITIES)
@pytest.mark.parametrize("game", GAMES[:8], ids=str)
def test_no_idea_names_the_right_value(game: CoinGame, quantity: str) -> None:
    q = QUANTITIES[quantity]
    right = q(game)
    assert isinstance(right, int)
    kind = NumberKind(q)
    for idea in q.misconceptions:
        value = idea.value(game, NO_ARGS)
        if value is None:
            continue
        said = idea.says(game, NO_ARGS, value)
        assert value != right and f"{value:,}" in said, (idea.name, said)
        assert kind.gives_away(game, NO_ARGS, said) is None, (idea.name, said)
        assert not states_number(said, right), (idea.name, said)


@pytest.mark.parametrize("quantity", NUMBER_QUANTITIES)
def test_every_number_quantity_names_three_ideas(quantity: str) -> None:
    names = [m.name for m in QUANTITIES[quantity].misconceptions]
    assert len(names) >= 3 and len(set(names)) == len(names)



def test_a_wrong_yes_or_no_describes_the_winning_strategy_without_listing_it() -> None:
    four = CoinGame(4)
    reason = QUANTITIES["winnable"].refute(four, NO_ARGS, "yes", "no")
    strategy = get("coins").kind("strategy").reference(four, NO_ARGS)
    assert strategy is not None and strategy not in reason and "0123 02" not in reason
    assert "every start and every turn" in reason
    assert "2^4 - 1" not in reason and "15" not in reason  # nor measured: the length is the next steps' answer


def test_a_length_too_short_names_starts_that_each_need_a_prefix() -> None:
    four = CoinGame(4)
    reason = QUANTITIES["shortest_length"].refute(four, NO_ARGS, 15, 10)
    named = reason.split("too few: ")[1].split(" are different starts")[0].replace(" and ", ", ").split(", ")
    m = four.model
    assert len(named) == 11 and len(set(named)) == 11  # one more start than prefixes, none all heads
    assert all(len(t) == 4 and set(t) <= {"H", "T"} and t != "HHHH" for t in named)
    assert not states_number(reason, 15) and m.tables == 16
    one = QUANTITIES["shortest_length"].refute(CoinGame(2), NO_ARGS, 3, 1)
    assert "1 prefix is too few" in one and "after its one move" in one


def test_a_length_too_long_says_what_it_overshoots() -> None:
    reason = QUANTITIES["shortest_length"].refute(CoinGame(8), NO_ARGS, 255, 300)
    assert "at least the number of all 2^8 tables" in reason and not states_number(reason, 255)
