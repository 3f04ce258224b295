"""Reading a lesson's TOML table into a ``LessonTemplate`` (and its first variant), with errors that name the
file and the key.

The format (docs/authoring.md has every key)::

    id = "coins-two"
    title = "Two coins by hand"
    summary = "..."
    puzzle = "coins"
    [params]                        # the puzzle's parameters: its variant, board or position
    coins = 2
    [args]                          # question arguments and play settings every step may use
    [[steps]]
    say = "text"                    # a say step
    [[steps]]
    ask = "How many ...?"           # an ask step
    answer = "number"               # or choice, or an engine kind: strategy, play, tree, ...
    compute = "classes"             # number/choice: the engine computes the right value
    args = { index = 5 }            # what the compute quantity, the answer kind or play takes
    hints = ["authored hint"]       # shown before the engine's computed hints
    [[steps.mistakes]]
    match = "0 0 0"                 # a known wrong answer (compared in canonical notation)
    say = "the misconception"

The shape (keys, types) is checked once, by the schema models (``tutor.course.schema``); the validated models
are what the template keeps and every variant is built from.
"""

from __future__ import annotations

import re
import typing
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tutor import puzzles
from tutor.course.lesson import Lesson, LessonTemplate
from tutor.course.model import Pack
from tutor.course.schema import ID_PATTERN, PackFile, StepFile, validate
from tutor.course.shape import STAND_IN, shape_of
from tutor.course.steps import kind_of
from tutor.course.variants import Tables
from tutor.errors import LessonError, TutorError
from tutor.learner.bkt import DEFAULT, BktParams
from tutor.learner.skills import all_skills
from tutor.limits import ID_CHARS, LESSON_STEPS, checkpoint


def parse_template(data: Mapping[str, Any], path: str, pack: str = "") -> LessonTemplate:
    """Validate one lesson's TOML table into a template; ``LessonError`` names the file and the key (of the first
    problem: ``checked`` has them all)."""
    problems, template, _ = checked(data, path, pack)
    if problems or template is None:
        raise LessonError(problems[0] if problems else f"{path}: not a lesson")
    return template


def checked(data: Mapping[str, Any], path: str, pack: str = "") -> tuple[list[str], LessonTemplate | None, set[int]]:
    """Every problem with a lesson's table that needs no engine but its names ("FILE: KEY: message"), and the
    template with each bad step replaced by a stand-in say step (None if the top level or the puzzle is bad), and
    the indices of the replaced steps, so that the rest can still be checked through the engines."""
    if isinstance(data.get("id"), str):
        ID_CHARS.check(len(data["id"]), f"{path}: id {data['id'][:40]!r}... has {len(data['id']):,} characters")
    if isinstance(data.get("steps"), list):
        LESSON_STEPS.check(len(data["steps"]), f"{path}: steps: {len(data['steps']):,} steps")
    shape = shape_of(dict(data), path, screen)
    file = shape.file
    if file is None or (file.puzzle == STAND_IN and shape.problems):  # its puzzle is missing: reported already
        return shape.problems, None, shape.replaced
    try:
        puzzle = puzzles.get(file.puzzle)
    except TutorError as err:
        return [*shape.problems, f"{path}: puzzle: {err}"], None, shape.replaced
    steps = shape.steps
    tables = Tables(file.params, file.args, tuple((s.params or {}, s.args or {}) for s in steps),
                    file.allow_unsolvable)
    return shape.problems, LessonTemplate(file, tuple(steps), tables, puzzle, path, pack), shape.replaced


def screen(step: StepFile, where: str) -> None:
    """A step's own checks that need no engine (before any variant is drawn)."""
    checkpoint()
    kind_of(step).screen(step, where)


def parse_lesson(data: Mapping[str, Any], path: str, pack: str = "") -> Lesson:
    """A lesson's first variant (seed 0), built at once, which proves every step builds (a catalogue builds its
    lessons only when they are opened: ``LessonTemplate.instantiate``)."""
    lesson = parse_template(data, path, pack).instantiate(0)
    lesson.built  # noqa: B018 - built now: every error is raised here
    return lesson


def parse_pack(data: Mapping[str, Any], where: str, default_id: str) -> Pack:
    """Validate a pack.toml's table."""
    file: PackFile = validate(data, PackFile, where)
    pack_id = file.id or default_id
    if not re.fullmatch(ID_PATTERN, pack_id):
        raise LessonError(f"{where}: id {pack_id!r} must be lower-case letters, digits, '-', '_' or '.'")
    if (file.pretest is None) != (file.posttest is None):
        given, missing = ("pretest", "posttest") if file.posttest is None else ("posttest", "pretest")
        raise LessonError(f"{where}: {given}: name the {missing} too (the two go together)")
    tests = None if file.pretest is None or file.posttest is None else (file.pretest, file.posttest)
    return Pack(pack_id, file.title, where, tuple(file.order), file.welcome.strip(), file.final.strip(),
                file.summary.strip(), file.bundled, pack_mastery(file.mastery, where), tests)


def pack_mastery(tables: Mapping[str, Mapping[str, float]], where: str) -> dict[str, BktParams]:
    """A pack's ``[mastery]`` tables as parameters, each checked: a known skill (or ``default``), the four
    names only, probabilities with slip + guess below 1."""
    known = all_skills()
    out = {}
    for skill, table in tables.items():
        key = f"{where}: mastery.{skill}"
        if skill != "default" and skill not in known:
            raise LessonError(f"{key}: unknown skill {skill!r} (see `tutor progress --skills`)")
        extra = sorted(set(table) - {"prior", "learn", "slip", "guess", "in_a_row"})
        if extra:
            raise LessonError(f"{key}: unknown parameter {extra[0]!r} (known: prior, learn, slip, guess, in_a_row)")
        try:
            out[skill] = replace(DEFAULT, **typing.cast(Any, table))  # in_a_row read as a number, checked there
        except (TypeError, ValueError) as err:
            raise LessonError(f"{key}: {err}") from None
        for problem in meaningless(out[skill]):
            raise LessonError(f"{key}.{problem}")
    return out


def meaningless(params: BktParams) -> list[str]:
    """The parameters outside their meaning, each ``name = value: why`` (probabilities already checked):
    a guess or slip of one half or more makes an answer no evidence, or evidence the wrong way; a prior or a
    learning rate of 0 or 1 fixes the estimate whatever the learner answers (and all four 0 divide by zero).

    >>> [problem.split(":")[0] for problem in meaningless(BktParams(prior=0.0, learn=0.15, slip=0.5, guess=0.2))]
    ['prior = 0.0', 'slip = 0.5']
    """
    out = []
    for name in ("prior", "learn"):
        value = getattr(params, name)
        if value in (0, 1):
            out.append(f"{name} = {value!r}: " + ("the estimate would start certain and no answer could move it"
                                                  if name == "prior" else
                                                  "every opportunity would teach the skill for certain" if value
                                                  else "no opportunity could ever teach the skill"))
    for name, who, answer in (("slip", "who knows the skill is wrong", "a wrong answer is no evidence against"),
                              ("guess", "who does not know the skill is right", "a right answer is no evidence "
                                                                                 "for")):
        value = getattr(params, name)
        if value is not None and value >= 0.5:  # a guess of None: each item's own chance
            out.append(f"{name} = {value!r}: at one half or more a learner {who} as often as not, so {answer} "
                       "knowing it")
    return out
