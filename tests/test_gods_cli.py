"""The gods puzzle through the protocol and the installed command line."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tutor import puzzles
from tutor.errors import InvalidNotation, InvalidParams

GODS = puzzles.get("gods")
P = GODS.make_params({})


def tutor(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tutor", *args], input=stdin, capture_output=True,
                          text=True, timeout=120)


BAD_TREE = """ask A: B is Random
da:
  ask C: would you say ja to (you are True)
  da: A=True B=False C=Random
  ja: ?
ja: -
"""


# -- protocol -------------------------------------------------------------------------


def test_quantities() -> None:
    assert GODS.quantity(P, "worlds") == 12
    assert GODS.quantity(P, "assignments") == 6
    assert GODS.quantity(P, "min_questions") == 3
    assert GODS.quantity(P, "lower_bound") == 3
    assert GODS.quantity(P, "working_first_questions") == 96
    assert GODS.quantity(P, "first_questions") == 12288
    warm = GODS.make_params({"gods": "True,False", "known_language": True})
    assert GODS.quantity(warm, "worlds") == 2 and GODS.quantity(warm, "min_questions") == 1
    with pytest.raises(InvalidParams):
        GODS.quantity(P, "nonsense")


def test_reference_answers_are_correct() -> None:
    for raw in [{}, {"identify_language": True}, {"known_language": True}, {"gods": "T,F,R,T"}]:
        params = GODS.make_params(raw)
        tree = GODS.reference_answer(params, "tree")
        assert tree is not None and GODS.check_answer(params, "tree", tree).correct
        for goal in ("progress", "non-random"):
            gp = GODS.make_params({**raw, "goal": goal})
            q = GODS.reference_answer(gp, "question")
            assert q is not None and GODS.check_answer(gp, "question", q).correct


def test_question_goals() -> None:
    prog = GODS.check_answer(P, "question", "ask A: would you say ja to (B is Random)")
    assert prog.correct
    bad = GODS.check_answer(P, "question", "ask A: B is Random")
    assert not bad.correct and "cannot separate" in bad.summary
    target = GODS.make_params({"goal": "target", "target": "B is Random"})
    assert GODS.check_answer(target, "question", "ask A: if I asked you (B is Random), would you say ja").correct
    miss = GODS.check_answer(target, "question", "ask A: B is Random")
    assert not miss.correct and "world" in miss.summary
    nr = GODS.make_params({"goal": "non-random"})
    assert not GODS.check_answer(nr, "question", "ask A: you are True").correct


def test_tree_verdict_detail_and_canonical() -> None:
    v = GODS.check_answer(P, "tree", BAD_TREE)
    assert not v.correct and v.detail.startswith("Counterexample: world")
    assert v.data["counterexample"]["answers"] == ["da", "da"]
    assert v.canonical.splitlines()[0] == "ask A: B is Random"
    with pytest.raises(InvalidNotation):
        GODS.check_answer(P, "tree", "ask A: B is\nda: -\nja: -")


def test_too_many_questions_is_incorrect() -> None:
    params = GODS.make_params({"gods": "True,False", "known_language": True})
    tree = ("ask A: would you say yes to (you are True)\nyes:\n  ask B: you are True\n  yes: A=True B=False\n"
            "  no: A=True B=False\nno: A=False B=True")
    v = GODS.check_answer(params, "tree", tree)
    assert not v.correct and v.data["counterexample"]["reason"] == "too-long"
    assert GODS.check_answer(GODS.make_params({**params, "questions": 2}), "tree", tree).correct


def test_hints_ladder_for_partial_tree() -> None:
    partial = "ask A: would you say ja to (B is Random)\nda: ?\nja: ?"
    ladder = GODS.hints(P, "tree", partial)
    assert len(ladder) == 3 and "2 place(s)" in ladder[0] and "try: ask" in ladder[2]
    assert "complete" in GODS.hints(P, "tree", GODS.reference_answer(P, "tree") or "")[0]


def test_bad_params() -> None:
    with pytest.raises(InvalidParams, match="Maybe"):
        GODS.make_params({"gods": "True,Maybe"})
    with pytest.raises(InvalidParams, match="exclude"):
        GODS.make_params({"known_language": True, "identify_language": True})
    with pytest.raises(InvalidParams, match="column"):
        GODS.make_params({"worlds": "A is"})


# -- command line ------------------------------------------------------------------------


def test_cli_solve_json() -> None:
    r = tutor("solve", "gods", "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["questions"] == 3 and isinstance(data["tree"], str)
    check = tutor("check", "gods", "-", "--json", stdin=data["tree"])
    assert check.returncode == 0
    assert json.loads(check.stdout) | {} == json.loads(check.stdout)
    assert json.loads(check.stdout)["correct"] is True
    assert json.loads(check.stdout)["counterexample"] is None


def test_cli_check_counterexample(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "tree.txt"
    path.write_text(BAD_TREE)
    r = tutor("check", "gods", "--file", str(path), "--json")
    assert r.returncode == 1
    cx = json.loads(r.stdout)["counterexample"]
    assert set(cx["world"]) == {"A", "B", "C", "ja"} and cx["world"]["ja"] in ("yes", "no")
    assert isinstance(cx["answers"], list) and isinstance(cx["remaining"], list)


def test_cli_bad_input_one_line() -> None:
    r = tutor("check", "gods", "-", stdin="ask A: B is Rondom\nda: -\nja: -\n")
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Rondom" in lines[0] and "column" in lines[0]
    r = tutor("solve", "gods", "--gods", "True,Maybe")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Maybe" in r.stderr


def test_cli_analyze_and_question() -> None:
    r = tutor("analyze", "gods", "--json")
    data = json.loads(r.stdout)
    assert r.returncode == 0
    assert (data["worlds"], data["min_questions"], data["working_first_questions"]) == (12, 3, 96)
    q = tutor("check", "gods", "--question", "would you say ja to (B is Random)", "--ask", "A", "--json")
    assert q.returncode == 0
    qd = json.loads(q.stdout)
    assert len(qd["either"]) == 4 and len(qd["ja"]) == 4 and len(qd["da"]) == 4
    assert qd["sympy"]["answer_simplified"] == "B_Random"
    assert all(row["holds"] == row["holds_bits"] for row in qd["truth_table"])
    graded = tutor("check", "gods", "--question", "ask A: B is Random", "--goal", "progress")
    assert graded.returncode == 1


def test_cli_unsolvable_variant() -> None:
    r = tutor("solve", "gods", "--gods", "True,Random,Random", "--json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert data["questions"] is None and data["proved_never"] is True


def test_cli_hint() -> None:
    r = tutor("hint", "gods", "-", "--json", stdin="ask A: would you say ja to (B is Random)\nda: ?\nja: ?\n")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert not data["complete"] and len(data["places"]) == 2
    assert all(p["finishable"] and p["suggestion"].startswith("ask") for p in data["places"])
