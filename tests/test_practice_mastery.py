"""Practice steps trace mastery with the parameters ``/progress`` traces it with (a pack's ``[mastery]``), and
practise written answers (a press list, a coin strategy) as well as numbers, through ``Session.handle``.

The mastery a practice step says is checked against Bayes' rule worked out here with fractions, and against the
mastery ``tutor progress`` reads back from the store; a written item's right answer is the engine's reference, and
its verdict is checked again by the puzzle's own ``check``."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tests.helpers import text
from tutor.course import bundled_root, load_catalog
from tutor.course.steps import Practising
from tutor.learner.mastery import mastery
from tutor.learner.practice import key, read_record
from tutor.progress import Progress
from tutor.screen.shown import text_of
from tutor.session import Session
from tutor.session.skills import bkt_params, chances

SKILL = "coins/count-tables"
PACK = {"prior": Fraction(1, 2), "learn": Fraction(1, 20), "slip": Fraction(1, 5), "guess": Fraction(1, 10)}


def bayes(p: Fraction, correct: bool, prior: Fraction, learn: Fraction, slip: Fraction, guess: Fraction
          ) -> Fraction:
    """One BKT step written out from Corbett and Anderson's formulas (not through ``tutor.learner.bkt``)."""
    seen = (1 - slip) if correct else slip
    unseen = guess if correct else 1 - guess
    posterior = p * seen / (p * seen + (1 - p) * unseen)
    return posterior + (1 - posterior) * learn


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pack holding the bundled coins practice lesson, with its own knowledge-tracing parameters."""
    folder = tmp_path_factory.mktemp("course")
    table = "\n".join(f"{name} = {float(value)}" for name, value in PACK.items())
    (folder / "pack.toml").write_text(f'id = "course"\ntitle = "A course"\n[mastery."{SKILL}"]\n{table}\n',
                                      encoding="utf-8")
    bundled = (bundled_root() / "coins" / "06-practice.toml").read_text(encoding="utf-8")
    assert bundled.startswith('id = "coins-6"\n')
    (folder / "practice.toml").write_text(bundled.replace('id = "coins-6"', 'id = "practice"', 1), encoding="utf-8")
    return folder


def practise(session: Session, lesson: str, answers: list[bool]) -> list[float]:
    """Open ``lesson``'s practice step and answer its items right or wrong as ``answers`` says (a wrong answer is
    the right value plus one); the mastery the step holds after each answer."""
    session.handle(f"/open {lesson}")
    session.handle("")  # past the step that says what is practised
    said = []
    for right in answers:
        state = session.state
        assert isinstance(state, Practising)
        value = text_of(state.item.reference())
        shown = text(session.handle(value if right else str(int(value) + 1)))
        assert "Mastery of 'count tables up to turning'" in shown
        after = session.state
        assert isinstance(after, Practising)
        said.append(after.mastery)
    return said


def test_practice_traces_mastery_with_the_packs_parameters(pack: Path) -> None:
    catalog = load_catalog([str(pack)])
    assert "course/practice" in catalog.lessons and not catalog.errors
    session = Session(catalog, Progress(None))
    answers = [True, False, True]  # the third answer is the second try at the item the second missed
    said = practise(session, "course/practice", answers)
    expected, p, first = [], PACK["prior"], True
    for right in answers:
        p = bayes(p, right, **PACK) if first else p  # only an item's first try is evidence
        expected.append(float(p))
        first = right
    assert said == pytest.approx(expected) and said[1] < said[0] and said[2] == said[1]  # falls at once, then holds
    # what tutor progress reads back from the store, with the pack's parameters: the same
    assert mastery(session.progress, bkt_params(catalog))[SKILL] == pytest.approx(said[-1])
    # the bundled lesson, outside the pack, keeps the tutor's defaults: the same answers say another mastery
    # (the guess is the item's own chance of a lucky guess: one in the range of the step's answers)
    plain = Session(load_catalog([]), Progress(None))
    defaults = practise(plain, "coins-6", answers)
    chance = Fraction(1, len(plain.step.guesses()))
    first_p = bayes(Fraction(1, 5), True, Fraction(1, 5), Fraction(3, 20), Fraction(1, 10), chance)
    assert defaults[0] == pytest.approx(float(first_p)) and defaults != pytest.approx(said)
    assert mastery(plain.progress, bkt_params(plain.catalog), chances(plain.catalog))[SKILL] == \
        pytest.approx(defaults[-1])


WRITTEN = {
    "presses": ('puzzle = "lightsout"\n[params]\nboard = "all-on"\n', "lightsout/darken-board",
                "Which cells do you press to darken the {{size}} board with every light on?", "presses",
                '{ size = ["2x3", "3x3", "3x4", "4x4", "2x5", "3x5", "5x5", "4x6"] }'),
    "strategy": ('puzzle = "coins"\n', "coins/build-doubling",
                 "Write a strategy that wins blindfolded on a table of {{coins}} coins.", "strategy",
                 "{ coins = [1, 2, 4, 8, 16] }"),
}


def written_lesson(folder: Path, name: str) -> str:
    """A lesson of one practice step whose items are written answers of kind ``name``; its id."""
    head, skill, ask, answer, params = WRITTEN[name]
    (folder / f"{name}.toml").write_text(
        f'id = "try-{name}"\ntitle = "Try {name}"\nsummary = "Practise {name}."\norder = 1\n{head}'
        f'\n[[steps]]\ntitle = "Practise"\npractice = "{skill}"\nask = "{ask}"\nanswer = "{answer}"\n'
        f"params = {params}\nthreshold = 0.95\nin_a_row = 3\n", encoding="utf-8")
    return f"try-{name}"


@pytest.mark.parametrize("name", sorted(WRITTEN))
def test_written_answer_practice_through_the_session(name: str, tmp_path: Path) -> None:
    lesson = written_lesson(tmp_path, name)
    session = Session(load_catalog([str(tmp_path)]), Progress(None))
    assert not session.catalog.errors, session.catalog.errors
    assert "Practice until mastered" in text(session.handle(f"/open {lesson}"))
    step = session.step
    served: list[str] = []
    for turn in range(6):
        state = session.state
        assert isinstance(state, Practising)
        served.append(key(state.variant))
        item = state.item
        right = text_of(item.reference())
        assert item.puzzle.check(item.game, item.label, right, item.args).correct  # the engine's own verdict
        if turn == 0:  # a wrong first try: a verdict, the mastery said, the same item kept
            wrong = "a1" if name == "presses" else "-"
            assert not item.puzzle.check(item.game, item.label, wrong, item.args).correct
            replies = text(session.handle(wrong))
            assert "Mastery of" in replies and "Try again" in replies and key(session.state.variant) == served[-1]
        shown = text(session.handle(right))
        if "Lesson complete" in shown:
            break
    assert "Mastered" in shown and len(served) == 4 and len(set(served)) == 4  # a wrong first try, then 3 in a row
    rows = session.progress.db.execute(
        "SELECT correct, skills, variant FROM attempts WHERE lesson = ? ORDER BY id", (lesson,)).fetchall()
    assert [bool(c) for c, _, _ in rows] == [False, True, True, True, True]
    assert all(WRITTEN[name][1] in skills for _, skills, _ in rows) and [v for _, _, v in rows[1:]] == served
    assert step is not None
    record = read_record(session.progress.game(lesson, step.index))
    assert [key(s.variant) for s in record] == served and record[0].first is False and all(s.solved for s in record)
