"""The no-give-away sweep: every step of every bundled lesson, in every sampled variant (and every practice item the
sweep draws), answered with generated wrong answers (values near the answer, doubled, halved, zero, the known
misconceptions, partial lists, neighbouring positions, unreadable text).  Neither a reply nor a hint rung below the
last may let the step's answer follow in one step (``tutor.puzzles.giveaway``), nor state the answer of a later step
of its lesson or of a later lesson of its family.

Two views are swept: the replies as the engine and the author wrote them (``Question.reply_to``: the course itself
must be clean, parser refusals aside, whose examples know no answer), and the replies the learner reads
(``Question.respond``, screened by the reply builder).
"""

from __future__ import annotations

from functools import cache

import pytest

from tests.helpers import bundled
from tutor.course import Lesson, instantiate
from tutor.course.steps import Context, Game, Step
from tutor.course.steps.question import Question, without_echo
from tutor.errors import TutorError
from tutor.lint.checks import VARIANT_SAMPLE
from tutor.puzzles.answers import Level
from tutor.puzzles.giveaway import Shape
from tutor.screen.shown import ReplyKind, text_of

CATALOG = bundled()
UNREADABLE = ["phi", "abc", "1.5", "?", "x y z"]
LESSONS = CATALOG.ordered()


def variants(lesson: Lesson) -> list[Lesson]:
    """The lesson's sampled variants (seeds 0 to 5 when it draws parameters, as lint samples them)."""
    return [instantiate(lesson, seed) for seed in range(VARIANT_SAMPLE if lesson.template.tables.slots() else 1)]


def questions(lesson: Lesson) -> list[Question]:
    """Every question the lesson asks: its steps that take a whole answer, and the items of its practice steps."""
    return [item for step in lesson.steps if not isinstance(step, Game) for item in step.items()
            if isinstance(item, Question)]


def read(lesson: Lesson) -> str:
    """Every text of the lesson a learner reads on the way through it."""
    out = []
    for step in lesson.steps:
        for _, text in step.texts():
            try:
                out.append(text_of(step.fill(text)))
            except TutorError:
                continue
    return "\n".join(out)


def distinctive(item: Question) -> bool:
    """Whether ``item``'s answer is one a text could not name by chance: not a number under 100 ("line 20", "10
    moves" say nothing about a count asked three lessons on)."""
    answer = item.reference()
    shape = Shape.of(text_of(answer)) if answer is not None else Shape()
    return answer is not None and (shape.number is None or abs(shape.number) >= 100)


@cache
def later_lessons(index: int) -> tuple[Step, ...]:
    """The questions of the lessons after ``LESSONS[index]`` in its family whose answers are still to be found there
    (a practice step's items are other instances): distinctive, and not already told in the texts of that lesson or
    of an earlier one (a count taught early is no secret later)."""
    family = LESSONS[index].puzzle
    told = "\n".join(read(lesson) for lesson in LESSONS[: index + 1] if lesson.puzzle == family)
    return tuple(item for lesson in LESSONS[index + 1:] if lesson.puzzle == family
                 for step in lesson.steps if isinstance(step, Question) and not isinstance(step, Game)
                 and not step.fresh for item in [step] if distinctive(item) and not item.gives_away(told))


def said(item: Question, lesson: Lesson, wrong: str, screened: bool) -> list[tuple[str, str]]:
    """(where, text) for what the learner is told after answering ``wrong``: each reply, then each hint rung but the
    last; the engine's own text, or (``screened``) what the reply builder lets through."""
    context = Context(lesson.id)
    outcome = (item.respond if screened else item.reply_to)(item.blank(), wrong, context)
    if outcome.done:
        return []
    out = [(f"the reply to {wrong!r}", r.text) for r in outcome.replies
           if screened or r.kind is not ReplyKind.ERROR]  # a refusal's example is the builder's to screen
    ladder = item.ladder(outcome.state if outcome.state is not None else item.blank())
    return out + [(f"hint {i} of {len(ladder)} after {wrong!r}", text_of(r.text))
                  for i, r in enumerate(ladder, 1) if r.level is not Level.REVEAL]


def given_away(index: int, lesson: Lesson, screened: bool) -> list[str]:
    """Every give-away found in one variant of ``LESSONS[index]``."""
    found: list[str] = []
    asked = questions(lesson)
    for position, item in enumerate(asked):
        later = [] if screened else [*asked[position + 1:], *later_lessons(index)]  # the builder screens its own
        others: dict[str, list[tuple[Question, str]]] = {}  # a text said again (a hint rung after every wrong
        for wrong in dict.fromkeys([*item.wrong_answers(), *UNREADABLE]):  # answer) is read against the later once
            for where, text in said(item, lesson, wrong, screened):
                own = item.gives_away(text, wrong)
                echoless = without_echo(text, wrong)
                if echoless not in others:
                    others[echoless] = [(o, g) for o in later for g in [o.gives_away(echoless)] if g]
                found += [f"{lesson.id} {item.key}: {where} gives away its answer ({own}): {text}"] if own else []
                found += [f"{lesson.id} {item.key}: {where} gives away {o.key}'s answer ({g}): {text}"
                          for o, g in others[echoless]]
    return found


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
def test_no_reply_or_hint_of_the_course_gives_an_answer_away(index: int) -> None:
    found = [f for lesson in variants(LESSONS[index]) for f in given_away(index, lesson, screened=False)]
    assert not found, "\n".join(dict.fromkeys(found))


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
def test_no_reply_the_learner_reads_gives_an_answer_away(index: int) -> None:
    found = given_away(index, variants(LESSONS[index])[0], screened=True)
    assert not found, "\n".join(dict.fromkeys(found))


