"""The navigator on its own, over a two-lesson pack: where /open, /next and /back go and what is said on the
way, each learner's own variant, and the end of a lesson.  No step is entered here (the session does that)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.course import instantiate, load_roots, variant_seed
from tutor.progress import Progress
from tutor.progress.events import Completed, Position
from tutor.screen.shown import text_of
from tutor.session.navigation import Navigator
from tutor.session.place import Place

LESSON = """
id = "{id}"
title = "Lesson {id}"
summary = "About {id}."
puzzle = "coins"
[params]
coins = {{min = 1, max = 9}}
[[steps]]
say = "Read this."
[[steps]]
ask = "How long is the shortest win?"
answer = "number"
compute = "shortest_length"
[[steps]]
say = "Done."
"""


@pytest.fixture(scope="module")
def catalog(tmp_path_factory):
    root: Path = tmp_path_factory.mktemp("lessons") / "week"
    root.mkdir()
    (root / "pack.toml").write_text('title = "Week one"\norder = ["a", "b"]\nwelcome = "Welcome, all."\n'
                                    'final = "Week one is done."\n')
    for lesson in "ab":
        (root / f"{lesson}.toml").write_text(LESSON.format(id=lesson))
    found = load_roots([root.parent])
    assert found.errors == []
    return found


def said(move) -> list[str]:
    return [text_of(r.text) for r in move.said]


def test_the_first_lesson_of_a_pack_opens_with_its_welcome(catalog):
    nav = Navigator(catalog, Progress(None), lambda: "alice")
    first = nav.open(catalog.lessons["week/a"])
    assert first.to == Place("week/a", 0)
    drawn = instantiate(catalog.lessons["week/a"], variant_seed("alice", "week/a")).variant["coins"]
    assert said(first) == ["Week one", "Welcome, all.", "Lesson a (week/a)", "About a.",
                           f"Your variant of this lesson: coins = {drawn}."]
    assert said(nav.open(catalog.lessons["week/b"]))[0] == "Lesson b (week/b)"  # not the pack's first lesson


def test_each_learner_gets_their_own_variant_once(catalog):
    lesson = catalog.lessons["week/a"]
    owners = {f"learner{n}": Navigator(catalog, Progress(None), lambda n=n: f"learner{n}") for n in range(8)}
    drawn = {owner: nav.variant_of(lesson) for owner, nav in owners.items()}
    for owner, nav in owners.items():
        assert nav.variant_of(lesson) is drawn[owner]  # drawn once, then kept
        assert drawn[owner].variant == instantiate(lesson, variant_seed(owner, lesson.id)).variant
    assert len({v.variant["coins"] for v in drawn.values()}) > 1


def test_a_lesson_resumes_where_progress_left_it(catalog):
    progress = Progress(None)
    progress.record(Position("week/a", 2))
    move = Navigator(catalog, progress, lambda: "bob").open(catalog.lessons["week/a"])
    assert move.to == Place("week/a", 2) and said(move)[-1] == "Resuming at step 3 of 3."
    assert "Welcome, all." not in said(move)


def test_next_and_back_go_to_fresh_places_within_the_lesson(catalog):
    nav = Navigator(catalog, Progress(None), lambda: "carol")
    mid = Place("week/a", 1, hint_level=2, state="played", aids=("hint",))
    assert nav.forward(mid).to == Place("week/a", 2) and nav.back(mid).to == Place("week/a", 0)
    assert nav.back(Place("week/a", 0)).to is None and said(nav.back(Place("week/a", 0))) == ["This is the first step."]
    for move in (nav.forward(Place()), nav.back(Place())):
        assert move.to is None and "No lesson is open" in said(move)[0]


def test_the_end_of_a_lesson_names_what_is_unanswered_then_the_next_lesson_and_the_pack(catalog):
    progress = Progress(None)
    nav = Navigator(catalog, progress, lambda: "dan")
    end = nav.forward(Place("week/a", 2))
    assert end.to is None and said(end) == ["That was the last step, but step 2 is not answered yet: /back to "
                                            "return to them."]
    progress.record(Completed("week/a", 1))
    assert said(nav.forward(Place("week/a", 2))) == ["Lesson complete: Lesson a. Next: /open week/b (Lesson b)."]
    progress.record(Completed("week/b", 1))
    assert said(nav.forward(Place("week/b", 2)))[1] == "Week one is done."


def test_the_listing_and_the_status_line_say_where_the_learner_is(catalog):
    nav = Navigator(catalog, Progress(None), lambda: "eve")
    rows = text_of(nav.listing(Place("week/b", 0))[0].text).splitlines()
    assert [row.endswith("<- you are here") for row in rows] == [False, True]
    assert nav.status(Place("week/b", 1)) == "week/b: Lesson b | step 2/3 | 0/1 answered | /hint /help"
    assert nav.status(Place("week/b", 1), width=30) == "week/b | step 2/3 | 0/1 answered"
    assert nav.status(Place()).startswith("no lesson open")
