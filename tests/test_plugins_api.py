"""docs/plugins.md cannot drift from the protocol, and ``python -m tutor.testing`` judges plug-ins.

Every field and slot of the protocol's public classes is named in the reference; its complete example is
run as written and passes the conformance suite; the Nim example passes too; broken families fail (exit 1),
an unknown one is bad input (exit 2).
"""

from __future__ import annotations

import dataclasses
import inspect
import json
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor import puzzles
from tutor.puzzles.answers import AnswerKind, Misconception, Verdict
from tutor.puzzles.base import Puzzle, Report, Sample
from tutor.puzzles.options import Option
from tutor.puzzles.play import Play
from tutor.testing import CHECKS, run_all
from tutor.testing import __main__ as testing_cli

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
CODE_WORDS = set(re.findall(r"\w+", " ".join(re.findall(r"`([^`\n]+)`", REFERENCE))))  # names in `code`
NIM = ROOT / "tests" / "plugins" / "nim"


def public_members(cls: type) -> set[str]:
    """The names a plug-in author writes or calls: public attributes and methods defined on ``cls``."""
    own = {n for n in vars(cls) if not n.startswith("_")}
    return own | set(getattr(cls, "__annotations__", {}))


@pytest.mark.parametrize("cls", [Verdict, Option, Misconception, Sample, Report])
def test_every_field_is_documented(cls: type) -> None:
    missing = [f.name for f in dataclasses.fields(cls) if f.name not in CODE_WORDS]
    assert not missing, f"docs/plugins.md does not name {cls.__name__}'s fields {missing}"


@pytest.mark.parametrize("cls", [Puzzle, AnswerKind, Play])
def test_every_slot_is_documented(cls: type) -> None:
    names = {n for n in public_members(cls) if not isinstance(inspect.getattr_static(cls, n, None), property)}
    names -= {"play_kind", "arguments", "normalize"} if cls is not Play else {"play_text", "arguments"}
    missing = sorted(n for n in names if not re.search(rf"`{n}[`(]", REFERENCE))
    assert not missing, f"docs/plugins.md does not name {cls.__name__}.{missing}"


def example_module() -> types.ModuleType:
    """The reference's complete example, run as written, as the module ``tutor_take``."""
    section = REFERENCE.split("## A complete small plug-in", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code, "the complete example is a ```python block"
    module = types.ModuleType("tutor_take")
    sys.modules["tutor_take"] = module
    exec(compile(code.group(1), "docs/plugins.md", "exec"), module.__dict__)  # our own docs, not user input
    return module


@pytest.fixture(scope="module")
def registered() -> Iterator[None]:
    """The documented example and the Nim plug-in, registered in-process for this module's tests only (other
    tests in the same worker must see the installed families alone)."""
    example_module()
    puzzles.register("take", "tutor_take:Take")
    if str(NIM) not in sys.path:
        sys.path.insert(0, str(NIM))
    puzzles.register("nim", "tutor_nim:Nim")
    yield
    for name in ("take", "nim", "lying", "crashing"):
        puzzles.unregister(name)


@pytest.mark.parametrize("name", ["take", "nim"])
def test_the_examples_pass_the_conformance_suite(name: str, registered: None, capsys: Any) -> None:
    outcomes = run_all(puzzles.get(name))
    assert [o.check for o in outcomes] == list(CHECKS)
    assert all(o.passed for o in outcomes), [o.line() for o in outcomes if not o.passed]
    assert testing_cli.main([name, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["passed"] and [c["check"] for c in report["checks"]] == list(CHECKS)


def test_the_example_plays_as_its_theory_says(registered: None) -> None:
    take = puzzles.get("take")
    for pile in range(1, 30):
        for most in range(1, 6):
            game = take.load({"pile": pile, "most": most})
            # brute force: a pile is won when some take leaves a lost pile
            won = [False] * (pile + 1)
            for n in range(1, pile + 1):
                won[n] = any(not won[n - t] for t in range(1, min(most, n) + 1))
            assert (take.compute(game, "best_take") != 0) == won[pile]


class Lying(Puzzle[Any]):
    """Nim with a quantity that is not deterministic and a kind whose reference is judged wrong."""

    name = "lying"
    title = "Lying"
    summary = "fails the suite on purpose"

    def __init__(self) -> None:
        from tutor_nim import Nim

        nim = Nim()
        type(self).params, type(self).kinds, type(self).commands = nim.params, nim.kinds, nim.commands
        type(self).quantities = puzzles.base.Quantities()
        count = iter(range(10**6))
        type(self).quantities.register("drift", "a different number each time", explain=lambda g, a, v: "why",
                                       refute=lambda g, a, v, w: "no")(lambda g, a: next(count))
        self.nim = nim

    def build(self, values: Any) -> Any:
        return self.nim.build(values)


class Crashing(Lying):
    """A family whose every build raises a bug (not a TutorError)."""

    name = "crashing"

    def build(self, values: Any) -> Any:
        raise ZeroDivisionError("division by zero in the plug-in")


def test_broken_families_fail_and_unknown_ones_are_bad_input(registered: None, capsys: Any) -> None:
    puzzles.register("lying", "tests.test_plugins_api:Lying")
    puzzles.register("crashing", "tests.test_plugins_api:Crashing")
    assert testing_cli.main(["lying"]) == 1
    out = capsys.readouterr().out
    assert "FAIL quantities: quantity 'drift'" in out and "is not deterministic" in out
    assert re.search(r"lying: \d+ checks? failed of \d+ run", out)
    assert testing_cli.main(["crashing"]) == 1
    out = capsys.readouterr().out
    assert "ZeroDivisionError: division by zero in the plug-in" in out and "Traceback" not in out
    assert testing_cli.main(["no-such-family"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "unknown puzzle 'no-such-family'" in err


def test_the_installed_command_runs_an_installed_plug_in(tmp_path: Path) -> None:
    """End to end: Nim installed through an entry point (a dist-info beside it), run without pytest."""
    info = tmp_path / "tutor_nim-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tutor-nim\nVersion: 0.1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[tutor.puzzles]\nnim = tutor_nim:Nim\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(NIM)])}
    run = subprocess.run([sys.executable, "-m", "tutor.testing", "nim"], capture_output=True, text=True,
                         env=env, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "nim: all 7 checks passed" in " ".join(run.stdout.split())
