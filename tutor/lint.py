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
Errors name the file and the key.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from pathlib import Path

from tutor import puzzles
from tutor.course import Lesson, Step, bundled_root, extra_dirs, fill, instantiate, load_roots
from tutor.errors import TutorError

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
        try:
            fill(text, lesson.puzzle, step.params)
        except TutorError as err:
            errors.append(f"{where}{key}: a {{{{quantity}}}} does not compute: {err}")
    if not step.is_question:
        return errors
    if step.answer in ("number", "choice"):
        try:
            value = puzzle.quantity(step.params, step.compute or "")
        except TutorError as err:
            return [*errors, f"{where}.compute: {err}"]
        if step.answer == "choice" and str(value).lower() not in [o.lower() for o in step.options]:
            errors.append(f"{where}.options: the computed answer {value!r} is not among the options")
        if step.answer == "number" and isinstance(value, bool | str):
            errors.append(f"{where}.compute: quantity {step.compute!r} is not a number ({value!r})")
        for i, mistake in enumerate(step.mistakes, 1):
            if mistake.match is None:
                continue
            if mistake.match.strip().lower() == str(value).lower():
                errors.append(f"{where}.mistakes[{i}].match: {mistake.match!r} is the correct answer")
            if step.answer == "choice" and mistake.match.strip().lower() not in [o.lower() for o in step.options]:
                errors.append(f"{where}.mistakes[{i}].match: {mistake.match!r} is not one of the options")
            if step.answer == "number" and not mistake.match.strip().lstrip("-").isdecimal():
                errors.append(f"{where}.mistakes[{i}].match: {mistake.match!r} is not a whole number")
        return errors
    if step.answer == "play":
        return errors + _lint_play(lesson, step, where)
    reference = step.reference if step.reference is not None else \
        puzzle.reference_answer(step.params, step.answer or "")
    if reference is None:
        errors.append(f"{where}.reference: the engine finds no correct answer for these parameters, "
                      "so the step cannot be completed")
    else:
        try:
            verdict = puzzle.check_answer(step.params, step.answer or "", reference)
            if not verdict.correct:
                errors.append(f"{where}.reference: judged wrong by the engine: {verdict.summary}")
        except TutorError as err:
            errors.append(f"{where}.reference: {err}")
    for i, mistake in enumerate(step.mistakes, 1):
        if mistake.match is None:
            continue
        try:
            verdict = puzzle.check_answer(step.params, step.answer or "", mistake.match)
        except TutorError as err:
            errors.append(f"{where}.mistakes[{i}].match: does not parse: {err}")
            continue
        if verdict.correct:
            errors.append(f"{where}.mistakes[{i}].match: the engine judges this answer correct, "
                          "so it is not a mistake")
        canonical = puzzle.normalize(step.params, step.answer or "", mistake.match)
        if canonical != mistake.match:
            errors.append(f"{where}.mistakes[{i}].match: write it in canonical form {canonical!r} "
                          "(answers are compared after normalisation)")
    return errors


def _lint_play(lesson: Lesson, step: Step, where: str) -> list[str]:
    """A play step must be finishable: its reference moves win, or it is an explore step."""
    puzzle = puzzles.get(lesson.puzzle)
    if step.goal == "explore":
        return []
    reference = step.reference if step.reference is not None else puzzle.reference_answer(step.params, "play")
    if reference is None:
        return [f"{where}.reference: a play step with goal 'win' needs a winning line, and the engine "
                "finds none (use goal = \"explore\")"]
    try:
        state = puzzle.new_game(step.params, random.Random(0))
        turn = puzzle.play(step.params, state, reference)
    except TutorError as err:
        return [f"{where}.reference: {err}"]
    if not (turn.finished and turn.won):
        return [f"{where}.reference: playing {reference!r} does not win the game"]
    return []


def lint_lesson(lesson: Lesson) -> list[str]:
    """Every problem in one lesson."""
    errors: list[str] = []
    if not lesson.questions:
        errors.append(f"{lesson.path}: steps: a lesson needs at least one ask step")
    for step in lesson.steps:
        errors += lint_step(lesson, step)
    return errors


def lint_paths(paths: Iterable[str], include_env: bool = True) -> tuple[int, list[str]]:
    """Lint lesson files/folders (default: the bundled lessons and TUTOR_LESSONS).

    Returns (number of lessons checked, errors).
    """
    roots = [Path(p) for p in paths]
    if not roots:
        roots = [bundled_root(), *(extra_dirs() if include_env else [])]
    catalog = load_roots(roots)
    errors = list(catalog.errors)
    for lesson in catalog.ordered():
        errors += lint_lesson(lesson)
        for seed in range(VARIANT_SAMPLE if lesson.variants else 0):
            try:
                variant = instantiate(lesson, seed)
            except TutorError as err:
                errors.append(str(err))
                break
            errors += [f"{e} (variant {dict(variant.variant)})" for e in lint_lesson(variant)]
    return len(catalog.lessons), sorted(set(errors), key=errors.index)
