"""``tutor grade``: check a class's submissions with the exact engines, in parallel.

* ``files`` - which files the submission folders hold and whose each is (layouts, ``--include``, one file
  per learner unless every file is asked for);
* ``judge`` - one answer judged on one step of its learner's variant (drawn from the learner and the course
  seed; the header ``/submit`` writes is checked against it), and the failure key;
* ``rows`` - the row and its forms (JSON, CSV, text, Markdown feedback);
* ``run`` - the class graded in worker processes;
* ``summary`` - counts, clusters of the same failure and the ``[[steps.mistakes]]`` entries they suggest.
"""

from tutor.grading.files import Collected, Submission, collect, is_answer, submission_files
from tutor.grading.judge import Assignment, Variants, failure_key, judge_answer, judge_text
from tutor.grading.rows import FIELDS, Row, feedback_markdown, rows_csv, rows_json, rows_text, tally
from tutor.grading.run import grade, grade_one, graded_step
from tutor.submission import format_header, split_header

__all__ = ["FIELDS", "Assignment", "Collected", "Row", "Submission", "Variants", "collect", "failure_key",
           "feedback_markdown", "format_header", "grade", "grade_one", "graded_step", "is_answer", "judge_answer",
           "judge_text", "rows_csv", "rows_json", "rows_text", "split_header", "submission_files", "tally"]
