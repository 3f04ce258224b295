"""Judging one answer text on one step of one variant: the row, with the whole judgement.

Every file is graded on the variant its learner was given, which the grader draws itself as the tutor does
(``tutor.submission.variant_owner``): from the learner (the file's or folder's name, or the id a roster
gives that name) and the course seed (``--seed``), or, with ``--same-variant``, the one variant ``--seed``
gives every learner.  A file the tutor wrote (``/submit``) opens with a header::

    #tutor lesson: coins-2
    #tutor step: 5
    #tutor learner: alice
    #tutor variant: {"coins": 4}

The header's variant is a claim, never what the file is graded on: a header naming another variant than the
learner's is a ``variant mismatch`` (an edited header, or an answer written under another learner id), never
correct; a header naming another lesson or step is ``ungraded``.  A file without a header is graded on its
learner's variant.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tutor.course import Lesson, Step, instantiate, variant_seed
from tutor.errors import SearchLimit, TooLarge, TutorError
from tutor.grading.rows import MISMATCH, Row
from tutor.puzzles.answers import Verdict
from tutor.screen.shown import text_of
from tutor.screen.text import one_line
from tutor.storage.paths import record_crash
from tutor.submission import Header, split_header, variant_owner

SHORT_VALUE = 60  # a drawn value longer than this is named by its digest in a row's variant


def shown_value(value: Any) -> str:
    """A drawn value as a row shows it: itself, or its digest when long (a large random board)."""
    text = value if isinstance(value, str) else json.dumps(value)
    if len(text) <= SHORT_VALUE:
        return text
    return f"sha256:{hashlib.sha256(text.encode()).hexdigest()[:12]}"


@dataclass(frozen=True)
class Assignment:
    """How the grader knows which variant each learner was given: the course seed (``--seed``); a roster's
    learner id for each name (``--roster``; without one, a learner's name is their id; ``autograde --learner``:
    the one student's id); or ``shared``: every learner answered the one variant of ``tutor --seed N``
    (``--same-variant``)."""

    seed: int | None = None
    roster: tuple[tuple[str, str], ...] = ()  # (name, learner id)
    shared: bool = False
    learner: str | None = None  # the learner id of every file graded (one student's upload: autograde --learner)

    def learner_id(self, name: str) -> str | None:
        """The learner id of the learner graded as ``name`` (None: a roster is given and does not list them)."""
        if self.learner is not None:
            return self.learner
        if not self.roster:
            return name
        return dict(self.roster).get(name)

    def whose(self, name: str) -> tuple[str, str] | str:
        """The owner of ``name``'s variants (``variant_owner``) and how a row names it, or why it is unknown."""
        seeded = "" if self.seed is None else f" with --seed {self.seed}"
        if self.shared:
            if self.seed is None:
                return "--same-variant needs --seed N: the variant every learner was given"
            return variant_owner(None, self.seed), f"the variant of --seed {self.seed}"
        found = self.learner_id(name)
        if found is None:
            return f"{name[:60]!r} is not on the roster, so their variant is unknown"
        said = f"learner {found!r}" + ("" if found == name or self.learner is not None else f" ({name[:60]})")
        return variant_owner(found, self.seed), f"the variant of {said}{seeded}"


@dataclass(frozen=True)
class Refusal:
    """A file not graded on an answer: ``ungraded`` or ``variant mismatch``, why, and the learner's variant."""

    verdict: str
    summary: str
    variant: str = ""


class Variants:
    """The variants of one lesson a run grades one step on: which slots the step depends on, and each learner's
    variant drawn once (many learners share one)."""

    def __init__(self, lesson: Lesson, index: int, assignment: Assignment | None = None,
                 crashes: Path | None = None) -> None:
        self.lesson, self.index, self.assignment = lesson, index, assignment or Assignment()
        self.crashes = crashes  # the folder of the crash log (``tutor.storage.paths``)
        self.slots = lesson.template.tables.slots()
        self.relevant = sorted(k for k, s in self.slots.items() if s.index in (None, index))
        self.drawn: dict[str, Mapping[str, Any]] = {}  # owner -> the values drawn
        self.steps: dict[str, Step] = {}  # the values drawn (JSON) -> the step on them

    def describe(self, drawn: Mapping[str, Any]) -> str:
        """The row's variant: the values the step depends on (``coins=4``)."""
        return ", ".join(f"{k}={shown_value(drawn[k])}" for k in self.relevant if k in drawn)

    def key(self, drawn: Mapping[str, Any]) -> str:
        """The values the step depends on, as comparable text (a header's JSON or a drawn tuple alike)."""
        return json.dumps({k: drawn.get(k) for k in self.relevant}, sort_keys=True)

    def given(self, owner: str) -> tuple[Step, Mapping[str, Any]]:
        """The step on the variant of ``owner`` (as ``Session.variant_of`` draws it) and the values drawn."""
        if owner not in self.drawn:
            mine = instantiate(self.lesson, variant_seed(owner, self.lesson.id))
            self.drawn[owner] = mine.variant
            self.steps.setdefault(self.key(mine.variant), mine.steps[self.index])
        values = self.drawn[owner]
        return self.steps[self.key(values)], values


def resolve(variants: Variants, header: Header | None, learner: str) -> tuple[Step, str] | Refusal:
    """The step and variant a file is graded on (its learner's), or why it is not graded on its answer."""
    lesson = variants.lesson
    if header is not None and header.problem:
        return Refusal("ungraded", header.problem)
    if header is not None and header.lesson is not None and header.lesson != lesson.id:
        return Refusal("ungraded", f"written for lesson {header.lesson[:60]!r}, not {lesson.id!r}")
    if header is not None and header.step is not None and header.step != variants.index + 1:
        return Refusal("ungraded", f"written for step {header.step}, not step {variants.index + 1}")
    if not variants.relevant:
        return lesson.steps[variants.index], ""
    whose = variants.assignment.whose(learner)
    if isinstance(whose, str):
        return Refusal("ungraded", whose)
    owner, who = whose
    try:
        step, values = variants.given(owner)
    except TutorError as err:
        return Refusal("ungraded", f"{who} cannot be built: {one_line(str(err), 200)}")
    shown = variants.describe(values)
    claimed = None if header is None else header.variant
    if claimed is not None and variants.key(claimed) != variants.key(values):
        named = ", ".join(f"{k}={shown_value(claimed[k])}" for k in variants.relevant if k in claimed)
        return Refusal(MISMATCH, f"the header names the variant {named or 'of nothing the step varies'}, but "
                                 f"{who} is {shown}{written_by(variants, header, learner)}: not graded", shown)
    return step, shown


def written_by(variants: Variants, header: Header | None, learner: str) -> str:
    """What a mismatched row adds when the header names another learner id than the one graded ("": none)."""
    said = None if header is None else header.learner
    if not said or variants.assignment.shared or said == variants.assignment.learner_id(learner):
        return ""
    return (f"; the file says it was written by learner {said[:60]!r} (a learner gives their id with "
            "'tutor --learner ID'; --roster maps names to ids)")


def judge_text(variants: Variants, text: str, learner: str, file: str, note: str = "") -> Row:
    """One submission's text (with or without a header) judged on its variant: the row."""
    header, answer = split_header(text)
    said = f"lesson {header.lesson}, step {header.step}" if header and header.lesson else ""
    note = "; ".join(part for part in (note, f"the header says {said}" if said else "") if part)
    if not answer.strip():  # nothing to grade, whatever the header says: an empty row, never an ungraded one
        return empty_row(answer, learner, file, note)
    found = resolve(variants, header, learner)
    if isinstance(found, Refusal):
        return Row(learner, file, found.verdict, False, None, None, found.summary, found.variant, note=note)
    step, variant = found
    return judge_answer(step, answer, learner, file, variant, note, variants.crashes)


def empty_row(text: str, learner: str, file: str, note: str = "", variant: str = "") -> Row:
    """The row of an answer holding nothing, or only whitespace."""
    return Row(learner, file, "empty", False, None, None, "an empty answer: the file holds " +
               ("nothing" if not text else "only spaces and line breaks"), variant, note=note)


def judge_answer(step: Step, text: str, learner: str, file: str, variant: str = "", note: str = "",
                 crashes: Path | None = None) -> Row:
    """One answer judged on one step (of the variant ``variant`` names): the row with the whole judgement.
    Whitespace alone is an empty answer; an engine's bug is an ``error`` row and an entry in the crash log of the
    folder ``crashes``."""
    row = empty_row(text, learner, file, note, variant)
    if not text.strip():
        return row
    try:
        verdict = step.judge(text)
    except (TooLarge, SearchLimit) as err:  # read, but past a documented limit: the message names it
        return replace(row, verdict="over limit", summary=one_line(str(err), 300))
    except TutorError as err:
        return replace(row, verdict="unparsable", summary=one_line(str(err), 300))
    except Exception as err:  # a bug in an engine: this row says so, the crash log has it, the run goes on
        log = record_crash(err, f"tutor grade, file {file!r}", crashes)
        return replace(row, verdict="error", summary=f"internal error ({type(err).__name__}: {err})"
                       + (f"; the details are in {log}" if log else ""))
    mistake = "" if verdict.correct else next(
        (text_of(step.fill(m.say)) for m in step.mistakes if m.matches(verdict.canonical, text)), "")
    return Row(learner, file, "correct" if verdict.correct else "incorrect", verdict.correct, verdict.length,
               verdict.shortest, verdict.summary, variant, mistake, verdict.misconception or "",
               text_of(verdict.detail), failure_key(verdict, lambda: right_data(step)), note, verdict.canonical)


RIGHT: dict[int, tuple[Step, dict[str, Any] | None]] = {}  # id(step) -> (the step, kept alive; its right data)


def right_data(step: Step) -> dict[str, Any] | None:
    """The data of the verdict on the step's own right answer (None when it has none), judged once per step."""
    if id(step) not in RIGHT:
        if len(RIGHT) > 64:
            RIGHT.clear()
        reference = step.reference()
        RIGHT[id(step)] = (step, None if reference is None else dict(step.judge(text_of(reference)).data))
    return RIGHT[id(step)][1]


def failure_key(verdict: Verdict, right: Callable[[], Mapping[str, Any] | None] | None = None) -> str:
    """What a wrong answer's failure is, from the engine's verdict and never from the learner's text: the
    misconception named; else the counterexample's class (coins: the start and the table shown at the end;
    gods: why the plan fails and the worlds it leaves together; a formula: the first k it fails and what was
    expected there); else the verdict's data without what restates the answer (the board or position left,
    the positions missing and extra, the residue), unless ``right`` (the data of the verdict on a right answer)
    has the same: then the data only state the truth (a pair's or a number's true value), the same for every
    answer, and the failure is the answer as the engine reads it.  Equal keys: the same exact failure ("" when
    correct)."""
    if verdict.correct:
        return ""
    if verdict.misconception:
        return f"misconception {verdict.misconception}"
    data = verdict.data
    found = data.get("counterexample")
    if isinstance(found, dict):
        if "remaining" in found:
            worlds = found["remaining"]  # a set of worlds, whatever order the plan met them in
            core: Any = {"reason": found.get("reason"), "worlds": sorted(worlds, key=lambda w: json.dumps(
                w, sort_keys=True)) if isinstance(worlds, list) else worlds}
        elif "start" in found:
            core = {"start": found["start"], "final": found.get("final")}
        else:
            core = {k: v for k, v in found.items() if k != "got"}
        return "counterexample " + json.dumps(core, sort_keys=True)
    echoed = {"correct", "presses", "press_count", "effective_press_count", "cancelling", "move", "length",
              "questions", "conjecture", "won_by", "misconception", "explanation", "proof_needs"}
    rest = {k: v for k, v in data.items() if k not in echoed}
    truth = right() if rest and right is not None else None
    if rest and (truth is None or rest != {k: v for k, v in truth.items() if k not in echoed}):
        return "result " + json.dumps(rest, sort_keys=True, default=str)
    return f"answer {verdict.canonical}"  # nothing but right or wrong: the (normalised) choice is the failure
