"""Issue 31, part 3: the lesson schema knows each installed puzzle's parameters (type, allowed values, range), plug-ins
included, and says what is wrong by name: checked with the real jsonschema validator, and against the tutor's own
check of a parameter value (``Option.coerce``) as the second way."""

from __future__ import annotations

import copy
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

from tutor import puzzles
from tutor.course import bundled_root
from tutor.course.editors import json_schema
from tutor.errors import TutorError
from tutor.puzzles.options import Option

GOOD = tomllib.loads((bundled_root() / "coins" / "01-two-coins.toml").read_text(encoding="utf-8"))
NIM = Path(__file__).parent / "plugins" / "nim"


def errors_for(change: Any) -> list[Any]:
    data = copy.deepcopy(GOOD)
    change(data)
    return list(Draft202012Validator(json_schema("lesson")).iter_errors(data))


CASES = {
    "a word for a number": (lambda d: d["params"].update(coins="four"), ["params", "coins"],
                            "'four' is not of type 'integer'"),
    "a misspelt choice": (lambda d: d["params"].update(symmetry="rotaton"), ["params", "symmetry"],
                          "'rotaton' is not one of ['rotation', 'dihedral']"),
    "over the range": (lambda d: d["params"].update(coins=2000000), ["params", "coins"],
                       "2000000 is greater than the maximum of 1000000"),
    "below the range": (lambda d: d["params"].update(sides=1), ["params", "sides"],
                        "1 is less than the minimum of 2"),
    "a step's own parameter": (lambda d: d["steps"][1].update(params={"symmetry": "rot"}),
                               ["steps", 1, "params", "symmetry"], "'rot' is not one of"),
    "a bad choice in a variant list": (lambda d: d["params"].update(coins=[2, "x"]), ["params", "coins", 1],
                                       "'x' is not of type 'integer'"),
    "a bad end of a variant range": (lambda d: d["params"].update(coins={"min": 2, "max": 0}),
                                     ["params", "coins", "max"], "0 is less than the minimum of 1"),
    "a misspelt step key": (lambda d: d["steps"][1].update(sucess="Yes."), ["steps", 1],
                            "Additional properties are not allowed ('sucess' was unexpected)"),
    "a misspelt parameter": (lambda d: d["params"].update(coin=3), ["params"], "'coin' is not one of ['coins', "),
}


@pytest.mark.parametrize("name", CASES)
def test_the_schema_refuses_the_value_and_names_the_key(name: str) -> None:
    change, path, words = CASES[name]
    errors = errors_for(change)
    assert errors, f"{name}: the schema accepts it"
    best = best_match(errors)
    assert list(best.absolute_path) == path and best.message.startswith(words), (list(best.absolute_path),
                                                                                 best.message)
    assert "is not valid under any of the given schemas" not in best.message


def test_variants_of_good_values_pass() -> None:
    for change in (lambda d: d["params"].update(coins=[2, 4, 8]),
                   lambda d: d["params"].update(coins={"min": 2, "max": 8}),
                   lambda d: d["params"].update(symmetry=["rotation", "dihedral"])):
        assert not errors_for(change)


def samples(option: Option) -> list[Any]:
    """Values to try on a parameter: its default, its choices, each end of its range and one past it, and values
    of the wrong type (no numeric text: the tutor reads ``"4"`` as 4 where the schema wants a TOML number)."""
    values: list[Any] = [option.default, "four", True, 3.5, [], "zzz", -1, 0, 1, 7]
    values += list(option.choices or ())
    for end, step in ((option.minimum, -1), (option.maximum, 1)):
        if end is not None:
            values += [end, end + step]
    return [v for v in values if v is not None]


@pytest.mark.parametrize("puzzle", puzzles.names())
def test_the_schema_accepts_exactly_the_values_the_tutor_accepts(puzzle: str) -> None:
    schema = json_schema("lesson")
    family = puzzles.get(puzzle)
    rules = schema["$defs"]["LessonFile"]["allOf"]
    narrowed = next(rule["then"]["properties"]["params"]["properties"] for rule in rules
                    if rule["if"]["properties"]["puzzle"]["const"] == puzzle)
    assert set(narrowed) == {o.name for o in family.params}
    for option in family.params:
        validator = Draft202012Validator(narrowed[option.name])
        for value in samples(option):
            try:
                option.coerce(value, f"puzzle {puzzle!r}")
                tutor = True
            except TutorError:
                tutor = False
            assert validator.is_valid(value) == tutor, (puzzle, option.name, value)


@pytest.fixture()
def plug_in() -> Iterator[str]:
    """The Nim plug-in, with a whole-number and a choice parameter added, registered for one test."""
    if str(NIM) not in sys.path:
        sys.path.insert(0, str(NIM))
    from tutor_nim import Nim  # type: ignore[import-not-found]

    class Bigger(Nim):  # type: ignore[misc, valid-type]
        name = "bignim"
        params = (*Nim.params, Option("rows", int, 3, "rows of heaps", minimum=1, maximum=9),
                  Option("rule", str, "normal", "who wins", choices=("normal", "misere")))

    sys.modules[__name__].Bigger = Bigger  # type: ignore[attr-defined]
    puzzles.register("bignim", f"{__name__}:Bigger")
    yield "bignim"
    puzzles.unregister("bignim")


def test_a_plug_in_s_parameters_are_in_the_schema(plug_in: str) -> None:
    data = {"id": "n", "title": "N", "summary": "S.", "puzzle": plug_in, "params": {"rows": 12, "rule": "misère"},
            "steps": [{"say": "Hi."}]}
    errors = list(Draft202012Validator(json_schema("lesson")).iter_errors(data))
    found = {tuple(e.absolute_path): e.message for e in errors}
    assert found == {("params", "rows"): "12 is greater than the maximum of 9",
                     ("params", "rule"): "'misère' is not one of ['normal', 'misere']"}
    data["params"] = {"rows": 4, "rule": "misere", "heaps": "1,2"}
    assert not list(Draft202012Validator(json_schema("lesson")).iter_errors(data))

