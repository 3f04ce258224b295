"""Issue 31, parts 5 and 6 (and 28.5): the class report an instructor opens.  A class of four scripted learners
whose every answer is known gives statistics checked here by hand (difficulty, discrimination, median time on
task, wrong answers with their diagnosis, reviews apart, mastery, flagged gains), each also computed a second way
(numpy's correlation, the statistics module, knowledge tracing by hand); ``--html`` is parsed with an HTML parser
and its tables checked against ``--json``."""

from __future__ import annotations

import json
import math
from html.parser import HTMLParser
from pathlib import Path

import numpy
import pytest

from tutor.cli import main
from tutor.learner import classroom
from tutor.learner.bkt import DEFAULT, update
from tutor.learner.classroom_show import text
from tutor.learner.export import AttemptRecord, CompletedRecord, HintRecord, Records, to_json

L = "week1"
SKILL = {1: ("s/a",), 2: ("s/a",), 3: ("s/b",)}


def tried(step: int, answer: str, right: bool, seconds: float, at: float, misconception: str | None = None,
          hint: int = 0) -> AttemptRecord:
    return AttemptRecord(L, step, answer, right, "correct" if right else "wrong", seconds, at, SKILL[step],
                         misconception, hint)


def done(step: int, at: float) -> CompletedRecord:
    return CompletedRecord(L, step, "answered", at)


# Each learner's whole story: (attempts, hints shown, steps completed).  Hand-scored first tries, steps 1-3:
# ann 1 1 1, bob 0 1 0, cat 0 0 1 (a hint before step 1), dan 0 0 1.
CLASS = {
    "ann": ([tried(1, "6", True, 10, 100), tried(2, "3", True, 20, 200), tried(3, "yes", True, 30, 300),
             tried(1, "7", False, 5, 900, "m-seven")],  # after step 1 was completed: a review
            [], [done(1, 100), done(2, 200), done(3, 300)]),
    "bob": ([tried(1, "7", False, 5, 100, "m-seven"), tried(1, "6", True, 15, 110), tried(2, "3", True, 25, 200),
             tried(3, "x", False, 40, 300), tried(3, "yes", True, 50, 310)],
            [], [done(1, 110), done(2, 200), done(3, 310)]),
    "cat": ([tried(1, "6", True, 12, 100, hint=1), tried(2, " 7 ", False, 8, 200), tried(2, "3", True, 18, 210),
             tried(3, "yes", True, 22, 300)],
            [HintRecord(L, 1, 1, 95)], [done(1, 100), done(2, 210), done(3, 300)]),
    "dan": ([tried(1, "7", False, 4, 100, "m-seven"), tried(1, "8", False, 9, 105, "m-eight"),
             tried(1, "6", True, 30, 120), tried(2, "9", False, 6, 200), tried(2, "3", True, 16, 210),
             tried(3, "yes", True, 20, 300)],
            [], [done(1, 120), done(2, 210), done(3, 300)]),
}
FIRST = {"ann": (1, 1, 1), "bob": (0, 1, 0), "cat": (0, 0, 1), "dan": (0, 0, 1)}


def records() -> list[Records]:
    return [Records(name, tuple(attempts), tuple(hints), (), tuple(completed))
            for name, (attempts, hints, completed) in CLASS.items()]


@pytest.fixture(scope="module")
def report() -> classroom.ClassReport:
    return classroom.report(records(), titles={(L, 1): "Count the tables", (L, 2): "Count again"})


def step(report: classroom.ClassReport, number: int) -> classroom.StepReport:
    return next(s for s in report.steps if s.step == number)


def test_difficulty_is_the_share_right_at_the_first_try_without_help(report) -> None:
    assert [step(report, n).difficulty for n in (1, 2, 3)] == [0.25, 0.5, 0.75]  # 1, 2, 3 of 4 learners
    assert [step(report, n).first_try for n in (1, 2, 3)] == [sum(f[n - 1] for f in FIRST.values())
                                                              for n in (1, 2, 3)]


def test_discrimination_is_the_corrected_point_biserial_correlation(report) -> None:
    # By hand, step 1: scores 1 0 0 0 against the other steps' totals 2 1 1 1: r = 0.75 / sqrt(0.75 * 0.75) = 1.
    # Step 2: scores 1 1 0 0 against 2 0 1 1: no covariance, r = 0.  Step 3: 1 0 1 1 against 2 1 0 0:
    # r = -0.25 / sqrt(0.75 * 2.75).
    assert step(report, 1).discrimination == pytest.approx(1.0)
    assert step(report, 2).discrimination == pytest.approx(0.0)
    assert step(report, 3).discrimination == pytest.approx(-0.25 / math.sqrt(0.75 * 2.75))
    for n in (1, 2, 3):  # the second way: numpy's Pearson correlation
        scores = [FIRST[p][n - 1] for p in CLASS]
        rest = [sum(FIRST[p]) - FIRST[p][n - 1] for p in CLASS]
        assert step(report, n).discrimination == pytest.approx(numpy.corrcoef(scores, rest)[0, 1], abs=1e-12)


