"""Issue 31, part 7: docs/plugins.md says everything a plug-in needs comes from ``tutor.puzzles.base``; every
``tutor.puzzles`` import its code examples make is from there, and each name they import exists there."""

from __future__ import annotations

import re
from pathlib import Path

import tutor.puzzles.base as base
from tutor.puzzles.answers import Misconception

DOC = (Path(__file__).resolve().parent.parent / "docs" / "plugins.md").read_text(encoding="utf-8")


def test_misconception_is_importable_from_base() -> None:
    assert base.Misconception is Misconception and "Misconception" in base.__all__


def test_the_docs_examples_import_the_puzzle_protocol_from_base_only() -> None:
    code = "\n".join(re.findall(r"```python\n(.*?)```", DOC, re.S))
    found = [(m.group(1), [n.strip() for n in m.group(2).replace("\n", " ").split(",") if n.strip()])
             for m in re.finditer(r"^from (tutor\.puzzles[\w.]*) import (\([^)]*\)|[^\n]*)", code, re.M)]
    assert found, "the examples import from tutor.puzzles"
    for module, names in found:
        assert module == "tutor.puzzles.base", module
        for name in (n.strip("() ") for n in names):
            assert name in base.__all__, name
