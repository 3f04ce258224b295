"""What a gods learner is told after a wrong answer: it names what is wrong with the learner's answer, says
nothing false about it, and does not hand over the answer (a question wrapped and ready to type counts)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tutor import puzzles
from tutor.course import load_file
from tutor.course.steps import Context
from tutor.puzzles.gods.cli import analysis
from tutor.puzzles.gods.rules.lang import parse_asked
from tutor.puzzles.gods.rules.meaning import first_word_mask
from tutor.puzzles.gods.rules.worlds import answers
from tutor.screen.shown import text_of

LESSONS = [load_file(p) for p in sorted((Path(__file__).resolve().parent.parent / "lessons" / "gods").glob("*.toml"))]
GODS = puzzles.get("gods")
QUESTION_STEPS = [(lesson, step) for lesson in LESSONS for step in lesson.steps if step.label == "question"]


def flat(text: str) -> str:
    """Lower case, one space, no backticks: how a learner would copy a question out of a reply."""
    return " ".join(text.replace("`", " ").lower().split())


@pytest.mark.parametrize(("lesson", "step"), QUESTION_STEPS, ids=[f"{les.id}-{st.key}" for les, st in QUESTION_STEPS])
def test_no_reply_to_a_wrong_question_holds_a_right_question_ready_to_copy(lesson, step) -> None:
    """The reference question, without its 'ask X:' (a learner adds that), appears in no reply to a wrong one that
    did not already hold it."""
    reference = text_of(step.reference() or "")
    body = flat(re.sub(r"^\s*ask\s+\w+\s*:", "", reference))
    assert body
    for wrong in step.wrong_answers():
        outcome = step.respond(step.blank(), wrong, Context(lesson.id))
        if outcome.done or body in flat(wrong):
            continue  # right after all, or the learner's own words echoed back
        said = flat("\n".join(r.text for r in outcome.replies))
        assert body not in said, (wrong, said)


def test_after_ja_the_reply_to_b_says_what_trusting_a_really_means() -> None:
    """gods-3 'After ja': choosing B as the safe god is answered with the worlds where A is honest or lying,
    in which the wrapped ja is true and B is Random (not with B being True or False, which is the other case)."""
    lesson = next(les for les in LESSONS if les.id == "gods-3")
    step = next(s for s in lesson.steps if s.title == "After ja")
    u = step.game.universe
    god, question = parse_asked(step.args["example"], u)
    g = u.god_index(god)
    after_ja = answers(u, g, first_word_mask(question, u, g), u.full)[0]
    honest = [i for i in range(u.size) if after_ja >> i & 1 and not u.random(g) >> i & 1]
    assert honest and all(u.worlds[i].roles[u.god_index("B")] == "Random" for i in honest)
    replies = step.respond(step.blank(), "B", Context(lesson.id)).replies
    said = " ".join(" ".join(r.text for r in replies).split())
    assert "then B IS Random" in said and "B is True or False" not in said


def test_a_plan_with_open_places_is_told_every_one_and_the_first_hint_lists_them_with_their_worlds() -> None:
    """gods-4 promises: submit a plan with '?' in the open places, then /hint lists every open place and the
    worlds that reach it. The verdict names every open place too (not only the one its counterexample follows)."""
    lesson = next(les for les in LESSONS if les.id == "gods-4")
    step = next(s for s in lesson.steps if s.title == "The whole plan")
    plan = "ask A: would you say ja to (B is Random)\nda:\n  ?\nja:\n  ?\n"
    outcome = step.respond(step.blank(), plan, Context(lesson.id))
    assert "unfinished in 2 places: line 3 (after 'da': 8 worlds) and line 5 (after 'ja': 8 worlds)" \
        in outcome.replies[0].text
    first = text_of(step.ladder(outcome.state)[0].text)
    u = step.game.universe
    god, question = parse_asked("ask A: would you say ja to (B is Random)", u)
    g = u.god_index(god)
    for line, side in zip((3, 5), answers(u, g, first_word_mask(question, u, g), u.full), strict=True):
        assert f"Line {line}, after " in first
        assert all("    " + u.world_text(i).rsplit(" ja=", 1)[0] in first for i in range(u.size) if side >> i & 1)


RULE_VARIANTS = [("True,Random", True), ("True,Random", False), ("False,Random", False), ("True,False,Random", False),
                 ("True,Random,Random", False), ("True,False,Random", True), ("Random,Random,True", True),
                 ("True,False,False,Random", True)]


@pytest.mark.parametrize(("gods", "known"), RULE_VARIANTS)
def test_the_cited_rule_agrees_with_the_solver_and_is_cited_where_solvability_is_explained(gods, known) -> None:
    """Vallstrom's rule (identifiable exactly when fewer gods are Random than not) against the exhaustive solver,
    and the sentence citing it in the explanation of a yes/no on solvability and in tutor analyze."""
    game = GODS.load({"gods": gods, "known_language": known})
    q = GODS.quantities["solvable"]
    args = q.arguments({})
    roles = gods.split(",")
    fewer = roles.count("Random") < len(roles) - roles.count("Random")
    assert q.compute(game, args) == ("yes" if fewer else "no")
    assert "Vallstrom (arXiv:2201.09801)" in q.explain(game, args, q.compute(game, args))
    if not fewer:
        assert "Vallstrom (arXiv:2201.09801)" in analysis(game, 6)[1]


def test_analyze_does_not_open_with_an_assignment_or_speak_of_a_seed() -> None:
    """'The gods A=True, B=False, C=Random' read like the answer; 'the seed's model' means nothing to a learner."""
    _, text = analysis(GODS.load({}), 6)
    first = text.splitlines()[0]
    assert not re.search(r"\b[A-E]=(?:True|False|Random)\b", first), first
    assert "seed" not in text.lower()
    for name, q in GODS.quantities.items():
        assert "seed" not in q.description.lower(), name