def test_median_time_on_task_is_to_the_first_right_answer(report) -> None:
    # Step 1: ann 10, bob 15, cat 12, dan 30 -> median of 10 12 15 30 = 13.5; step 2: 16 18 20 25 -> 19;
    # step 3: 20 22 30 50 -> 26.
    assert [step(report, n).median_seconds for n in (1, 2, 3)] == [13.5, 19, 26]


def test_wrong_answers_with_counts_and_their_diagnosis(report) -> None:
    assert [w.as_json() for w in step(report, 1).wrong_answers] == [
        {"answer": "7", "attempts": 2, "learners": 2, "misconception": "m-seven"},  # ann's review is not counted
        {"answer": "8", "attempts": 1, "learners": 1, "misconception": "m-eight"}]
    assert [(w.answer, w.misconception) for w in step(report, 2).wrong_answers] == [("7", None), ("9", None)]
    assert "undiagnosed" in text(report)


def test_answers_after_a_step_is_completed_are_reviews_not_first_attempts(report) -> None:
    one = step(report, 1)
    assert (one.attempts, one.reviews, one.learners) == (7, 1, 4)  # 1 + 2 + 1 + 3, and ann's review
    ann = next(p for p in report.people if p.profile == "ann")
    assert (ann.attempts, ann.reviews, ann.steps_done) == (4, 1, 3)
    assert step(report, 1).difficulty == 0.25  # ann's wrong review would not change her first try anyway
    data = report.as_json()["steps"][0]
    assert {"wrong_answers", "median_seconds", "difficulty", "discrimination", "title", "reviews"} <= set(data)


def test_each_learner_s_mastery_per_skill_is_traced_over_first_tries() -> None:
    report = classroom.report(records())
    for person in report.people:
        a = [bool(FIRST[person.profile][0]), bool(FIRST[person.profile][1])]
        p = DEFAULT.prior
        for seen in a:
            p = update(p, seen, DEFAULT)
        assert person.mastery["s/a"] == pytest.approx(p)
        assert person.mastery["s/b"] == pytest.approx(update(DEFAULT.prior, bool(FIRST[person.profile][2]),
                                                             DEFAULT))
    assert report.people[0].mastery["s/a"] > report.people[3].mastery["s/a"]  # ann over dan


def gain_class(pre_right: list[bool], post_right: list[bool]) -> classroom.Gain:
    made = []
    for i, (pre, post) in enumerate(zip(pre_right, post_right, strict=True)):
        attempts = (AttemptRecord("pre", 1, "1", pre, "", 1, 1, ("s/a",)),
                    AttemptRecord("post", 1, "1", post, "", 1, 2, ("s/a",)))
        made.append(Records(f"p{i}", attempts))
    (gain,) = classroom.report(made, ("pre", "post")).gains
    return gain


def test_gains_below_minus_one_or_from_a_ceiling_are_flagged() -> None:
    fell = gain_class([True, True, True, False], [False] * 4)  # pre 0.75, post 0: (0 - 0.75) / 0.25 = -3
    assert fell.gain == pytest.approx(-3) and "below -1" in (fell.flag or "")
    top = gain_class([True] * 3, [True, False, True])
    assert top.gain is None and "ceiling" in (top.flag or "")
    plain = gain_class([False, True], [True, True])
    assert plain.gain == pytest.approx(1) and plain.flag is None
    shown = text(classroom.report([Records("p0", (AttemptRecord("pre", 1, "1", True, "", 1, 1, ("s/a",)),
                                                  AttemptRecord("post", 1, "1", False, "", 1, 2, ("s/a",))))],
                                  ("pre", "post")))
    assert "! pretest at ceiling" in shown


