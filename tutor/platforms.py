"""Grades in the formats spreadsheets and course platforms read: ``tutor grade --format ...`` and
``tutor autograde``.

* CSV and JSON rows: every field of ``Row``, every string escaped the same way
  (control characters as ``repr`` escapes them), except that the line breaks
  of the fields that hold lines (summary, mistake, counterexample) are kept as
  line breaks, which JSON and CSV quote as they should; in CSV, booleans are
  ``true``/``false`` as in JSON, and a cell a spreadsheet would evaluate (one
  starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is
  neutralised with a leading ``'`` (OWASP's advice on CSV injection).
* Gradescope's autograder reads ``results.json``: a top-level ``score`` and a
  ``tests`` list, each with ``name``, ``score``, ``max_score``, ``status``
  (``passed``/``failed``) and ``output``.
* PrairieLearn's external grader reads a result with ``gradable``, a ``score``
  between 0 and 1, a ``message`` and ``tests`` (``name``, ``points``,
  ``max_points``, ``output``, ``message``); an ungradable one has
  ``gradable: false`` and ``format_errors`` (a ``variant mismatch`` is graded:
  0 points, and the attempt counts).
* JUnit XML (GitHub Classroom, CI systems), written with junitparser and valid
  against the Jenkins xunit plug-in's ``junit-10.xsd``: a root ``testsuite``
  (``time``: the seconds grading took) with one ``testcase`` per submission;
  a wrong, empty or unreadable one has a ``failure`` carrying the verdict, an
  engine bug an ``error``.

Every format carries the whole judgement of a row: its verdict and summary,
and the declared mistake, misconception and counterexample where the row has
them.  Every submission is worth one point: it is right or it is not, judged
exactly.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, fields
from typing import Any

from junitparser import Error, Failure, SystemOut, TestCase, TestSuite

from tutor.grading import Row, tally
from tutor.grading.rows import MISMATCH
from tutor.storage.files import escape

# The judgement beyond verdict and summary, as a learner reads it: (field of Row, label).  A field the row
# leaves empty is left out.
JUDGEMENT = (("mistake", "Your instructor's note"), ("misconception", "Misconception"),
             ("counterexample", "Counterexample"), ("variant", "Graded on variant"), ("note", "Note"))
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")  # what makes a spreadsheet evaluate a cell
MULTILINE = ("summary", "mistake", "counterexample")  # fields whose text is lines: their line breaks are kept


def clean(value: Any) -> Any:
    """A value fit for any output: strings escaped (control characters as ``repr`` escapes them), recursively."""
    if isinstance(value, str):
        return escape(value)
    if isinstance(value, dict):
        return {escape(str(k)): clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [clean(v) for v in value]
    return value


def cells(row: Row) -> dict[str, Any]:
    """Every field of the row, cleaned: what JSON, CSV and every platform's extra data hold.  A field that holds
    lines keeps its line breaks (JSON and CSV quote them); every other control character is escaped.

    >>> cells(Row("a\\x1b", "a.txt", "empty", False, None, None, "the file is empty"))["learner"]
    'a\\\\x1b'
    >>> cells(Row("a", "a.txt", "incorrect", False, None, None, "", counterexample="0101\\n\\x1b[2J"))["counterexample"]
    '0101\\n\\\\x1b[2J'
    """
    return {name: escape_lines(value) if name in MULTILINE and isinstance(value, str) else clean(value)
            for name, value in asdict(row).items()}


def feedback(row: Row) -> str:
    """What a learner reads about one answer: the verdict and the engine's summary, then each part of the
    judgement the row has (a counterexample keeps its lines, each escaped)."""
    lines = [f"{row.verdict}: {escape_lines(row.summary)}" if row.summary else row.verdict]
    for name, label in JUDGEMENT:
        text = getattr(row, name, "")
        if text:
            lines.append(f"{label}:" + ("\n" if "\n" in text else " ") + escape_lines(text))
    return "\n".join(lines)


def escape_lines(text: str) -> str:
    """``text`` with each line escaped and the line breaks kept."""
    return "\n".join(escape(line) for line in text.split("\n"))


def text_of(value: Any) -> str:
    """A cleaned value as text: strings as they are, anything else as compact JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


# -- rows: JSON and CSV --------------------------------------------------------------------------------


def rows_json(rows: list[Row]) -> list[dict[str, Any]]:
    """Rows as JSON-ready dicts: every field, strings escaped as in CSV."""
    return [cells(r) for r in rows]


