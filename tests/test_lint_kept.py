"""What lint works out about the bundled course is kept between runs (``tutor.lint.kept``): worked out again
whenever a lesson file or the tutor's code changes, and never trusted when the file is damaged or foreign."""

from __future__ import annotations

import os
from pathlib import Path

from tutor.course import bundled_root
from tutor.lint.kept import CACHE_FILE, kept, key
from tutor.lint.reviews import bundled, reviewable


class Work:
    """A stand-in for the slow work, counting its calls."""

    def __init__(self, skills: frozenset[str]) -> None:
        self.skills, self.calls = skills, 0

    def __call__(self) -> frozenset[str]:
        self.calls += 1
        return self.skills


def lessons(tmp_path: Path) -> Path:
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "one.toml").write_text('id = "one"\n', encoding="utf-8")
    return folder


def test_the_second_run_reads_what_the_first_worked_out(tmp_path: Path) -> None:
    folder, work = lessons(tmp_path), Work(frozenset({"a/x", "b/y"}))
    home = tmp_path / "home"
    assert kept(home, folder, work) == work.skills and work.calls == 1
    assert (home / CACHE_FILE).is_file()
    assert kept(home, folder, work) == work.skills and work.calls == 1


def test_a_changed_lesson_file_is_worked_out_again(tmp_path: Path) -> None:
    folder, work = lessons(tmp_path), Work(frozenset({"a/x"}))
    home = tmp_path / "home"
    before = key(folder)
    kept(home, folder, work)
    (folder / "one.toml").write_text('id = "one"\ntitle = "T"\n', encoding="utf-8")
    assert key(folder) != before
    kept(home, folder, work)
    assert work.calls == 2
    (folder / "two.md").write_text("notes", encoding="utf-8")  # a new file counts too
    kept(home, folder, work)
    assert work.calls == 3


def test_a_damaged_or_foreign_file_is_ignored_and_rewritten(tmp_path: Path) -> None:
    folder, work = lessons(tmp_path), Work(frozenset({"a/x"}))
    home = tmp_path / "home"
    home.mkdir()
    for content in (b"{not json", b'{"key": 1, "skills": "x"}', b'{"key": "other", "skills": ["evil/skill"]}'):
        (home / CACHE_FILE).write_bytes(content)
        assert kept(home, folder, work) == {"a/x"}
    assert work.calls == 3
    assert kept(home, folder, work) == {"a/x"} and work.calls == 3  # rewritten whole


def test_no_folder_or_an_unwritable_one_still_answers(tmp_path: Path) -> None:
    folder, work = lessons(tmp_path), Work(frozenset({"a/x"}))
    assert kept(None, folder, work) == {"a/x"} and kept(None, folder, work) == {"a/x"} and work.calls == 2
    blocked = tmp_path / "file"
    blocked.write_text("", encoding="utf-8")  # a file where the folder should be
    assert kept(blocked, folder, work) == {"a/x"}
    assert not any(name.endswith(".part") for name in os.listdir(tmp_path))


def test_the_bundled_course_kept_is_what_it_works_out(tmp_path: Path) -> None:
    worked = frozenset(reviewable(bundled()))
    assert worked  # the course reviews something
    assert kept(tmp_path, bundled_root(), lambda: worked) == worked
    assert kept(tmp_path, bundled_root(), lambda: frozenset()) == worked  # read back, not worked out again
