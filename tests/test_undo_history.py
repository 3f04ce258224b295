"""The undo history on its own: last in, first out, bounded, and help on the item never taken back."""

from __future__ import annotations

from tutor.session.place import Place
from tutor.session.undo import History


def test_nothing_to_take_back_at_first():
    assert History().take_back(Place("coins-1", 0)) is None


def test_places_come_back_newest_first():
    history = History()
    places = [Place("coins-1", step) for step in range(3)]
    for place in places:
        history.push(place)
    here = Place("coins-1", 3)
    got = []
    while (back := history.take_back(here)) is not None:
        got.append(back.place)
    assert got == places[::-1] and len(history) == 0


def test_only_the_newest_places_are_kept():
    history = History(kept=3)
    history.extend(Place("coins-1", step) for step in range(4))  # a game's moves come back at once
    history.push(Place("coins-1", 4))
    assert len(history) == 3
    steps = [history.take_back(Place()).place.step for _ in range(3)]
    assert steps == [4, 3, 2]


def test_a_move_taken_back_keeps_the_help_had_since():
    history = History()
    history.push(Place("coins-1", 2, aids=("undo",)))
    back = history.take_back(Place("coins-1", 2, hint_level=1, aids=("hint",)))
    assert back.within and back.place.aids == ("hint", "undo")  # AIDS order, each once
    assert back.place.hint_level == 0  # the rung comes back from the store (the session), not from here


def test_another_step_taken_back_keeps_its_own_help():
    history = History()
    history.push(Place("coins-1", 1, aids=("reset",)))
    back = history.take_back(Place("coins-1", 2, aids=("hint",)))
    assert not back.within and back.place.aids == ("reset",)
    history.push(Place(None, 0))
    assert not history.take_back(Place(None, 0, aids=("hint",))).within  # no lesson: no item to charge