class Tables(HTMLParser):
    """Every <table> of a page: its attributes and its rows of cell texts; and whatever would fetch from afar."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[tuple[dict[str, str | None], list[list[str]]]] = []
        self.cell: list[str] | None = None
        self.fetches: list[str] = []
        self.svg = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append((dict(attrs), []))
        elif tag == "tr":
            self.tables[-1][1].append([])
        elif tag in ("td", "th"):
            self.cell = []
        elif tag == "svg":
            self.svg += 1
        if tag in ("script", "link", "img", "iframe") or any(k in ("src", "href") for k, _ in attrs):
            self.fetches.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self.cell is not None:
            self.tables[-1][1][-1].append("".join(self.cell))
            self.cell = None

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)


def percent(value: float | None) -> str:
    return "-" if value is None else f"{round(100 * value)}%"


@pytest.mark.parametrize("matplotlib", [True, False], ids=["matplotlib", "plain-svg"])
def test_the_html_page_holds_the_json_report(tmp_path: Path, capsys, monkeypatch, matplotlib: bool) -> None:
    if not matplotlib:
        import builtins

        real = builtins.__import__

        def no_matplotlib(name: str, *args, **kwargs):
            if name.startswith("matplotlib"):
                raise ImportError(name)
            return real(name, *args, **kwargs)

        monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    else:
        pytest.importorskip("matplotlib")
    for one in records():
        (tmp_path / f"{one.profile}.json").write_text(to_json(one), encoding="utf-8")
    page = tmp_path / "class.html"
    assert main(["class", str(tmp_path), "--json", "--html", str(page)]) == 0
    data = json.loads(capsys.readouterr().out)
    parser = Tables()
    parser.feed(page.read_text(encoding="utf-8"))
    assert parser.fetches == [] and parser.svg >= 1  # self-contained: nothing fetched, the curves inline
    tables = {attrs.get("id") or f"{attrs.get('data-lesson')}:{attrs.get('data-step')}": rows
              for attrs, rows in parser.tables}
    steps = tables["steps"]
    assert steps[0][:4] == ["lesson", "step", "title", "learners"]
    assert [[r[0], int(r[1]), int(r[3]), int(r[4]), int(r[5]), r[6]] for r in steps[1:]] == \
        [[s["lesson"], s["step"], s["learners"], s["attempts"], s["reviews"], percent(s["difficulty"])]
         for s in data["steps"]]
    assert [r[7] for r in steps[1:]] == ["-" if s["discrimination"] is None else f"{s['discrimination']:+.2f}"
                                         for s in data["steps"]]
    for s in data["steps"]:
        wrong = tables[f"{s['lesson']}:{s['step']}"][1:]
        assert wrong == [[w["answer"], str(w["attempts"]), str(w["learners"]), w["misconception"] or "undiagnosed"]
                         for w in s["wrong_answers"]]
    assert [r[0] for r in tables["learners"][1:]] == [p["profile"] for p in data["learners"]]
    assert [(r[0], r[1], r[2]) for r in tables["mastery"][1:]] == [
        (p["profile"], skill, percent(value)) for p in data["learners"] for skill, value in p["mastery"].items()]
    assert [(r[0], int(r[1]), r[4]) for r in tables["curves"][1:]] == [
        (skill, c["opportunity"], percent(c["error_rate"])) for skill, points in data["skills"].items()
        for c in points]


def test_an_html_file_that_cannot_be_written_is_one_line(tmp_path: Path, capsys) -> None:
    one = records()[0]
    (tmp_path / "ann.json").write_text(to_json(one), encoding="utf-8")
    code = main(["class", str(tmp_path / "ann.json"), "--html", str(tmp_path / "no" / "such" / "x.html")])
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and "--html" in err


def test_a_learner_who_goes_back_after_finishing_is_reviewing() -> None:
    """Through the real session: a learner answers coins-5 right, finishes it, goes /back to its last question
    and types a wrong answer; the report marks it a review, the step keeps its first try, and the steps carry
    the lesson's titles."""
    from tests.test_class_learners import wrong
    from tutor.class_report import course, step_titles
    from tutor.course import load_catalog
    from tutor.course.steps import Computed
    from tutor.learner.export import records_of
    from tutor.progress import Progress
    from tutor.screen.shown import text_of
    from tutor.session import Session
    from tutor.settings import Settings

    catalog = load_catalog([])
    lesson = catalog.find("coins-5")
    session = Session(catalog, Progress(None))
    session.handle("/open coins-5")
    asked: list[tuple[int, str]] = []
    while True:
        now = session.step
        assert now is not None
        if isinstance(now, Computed):
            asked.append((now.index, text_of(now.reference())))
            session.handle(asked[-1][1])
        if now.index == len(lesson.steps) - 1:
            break
        session.handle("/next")
    index, right = asked[-1]
    while session.step is not None and session.step.index != index:
        session.handle("/back")
    session.handle(wrong(right))
    report = classroom.report([records_of(session.progress.export())], titles=step_titles(course(Settings())))
    last = next(s for s in report.steps if s.step == index + 1)
    assert (last.attempts, last.reviews, last.first_try, last.wrong_answers) == (1, 1, 1, ())
    assert last.title == (lesson.template.steps[index].title or "")
    assert all(s.title for s in report.steps) and report.people[0].reviews == 1
