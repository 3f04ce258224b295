"""docs/authoring.md cannot drift from the code.

Every complete lesson in the guide (a ```toml block starting with ``id = ``) must
pass ``tutor lint`` and ``tutor preview``; the pack example must load its lessons
under namespaced ids; and every quantity and answer kind the guide's reference
tables name must exist in that puzzle family.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import quantity_name
from tutor import puzzles
from tutor.authoring import preview
from tutor.course import instantiate, load_file, load_roots
from tutor.lint import lint_paths
from tutor.progress import Progress
from tutor.puzzles.options import NO_ARGS
from tutor.session import Session

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "authoring.md"
FAMILIES = ("coins", "wythoff", "gods", "lightsout")  # the families the guide teaches with worked examples


def blocks(text: str) -> list[tuple[str, str]]:
    """Every fenced block as (info string, body)."""
    return [(m.group(1).strip(), m.group(2)) for m in re.finditer(r"^```([^\n]*)\n(.*?)^```$", text, re.M | re.S)]


def lesson_blocks() -> list[str]:
    """The guide's complete lessons: ```toml blocks whose first line is ``id = ...``."""
    return [body for info, body in blocks(GUIDE.read_text(encoding="utf-8"))
            if info == "toml" and body.startswith("id = ")]


def lesson_id(body: str) -> str:
    match = re.match(r'id = "([^"]+)"', body)
    assert match, body[:60]
    return match.group(1)


def puzzle_of(body: str) -> str:
    match = re.search(r'^puzzle = "([^"]+)"', body, re.M)
    assert match, body[:60]
    return match.group(1)


LESSONS = lesson_blocks()


def write(folder: Path, body: str) -> Path:
    path = folder / f"{lesson_id(body)}.toml"
    path.write_text(body, encoding="utf-8")
    return path


def test_the_guide_has_a_worked_example_for_every_family():
    assert len(LESSONS) >= len(FAMILIES) + 1  # one per family, plus the variants lesson
    assert set(FAMILIES) <= {puzzle_of(b) for b in LESSONS}
    ids = [lesson_id(b) for b in LESSONS]
    assert len(ids) == len(set(ids)), ids


@pytest.mark.parametrize("body", LESSONS, ids=[lesson_id(b) for b in LESSONS])
def test_every_example_lesson_passes_lint_and_preview(body, tmp_path):
    path = write(tmp_path, body)
    count, errors = lint_paths([str(path)])
    assert (count, errors) == (1, [])
    catalog = load_roots([tmp_path])  # only this lesson: no clash with bundled ids can hide it
    assert catalog.errors == []
    result = preview(catalog, lesson_id(body))
    assert result.failures == (), result.text
    assert "Lesson complete" in result.text


def test_every_example_has_a_say_step_a_question_and_a_mistake():
    for body in LESSONS:
        assert "\nsay = " in body and "\nask = " in body, lesson_id(body)
        assert "[[steps.mistakes]]" in body, lesson_id(body)


def test_the_pack_example_loads_the_guides_lessons_under_namespaced_ids(tmp_path):
    text = GUIDE.read_text(encoding="utf-8")
    pack = next(body for _, body in blocks(text) if body.startswith("# intro/pack.toml"))
    folder = tmp_path / "intro"
    folder.mkdir()
    (folder / "pack.toml").write_text(pack, encoding="utf-8")
    for body in LESSONS:
        write(folder, body)
    catalog = load_roots([tmp_path])
    assert catalog.errors == []
    assert {f"intro/{lesson_id(b)}" for b in LESSONS} == set(catalog.lessons)
    order = [les.id for les in catalog.pack_lessons("intro")]
    assert order[:2] == ["intro/guide-gods", "intro/guide-coins"]
    count, errors = lint_paths([str(tmp_path)])
    assert (count, errors) == (len(LESSONS), [])


def reference_tables(text: str) -> dict[str, dict[str, set[str]]]:
    """For each '#### Puzzle `name`' section: the names in its 'answer kind' and 'quantity' tables."""
    out: dict[str, dict[str, set[str]]] = {}
    for section in re.split(r"^#### ", text, flags=re.M)[1:]:
        head = re.match(r"Puzzle `(\w+)`", section)
        if not head:
            continue
        tables: dict[str, set[str]] = {"answer kind": set(), "quantity": set()}
        current = None
        for line in section.splitlines():
            if line.startswith("## "):
                break
            header = re.match(r"\| (answer kind|quantity) \|", line)
            if header:
                current = header.group(1)
            elif current and line.startswith("| `"):
                first = line.split("|")[1]
                tables[current] |= set(re.findall(r"`(\w+)`", first))
            elif not line.startswith("|"):
                current = None
        out[head.group(1)] = tables
    return out


