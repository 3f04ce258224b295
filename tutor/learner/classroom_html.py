"""A class report as one self-contained HTML page (``tutor class --html FILE``): no script, no link, no font or
image fetched, so a course team can open it in any browser, offline, or attach it to a message.

The page holds the same figures as ``--json``, as tables a browser can search and a spreadsheet can paste:
``<table id="steps">`` (a row per step), a ``<table class="wrong-answers">`` per step that has wrong answers,
``<table id="learners">`` and ``<table id="mastery">`` (a row per learner and skill), the learning curves drawn as
inline SVG with ``<table id="curves">`` beside them, and ``<table id="gains">`` when a pretest and a posttest
are named.  Every text from a learner or a lesson is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from tutor.learner.classroom import ClassReport
from tutor.learner.classroom_show import curves_svg, percent
from tutor.screen.text import plural

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
table.wrong-answers td:first-child { white-space: pre-wrap; font-family: monospace; }
"""


def cell(value: object) -> str:
    """A table cell: numbers right-aligned, text escaped, a dash for nothing."""
    if value is None:
        return "<td>-</td>"
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f'<td class="n">{value}</td>'
    return f"<td>{escape(str(value))}</td>"


def table(attributes: str, heads: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A ``<table>`` with a header row and one row per entry of ``rows``."""
    head = "".join(f"<th>{escape(h)}</th>" for h in heads)
    body = "".join("<tr>" + "".join(cell(v) for v in row) + "</tr>" for row in rows)
    return f"<table {attributes}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def seconds(value: float | None) -> str | None:
    """A median time: whole seconds."""
    return None if value is None else f"{value:.0f} s"


def steps_part(report: ClassReport) -> list[str]:
    """The steps table, then each step's wrong answers."""
    rows = [(s.lesson, s.step, s.title, s.learners, s.attempts, s.reviews, percent(s.difficulty),
             None if s.discrimination is None else f"{s.discrimination:+.2f}", seconds(s.median_seconds), s.hinted)
            for s in report.steps]
    parts = ["<h2>Steps</h2>", "<p>Difficulty is the share of learners right at their first try with no help; "
             "discrimination the correlation of that first try with the learner's score on the other steps; "
             "reviews (answers given after the step was completed) are counted apart.</p>",
             table('id="steps"', ("lesson", "step", "title", "learners", "attempts", "reviews", "difficulty",
                                  "discrimination", "median time", "hinted"), rows)]
    for s in report.steps:
        if not s.wrong_answers:
            continue
        parts.append(f"<h3>Wrong answers: {escape(s.lesson)} step {s.step}"
                     + (f": {escape(s.title)}" if s.title else "") + "</h3>")
        answers = [(w.answer, w.attempts, w.learners, w.misconception or "undiagnosed") for w in s.wrong_answers]
        parts.append(table(f'class="wrong-answers" data-lesson="{escape(s.lesson)}" data-step="{s.step}"',
                           ("answer", "attempts", "learners", "diagnosis"), answers))
    return parts


def learners_part(report: ClassReport) -> list[str]:
    """The learners, and each one's mastery per skill."""
    name = {p.profile: report.names.get(p.profile, p.profile) for p in report.people}
    return ["<h2>Learners</h2>",
            table('id="learners"', ("learner", "attempts", "reviews", "steps done"),
                  [(name[p.profile], p.attempts, p.reviews, p.steps_done) for p in report.people]),
            "<h3>Mastery per skill</h3>",
            table('id="mastery"', ("learner", "skill", "mastery"),
                  [(name[p.profile], skill, percent(value)) for p in report.people
                   for skill, value in p.mastery.items()])]


def curves_part(report: ClassReport) -> list[str]:
    """The learning curves: the drawing, and its points as a table."""
    rows = [(skill, c.opportunity, c.learners, c.errors, percent(c.error_rate))
            for skill, points in report.curves.items() for c in points]
    return ["<h2>Learning curves</h2>", "<p>The error rate at each opportunity on a skill (an opportunity is an "
            "item, a step in one variant, scored by its first attempt).</p>", f"<figure>{curves_svg(report)}</figure>",
            table('id="curves"', ("skill", "opportunity", "learners", "errors", "error rate"), rows)]


def gains_part(report: ClassReport) -> list[str]:
    """The normalised gains, each flag beside its gain."""
    if report.tests is None:
        return []
    pre, post = report.tests
    rows = [(g.skill, g.learners, percent(g.pre), percent(g.post), None if g.gain is None else f"{g.gain:.2f}",
             g.flag or "") for g in report.gains]
    return [f"<h2>Normalised gain from {escape(pre)} to {escape(post)}</h2>",
            table('id="gains"', ("skill", "learners", "pre", "post", "gain", "note"), rows)]


def page(report: ClassReport) -> str:
    """The whole report as one HTML page."""
    attempts = sum(s.attempts for s in report.steps)
    body = [f"<h1>Class report</h1><p>{plural(len(report.learners), 'learner')}, {plural(attempts, 'attempt')}</p>",
            *steps_part(report), *curves_part(report), *gains_part(report), *learners_part(report)]
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>Class report</title>'
            f"<style>{STYLE}</style></head><body>\n" + "\n".join(body) + "\n</body></html>\n")
