"""Static checks as tests: ruff and mypy are clean (both come with the test extra)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def tool(name: str) -> list[str]:
    path = Path(sys.executable).parent / name
    if path.exists():
        return [str(path)]
    found = shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: install the test extra (pip install '.[test]')")
    return [found]


def test_ruff_is_clean():
    run = subprocess.run([*tool("ruff"), "check", "tutor", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_mypy_is_clean():
    run = subprocess.run(tool("mypy"), cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr


def test_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "<!-- test-command -->" in readme and "README.md" in ci
