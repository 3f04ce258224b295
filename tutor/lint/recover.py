"""Reading what can be read of a lesson whose parameters or arguments are bad, so lint checks the rest.

Opening a lesson stops at its first bad lesson-level value: a parameter the puzzle refuses (``coins = "four"``),
a variant slot that cannot be drawn, an argument no step takes.  Lint reports that value and leaves it out
(the puzzle's default stands in for a parameter), then builds the lesson again.  A step that does not set the
left-out name itself is *affected*: it is built, so what it names is still checked (its placeholders, its
arguments, its own values), but its answers are not run through the engine, whose verdict on a default the
author did not write would be noise.  A step that sets the name itself is checked as usual.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from tutor.course import LessonTemplate
from tutor.course.variants import varies
from tutor.errors import TutorError
from tutor.limits import checkpoint

LESSON_VALUE = re.compile(r"(params|args)(?:\.([A-Za-z0-9_-]+))?: ")
LINE_NOTE = re.compile(r" \(line \d+\)$")


@dataclass(frozen=True)
class Recovered:
    """A template with bad lesson-level values left out, the problems naming each, and the steps they affect."""

    template: LessonTemplate
    problems: list[str]
    affected: set[int]


def bad_params(template: LessonTemplate) -> dict[str, str]:
    """Each lesson-level parameter the puzzle refuses, with why: each value is tried with the ones kept before
    it, so of two values that clash the later one is blamed (variant slots are checked on their own)."""
    kept: dict[str, Any] = {}
    bad: dict[str, str] = {}
    for name, value in template.tables.params.items():
        checkpoint()
        if varies(value):
            continue
        try:
            template.puzzle.load({**kept, name: value})
        except TutorError as err:
            bad[name] = str(err)
        else:
            kept[name] = value
    return bad


def recovered(template: LessonTemplate, error: str) -> Recovered | None:
    """``template`` without the lesson-level value ``error`` is about (a lesson's one-line error), or None when it
    is about something else (a step, the file)."""
    head = error[len(template.path) + 2:] if error.startswith(f"{template.path}: ") else ""
    found = LESSON_VALUE.match(head)
    if found is None:
        return None
    table, name = found.group(1), found.group(2)
    tables = template.tables
    if table == "params" and name is None:
        bad = bad_params(template)
        if not bad:
            return None
        problems = [f"{template.path}: params.{key}: {why}" for key, why in bad.items()]
    elif name is not None and name in (tables.params if table == "params" else tables.args):
        bad, problems = {name: ""}, [LINE_NOTE.sub("", error)]
    else:
        return None
    params = {k: v for k, v in tables.params.items() if not (table == "params" and k in bad)}
    args = {k: v for k, v in tables.args.items() if not (table == "args" and k in bad)}
    unused = table == "args" and head.startswith(f"args.{name}: no step takes")
    affected = set() if unused else {i for i, step in enumerate(tables.steps)
                                     if not set(bad) <= set(step[0 if table == "params" else 1])}
    return Recovered(replace(template, tables=replace(tables, params=params, args=args)), problems, affected)

