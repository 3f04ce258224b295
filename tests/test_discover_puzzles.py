"""`tutor puzzles NAME [--json]`: what a family offers an author, read through the public protocol."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tutor import puzzles
from tutor.cli import main
from tutor.errors import InvalidParams
from tutor.puzzles.describe import describe

NAMES = puzzles.names()


@pytest.mark.parametrize("name", NAMES)
def test_description_matches_the_registries_and_the_validation(name: str) -> None:
    puzzle = puzzles.get(name)
    family = describe(puzzle)
    assert [p.name for p in family.params] == [o.name for o in puzzle.params]
    assert [q.name for q in family.quantities] == puzzle.quantities.names()
    assert [k.name for k in family.kinds] == puzzle.kind_names()
    assert [c.name for c in family.commands] == puzzle.commands.names()
    for info in family.quantities:
        assert list(info.misconceptions) == [m.name for m in puzzle.quantities[info.name].misconceptions]
    # every default loads, and a described range is the one loading enforces (checked by loading past its ends)
    game = puzzle.load({p.name: p.default for p in family.params})
    assert game == puzzle.load({})
    for p in family.params:
        if p.type != "int":
            continue
        for outside, bound in ((-1, p.minimum), (1, p.maximum)):
            if bound is not None:
                with pytest.raises(InvalidParams):
                    puzzle.load({p.name: bound + outside})


def test_text_wraps_at_80_columns_and_names_everything() -> None:
    for name in NAMES:
        family = describe(puzzles.get(name))
        text = family.text()
        assert max(map(len, text.splitlines())) <= 80
        words = set(text.split())
        folded = " ".join(text.split())
        for q in family.quantities:
            assert f"{q.name}:" in words and all(m in folded for m in q.misconceptions)
        assert not re.search(r"(?<![\d,])1 (quantities|parameters|kinds|commands)\b", folded)


def test_the_command_prints_the_description_and_refuses_an_unknown_family(capsys: Any) -> None:
    assert main(["puzzles", "wythoff", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == describe(puzzles.get("wythoff")).as_json()
    kth = next(q for q in data["quantities"] if q["name"] == "kth_first")
    assert kth["args"] and kth["misconceptions"] == [m.name for m in puzzles.get("wythoff").quantities["kth_first"]
                                                     .misconceptions]
    assert main(["puzzles", "lightsout"]) == 0
    assert "Answer kinds" in capsys.readouterr().out
    assert main(["puzzles", "chess"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "unknown puzzle 'chess'" in err
    assert main(["puzzles", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [p["name"] for p in listed["puzzles"]] == [p.name for p in puzzles.all_puzzles()]
