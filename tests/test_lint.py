"""tutor lint: the bundled lessons are sound, and each kind of broken lesson is caught by name."""

from __future__ import annotations

import textwrap

import pytest

from tests.helpers import run_tutor
from tutor import puzzles
from tutor.lint import lint_paths

GOOD = """
id = "fixture"
title = "A fixture"
summary = "For tests."
puzzle = "coins"
[params]
coins = 2
[[steps]]
say = "Hello."
[[steps]]
ask = "How many classes?"
answer = "number"
compute = "classes"
hints = ["Count them."]
[[steps]]
ask = "A strategy?"
answer = "strategy"
"""

BROKEN = {
    "not toml": ("id = ", "not valid TOML"),
    "unknown puzzle": (GOOD.replace('puzzle = "coins"', 'puzzle = "chess"'), "unknown puzzle 'chess'"),
    "unknown parameter": (GOOD.replace("coins = 2", "coinz = 2"), "unknown parameter 'coinz'"),
    "bad parameter value": (GOOD.replace("coins = 2", "coins = 0"), "must be at least 1"),
    "missing title": (GOOD.replace('title = "A fixture"', ""), "missing key 'title'"),
    "unknown key": (GOOD.replace('summary = "For tests."', 'summary = "x"\nauthor = "me"'), "unknown key 'author'"),
    "empty hint": (GOOD.replace('hints = ["Count them."]', 'hints = ["  "]'),
                   "steps[2].hints[1]: expected non-empty text"),
    "unknown quantity": (GOOD.replace('compute = "classes"', 'compute = "clases"'),
                         "steps[2].compute: unknown quantity 'clases'"),
    "unknown answer kind": (GOOD.replace('answer = "strategy"', 'answer = "essay"'),
                            "steps[3].answer: 'essay' is not an answer kind"),
    "say and ask": (GOOD.replace('say = "Hello."', 'say = "Hello."\nask = "?"'), "exactly one of 'say'"),
    "no steps": (GOOD.split("[[steps]]")[0], "at least one [[steps]]"),
    "mistake that is right": (GOOD + '[[steps.mistakes]]\nmatch = "01 0 01"\nsay = "no"\n',
                              "steps[3].mistakes[1].match: the engine judges this answer correct"),
    "mistake not canonical": (GOOD + '[[steps.mistakes]]\nmatch = "{0, 1}"\nsay = "no"\n',
                              "write it in canonical form '01'"),
    "mistake unparsable": (GOOD + '[[steps.mistakes]]\nmatch = "0193"\nsay = "no"\n', "does not parse"),
    "number mistake is the answer": (GOOD.replace('hints = ["Count them."]',
                                                  'hints = ["Count them."]\nmistakes = [{match = "3", say = "x"}]'),
                                     "steps[2].mistakes[1].match: '3' is the correct answer"),
    "wrong reference": (GOOD.replace('answer = "strategy"', 'answer = "strategy"\nreference = "01 0"'),
                        "steps[3].reference: judged wrong by the engine"),
    "unwinnable strategy step": (GOOD.replace("coins = 2", "coins = 3"),
                                 "steps[3].reference: the engine finds no correct answer"),
    "choice answer not an option": (GOOD.replace('answer = "strategy"',
                                                 'answer = "choice"\noptions = ["maybe", "perhaps"]\n'
                                                 'compute = "winnable"'),
                                    "the computed answer 'yes' is not among the options"),
    "one option": (GOOD.replace('answer = "strategy"', 'answer = "choice"\noptions = ["yes"]\ncompute = "winnable"'),
                   "steps[3].options: expected a list of at least 2 texts"),
    "choice without options": (GOOD.replace('answer = "strategy"', 'answer = "choice"\ncompute = "winnable"'),
                               "steps[3].options: a choice step needs a list of at least two texts"),
    "no moves to explore": (GOOD.replace('answer = "strategy"', 'answer = "play"\ngoal = "explore"\nexplore = 0'),
                            "steps[3].explore: expected a whole number >= 1"),
    "explore without a count": (GOOD.replace('answer = "strategy"', 'answer = "play"\ngoal = "explore"'),
                                "steps[3].explore: an explore step needs the number of moves to make"),
    "bad goal": (GOOD.replace('answer = "strategy"', 'answer = "play"\ngoal = "lose"'),
                 "steps[3].goal: expected 'win' or 'explore', got 'lose'"),
    "bad placeholder": (GOOD.replace('say = "Hello."', 'say = "There are {{clases}} classes."'),
                        "steps[1].say: unknown quantity {{clases}}"),
}


def test_bundled_lessons_are_clean(capsys):
    """``tutor lint`` with no path checks the bundled course: every lesson clean, exit 0 (the course is linted
    once here; the command's other exits are checked on small files below)."""
    from tutor.cli import main

    assert main(["lint"]) == 0
    out = capsys.readouterr().out
    count = int(out.split()[0])
    assert out.strip() == f"{count} lessons OK" and count >= 24


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_broken_lesson_fails_with_the_right_message(tmp_path, name):
    body, expected = BROKEN[name]
    path = tmp_path / "broken.toml"
    path.write_text(textwrap.dedent(body))
    _, errors = lint_paths([str(path)])
    assert errors, f"{name}: lint found nothing"
    assert any(expected in e for e in errors), errors
    assert all(str(path) in e for e in errors), errors  # every error names the file


def test_good_fixture_is_clean(tmp_path):
    path = tmp_path / "good.toml"
    path.write_text(GOOD)
    assert lint_paths([str(path)]) == (1, [])


def test_duplicate_ids_name_both_files(tmp_path):
    (tmp_path / "a.toml").write_text(GOOD)
    (tmp_path / "b.toml").write_text(GOOD)
    _, errors = lint_paths([str(tmp_path)])
    assert any("id 'fixture' is already used by" in e and "a.toml" in e for e in errors)


def test_lint_command_exit_codes(tmp_path):
    """``tutor lint FILE``: exit 0 and one line for a clean lesson, 1 with the problem for a broken one or a path
    that is not there (in this process: the installed command's exits are tests/test_exit_contract.py's)."""
    good = tmp_path / "good.toml"
    good.write_text(GOOD)
    ok = run_tutor("lint", str(good))
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip() == "1 lesson OK"
    bad = tmp_path / "bad.toml"
    bad.write_text(BROKEN["unknown quantity"][0])
    failed = run_tutor("lint", str(bad))
    assert failed.returncode == 1
    assert "unknown quantity 'clases'" in failed.stdout and "Traceback" not in failed.stderr
    missing = run_tutor("lint", str(tmp_path / "nope"))
    assert missing.returncode == 1 and "no such file or folder" in missing.stdout


def test_lint_lists_the_quantities_that_cannot_yet_explain_themselves(capsys):
    from tutor.cli import main
    from tutor.lint import missing_explanations

    missing = missing_explanations()
    assert set(missing) >= {"coins", "wythoff", "gods", "lightsout"}
    for name, names in missing.items():
        quantities = puzzles.get(name).quantities
        assert set(names) <= set(quantities)
        assert all(quantities[q].explain is None or quantities[q].refute is None for q in names)
    assert main(["lint", "--explanations"]) == 0
    out = capsys.readouterr().out
    assert all(f"{name}: {len(names)} quantities" in out for name, names in missing.items())
