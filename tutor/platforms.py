"""Grades in the formats course platforms read: ``tutor grade --format gradescope|prairielearn|junit``.

* Gradescope's autograder reads ``results.json``: a top-level ``score`` and a
  ``tests`` list, each with ``name``, ``score``, ``max_score``, ``status``
  (``passed``/``failed``) and ``output`` (here, one test per submission, whose
  output is the engine's verdict).
* PrairieLearn's external grader reads a result with ``gradable``, a
  ``score`` between 0 and 1, a ``message`` and ``tests`` (``name``, ``points``,
  ``max_points``, ``output``, ``message``).
* JUnit XML (GitHub Classroom, CI systems): a ``testsuite`` with one
  ``testcase`` per submission; a wrong, empty or unreadable submission has a
  ``failure`` element carrying the verdict, an engine bug an ``error``.

Every submission is worth one point: it is right or it is not, judged exactly.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from tutor.files import escape
from tutor.grading import Row, tally


def output(row: Row) -> str:
    """What a learner sees about their submission: the verdict and the engine's summary."""
    return f"{row.verdict}: {escape(row.summary)}" if row.summary else row.verdict


def gradescope(lesson: str, step: int, rows: list[Row]) -> dict[str, Any]:
    """Gradescope's ``results.json``: one test per submission, one point each."""
    return {
        "score": sum(1 for r in rows if r.correct),
        "output": f"lesson {lesson}, step {step}: {tally(rows)}",
        "visibility": "visible",
        "tests": [{"name": escape(r.learner), "score": 1 if r.correct else 0, "max_score": 1,
                   "status": "passed" if r.correct else "failed", "output": output(r),
                   "extra_data": {"file": escape(r.file), "length": r.length, "shortest": r.shortest}}
                  for r in rows],
    }


def prairielearn(lesson: str, step: int, rows: list[Row]) -> dict[str, Any]:
    """PrairieLearn's external-grader result: the score as a fraction of the submissions that are right."""
    right = sum(1 for r in rows if r.correct)
    return {
        "gradable": True,
        "score": right / len(rows) if rows else 0.0,
        "message": f"lesson {lesson}, step {step}: {tally(rows)}",
        "tests": [{"name": escape(r.learner), "description": f"{lesson} step {step}: {escape(r.file)}",
                   "points": 1 if r.correct else 0, "max_points": 1, "output": output(r), "message": r.verdict}
                  for r in rows],
    }


def junit(lesson: str, step: int, rows: list[Row]) -> str:
    """JUnit XML: a testsuite for the step, a testcase per submission, failures and errors with their verdicts."""
    errors = sum(1 for r in rows if r.verdict == "error")
    failures = sum(1 for r in rows if not r.correct) - errors
    suites = ET.Element("testsuites", tests=str(len(rows)), failures=str(failures), errors=str(errors))
    suite = ET.SubElement(suites, "testsuite", name=f"{lesson} step {step}", tests=str(len(rows)),
                          failures=str(failures), errors=str(errors))
    for row in rows:
        case = ET.SubElement(suite, "testcase", classname=f"{lesson}.step{step}", name=escape(row.learner),
                             file=escape(row.file))
        if row.verdict == "error":
            ET.SubElement(case, "error", message=escape(row.summary)[:500], type="engine-error").text = output(row)
        elif not row.correct:
            ET.SubElement(case, "failure", message=escape(row.summary)[:500], type=row.verdict).text = output(row)
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"
