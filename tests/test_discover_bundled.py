"""A course of one's own: ``--no-bundled`` and a pack's ``bundled = false`` leave the bundled lessons out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tutor.authoring import skeleton
from tutor.cli import main
from tutor.course import bundled_root, load_catalog, load_roots
from tutor.errors import LessonError
from tutor.settings import Settings


def course(folder: Path, bundled: bool | None) -> Path:
    """A pack of two lessons (skeletons, which lint as written); ``bundled`` None: the key left out."""
    folder.mkdir()
    key = "" if bundled is None else f"bundled = {'true' if bundled else 'false'}\n"
    (folder / "pack.toml").write_text(f'id = "mine"\ntitle = "My course"\norder = ["b", "a"]\n{key}',
                                      encoding="utf-8")
    for name in ("a", "b"):
        (folder / f"{name}.toml").write_text(skeleton(name, "coins"), encoding="utf-8")
    return folder


@pytest.fixture
def bundled_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """TUTOR_BUNDLED and TUTOR_LESSONS as a fresh shell has them (the command line reads them)."""
    monkeypatch.setenv("TUTOR_BUNDLED", "1")
    monkeypatch.delenv("TUTOR_LESSONS", raising=False)


def test_a_pack_that_says_bundled_false_is_a_course_of_its_own(tmp_path: Path, bundled_env: None) -> None:
    bundled = [lesson.id for lesson in load_roots([bundled_root()]).ordered()]  # counted a second way
    own = course(tmp_path / "own", bundled=False)
    shared = course(tmp_path / "shared", bundled=None)
    assert [lesson.id for lesson in load_catalog([str(own)]).ordered()] == ["mine/b", "mine/a"]
    with_bundled = [lesson.id for lesson in load_catalog([str(shared)]).ordered()]
    assert with_bundled == [*bundled, "mine/b", "mine/a"] and len(bundled) >= 18
    assert len(load_catalog([str(shared)], include_bundled=False).lessons) == 2


def test_no_bundled_from_the_environment(tmp_path: Path) -> None:
    shared = course(tmp_path / "shared", bundled=True)
    settings = Settings.read({"TUTOR_BUNDLED": "0", "TUTOR_LESSONS": str(shared)})
    assert sorted(load_catalog(settings.lessons, settings.bundled).lessons) == ["mine/a", "mine/b"]


def test_bundled_must_be_true_or_false(tmp_path: Path) -> None:
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "pack.toml").write_text('title = "x"\nbundled = "no"\n', encoding="utf-8")
    (folder / "a.toml").write_text(skeleton("a", "coins"), encoding="utf-8")
    errors = load_roots([folder]).errors
    assert len(errors) == 1 and "bundled" in errors[0], errors
    with pytest.raises(LessonError):
        from tutor.course.catalog import load_pack

        load_pack(folder / "pack.toml")


def test_the_flag_on_progress_preview_and_lint(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: Any, bundled_env: None) -> None:
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    shared = course(tmp_path / "shared", bundled=None)
    assert main(["progress", "--json", "--no-bundled", "--lessons", str(shared)]) == 0
    rows = json.loads(capsys.readouterr().out)["lessons"]
    assert [r["lesson"] for r in rows] == ["mine/b", "mine/a"]  # course order: the pack says b, then a
    assert main(["preview", "1", "--no-bundled", "--no-hints", "--lessons", str(shared)]) == 0
    assert "A new lesson" in capsys.readouterr().out  # lesson 1 of the course is the pack's first, not coins-1
    monkeypatch.setenv("TUTOR_BUNDLED", "1")
    assert main(["lint", "--no-bundled"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--no-bundled leaves nothing to lint" in err
