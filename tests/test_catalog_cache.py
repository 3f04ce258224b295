"""The catalogue cache (tutor.course.heads): the tutor lists its lessons from each file's cached head and parses a
lesson only when it is opened; a changed file, a damaged cache or a folder that cannot be written never shows a
wrong list."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tutor.course import load_catalog
from tutor.course.catalog import FileSource
from tutor.course.heads import CACHE_FILE
from tutor.progress import Progress
from tutor.session import Session

LESSON = Path(__file__).resolve().parent.parent / "lessons" / "coins" / "01-two-coins.toml"


def parsed(catalog: object) -> list[str]:
    """The ids of the lessons whose file has been parsed (a lesson listed from the cache parses on first use)."""
    return [les.id for les in catalog.lessons.values()  # type: ignore[attr-defined]
            if not isinstance(les.source, FileSource) or "template" in vars(les)]


def test_second_start_lists_every_lesson_without_parsing_one(tmp_path: Path) -> None:
    eager = load_catalog()
    first = load_catalog(cached_in=tmp_path)
    assert (tmp_path / CACHE_FILE).is_file()
    assert sorted(parsed(first)) == sorted(eager.lessons)  # the first start parses, and fills the cache
    second = load_catalog(cached_in=tmp_path)
    assert parsed(second) == []
    assert [les.id for les in second.ordered()] == [les.id for les in eager.ordered()]
    for lesson in second.ordered():  # each head as the file says, read again by parsing it
        again = eager.lessons[lesson.id]
        assert (lesson.title, lesson.summary, lesson.size, lesson.required, lesson.order, lesson.puzzle,
                bool(lesson.variants)) == (again.title, again.summary, len(again.template.steps),
                                            frozenset(i for i, s in enumerate(again.steps) if s.required),
                                            again.order, again.puzzle, bool(again.template.tables.slots()))


def test_a_lesson_listed_from_the_cache_opens_and_is_played(tmp_path: Path) -> None:
    load_catalog(cached_in=tmp_path)
    session = Session(load_catalog(cached_in=tmp_path), Progress(None))
    replies = session.handle("/open coins-1")
    assert any("Two coins by hand" in r.text for r in replies)
    assert parsed(session.catalog) == ["coins-1"]
    session.handle("/next")
    assert session.place.step == 1 and session.step is not None


def own_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "mine"
    folder.mkdir()
    shutil.copy(LESSON, folder / "first.toml")
    return folder


def test_an_edited_lesson_is_read_again(tmp_path: Path) -> None:
    folder = own_folder(tmp_path)
    cache = tmp_path / "home"
    load_catalog([str(folder)], include_bundled=False, cached_in=cache)
    lesson = folder / "first.toml"
    lesson.write_text(lesson.read_text().replace('title = "Two coins by hand"', 'title = "Two coins, edited"'))
    catalog = load_catalog([str(folder)], include_bundled=False, cached_in=cache)
    assert catalog.lessons["coins-1"].title == "Two coins, edited"
    assert parsed(catalog) == ["coins-1"]


def test_a_lesson_broken_after_listing_is_one_line_when_opened(tmp_path: Path) -> None:
    folder = own_folder(tmp_path)
    cache = tmp_path / "home"
    load_catalog([str(folder)], include_bundled=False, cached_in=cache)
    lesson = folder / "first.toml"
    info = lesson.stat()
    text = lesson.read_text()
    broken = text.replace("coins = 2", "coins = 0")  # same size, same time: the cache cannot tell
    assert len(broken) == len(text)
    lesson.write_text(broken)
    os.utime(lesson, ns=(info.st_atime_ns, info.st_mtime_ns))
    session = Session(load_catalog([str(folder)], include_bundled=False, cached_in=cache), Progress(None))
    replies = session.handle("/open coins-1")
    assert [r.text for r in replies if "cannot be opened" in r.text]
    assert session.lesson is None


@pytest.mark.parametrize("damage", [b"", b"{not json", b'{"stamp": 5}', b"\xff" * 100],
                         ids=["empty", "not-json", "wrong-shape", "not-utf8"])
def test_a_damaged_cache_is_rebuilt(tmp_path: Path, damage: bytes) -> None:
    (tmp_path / CACHE_FILE).write_bytes(damage)
    catalog = load_catalog(cached_in=tmp_path)
    assert sorted(catalog.lessons) == sorted(load_catalog().lessons)
    assert parsed(load_catalog(cached_in=tmp_path)) == []  # and written anew


def test_a_folder_that_cannot_be_written_only_costs_time(tmp_path: Path) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    catalog = load_catalog(cached_in=blocked)
    assert sorted(catalog.lessons) == sorted(load_catalog().lessons)


def test_a_lesson_moved_into_a_pack_gets_its_pack_id(tmp_path: Path) -> None:
    folder = own_folder(tmp_path)
    cache = tmp_path / "home"
    load_catalog([str(folder)], include_bundled=False, cached_in=cache)
    (folder / "pack.toml").write_text('id = "week1"\ntitle = "Week 1"\n')
    catalog = load_catalog([str(folder)], include_bundled=False, cached_in=cache)
    assert sorted(catalog.lessons) == ["week1/coins-1"]


def test_the_first_screen_imports_no_engine_library(tmp_path: Path) -> None:
    """The start lists lessons from the cache: numpy, sympy and lark wait for a step that needs them."""
    script = (
        "import sys\n"
        "from tutor.shell.repl import make_session\n"
        "from tutor.settings import Settings\n"
        "import argparse\n"
        "session = make_session(argparse.Namespace(seed=None), Settings.read())\n"
        "session.start(None)\n"
        "print(sorted(m for m in ('numpy', 'sympy', 'lark') if m in sys.modules))\n"
    )
    env = {**os.environ, "TUTOR_HOME": str(tmp_path)}
    subprocess.run([sys.executable, "-c", script], env=env, check=True, capture_output=True)  # fills the cache
    run = subprocess.run([sys.executable, "-c", script], env=env, check=True, capture_output=True, text=True)
    assert run.stdout.strip() == "[]"
