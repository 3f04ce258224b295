"""The gods puzzle through the protocol and the installed command line."""

from __future__ import annotations

import json
import subprocess

import pytest
from helpers import run_tutor

from tutor import puzzles
from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles.answers import rung
from tutor.puzzles.gods import engine
from tutor.puzzles.gods.engine import classes
from tutor.puzzles.gods.engine.solver import Solver
from tutor.puzzles.options import resolve
from tutor.screen.shown import text_of

GODS = puzzles.get("gods")
GAME = GODS.load({})


def tutor(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """The command run in this process (tests/helpers.py); test_end_to_end.py starts the installed one."""
    return run_tutor(*args, stdin=stdin)


def reference(game, kind: str, args: dict | None = None) -> str | None:  # type: ignore[no-untyped-def]
    k = GODS.kind(kind)
    drawn = k.reference(game, k.arguments(args or {}))
    return None if drawn is None else text_of(drawn)


def hints(game, kind: str, text: str, args: dict | None = None) -> list[str]:  # type: ignore[no-untyped-def]
    k = GODS.kind(kind)
    return k.hints(game, k.arguments(args or {}), text)


BAD_TREE = """ask A: B is Random
da:
  ask C: would you say ja to (you are True)
  da: A=True B=False C=Random
  ja: ?
ja: -
"""


# -- protocol -------------------------------------------------------------------------


def test_quantities() -> None:
    assert GODS.compute(GAME, "worlds") == 12
    assert GODS.compute(GAME, "assignments") == 6
    assert GODS.compute(GAME, "min_questions") == 3
    assert GODS.compute(GAME, "lower_bound") == 3
    assert GODS.compute(GAME, "working_first_questions") == 96
    assert GODS.compute(GAME, "first_questions") == 12288
    warm = GODS.load({"gods": "True,False", "known_language": True})
    assert GODS.compute(warm, "worlds") == 2 and GODS.compute(warm, "min_questions") == 1
    with pytest.raises(KeyError):  # an unknown quantity is a programming error, not bad input
        GODS.compute(GAME, "nonsense")


def test_limit_is_an_argument_of_the_searching_quantities() -> None:
    assert GODS.compute(GAME, "min_questions", {"limit": 2}) == 0
    assert GODS.compute(GAME, "solvable", {"limit": 2}) == "no"
    assert GODS.compute(GAME, "working_first_questions", {"limit": 2}) == 0
    assert GODS.compute(GAME, "min_questions", {"limit": 3}) == 3
    assert GODS.quantities["min_questions"].args and not GODS.quantities["worlds"].args


def test_reference_answers_are_correct() -> None:
    for raw in [{}, {"identify_language": True}, {"known_language": True}, {"gods": "T,F,R,T"}]:
        game = GODS.load(raw)
        tree = reference(game, "tree")
        assert tree is not None and GODS.check(game, "tree", tree).correct
        for goal in ("progress", "non-random"):
            q = reference(game, "question", {"goal": goal})
            assert q is not None and GODS.check(game, "question", q, {"goal": goal}).correct


def test_question_goals() -> None:
    prog = GODS.check(GAME, "question", "ask A: would you say ja to (B is Random)")
    assert prog.correct
    bad = GODS.check(GAME, "question", "ask A: B is Random")
    assert not bad.correct and "cannot separate" in bad.summary
    target = {"goal": "target", "target": "B is Random"}
    assert GODS.check(GAME, "question", "ask A: if I asked you (B is Random), would you say ja", target).correct
    miss = GODS.check(GAME, "question", "ask A: B is Random", target)
    assert not miss.correct and "world" in miss.summary
    nr = {"goal": "non-random"}
    assert not GODS.check(GAME, "question", "ask A: you are True", nr).correct


def test_question_arguments_are_validated_where_they_are_used() -> None:
    with pytest.raises(InvalidParams, match="no 'target' is given"):
        GODS.check(GAME, "question", "ask A: B is Random", {"goal": "target"})
    with pytest.raises(InvalidParams, match="column"):
        GODS.check(GAME, "question", "ask A: B is Random", {"goal": "target", "target": "B is"})
    with pytest.raises(InvalidParams, match="one of"):
        GODS.check(GAME, "question", "ask A: B is Random", {"goal": "maybe"})


def test_progress_without_any_plan_is_a_verdict() -> None:
    hopeless = GODS.load({"gods": "True,Random,Random"})
    v = GODS.check(hopeless, "question", "ask A: would you say ja to (B is Random)")
    assert not v.correct and "no plan" in v.summary
    assert GODS.compute(hopeless, "example_meets_goal", {"example": "ask A: you are True"}) == "no"


def test_tree_verdict_detail_and_canonical() -> None:
    v = GODS.check(GAME, "tree", BAD_TREE)
    # the first question that leaves too much for the rest of the plan, then the counterexample
    assert not v.correct and v.detail.startswith("Where it first goes wrong: the question on line 1 (at the start)")
    assert "\nCounterexample: world" in v.detail
    assert v.data["counterexample"]["answers"] == ["da", "da"]
    assert v.canonical.splitlines()[0] == "ask A: B is Random"
    assert (v.length, v.shortest) == (v.data["questions"], v.data["min_questions"]) == (2, 3)
    with pytest.raises(InvalidNotation):
        GODS.check(GAME, "tree", "ask A: B is\nda: -\nja: -")


def test_too_many_questions_is_incorrect() -> None:
    game = GODS.load({"gods": "True,False", "known_language": True})
    tree = ("ask A: would you say yes to (you are True)\nyes:\n  ask B: you are True\n  yes: A=True B=False\n"
            "  no: A=True B=False\nno: A=False B=True")
    v = GODS.check(game, "tree", tree)
    assert not v.correct and v.data["counterexample"]["reason"] == "too-long"
    assert GODS.check(game, "tree", tree, {"questions": 2}).correct


def test_hints_ladder_for_partial_tree() -> None:
    partial = "ask A: would you say ja to (B is Random)\nda: ?\nja: ?"
    ladder = [text_of(rung(h).text) for h in hints(GAME, "tree", partial)]
    # every open place with the worlds reaching it first (as gods-4 promises), then a move for each
    assert len(ladder) == 2 and "2 places" in ladder[0] and "    A=Random B=True C=False ja=yes" in ladder[0]
    assert ladder[1].count("try ask") == 2
    assert "complete" in text_of(rung(hints(GAME, "tree", reference(GAME, "tree") or "")[0]).text)


def test_bad_params() -> None:
    with pytest.raises(InvalidParams, match="Maybe"):
        GODS.load({"gods": "True,Maybe"})
    with pytest.raises(InvalidParams, match="exclude"):
        GODS.load({"known_language": True, "identify_language": True})
    with pytest.raises(InvalidParams, match="column"):
        GODS.load({"worlds": "A is"})
    with pytest.raises(InvalidParams, match="unknown parameter 'example'"):
        GODS.load({"example": "ask A: you are True"})  # a question argument, not a puzzle parameter


def test_params_are_the_variant_and_its_start() -> None:
    assert [o.name for o in GODS.params] == ["gods", "known_language", "identify_language", "worlds"]
    game = GODS.load({"gods": "t,f,r", "worlds": "C is not Random"})
    assert GODS.values(game) == {"gods": "True,False,Random", "known_language": False,
                                 "identify_language": False, "worlds": "C is not Random"}
    assert game.start.bit_count() == 8 and GODS.load(GODS.values(game)) == game


def test_check_question_is_graded_only_when_goal_or_target_is_given() -> None:
    check = GODS.commands["check"]

    def exit_code(**raw: str) -> int:
        return check.run(GAME, resolve(check.options, {"question": "ask A: B is Random", **raw}, "test")).exit_code

    assert exit_code() == 0  # the question misses 'progress', but nobody asked for a grade
    assert exit_code(goal="progress") == 1  # the default goal, given explicitly: graded
    assert exit_code(target="B is Random") == 1
    assert exit_code(goal="target", target="B is Random") == 1
    good = resolve(check.options, {"question": "would you say ja to (B is Random)", "goal": "progress"}, "test")
    assert check.run(GAME, good).exit_code == 0


def test_a_spent_search_budget_is_bad_input_naming_the_limit(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setattr(engine, "shared_solver", lambda game: Solver(game.universe, budget=10))
    solve = GODS.commands["solve"]
    game = GODS.load({"gods": "T,F,F,R,R"})  # 36 splits past the counting bound to the first plan
    with pytest.raises(InvalidParams, match=r"gods 'True,False,False,Random,Random': search budget of 10 moves spent "
                                            r"\(a plan does exist: every two identities have a god who is Random "
                                            r"in neither\); try fewer gods or a lower --limit"):
        solve.run(game, resolve(solve.options, {}, "test"))


def test_a_search_too_large_is_refused_before_it_starts(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The states a search could visit are known from the start (count vectors x questions): over the limit, the
    command refuses in one line naming it, having examined nothing."""
    solver = Solver(GAME.universe)
    monkeypatch.setattr(engine, "shared_solver", lambda game: solver)
    monkeypatch.setattr(classes, "MAX_STATES", 80)  # the classic puzzle: 27 count vectors, 3 questions: 81
    solve = GODS.commands["solve"]
    with pytest.raises(InvalidParams, match=r"gods 'True,False,Random': a search over 6 possibilities with 3 "
                                            r"questions could visit 81 states: over the limit of 80 "
                                            r"\(docs/limits.md\)"):
        solve.run(GAME, resolve(solve.options, {}, "test"))
    assert solver.moves == 0


def test_analyze_says_what_it_did_not_count_and_reports_the_rest() -> None:
    """Counting the first questions of five gods, two Random, with the language to find would judge 117,649
    branch shapes: refused before the work, said in the report, and the rest of the analysis stands."""
    analyze = GODS.commands["analyze"]
    report = analyze.run(GODS.load({"gods": "T,F,F,R,R", "identify_language": True}),
                         resolve(analyze.options, {"limit": 7}, "test"))
    assert report.exit_code == 0 and report.data["min_questions"] == 7
    assert report.data["working_first_questions"] is None and report.data["working_first_splits"] is None
    assert "117,649 branch shapes: over the limit of 30,000" in report.data["working_first_not_computed"]
    assert "how many start a 7-question plan: not computed" in text_of(report.text)


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
    first, second = data["indistinguishable"]
    assert first["A"] == "True" and second["B"] == "True" and first["ja"] == second["ja"]
    assert "A=True B=Random C=Random ja=yes and A=Random B=True C=Random ja=yes can never be told apart" in data[
        "reason"] and "fixpoint" not in data["reason"]
    text = tutor("analyze", "gods", "--gods", "T,R,R").stdout
    assert "can never be told apart" in text and "(B, C in the first, A, C in the second)" in text
    five = json.loads(tutor("analyze", "gods", "--gods", "T,F,R,R,R", "--json").stdout)  # decided without a search
    assert five["proved_never"] is True and five["min_questions"] is None
    short = json.loads(tutor("solve", "gods", "--gods", "T,T,F,R", "--limit", "2", "--json").stdout)
    assert short["proved_never"] is False and short["indistinguishable"] is None
    assert "enough questions do suffice" in short["reason"]


def test_cli_states_the_model_and_what_lies_outside_it() -> None:
    for command in ("solve", "analyze"):
        out = tutor(command, "gods")
        data = json.loads(tutor(command, "gods", "--json").stdout)
        model = data["model"]
        assert "'ja' or 'da'" in model["random"] and "every choice he could make" in model["random"]
        assert "no god stays silent" in model["answers"]
        sources = " ".join(e["source"] for e in model["outside"])
        for cited in ("Rabern", "Analysis 68 (2008)", "Uzquiano", "Analysis 70 (2010)", "G. Wheeler and P. Barahona",
                      "Journal of Philosophical Logic 41 (2012)", "Boolos"):
            # the text wraps to the terminal's width, so a name may continue on the next line
            assert cited in sources and cited in " ".join(out.stdout.split()), (command, cited)
        assert [e["questions"] for e in model["outside"]] == [2, 2, 3]
        assert " ".join(out.stdout.split()).count("Model: Random answers 'ja' or 'da' as he likes") == 1
    plain = json.loads(tutor("analyze", "gods", "--known-language", "--json").stdout)
    assert "'yes' or 'no'" in plain["model"]["random"]
    assert plain["model"]["language"] == "the gods answer in plain yes and no"


def test_cli_flags_belong_to_the_commands_that_use_them() -> None:
    for argv in (["solve", "gods", "--example", "ask A: you are True"], ["solve", "gods", "--questions", "2"],
                 ["analyze", "gods", "--goal", "progress"], ["hint", "gods", "-", "--target", "A is True"]):
        r = tutor(*argv, stdin="ask A: B is Random\nda: ?\nja: ?\n")
        assert r.returncode == 2 and "unrecognized arguments" in r.stderr, argv
    r = tutor("check", "gods", "--question", "ask A: B is Random", "--goal", "target")
    assert r.returncode == 2 and "no 'target' is given" in r.stderr
    r = tutor("solve", "gods", "--limit", "2", "--json")
    assert r.returncode == 1 and json.loads(r.stdout)["limit"] == 2


def test_cli_hint() -> None:
    r = tutor("hint", "gods", "-", "--json", stdin="ask A: would you say ja to (B is Random)\nda: ?\nja: ?\n")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert not data["complete"] and len(data["places"]) == 2
    assert all(p["finishable"] and p["suggestion"].startswith("ask") for p in data["places"])


def test_hint_says_it_wants_a_partial_plan_and_reads_one_open_place() -> None:
    """'no answer given' did not say what tutor hint gods expects; '1 place still need work' read badly."""
    missing = tutor("hint", "gods")
    assert missing.returncode == 2 and "no partial plan (a plan with '?' where it is still open" in missing.stderr
    begun = tutor("hint", "gods", "?")
    assert begun.stdout.startswith("In your plan, 1 place still needs work (line 1); it can still be finished")
