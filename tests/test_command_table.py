"""The tutor's own commands run through one lazy table, ``tutor.arguments.HANDLERS`` ("module:function" names,
imported when the command runs): these tests stand where a dead-code whitelist of every handler stood, and check
what a name looked up at run time hides from the import contracts."""

from __future__ import annotations

import ast
import inspect
import tomllib
from importlib import import_module
from pathlib import Path

import pytest

from tutor import commands
from tutor.arguments import HANDLERS, PUZZLE_COMMANDS, build_parser

ROOT = Path(__file__).resolve().parent.parent


def subcommands() -> set[str]:
    """Every subcommand the top-level parser offers."""
    return set(build_parser()._subparsers._group_actions[0].choices)  # type: ignore[union-attr]


@pytest.mark.parametrize("command", sorted(HANDLERS))
def test_each_entry_names_a_function_of_its_module_that_takes_the_arguments_and_settings(command: str) -> None:
    module, _, name = HANDLERS[command].partition(":")
    function = getattr(import_module(module), name)
    assert inspect.isfunction(function) and function.__module__ == module  # defined there, not re-exported
    assert list(inspect.signature(function).parameters) == ["args", "settings"]


def test_every_own_command_has_a_handler_and_every_handler_a_command() -> None:
    own = subcommands() - set(PUZZLE_COMMANDS) - {"puzzles"}  # those two are run by tutor.cli itself
    assert own == set(HANDLERS)


def test_no_handler_is_left_out_of_the_table() -> None:
    """A ``cmd_`` function no entry names would be dead code that vulture, told the table's names, cannot see."""
    named = {target for target in HANDLERS.values()}
    defined = {f"tutor.commands:{name}" for name, _ in inspect.getmembers(commands, inspect.isfunction)
               if name.startswith("cmd_")}
    assert defined <= named, defined - named


def test_the_handlers_modules_are_below_the_command_line_in_the_layers() -> None:
    """The table is read at run time, unseen by import-linter: each module it names must be one ``tutor.cli`` may
    import by the layers contract of pyproject.toml."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = next(c["layers"] for c in config["tool"]["importlinter"]["contracts"]
                  if c["type"] == "layers" and "tutor.cli" in c.get("layers", []))
    below = {name.strip() for layer in layers[layers.index("tutor.cli") + 1:] for name in layer.split("|")}
    for target in HANDLERS.values():
        module = target.partition(":")[0]
        assert any(module == name or module.startswith(name + ".") for name in below), target


def test_no_module_imports_itself_by_name() -> None:
    """``importlib.import_module`` with a name worked out at run time is kept to the places that load by name on
    purpose (puzzle entry points, the lazy ``tutor.course`` package, the handler table, a benchmark named on the
    command line), and no module imports its
    own name: a function found by name is reached through a module-level function, which pickles by name."""
    dynamic = set()
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        own = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        text = path.read_text(encoding="utf-8")
        if "import_module" not in text:
            continue  # parsed only where it may be called
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == \
                    "import_module" and node.args:
                arg = node.args[0]
                assert not (isinstance(arg, ast.Name) and arg.id == "__name__"), own
                assert not (isinstance(arg, ast.Constant) and arg.value == own), own
                if not isinstance(arg, ast.Constant):
                    dynamic.add(own)
    assert dynamic == {"tutor.bench.__main__", "tutor.cli", "tutor.course", "tutor.puzzles"}, dynamic
