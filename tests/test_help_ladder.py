"""The help ladder on its own, over a step whose ladder is known: rungs in order, each recorded and charged to
the item, the last one again without a charge, and /solution's question answered yes or no."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.progress.events import HintShown, Revealed
from tutor.puzzles.answers import Level, Rung
from tutor.screen.shown import Markdown, Reply, text_of
from tutor.session.ladder import HelpLadder
from tutor.session.place import Place

RUNGS = (Rung("Look at the corners.", Level.NUDGE), Rung(Markdown("*Two* moves suffice."), Level.CONCEPT),
         Rung("It is 2.", Level.REVEAL))


@dataclass(frozen=True)
class Asked:
    """A step with a known ladder (``rungs``), asking something unless ``required`` is False."""

    rungs: tuple[Rung, ...] = RUNGS
    required: bool = True
    index: int = 4
    no_hints = "No hints here."
    answered = "complete the step"

    def ladder(self, state):
        return list(self.rungs)

    def solution_offer(self):
        return "Reveal the answer? (y/n)" if self.rungs else None

    def reveal(self, state):
        return [Reply.hint(f"The answer is 2 (from {state}).")]


HERE = Place("coins-1", 4, aids=("undo",))


def texts(replies: list[Reply]) -> list[str]:
    return [text_of(r.text) for r in replies]


def test_each_hint_climbs_one_rung_and_is_recorded():
    ladder, place, seen = HelpLadder(), HERE, []
    for level in (1, 2):
        given = ladder.hint(Asked(), None, place)
        place = given.place
        seen += texts(given.replies)
        assert place.hint_level == level and given.events == (HintShown("coins-1", 4, level),)
        assert place.aids == ("hint", "undo") and not place.revealed
    assert seen == ["hint 1 of 3: Look at the corners.", "hint 2 of 3: *Two* moves suffice."]
    assert isinstance(given.replies[0].body, Markdown)  # an author's Markdown stays Markdown


def test_the_last_rung_is_the_answer_recorded_as_revealed_and_not_charged_again():
    ladder = HelpLadder()
    top = ladder.hint(Asked(), None, Place("coins-1", 4, hint_level=2))
    assert top.events == (HintShown("coins-1", 4, 3), Revealed("coins-1", 4))
    assert top.place.aids == ("hint", "solution") and top.place.hint_level == 3
    assert "the answer itself" in texts(top.replies)[1]
    again = ladder.hint(Asked(), None, top.place)
    assert again.place == top.place and again.events == ()
    assert texts(again.replies) == ["hint 3 of 3: It is 2.", "That is the last hint: it is the answer."]


def test_no_ladder_no_step_and_nothing_asked():
    ladder = HelpLadder()
    assert texts(ladder.hint(Asked(rungs=()), None, HERE).replies) == ["No hints here."]
    assert texts(ladder.hint(None, None, Place()).replies) == ["Open a lesson first: /lessons."]
    told = ladder.hint(Asked(required=False), None, HERE)  # a step that asks nothing: no item to charge
    assert told.place.hint_level == 1 and told.place.aids == HERE.aids


def test_solution_asks_first_and_only_yes_reveals():
    ladder = HelpLadder()
    assert texts(ladder.offer(Asked(rungs=()))) == ["There is no question here to reveal."] and not ladder.asking
    assert texts(ladder.offer(Asked())) == ["Reveal the answer? (y/n)"] and ladder.asking
    kept = ladder.answer("n", Asked(), "s", HERE)
    assert not ladder.asking and kept.place == HERE and kept.events == ()
    ladder.offer(Asked())
    shown = ladder.answer(" Yes ", Asked(), "s", HERE)
    assert not ladder.asking and texts(shown.replies) == ["The answer is 2 (from s)."]
    assert shown.place.revealed and shown.place.aids == ("solution", "undo")
    assert shown.events == (Revealed("coins-1", 4),)