def test_reference_tables_name_only_real_quantities_and_answer_kinds():
    tables = reference_tables(GUIDE.read_text(encoding="utf-8"))
    assert set(tables) == set(FAMILIES)
    for name, found in tables.items():
        puzzle = puzzles.get(name)
        assert found["answer kind"] and found["quantity"], name
        assert found["answer kind"] <= set(puzzle.kind_names()), (name, found["answer kind"] - set(puzzle.kind_names()))
        assert found["quantity"] <= set(puzzle.quantities), (name, found["quantity"] - set(puzzle.quantities))


def test_reference_tables_cover_every_answer_kind():
    tables = reference_tables(GUIDE.read_text(encoding="utf-8"))
    for name in FAMILIES:
        assert tables[name]["answer kind"] == set(puzzles.get(name).kind_names()), name


def test_reference_tables_cover_every_quantity():
    tables = reference_tables(GUIDE.read_text(encoding="utf-8"))
    for name in FAMILIES:
        assert tables[name]["quantity"] == set(puzzles.get(name).quantities), name


def guide_lesson(lesson: str, folder: Path):
    """Load one of the guide's lessons (by id) from a folder of its own."""
    body = next(b for b in LESSONS if lesson_id(b) == lesson)
    return load_file(write(folder, body))


def test_the_random_board_recipe_gives_each_learner_a_concrete_solvable_board(tmp_path):
    lesson = guide_lesson("guide-lightsout-random", tmp_path)
    lights = puzzles.get("lightsout")
    boards, step_boards = set(), set()
    for seed in range(8):
        variant = instantiate(lesson, seed)
        assert set(variant.variant) == {"board", "steps[4].board"}
        first, last = variant.steps[0], variant.steps[3]
        for step, rows in ((first, 3), (last, 4)):
            params = step.params
            assert params["board"].count("/") == rows - 1 and "random" not in params["board"]
            assert lights.solvable(step.game) is True
            assert lights.compute(step.game, "lit") > 0
            assert lights.kind("play").reference(step.game, NO_ARGS) is not None  # so /solution and lint work
        boards.add(first.params["board"])
        step_boards.add(last.params["board"])
    assert len(boards) > 1 and len(step_boards) > 1


def test_the_random_board_recipe_in_a_session(tmp_path):
    guide_lesson("guide-lightsout-random", tmp_path)
    session = Session(load_roots([tmp_path]), Progress(None), seed=3)
    opened = "\n".join(r.text for r in session.handle("/open guide-lightsout-random"))
    banner = next(line for line in opened.splitlines() if line.startswith("Your variant"))
    assert re.fullmatch(r'Your variant of this lesson: board = "[X./]+"\.', banner)  # lesson-level, TOML
    session.handle("")  # past the say step
    hints = "\n".join(r.text for r in session.handle("/hint"))
    assert "On 3x3 every board" in hints  # {{size}} filled in a hint
    session.handle(str(lights_min(session)))
    moved = session.handle("a1 a1")
    assert any(r.kind == "hint" and "switches every light back" in r.text for r in moved)  # a play mistake
    assert not any("switches every light back" in r.text for r in session.handle("b2"))


def lights_min(session: Session) -> int:
    step = session.step
    assert step is not None and quantity_name(step) == "min_presses"
    return int(puzzles.get("lightsout").compute(step.game, "min_presses", step.args))


def for_lessons_section(name: str) -> str:
    """The 'For lessons' section of docs/NAME.md (to the next '## ' heading)."""
    text = (GUIDE.parent / f"{name}.md").read_text(encoding="utf-8")
    match = re.search(r"^## For lessons.*?(?=^## |\Z)", text, re.M | re.S)
    assert match, name
    return match.group(0)


@pytest.mark.parametrize("name", puzzles.builtin_names())
def test_each_family_doc_lists_every_answer_kind_and_quantity_for_lessons(name):
    section = for_lessons_section(name)
    puzzle = puzzles.get(name)
    named = set(re.findall(r"`(\w+)`", section))
    assert set(puzzle.kind_names()) <= named, set(puzzle.kind_names()) - named
    assert set(puzzle.quantities) <= named, set(puzzle.quantities) - named
