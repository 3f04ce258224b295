"""``tutor lint``: validate lessons and run their answers through the engines.

Beyond the schema (checked when a lesson is parsed) lint checks that:
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

import random
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tutor import puzzles
from tutor.course import Lesson, Step, bundled_root, extra_dirs, fill, instantiate, load_roots
from tutor.errors import TooLarge, TutorError
from tutor.judging import judge, reference
from tutor.limits import LINT_SECONDS, checkpoint, lesson_budget
from tutor.paths import record_crash
from tutor.puzzles.base import Puzzle
from tutor.puzzles.play import LEARNER
from tutor.shown import text_of

VARIANT_SAMPLE = 6  # variants drawn per lesson with seeded parameters


def lint_step(lesson: Lesson, step: Step) -> list[str]:
    """Every problem with one step, each as ``file: steps[i].key: message``."""
    where = f"{lesson.path}: {step.key}"
    puzzle = puzzles.get(lesson.puzzle)
    errors: list[str] = []
    texts = [("", step.text), (".success", step.success)]
    texts += [(f".hints[{i}]", h) for i, h in enumerate(step.hints, 1)]
    texts += [(f".mistakes[{i}].say", m.say) for i, m in enumerate(step.mistakes, 1)]
    for key, text in texts:
        checkpoint()
        try:
            fill(text, puzzle, step.game, step.args)
        except TutorError as err:
            errors.append(f"{where}{key}: a {{{{quantity}}}} does not compute: {err}")
    if step.expects is None:
        return errors
    if step.computed:
        return errors + _lint_computed(puzzle, step, where)
    if step.plays:
        return errors + _lint_play(step, where)
    try:
        answer = reference(step)
    except TutorError as err:
        return [*errors, f"{where}.reference: {err}"]
    if answer is None:
        errors.append(f"{where}.reference: the engine finds no correct answer for these parameters, "
                      "so the step cannot be completed")
    else:
        try:
            verdict = judge(step, text_of(answer))
            if not verdict.correct:
                errors.append(f"{where}.reference: judged wrong by the engine: {verdict.summary}")
        except TutorError as err:
            errors.append(f"{where}.reference: {err}")
    for i, mistake in enumerate(step.mistakes, 1):
        if mistake.match is None:
            continue
        checkpoint()
        try:
            verdict = judge(step, mistake.match)
        except TutorError as err:
            errors.append(f"{where}.mistakes[{i}].match: does not parse: {err}")
            continue
        if verdict.correct:
            errors.append(f"{where}.mistakes[{i}].match: the engine judges this answer correct, "
                          "so it is not a mistake")
        canonical = step.expects.normalize(step.game, mistake.match, step.args)
        if canonical != mistake.match:
            errors.append(f"{where}.mistakes[{i}].match: write it in canonical form {canonical!r} "
                          "(answers are compared after normalisation)")
    return errors


def _lint_computed(puzzle: Puzzle[Any], step: Step, where: str) -> list[str]:
    """A number or choice step: its quantity computes, and its mistakes are possible wrong answers."""
    errors: list[str] = []
    try:
        value = puzzle.compute(step.game, step.compute or "", step.args)
    except TutorError as err:
        return [f"{where}.compute: {err}"]
    is_choice = bool(step.options)
    if is_choice and str(value).lower() not in [o.lower() for o in step.options]:
        errors.append(f"{where}.options: the computed answer {value!r} is not among the options")
    if not is_choice and isinstance(value, bool | str):
        errors.append(f"{where}.compute: quantity {step.compute!r} is not a number ({value!r})")
    errors += _lint_reasons(puzzle, step, where, value)
    for i, mistake in enumerate(step.mistakes, 1):
        if mistake.match is None:
            continue
        if mistake.match.strip().lower() == str(value).lower():
            errors.append(f"{where}.mistakes[{i}].match: {mistake.match!r} is the correct answer")
        if is_choice and mistake.match.strip().lower() not in [o.lower() for o in step.options]:
            errors.append(f"{where}.mistakes[{i}].match: {mistake.match!r} is not one of the options")
        if not is_choice and not (mistake.match.strip().lstrip("-").isdecimal() and mistake.match.isascii()):
            errors.append(f"{where}.mistakes[{i}].match: {mistake.match!r} is not a whole number")
    return errors


def wrong_values(step: Step, value: Any) -> list[Any]:
    """Wrong answers a learner might give to a number or choice step: every other option; for a number,
    its neighbours, zero, its double and half, and the step's declared mistakes."""
    if step.options:
        return [o for o in step.options if o.lower() != str(value).lower()]
    if not isinstance(value, int) or isinstance(value, bool):
        return []
    declared = [int(m.match) for m in step.mistakes if m.match and m.match.strip().lstrip("-").isdecimal()]
    candidates = [value - 1, value + 1, 0, 1, 2 * value, value // 2, -1, *declared]
    return list(dict.fromkeys(c for c in candidates if c != value))


def _lint_reasons(puzzle: Puzzle[Any], step: Step, where: str, value: Any) -> list[str]:
    """Every wrong value gets a reason from the engine: the quantity refutes, and says something each time."""
    quantity = puzzle.quantities[step.compute or ""]
    if quantity.refute is None:
        return [f"{where}.compute: quantity {step.compute!r} cannot say why a wrong answer is wrong (its refute "
                "slot is empty), so a learner would get a bare refusal"]
    args = quantity.arguments(step.args)
    for wrong in wrong_values(step, value):
        checkpoint()
        try:
            reason = quantity.refute(step.game, args, value, wrong)
        except TutorError as err:
            return [f"{where}.compute: quantity {step.compute!r} cannot refute the wrong answer {wrong!r}: {err}"]
        if not reason.strip():
            return [f"{where}.compute: quantity {step.compute!r} gives no reason why {wrong!r} is wrong"]
    return []


def _lint_play(step: Step, where: str) -> list[str]:
    """A play step must be finishable: its reference moves win, or it is an explore step."""
    if step.goal == "explore":
        return []
    answer = reference(step)
    if answer is None:
        return [f"{where}.reference: a play step with goal 'win' needs a winning line, and the engine "
                "finds none (use goal = \"explore\")"]
    assert step.expects is not None and step.expects.play is not None
    play = step.expects.play
    try:
        state = play.start(step.game, play.arguments(step.args), random.Random(0))
        turn = play.play_text(state, text_of(answer))
    except TutorError as err:
        return [f"{where}.reference: {err}"]
    if play.winner(turn.state) != LEARNER:
        return [f"{where}.reference: playing {answer!r} does not win the game"]
    return []


def lint_lesson(lesson: Lesson) -> list[str]:
    """Every problem in one lesson."""
    errors: list[str] = []
    if not lesson.questions:
        errors.append(f"{lesson.path}: steps: a lesson needs at least one ask step")
    for step in lesson.steps:
        checkpoint()
        errors += lint_step(lesson, step)
    return errors


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


def lint_with_variants(lesson: Lesson, errors: list[str]) -> None:
    """Every problem in a lesson and in a sample of its variants, appended to ``errors`` as found."""
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