def test_the_sweep_asks_every_lesson_with_questions_many_wrong_answers() -> None:
    asked = {lesson.id: sum(len(item.wrong_answers()) for item in questions(lesson)) for lesson in LESSONS}
    assert all(count >= 5 for lesson, count in asked.items() if questions(CATALOG.find(lesson))), asked


def test_the_sweep_reads_an_answer_implied_as_a_difference_of_stated_values() -> None:
    """Issue 29: lightsout-5 refuted the rank with "the cells less the rank", the nullity by docs/lightsout.md's
    definition. The check the sweep applies to every reply (the step's own ``gives_away``) reads it, on each board."""
    lesson = CATALOG.find("lightsout-5")
    steps = [item for item in questions(lesson) if item.reference() is not None]
    assert len(steps) == 3
    for item in steps:
        size = item.game.rules
        rank = size.cells - int(str(item.reference()))
        said = (f"{rank} is the rank of the {size.rows}x{size.cols} press matrix; the degree of the gcd is the "
                "nullity, the cells less the rank.")
        assert item.gives_away(said, str(rank)) is not None, said
        assert item.gives_away(said.replace(" of the", ",").split(";")[0], str(rank)) is None  # the rank alone


def shown_in_turn(item: Question, lesson: Lesson, wrongs: list[str]) -> tuple[list[str], str | None]:
    """Everything the learner reads answering ``wrongs`` one after another on the step (each reply, as the reply
    builder lets it through, then the hint rungs below the last), and the first moment it gives the answer away read
    all together (None: never)."""
    state = item.blank()
    shown: list[str] = []
    for wrong in wrongs:
        outcome = item.respond(state, wrong, Context(lesson.id))
        if outcome.done:
            return shown, None
        shown += [r.text for r in outcome.replies]
        state = outcome.state if outcome.state is not None else state
        found = item.gives_away("\n".join(shown))
        if found:
            return shown, f"after {wrong!r}: {found}"
    rungs = [text_of(r.text) for r in item.ladder(state) if r.level is not Level.REVEAL]
    found = item.gives_away("\n".join([*shown, *rungs]))
    return shown, None if not found else f"with the hints: {found}"


@pytest.mark.parametrize("index", range(len(LESSONS)), ids=[lesson.id for lesson in LESSONS])
def test_the_replies_of_one_step_read_together_give_nothing_away(index: int) -> None:
    # Two replies may give the answer away where neither does (gods-5 step 8: "6 counts the different splits", then
    # "each working split is made by 16 questions"); the reply builder reads each with what the step showed before.
    lesson = variants(LESSONS[index])[0]
    found = []
    for item in questions(lesson):
        wrongs = list(dict.fromkeys([*item.wrong_answers(), *UNREADABLE]))
        for order in (wrongs, wrongs[::-1]):
            _, given = shown_in_turn(item, lesson, order)
            found += [f"{lesson.id} {item.key}: {given}"] if given else []
    assert not found, "\n".join(dict.fromkeys(found))


def test_two_replies_together_do_not_give_the_working_first_questions_away() -> None:
    lesson = instantiate(CATALOG.find("gods-5"), 0)
    step = next(s for s in lesson.steps if isinstance(s, Question) and "first questions work" in s.title)
    answer = int(text_of(step.reference() or "").replace(",", ""))
    shown, given = shown_in_turn(step, lesson, [str(answer // 16), str(answer - 1)])  # the splits, then 95
    assert given is None, shown
    assert "counts the different splits" in shown[1], shown  # the first reply is the learner's own mistake
    assert not any("made by" in text for text in shown[2:]), shown  # the second no longer says 16 per split
    _, given = shown_in_turn(step, lesson, [str(answer - 16), str(answer + 16)])  # 80 and 112: 5 < splits < 7
    assert given is None


def test_the_best_split_of_gods_6_is_not_listed_to_count() -> None:
    lesson = instantiate(CATALOG.find("gods-6"), 0)
    step = next(s for s in lesson.steps if isinstance(s, Question) and s.title == "What Random leaves")
    answer = int(text_of(step.reference() or ""))
    for wrong in (answer + 1, 2 * answer):
        shown, given = shown_in_turn(step, lesson, [str(wrong)])
        assert given is None, shown
        assert "a better first question exists" in "\n".join(shown)  # the counterexample is still said


def test_the_command_that_prints_the_kth_pair_gives_it_away() -> None:
    # wythoff-4 'Exact, for any k' hinted "ask the tutor's command line: tutor analyze wythoff --index 102334155",
    # one step (run it) from the pair; the misère ladder said "see tutor analyze wythoff --index K."
    from tutor.puzzles.wythoff.engine import p_position
    from tutor.puzzles.wythoff.rules import Rules
    from tutor.puzzles.wythoff.teach.hints import kth_hints

    lesson = instantiate(CATALOG.find("wythoff-4"), 0)
    step = next(s for s in lesson.steps if isinstance(s, Question) and s.title == "Exact, for any k")
    assert step.gives_away("Or ask the tutor's command line: `tutor analyze wythoff --index 102334155`")
    assert step.gives_away("see tutor analyze wythoff --index K.")
    assert step.gives_away("`tutor analyze wythoff --index 12` prints pair number 12, (19, 31).") is None
    assert p_position(Rules(), 12) == (19, 31)  # the other instance the lesson's hint shows
    ladder = [text_of(r.text) for r in step.ladder(step.blank())]
    assert not any("--index 102334155" in text for text in ladder), ladder
    assert any("--index 12" in text for text in ladder), ladder  # a smaller instance to check one's code on
    for rules in (Rules(misere=True), Rules(2, misere=True)):
        said = [text_of(h.text) if hasattr(h, "text") else str(h) for h in kth_hints(rules, 10**6)]
        assert not any("--index" in text for text in said[:-1]), said
