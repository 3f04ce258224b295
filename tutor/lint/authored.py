"""The author's own texts checked for give-aways, with the rule the tutor applies to its own replies.

docs/authoring.md, section 7a: an answer is told only by the last hint rung and by /solution.  The author writes
three kinds of text a learner reads before that:

* each **hint**: shown below the last rung, so it must not state this step's answer or a later step's (the tutor
  would leave it out of the ladder, silently: lint says so instead);
* each **mistake's** ``say``: shown after a wrong answer, so the same holds (the learner's own answer, repeated,
  gives nothing away);
* the **success** text: shown once this step is answered, so only a later step's answer is given away there.

Whether a text gives an answer away is the step's own ``Step.gives_away``, the check its reply builder and hint
ladder make, for the variant being linted (lint samples the variants).  Text the engine writes is not the
author's to change and is not reported here.
"""

from __future__ import annotations

from collections.abc import Iterator

from tutor.course import Lesson, Step
from tutor.course.steps.question import without_echo
from tutor.errors import TooLarge, TutorError
from tutor.limits import checkpoint
from tutor.screen.shown import text_of
from tutor.screen.text import shorten

HINT_NOTE = "; the tutor leaves such a hint out of the ladder (only the last rung and /solution tell the answer)"


def author_texts(step: Step) -> Iterator[tuple[str, str, bool]]:
    """(key, text as the learner reads it, whether it is read before this step is answered) for each of the
    author's texts; a text that does not fill in is skipped (the step's own checks report it)."""
    raw = [*((f".hints[{i}]", hint, True, "") for i, hint in enumerate(step.hints, 1)),
           *((f".mistakes[{i}].say", m.say, True, m.match or "") for i, m in enumerate(step.mistakes, 1)),
           *(((".success", step.success, False, ""),) if step.success else ())]
    for key, text, before, echo in raw:
        try:
            filled = text_of(step.fill(text))
        except TooLarge:
            raise
        except TutorError:
            continue
        yield key, unechoed(filled, echo), before


def unechoed(text: str, echo: str) -> str:
    """``text`` with the learner's answer ``echo`` taken out (``without_echo``); as it is when ``echo`` is too long
    a number to read (the mistake's own checks report that)."""
    try:
        return without_echo(text, echo) if echo else text
    except ValueError:  # a number past Python's int_max_str_digits
        return text


def authored_giveaways(lesson: Lesson, replaced: set[int]) -> list[str]:
    """Every author's text that gives away its step's answer (before the step is answered) or a later step's,
    each ``FILE: steps[i].KEY: message``, once (the first step whose answer it gives)."""
    problems: list[str] = []
    steps = [s for s in lesson.steps if s.index not in replaced]
    for n, step in enumerate(steps):
        for key, text, before in author_texts(step):
            checkpoint()
            for other in steps[n if before else n + 1:]:
                found = other.gives_away(text)
                if found:
                    whose = "its" if other is step else f"{other.key}'s"
                    note = HINT_NOTE if key.startswith(".hints") and other is step else ""
                    problems.append(f"{lesson.path}: {step.key}{key}: gives away {whose} answer ({found}){note}: "
                                    f"{shorten(' '.join(text.split()), 120)}")
                    break
    return problems
