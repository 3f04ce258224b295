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


def test_import_layers_hold():
    """import-linter: every family is layered rules -> engine -> theory -> teach -> cli, no cycles anywhere,
    and the protocol and engines import no shell (pyproject.toml, [tool.importlinter])."""
    run = subprocess.run([*tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr


def test_no_dead_code():
    """vulture finds nothing unused (framework entry points are listed in vulture_whitelist.py; the command
    handlers are named in ``tutor.arguments.HANDLERS``, which tests/test_command_table.py checks)."""
    from tutor.arguments import HANDLERS

    decorators = "@*.register,@*.add,@command"  # registries, key bindings and /commands find these
    handlers = ",".join(sorted({target.partition(":")[2] for target in HANDLERS.values()}))
    run = subprocess.run([*tool("vulture"), "tutor", "vulture_whitelist.py", "--ignore-decorators", decorators,
                          "--ignore-names", handlers],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr


def test_modules_and_functions_are_small():
    """STYLE.md: a module past ~400 lines, or a function past ~60, is usually two. A function is measured from its
    ``def`` line to its last line (decorators not counted), by the AST."""
    import ast

    long_modules, long_functions = {}, {}
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT).as_posix()
        if (lines := len(text.splitlines())) > 400:
            long_modules[where] = lines
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                if (length := node.end_lineno - node.lineno + 1) > 60:
                    long_functions[f"{where}:{node.lineno} {node.name}"] = length
    assert not long_modules, f"split these modules along their seams: {long_modules}"
    assert not long_functions, f"split these functions along their seams: {long_functions}"


def test_every_package_and_lesson_is_installed(tmp_path: Path) -> None:
    """Packages are found, not listed: a wheel built from pyproject.toml holds every package of tutor/ (each
    folder with an __init__.py), every bundled lesson (as tutor.lessons), and the families' entry points."""
    import shutil
    import zipfile

    source = tmp_path / "source"  # a copy, so the build leaves nothing behind in the checkout
    source.mkdir()
    for part in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / part, source / part)
    for folder in ("tutor", "lessons"):
        shutil.copytree(ROOT / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                          "--wheel-dir", str(tmp_path / "wheel"), str(source)],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    [wheel] = (tmp_path / "wheel").glob("*.whl")
    with zipfile.ZipFile(wheel) as built:
        names = set(built.namelist())
        entry_points = next(built.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    packages = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tutor").rglob("__init__.py")}
    lessons = {"tutor/lessons/" + p.relative_to(ROOT / "lessons").as_posix() for p in (ROOT / "lessons").rglob("*")
               if p.suffix in (".toml", ".md", ".py")}
    assert not (packages | lessons) - names, sorted((packages | lessons) - names)
    assert "[tutor.puzzles]" in entry_points


def test_nothing_stray_is_committed_at_the_top():
    """The top of the repository holds the project's own files only (a test run's output is never committed)."""
    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    top = {name.split(b"/")[0].decode("utf-8", "replace") for name in listed.split(b"\0") if name}
    assert top <= {".ci", ".gitignore", "README.md", "docs", "lessons", "pyproject.toml", "tests", "tutor",
                   "vulture_whitelist.py"}, sorted(top)


def test_stale_installed_metadata_is_refused_before_any_test_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """The egg-info trap: metadata without an entry point pyproject.toml declares stops the run with how to fix it."""
    import importlib.metadata

    from tests.conftest import stale_metadata

    assert stale_metadata() == ""  # this run's metadata is this checkout's (else the run would not have started)
    real = importlib.metadata.entry_points
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [
        ep for ep in real(group=group) if ep.name != "gods"])
    assert "'gods = tutor.puzzles.gods:Gods' of group 'tutor.puzzles'" in stale_metadata()
    assert "pip install -e" in stale_metadata()
