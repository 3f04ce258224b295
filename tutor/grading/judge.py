"""Judging one answer text on one step of one variant: the row, with the whole judgement.

A file the tutor wrote (``/submit``) opens with a header naming its lesson, step and variant::

    #tutor lesson: coins-2
    #tutor step: 5
    #tutor variant: {"coins": 4}

It is graded on the variant it names, checked against the lesson's variant space (every varied slot
named, each value one the lesson can draw, the puzzle solvable where the lesson asks for that); a header
naming another lesson or step, or a variant the lesson cannot draw, is reported in the row and not graded.
A file without a header on a step whose parameters vary is graded on the variant ``--seed N`` draws
(the one ``tutor --seed N start`` shows) only when a seed is given; otherwise its row says why not.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from tutor.course import Lesson, Step, instantiate, variant_seed
from tutor.errors import SearchLimit, TooLarge, TutorError
from tutor.grading.rows import Row
from tutor.limits import LESSON_SECONDS, lesson_budget
from tutor.paths import record_crash
from tutor.puzzles.answers import Verdict
from tutor.shown import text_of
from tutor.submission import Header, split_header
from tutor.text import one_line

SHORT_VALUE = 60  # a drawn value longer than this is named by its digest in a row's variant
NO_HEADER = "no header names its variant"  # how an ungraded row of a headerless file on a varied step begins


def shown_value(value: Any) -> str:
    """A drawn value as a row shows it: itself, or its digest when long (a large random board)."""
    text = value if isinstance(value, str) else json.dumps(value)
    if len(text) <= SHORT_VALUE:
        return text
    return f"sha256:{hashlib.sha256(text.encode()).hexdigest()[:12]}"


class Variants:
    """The variants of one lesson a run grades one step on: which slots the step depends on, and each variant
    built once (many learners share one)."""

    def __init__(self, lesson: Lesson, index: int, seed: int | None = None) -> None:
        self.lesson, self.index, self.seed = lesson, index, seed
        self.slots = lesson.template.tables.slots()
        self.relevant = sorted(k for k, s in self.slots.items() if s.index in (None, index))
        self.built: dict[str, tuple[Step, str] | str] = {}

    def describe(self, drawn: Mapping[str, Any]) -> str:
        """The row's variant: the values the step depends on (``coins=4``)."""
        return ", ".join(f"{k}={shown_value(drawn[k])}" for k in self.relevant if k in drawn)

    def default(self) -> tuple[Step, str] | str:
        """The step for a file without a header: the lesson's own where the step does not vary, the variant of
        ``--seed`` where it does, else why it is not graded."""
        if not self.relevant:
            return self.lesson.steps[self.index], ""
        if self.seed is None:
            return (f"{NO_HEADER} (the step varies: " + ", ".join(self.relevant) + "); write it "
                    "with /submit in the tutor, or grade with --seed N to draw the variant of 'tutor --seed N'")
        key = f"seed {self.seed}"
        if key not in self.built:
            mine = instantiate(self.lesson, variant_seed(f"seed-{self.seed}", self.lesson.id))
            self.built[key] = (mine.steps[self.index], self.describe(mine.variant) + f" (--seed {self.seed})")
        return self.built[key]

    def named(self, values: Mapping[str, Any]) -> tuple[Step, str] | str:
        """The step on the variant a header names, or why the lesson cannot draw it."""
        key = json.dumps(dict(values), sort_keys=True)
        if key not in self.built:
            self.built[key] = self.build(values)
        return self.built[key]

    def build(self, values: Mapping[str, Any]) -> tuple[Step, str] | str:
        """Check ``values`` against the lesson's variant space and build the step on them."""
        template = self.lesson.template
        if set(values) != set(self.slots):
            named, wanted = ", ".join(sorted(values)) or "nothing", ", ".join(sorted(self.slots)) or "nothing"
            return f"the header's variant names {named}; the lesson varies {wanted}"
        for name, slot in self.slots.items():
            value, spec = values[name], slot.spec
            ranged = isinstance(spec, dict) and "random" not in spec
            if (isinstance(spec, list) and value not in spec) or \
                    (ranged and not (type(value) is int and spec["min"] <= value <= spec["max"])):
                return f"the header's variant has {name}={shown_value(value)}, which the lesson cannot draw"
        tables = template.tables.drawn(values)
        puzzle = template.puzzle
        try:
            with lesson_budget(LESSON_SECONDS, template.path, keep=True):
                if not tables.allow_unsolvable:
                    for index in {s.index for s in self.slots.values() if s.table == "params"}:
                        if puzzle.solvable(puzzle.load(tables.fixed_params(index))) is False:
                            return "the header's variant is unsolvable: the lesson never draws it"
                step = template.built(tables, values).steps[self.index]
        except TutorError as err:
            return f"the header's variant cannot be built: {one_line(str(err), 200)}"
        return step, self.describe(values)


def resolve(variants: Variants, header: Header | None) -> tuple[Step, str] | str:
    """The step and variant a file is graded on, or why it is not graded (its header's problem)."""
    lesson = variants.lesson
    if header is None:
        return variants.default()
    if header.problem:
        return header.problem
    if header.lesson is not None and header.lesson != lesson.id:
        return f"written for lesson {header.lesson[:60]!r}, not {lesson.id!r}"
    if header.step is not None and header.step != variants.index + 1:
        return f"written for step {header.step}, not step {variants.index + 1}"
    if header.variant is None:
        return variants.default()
    return variants.named(header.variant)


def judge_text(variants: Variants, text: str, learner: str, file: str, note: str = "") -> Row:
    """One submission's text (with or without a header) judged on its variant: the row."""
    header, answer = split_header(text)
    said = f"lesson {header.lesson}, step {header.step}" if header and header.lesson else ""
    note = "; ".join(part for part in (note, f"the header says {said}" if said else "") if part)
    if not answer.strip():  # nothing to grade, whatever the header says: an empty row, never an ungraded one
        return empty_row(answer, learner, file, note)
    found = resolve(variants, header)
    if isinstance(found, str):
        return Row(learner, file, "ungraded", False, None, None, found, note=note)
    step, variant = found
    return judge_answer(step, answer, learner, file, variant, note)


def empty_row(text: str, learner: str, file: str, note: str = "", variant: str = "") -> Row:
    """The row of an answer holding nothing, or only whitespace."""
    return Row(learner, file, "empty", False, None, None, "an empty answer: the file holds " +
               ("nothing" if not text else "only spaces and line breaks"), variant, note=note)


def judge_answer(step: Step, text: str, learner: str, file: str, variant: str = "", note: str = "") -> Row:
    """One answer judged on one step (of the variant ``variant`` names): the row with the whole judgement.
    Whitespace alone is an empty answer; an engine's bug is an ``error`` row and a crash-log entry."""
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
        log = record_crash(err, f"tutor grade, file {file!r}")
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
