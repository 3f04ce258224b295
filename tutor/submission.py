"""Whose variant a learner answers, and the header the tutor writes above a submitted answer (``/submit``)::

    #tutor lesson: coins-2
    #tutor step: 5
    #tutor learner: alice
    #tutor variant: {"coins": 4}

A learner's variant is derived from their learner id and the course seed, as PrairieLearn derives a variant
from the student and the question: ``variant_owner`` names it, and both the tutor and ``tutor grade`` draw
it from that name, so the header's variant is a claim the grader checks, never what it grades on.
``format_header`` and ``split_header`` round-trip; a header that cannot be read is reported, never guessed.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

HEADER = "#tutor "
KEYS = ("lesson", "step", "learner", "variant")  # the header's lines, in the order they are written
LEARNER_CHARS = 64  # the longest learner id


class BadLearnerId(ValueError):
    """A learner id that cannot be one: empty, too long, or holding spaces or control characters."""


def learner_id(text: str) -> str:
    """``text`` as a learner id (a student number, an e-mail address, a login), or ``BadLearnerId``.

    >>> learner_id("ada@uni.example")
    'ada@uni.example'
    >>> learner_id("ada lovelace")
    Traceback (most recent call last):
    tutor.submission.BadLearnerId: learner id 'ada lovelace' has a space or control character at 4
    """
    if not text or len(text) > LEARNER_CHARS:
        raise BadLearnerId(f"a learner id has 1 to {LEARNER_CHARS} characters, not {len(text):,}")
    bad = next((i for i, c in enumerate(text) if c.isspace() or not c.isprintable()), None)
    if bad is not None:
        raise BadLearnerId(f"learner id {text!r} has a space or control character at {bad + 1}")
    return text


def variant_owner(learner: str | None, seed: int | None, profile: str = "") -> str:
    """Whose variants a learner answers (``tutor.course.variant_seed`` draws each lesson's from it): a learner
    id given (``--learner``) with the course seed (``--seed``), else the one variant ``--seed`` gives every
    learner, else the learner's profile id (their id when they gave none).

    >>> variant_owner("ada", 7), variant_owner("ada", None), variant_owner(None, 7), variant_owner(None, None, "3f9a")
    ('seed-7:ada', 'ada', 'seed-7', '3f9a')
    """
    if learner is not None:
        return learner if seed is None else f"seed-{seed}:{learner}"
    return profile if seed is None else f"seed-{seed}"


@dataclass(frozen=True)
class Header:
    """What a submission's header says (None: not said), and what is wrong with it ("": nothing)."""

    lesson: str | None = None
    step: int | None = None
    variant: dict[str, Any] | None = None
    problem: str = ""
    learner: str | None = None  # who wrote it, as the tutor knew them (a claim: the grader knows its learners)


def format_header(lesson: str, step: int, variant: Mapping[str, Any], learner: str = "") -> str:
    """The header ``/submit`` writes above an answer (the variant line only where the lesson varies).

    >>> format_header("coins-2", 5, {"coins": 4}, "ada")
    '#tutor lesson: coins-2\\n#tutor step: 5\\n#tutor learner: ada\\n#tutor variant: {"coins": 4}\\n'
    """
    lines = [f"{HEADER}lesson: {lesson}", f"{HEADER}step: {step}"]
    if learner:
        lines.append(f"{HEADER}learner: {learner}")
    if variant:
        lines.append(f"{HEADER}variant: {json.dumps(dict(variant), sort_keys=True)}")
    return "\n".join(lines) + "\n"


def split_header(text: str) -> tuple[Header | None, str]:
    """A submission's header (None: it has none) and the answer below it; round-trips ``format_header``.

    >>> split_header(format_header("x", 2, {"n": 3}, "ada") + "0 1")
    (Header(lesson='x', step=2, variant={'n': 3}, problem='', learner='ada'), '0 1')
    """
    lines = text.splitlines(keepends=True)
    said: dict[str, str] = {}
    count = 0
    while count < len(lines) and lines[count].startswith(HEADER):
        key, _, value = lines[count][len(HEADER):].partition(":")
        said[key.strip()] = value.strip()
        count += 1
    if not count:
        return None, text
    answer = "".join(lines[count:])
    unknown = sorted(set(said) - set(KEYS))
    if unknown:
        return Header(problem=f"the header has an unknown line {unknown[0][:30]!r}"), answer
    step = said.get("step")
    if step is not None and not (step.isascii() and step.isdigit() and len(step) < 6):
        return Header(problem=f"the header's step {step[:30]!r} is not a step number"), answer
    variant = None
    if "variant" in said:
        try:
            variant = json.loads(said["variant"])
        except ValueError:
            variant = None
        if not isinstance(variant, dict):
            return Header(problem="the header's variant is not a table of values"), answer
    return Header(said.get("lesson"), None if step is None else int(step), variant,
                  learner=said.get("learner")), answer


def write_new(path: str, text: str) -> None:
    """Write ``text`` to ``path`` (replacing a file of that name, never writing through a symbolic link)."""
    import os

    from tutor.errors import TutorError
    from tutor.storage.files import escape

    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as err:
        raise TutorError(f"cannot write {escape(path)!r}: {err.strerror}") from None
