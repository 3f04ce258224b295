"""An instructor's first run through docs/instructors.md, step by step: what went wrong once stays fixed."""

from __future__ import annotations

from pathlib import Path

from helpers import run_tutor


def test_lint_of_a_folder_made_by_tutor_new_skips_the_editor_files(tmp_path: Path) -> None:
    """`tutor new ... --dir course/` writes a .taplo.toml beside the lesson; `tutor lint course/` (the next
    step of the docs) must not read it as a lesson, nor a taplo.toml or a hidden folder's TOML."""
    course = tmp_path / "course"
    made = run_tutor("new", "week1-coins", "--puzzle", "coins", "--dir", str(course))
    assert made.returncode == 0, made.stderr
    assert (course / ".taplo.toml").is_file()
    (course / "taplo.toml").write_text((course / ".taplo.toml").read_text(encoding="utf-8"), encoding="utf-8")
    (course / ".vscode").mkdir()
    (course / ".vscode" / "settings.toml").write_text("x = 1\n", encoding="utf-8")
    linted = run_tutor("lint", str(course))
    assert linted.returncode == 0, linted.stdout + linted.stderr
    assert "taplo" not in linted.stdout + linted.stderr
    assert "1 lesson OK" in linted.stdout
