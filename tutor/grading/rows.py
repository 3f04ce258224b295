"""One row per graded file, and the row's forms: JSON, CSV, an aligned text table, and Markdown feedback.

A row carries the whole judgement the tutor would give in a session: the verdict and its summary, the
declared mistake's text when the answer matched one, the misconception the engine named, the
counterexample, the variant graded and the failure key that groups wrong answers failing the same way.
Text is wrapped at word boundaries, never cut mid-word.
"""

from __future__ import annotations

import csv
import io
import textwrap
from dataclasses import asdict, dataclass
from typing import Any

from tutor.screen.text import plural
from tutor.storage.files import escape

FIELDS = ("learner", "file", "verdict", "correct", "length", "shortest", "summary", "variant", "mistake",
          "misconception", "counterexample", "failure", "note", "answer")
MISMATCH = "variant mismatch"  # the header names another variant than the one the learner was given
VERDICTS = ("correct", "incorrect", "over limit", MISMATCH, "unparsable", "empty", "unreadable", "ungraded", "error")
WIDTH = 80  # plain output wraps here


@dataclass(frozen=True)
class Row:
    """One learner's result: verdict is correct, incorrect, over limit (read, but past a documented limit: the
    summary names it), variant mismatch (the header names another variant
    than the one the learner was given: never graded), unparsable, empty, unreadable, ungraded (the file
    names another lesson or step, or the learner's variant is unknown: not on the roster) or error (a bug).
    The fields after ``summary`` carry the whole judgement: the variant graded (the learner's own), the
    declared mistake's text and the misconception when one matched, the counterexample, the failure key
    (equal keys: the same exact failure, see ``tutor.grading.judge.failure_key``) and what the grader noticed
    about the file."""

    learner: str
    file: str
    verdict: str
    correct: bool
    length: int | None
    shortest: int | None
    summary: str
    variant: str = ""  # the variant graded: "coins=8, steps[2].args.k=3" ("": the step does not vary)
    mistake: str = ""  # the text of the declared mistake the answer matched ("": none)
    misconception: str = ""  # the name of the misconception the engine diagnosed ("": none)
    counterexample: str = ""  # the verdict's counterexample, as plain text (lines)
    failure: str = ""  # the failure key: wrong answers with the same key fail the same way ("" when correct)
    note: str = ""  # what the grader noticed: a newer file of the same learner, a header's lesson and variant
    answer: str = ""  # the answer in the answer kind's canonical notation ("": it did not parse)

    @property
    def feedback(self) -> str:
        """The row as Markdown for the learner (``--feedback DIR`` writes one file per learner)."""
        return feedback_markdown(self)


def feedback_markdown(row: Row, lesson: str = "", step: int | None = None) -> str:
    """One learner's feedback as Markdown: what was graded, the verdict, and every part of the judgement."""
    where = ", ".join(part for part in (f"lesson {lesson}" if lesson else "",
                                         f"step {step}" if step is not None else "",
                                         f"variant {row.variant}" if row.variant else "") if part)
    lines = [f"# {escape(row.learner)}", ""]
    if where:
        lines += [f"Graded on {where}, from `{escape(row.file)}`.", ""]
    lines += [f"**{row.verdict}**" + (f": {escape(row.summary)}" if row.summary else ""), ""]
    if row.mistake:
        lines += ["## Your instructor's note", "", row.mistake, ""]
    if row.misconception:
        lines += [f"The misconception: *{row.misconception}*.", ""]
    if row.counterexample:
        lines += ["## Counterexample", "", "```", row.counterexample, "```", ""]
    if row.note:
        lines += [f"Note: {escape(row.note)}", ""]
    return "\n".join(lines)


def rows_json(rows: list[Row]) -> list[dict[str, Any]]:
    """Rows as JSON-ready dicts."""
    return [asdict(r) for r in rows]


def rows_csv(rows: list[Row]) -> str:
    """Rows as CSV with a header line (names and texts with control characters escaped)."""
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        cells = {**asdict(row), "learner": escape(row.learner), "file": escape(row.file),
                 "summary": escape(row.summary), "note": escape(row.note), "answer": escape(row.answer)}
        writer.writerow({k: inert(v) if isinstance(v, str) else v for k, v in cells.items()})
    return buffer.getvalue()


def inert(cell: str) -> str:
    """A CSV cell a spreadsheet will not run: one starting with ``= + - @`` (a formula-like file name) is
    prefixed with an apostrophe, as OWASP advises against CSV injection.

    >>> inert("=SUM(A1)"), inert("ann")
    ("'=SUM(A1)", 'ann')
    """
    return "'" + cell if cell[:1] in ("=", "+", "-", "@") else cell


def wrapped(text: str, start: int, indent: int) -> list[str]:
    """``text`` wrapped at word boundaries to ``WIDTH`` columns: the first line to follow column ``start``
    (returned without what precedes it), the others indented by ``indent``; a longer word stays whole.

    >>> wrapped("one two three", 70, 4)
    ['one two', '    three']
    """
    lines = textwrap.wrap(" ".join(text.split()), width=max(WIDTH, start + 10), initial_indent="\0" * start,
                          subsequent_indent=" " * indent, break_long_words=False, break_on_hyphens=False)
    return [lines[0].lstrip("\0"), *lines[1:]] if lines else [""]


def rows_text(rows: list[Row]) -> str:
    """Rows as an aligned table with a tally: the summary wrapped in its column, then the declared mistake,
    the misconception, the variant and any note on lines of their own."""
    names = [escape(r.learner) for r in rows]
    width = min(max([7, *(len(n) for n in names)]), 24)
    said = max([10, *(len(r.verdict) for r in rows)])
    head = f"{'learner':<{width}}  {'verdict':<{said}}  {'length':>6}  {'short':>6}  "
    column = len(head) if len(head) <= WIDTH // 2 else 4
    lines = [head + "summary"]
    for r, name in zip(rows, names, strict=True):
        length = "" if r.length is None else str(r.length)
        shortest = "" if r.shortest is None else str(r.shortest)
        start = f"{name:<{width}}  {r.verdict:<{said}}  {length:>6}  {shortest:>6}  "
        body = wrapped(escape(r.summary), len(start), column)
        lines += [(start + body[0]).rstrip(), *body[1:]]
        for label, value in (("mistake", r.mistake), ("misconception", r.misconception), ("variant", r.variant),
                             ("note", r.note)):
            if value:
                first, *rest = wrapped(f"{label}: {escape(value)}", column, column + 2)
                lines += [" " * column + first, *rest]
    lines.append(tally(rows))
    return "\n".join(lines)


def tally(rows: list[Row]) -> str:
    """"5 submissions: 2 correct, 3 incorrect"."""
    counts: dict[str, int] = {}
    for row in rows:
        counts[row.verdict] = counts.get(row.verdict, 0) + 1
    return f"{plural(len(rows), 'submission')}: " + ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