def csv_cell(value: Any) -> str:
    """One CSV cell: ``true``/``false``, empty for None, text neutralised if a spreadsheet would evaluate it.

    >>> [csv_cell(v) for v in (True, None, 3, "=1+2", "-x", "ann")]
    ['true', '', '3', "'=1+2", "'-x", 'ann']
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    text = text_of(value) if not isinstance(value, int) else str(value)
    return "'" + text if text.startswith(FORMULA_START) else text


def rows_csv(rows: list[Row]) -> str:
    """Rows as CSV with a header line: the fields of ``Row`` in order, cells as ``csv_cell`` writes them."""
    names = [f.name for f in fields(Row)]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(names)
    for row in rows:
        values = cells(row)
        writer.writerow([csv_cell(values[name]) for name in names])
    return buffer.getvalue()


# -- platforms -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Test:
    """One graded test: a name, its points out of ``most``, and the row it was judged from."""

    name: str
    number: str
    points: float
    most: float
    row: Row


def row_tests(lesson: str, step: int, rows: list[Row]) -> list[Test]:
    """A class's rows as tests: one per submission, one point each."""
    return [Test(escape(r.learner), f"{step}.{i}", 1.0 if r.correct else 0.0, 1.0, r)
            for i, r in enumerate(rows, 1)]


def gradescope(lesson: str, step: int, rows: list[Row]) -> dict[str, Any]:
    """Gradescope's ``results.json`` for a class: one test per submission, one point each."""
    return gradescope_results(row_tests(lesson, step, rows), f"lesson {lesson}, step {step}: {tally(rows)}")


def gradescope_results(tests: list[Test], message: str) -> dict[str, Any]:
    """Gradescope's ``results.json``: the score is the sum of the tests' points (each within its maximum)."""
    return {
        "score": sum(min(t.points, t.most) for t in tests),
        "output": message,
        "visibility": "visible",
        "tests": [{"name": t.name, "number": t.number, "score": min(t.points, t.most), "max_score": t.most,
                   "status": "passed" if t.points >= t.most else "failed", "output": feedback(t.row),
                   "extra_data": cells(t.row)} for t in tests],
    }


def prairielearn(lesson: str, step: int, rows: list[Row]) -> dict[str, Any]:
    """PrairieLearn's external-grader result for a class: the score is the fraction of submissions that are
    right."""
    return prairielearn_results(row_tests(lesson, step, rows), f"lesson {lesson}, step {step}: {tally(rows)}",
                                f"{lesson} step {step}")


def prairielearn_results(tests: list[Test], message: str, where: str) -> dict[str, Any]:
    """PrairieLearn's external-grader result: ``gradable: false`` with ``format_errors`` when there are tests and
    none of them could be read as an answer, else the score as a fraction of the points."""
    most = sum(t.most for t in tests)
    unread = [t for t in tests if t.row.verdict not in ("correct", "incorrect", "over limit", MISMATCH, "error")]
    if tests and len(unread) == len(tests):
        return {"gradable": False, "message": message,
                "format_errors": [f"{t.name}: {feedback(t.row)}" for t in unread]}
    return {
        "gradable": True,
        "score": sum(min(t.points, t.most) for t in tests) / most if most else 0.0,
        "message": message,
        "tests": [{"name": t.name, "description": f"{where}: {escape(t.row.file)}",
                   "points": min(t.points, t.most), "max_points": t.most, "output": feedback(t.row),
                   "message": t.row.verdict} for t in tests],
    }


def junit(lesson: str, step: int, rows: list[Row], seconds: float | None = None) -> str:
    """JUnit XML: a testsuite for the step (``time``: the seconds the grading took, when given), a testcase per
    submission, failures and errors carrying the whole judgement."""
    suite = TestSuite(f"{lesson} step {step}")
    for row in rows:
        case = TestCase(escape(row.learner), f"{lesson}.step{step}")
        text = feedback(row)
        if row.verdict == "error":
            case.result = [Error(escape(row.summary)[:500], "engine-error")]
        elif not row.correct:
            case.result = [Failure(escape(row.summary)[:500] or row.verdict, row.verdict)]
        for result in case.result:
            result.text = text
        if row.correct:
            case.append(SystemOut(text))
        suite.add_testcase(case)
    suite.update_statistics()
    suite.time = round(seconds or 0.0, 3)
    buffer = io.BytesIO()
    suite.write(buffer, pretty=True)  # the suite is the root: junitparser's <testsuites> has a 'skipped' the XSD lacks
    return buffer.getvalue().decode("utf-8")

