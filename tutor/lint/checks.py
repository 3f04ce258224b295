"""``tutor lint``: validate lessons and run their answers through the engines.

Beyond the schema (checked when a lesson is parsed) each step checks itself (``Step.lint``):
* every ask step has a correct answer the engine accepts: the authored
  ``reference``, or the engine's own computed one (a step whose puzzle has no
  winning answer, such as three coins, must be a number/choice/explore step);
* every declared mistake parses and is judged wrong (a "mistake" the engine
  accepts would teach a false misconception);
* number/choice answers compute, and a choice's computed value is an option;
* every ``{{quantity}}`` in the text computes;
* for lessons with seeded variants, a sample of variants passes all of the above.
Errors name the file and the key.  Each lesson is checked within its work
budget (``lint_seconds``, docs/limits.md): a lesson that uses it up is reported,
and the others are still checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from tutor import puzzles
from tutor.course import Lesson, Step, bundled_root, extra_dirs, instantiate, load_roots
from tutor.course.lines import with_line
from tutor.errors import TooLarge, TutorError
from tutor.limits import LINT_SECONDS, checkpoint, lesson_budget
from tutor.paths import record_crash
from tutor.text import controls_in, shorten

VARIANT_SAMPLE = 6  # variants drawn per lesson with seeded parameters


def lint_step(lesson: Lesson, step: Step) -> list[str]:
    """Every problem with one step, each as ``file: steps[i].key: message`` (the step's own checks)."""
    return [f"{lesson.path}: {step.key}{problem}" for problem in step.lint()]


def lint_lesson(lesson: Lesson) -> list[str]:
    """Every problem in one lesson."""
    errors: list[str] = []
    if not lesson.required:
        errors.append(f"{lesson.path}: steps: a lesson needs at least one ask step")
    try:
        lesson.built  # noqa: B018 - exactly what opening the lesson does, within the same budget
    except TooLarge:
        raise
    except TutorError as err:
        return [*errors, str(err)]
    for step in lesson.steps:
        checkpoint()
        errors += lint_step(lesson, step)
    return errors + giveaways(lesson)


def giveaways(lesson: Lesson) -> list[str]:
    """Every reply to a typical wrong answer, and every hint rung but the last, that states this step's answer or
    a later step's (``Step.probes``, ``Step.gives_away``): the last rung and /solution are where answers are told."""
    problems: list[str] = []
    for i, step in enumerate(lesson.steps):
        checkpoint()
        try:
            probes = step.probes()
        except TutorError:
            continue  # the step's own checks report what does not compute
        for where, text in probes:
            for other in lesson.steps[i:]:
                found = other.gives_away(text)
                if found:
                    whose = "its" if other is step else f"{other.key}'s"
                    problems.append(f"{lesson.path}: {step.key}: {where} gives away {whose} answer ({found}): "
                                    f"{shorten(' '.join(text.split()), 160)}")
    return problems


def misconception_lines(lesson: Lesson) -> list[str]:
    """Each step's misconceptions, with the value each gives in this lesson (``tutor lint --misconceptions``)."""
    lines = []
    for step in lesson.steps:
        ideas = step.misconceptions()
        if ideas:
            listed = "; ".join(f"{name} -> {value!r}" for name, value in ideas)
            lines.append(f"{lesson.id} {step.key} ({step.label}): {listed}")
    return lines


def lint_paths(paths: Iterable[str], include_env: bool = True,
               each: Callable[[int, int], None] | None = None) -> tuple[int, list[str]]:
    """Lint lesson files/folders (default: the bundled lessons and TUTOR_LESSONS); ``each(done, total)`` is
    called after each lesson (a progress bar).

    Returns (number of lessons checked, errors).
    """
    roots = [Path(p) for p in paths]
    if not roots:
        roots = [bundled_root(), *(extra_dirs() if include_env else [])]
    catalog = load_roots(roots)
    errors = list(catalog.errors)
    lessons = catalog.ordered()
    for number, lesson in enumerate(lessons, 1):
        found: list[str] = []
        try:
            with lesson_budget(LINT_SECONDS, lesson.path):
                lint_with_variants(lesson, found)
        except TooLarge as err:
            found.append(f"{err} (lint stopped here)")
        except Exception as err:  # a bug an odd lesson triggers: logged; the other lessons are still checked
            log = record_crash(err, f"tutor lint {lesson.path}")
            found.append(f"{lesson.path}: internal error while checking ({type(err).__name__}: {err})"
                         + (f"; the details are in {log}" if log else ""))
        errors += found
        if each is not None:
            each(number, len(lessons))
    return len(catalog.lessons), sorted(set(errors), key=errors.index)


def controls(lesson: Lesson) -> list[str]:
    """Control characters in the lesson's text (an escape sequence would act on the learner's terminal if the
    tutor did not show it escaped), each with its key and line."""
    import msgspec

    template = lesson.template
    found = strings(msgspec.to_builtins(template.file), "")
    for i, step in enumerate(template.steps, 1):
        found += strings(msgspec.to_builtins(step), f"steps[{i}].")
    return [with_line(lesson.path, f"{lesson.path}: {key}: control character {escape} (the learner would see "
                      f"{escape!r}; write what it should say instead)") for key, escape in found]


def strings(data: object, key: str) -> list[tuple[str, str]]:
    """(key, first control character) for each string in ``data`` that holds one."""
    match data:
        case str():
            spots = controls_in(data)
            return [(key.rstrip("."), spots[0][2])] if spots else []
        case dict():
            return [hit for name, value in data.items() if name != "steps"
                    for hit in strings(value, f"{key}{name}.")]
        case list():
            return [hit for i, value in enumerate(data, 1) for hit in strings(value, f"{key.rstrip('.')}[{i}].")]
    return []


def lint_with_variants(lesson: Lesson, errors: list[str]) -> None:
    """Every problem in a lesson and in a sample of its variants, appended to ``errors`` as found."""
    errors += controls(lesson)
    errors += lint_lesson(lesson)
    for seed in range(VARIANT_SAMPLE if lesson.variants else 0):
        checkpoint()
        try:
            variant = instantiate(lesson, seed)
        except TooLarge:
            raise
        except TutorError as err:
            errors.append(str(err))
            break
        errors += [f"{e} (variant {dict(variant.variant)})" for e in lint_lesson(variant)]


def missing_explanations() -> dict[str, list[str]]:
    """For every family, the quantities whose explanation or refutation slot is still empty."""
    out: dict[str, list[str]] = {}
    for puzzle in puzzles.all_puzzles():
        out[puzzle.name] = [name for name, q in puzzle.quantities.items() if q.explain is None or q.refute is None]
    return out