@pytest.mark.parametrize(("lesson", "step"), QUESTION_STEPS, ids=[f"{les.id}-{st.key}" for les, st in QUESTION_STEPS])
def test_a_question_ladder_only_gets_more_specific(lesson, step) -> None:
    """The engine's wrapper rung ('would you say ja to (P)' answers P) comes after the author's hints where it
    nearly answers (the goal names P, or no god can be Random), and before them where finding P is the puzzle
    (gods-3 'Find a safe god' went from the author's near-answer back to it); the answer comes last."""
    ladder = [text_of(r.text) for r in step.ladder(step.blank())]
    hints = [text_of(step.fill(h)) for h in step.hints]
    wrapper = [i for i, r in enumerate(ladder) if r.startswith(("Asked 'would you say", "A question whose truth"))]
    if not hints or not wrapper:
        return
    first, last = ladder.index(hints[0]), ladder.index(hints[-1])
    near = step.args.get("goal") == "target" or "Random" not in step.game.universe.roles
    assert (wrapper[0] > last) if near else (wrapper[0] < first), ladder
    assert ladder[-1].startswith("The answer")



def test_a_failed_plan_is_told_the_first_question_that_leaves_too_much() -> None:
    """gods-4 'The whole plan', the plan that asks A again after 'da': the counterexample ends at a leaf on line
    6, but the fault is the question on line 3, whose 'ja' leaves more than one question can separate."""
    lesson = next(les for les in LESSONS if les.id == "gods-4")
    step = next(s for s in lesson.steps if s.title == "The whole plan")
    again = next(m.match for m in step.mistakes if m.match and "da:\n  ask A:" in m.match)
    outcome = step.respond(step.blank(), again, Context(lesson.id))
    said = "\n".join(r.text for r in outcome.replies)
    found = re.search(r"Where it first goes wrong: the question on line (\d+) \(after 'da'\) leaves (\d+) "
                      r"possibilities after '(\w+)' that 1 more question cannot separate", said)
    assert found, said
    line, left, word = int(found[1]), int(found[2]), found[3]
    assert again.strip("\n").splitlines()[line - 1].strip().startswith("ask A:")
    # independently: the worlds reaching that answer, by the plain rules (a wrapped question to a non-Random god
    # is answered truly; Random may give either word): A Random, or C Random (for 'ja'), after 'da' to the first
    u = step.game.universe
    after_da = [w.roles for w in u.worlds if w.roles[0] == "Random" or w.roles[1] != "Random"]
    side = {r for r in after_da if r[0] == "Random" or (r[2] == "Random") == (word == "ja")}
    assert left == len(side) > 2
