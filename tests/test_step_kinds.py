"""A kind of step is declared once (``tutor.course.steps.kinds``): a toy kind, an ordering question declared here
and nowhere else, works in lint, the JSON Schema and the docs tables, a preview, a session and grading; the
dispatch and the "only ... steps take" words read from the declarations are those the format had when they were
written by hand; and a declaration that clashes with another is refused."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any

import msgspec
import pytest
from jsonschema import Draft202012Validator

from tutor.authoring import preview
from tutor.course import load_roots
from tutor.course.editors import json_schema
from tutor.course.keys import key_tables
from tutor.course.schema import AskBase, SayFile, Text, doc
from tutor.course.steps import Asked, Claim, Question, Say, Setting, kinds
from tutor.errors import InvalidNotation, LessonError
from tutor.grading.judge import judge_answer
from tutor.grading.run import graded_step
from tutor.lint import lint_paths
from tutor.progress import Progress
from tutor.puzzles.answers import AnswerKind, Verdict
from tutor.screen.shown import Reply, text_of
from tutor.session import Session

# -- the toy kind: its model, its answer kind and its step class, and nothing else anywhere ------------------------


class OrderFile(AskBase, kw_only=True):
    """An ordering question: the items, in their right order."""

    order: Annotated[list[Text], msgspec.Meta(min_length=2), doc(
        "The items in their right order; the learner sees them sorted and writes them in order, comma-separated.",
        "ordering steps", "list of texts")]


class InOrder(AnswerKind[Any, tuple[str, ...]]):
    """Items written in order, comma-separated; wrong with the first two that are the wrong way round."""

    name = "order"
    description = "the items in order"

    def __init__(self, items: tuple[str, ...]) -> None:
        self.items = items

    def parse(self, game: Any, text: str, args: Any) -> tuple[str, ...]:
        got = tuple(part.strip() for part in text.split(","))
        if sorted(got) != sorted(self.items):
            raise InvalidNotation(f"{text!r}: write each of {', '.join(sorted(self.items))} once, comma-separated")
        return got

    def format(self, game: Any, answer: tuple[str, ...], args: Any) -> str:
        return ", ".join(answer)

    def check(self, game: Any, answer: tuple[str, ...], args: Any) -> Verdict:
        rank = {item: i for i, item in enumerate(self.items)}
        pair = next(((a, b) for a, b in pairwise(answer) if rank[a] > rank[b]), None)
        if pair is None:
            return Verdict(True, "In order.")
        return Verdict(False, f"Not in order: {pair[0]} does not come before {pair[1]}.")

    def reference(self, game: Any, args: Any) -> str:
        return ", ".join(self.items)


@dataclass(frozen=True)
class Ordering(Question[Asked]):
    """Items to put in order."""

    items: tuple[str, ...] = ()
    model = OrderFile
    claim = Claim("order")
    gradable = 1

    @classmethod
    def build(cls, file: OrderFile, setting: Setting) -> tuple[Ordering, set[str]]:
        game = setting.game()
        fields, used = cls.fields(file, setting, game, "order", ())
        return cls(**fields, kind=InOrder(tuple(file.order)), items=tuple(file.order)), used

    def blank(self) -> Asked:
        return Asked()

    def show(self, state: Asked) -> list[Reply]:
        """The question, and the items sorted."""
        return [*super().show(state), Reply.info(", ".join(sorted(self.items)))]

    def lint(self) -> list[str]:
        return [*super().lint(), *self.lint_reference(), *self.lint_mistakes()]


LESSON = """\
id = "toy-order"
title = "Things in order"
summary = "A kind of step declared in a test."
puzzle = "coins"
[params]
coins = 2

[[steps]]
say = "Fruit come in sizes."

[[steps]]
ask = "Order these from the smallest to the largest."
order = ["pea", "plum", "melon"]
hints = ["The pea is the smallest."]
[[steps.mistakes]]
match = "melon, plum, pea"
say = "That is from the largest to the smallest."
"""


@pytest.fixture
def toy(monkeypatch, tmp_path) -> Path:
    """The toy kind registered (for this test only) and a folder with a lesson that uses it."""
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setattr(kinds, "_KINDS", dict(kinds._KINDS))
    kinds.register(Ordering)
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "toy.toml").write_text(LESSON, encoding="utf-8")
    return folder


def test_a_toy_kind_declared_once_works_in_lint_schema_preview_session_and_grading(toy: Path) -> None:
    assert lint_paths([str(toy)]) == (1, [])
    (toy / "toy.toml").write_text(LESSON.replace('say = "Fruit', 'order = ["a", "b"]\nsay = "Fruit')
                                  .replace("melon, plum, pea", "pea, plum, melon"), encoding="utf-8")
    _, problems = lint_paths([str(toy)])
    assert any("steps[1].order: only order steps take 'order'" in p for p in problems), problems
    assert any("steps[2].mistakes[1].match: the engine judges this answer correct" in p for p in problems), problems
    (toy / "toy.toml").write_text(LESSON, encoding="utf-8")

    schema = Draft202012Validator(json_schema("lesson"))
    data = tomllib.loads(LESSON)
    assert not list(schema.iter_errors(data))
    data["steps"][1]["answer"] = "number"  # an ordering step takes no answer: the schema says so, as the tutor does
    assert list(schema.iter_errors(data))
    assert "| `order` | ordering steps | list of texts |" in key_tables("lesson")

    catalog = load_roots([toy])
    shown = preview(catalog, "toy-order")
    assert shown.failures == () and "> pea, plum, melon" in shown.text, shown.text

    session = Session(catalog, Progress(None))
    session.handle("/open toy-order")
    session.handle("")
    assert "melon, pea, plum" in text_of_all(session.handle("/show"))  # the items, sorted
    wrong = text_of_all(session.handle("melon, plum, pea"))
    assert "melon does not come before plum" in wrong and "from the largest to the smallest" in wrong
    assert "hint 1 of 2: The pea is the smallest." in text_of_all(session.handle("/hint"))
    assert "In order." in text_of_all(session.handle("pea, plum, melon"))
    assert session.progress.completed("toy-order") == {1}

    lesson = catalog.find("toy-order")
    step = graded_step(lesson)
    assert isinstance(step, Ordering)
    assert judge_answer(step, "pea, plum, melon", "ann", "ann.txt").verdict == "correct"
    row = judge_answer(step, "melon, plum, pea", "bob", "bob.txt")
    assert row.verdict == "incorrect" and "largest to the smallest" in row.mistake
    assert judge_answer(step, "pea, melon", "cy", "cy.txt").verdict == "unparsable"


def test_what_a_kind_must_give_is_said_when_it_is_not_given() -> None:
    with pytest.raises(TypeError, match="'kind'"):  # a question's answer kind
        Ordering(0, "", "Order these.", None, None, {})  # type: ignore[call-arg, arg-type]
    with pytest.raises(TypeError, match=r"abstract methods? .*blank"):  # its state before anything happens
        dataclass(frozen=True)(type("NoBlank", (Question,), {}))(0, "", "?", None, None, {}, kind=None)


def text_of_all(replies: list[Any]) -> str:
    return "\n".join(text_of(r.text) for r in replies)


# -- what is read from the declarations, against the format as it was written by hand -----------------------------

def by_hand(raw: dict[str, Any]) -> str:
    """The dispatcher as it was written before the kinds declared their claims (the model's name)."""
    if "say" in raw:
        return "SayFile"
    if "practice" in raw:
        return "PracticeFile"
    answer = raw["answer"]
    return "ComputedFile" if answer in ("number", "choice") else "GameFile" if answer == "play" else "WrittenFile"


TABLES = [{"say": "x"}, *({"ask": "x", "answer": a} for a in ("number", "choice", "play", "strategy", "tree")),
          *({"ask": "x", "answer": a, "practice": "coins/count-tables"} for a in ("number", "strategy"))]


@pytest.mark.parametrize("raw", TABLES, ids=lambda raw: "-".join(str(v) for v in raw.values()))
def test_the_dispatch_read_from_the_claims_is_the_one_written_by_hand(raw: dict[str, Any]) -> None:
    assert kinds.model_of(raw, "f").__name__ == by_hand(raw)


TAKEN_BY = {"say": "say", "ask": "ask", "hints": "ask", "mistakes": "ask", "success": "ask", "answer": "ask",
            "skills": "ask", "reference": "engine-kind and play", "goal": "play", "explore": "play", "meter": "play",
            "practice": "practice", "threshold": "practice", "in_a_row": "practice",
            "review": "number, choice, engine-kind and play",
            "compute": "number, choice and practice", "options": "number, choice and practice",  # practice too
            "title": None, "params": None, "args": None}  # every step takes these


def test_which_steps_take_a_key_read_from_the_models_is_the_table_written_by_hand() -> None:
    assert {key: kinds.taken_by(key) for key in TAKEN_BY} == TAKEN_BY
    assert kinds.claimed("answer") == ("number", "choice", "play")
    with pytest.raises(LessonError, match="exactly one of 'say'"):
        kinds.model_of({"say": "x", "ask": "y"}, "f")
    with pytest.raises(LessonError, match="missing key 'answer'"):
        kinds.model_of({"ask": "y"}, "f")


def test_a_declaration_that_clashes_is_refused(monkeypatch) -> None:
    monkeypatch.setattr(kinds, "_KINDS", dict(kinds._KINDS))

    def kind(model: type, claim: Claim) -> type:
        return type("Toy", (Ordering,), {"model": model, "claim": claim})

    with pytest.raises(TypeError, match="is Say's already"):
        kinds.register(kind(SayFile, Claim("say")))
    with pytest.raises(TypeError, match="does not take"):
        kinds.register(kind(OrderFile, Claim("answer", ("order",))))
    other = type("OtherFile", (OrderFile,), {"__annotations__": {"answer": str}})
    with pytest.raises(TypeError, match="claims the tables Computed claims"):
        kinds.register(kind(other, Claim("answer", ("choice", "ranking"))))
    with pytest.raises(TypeError, match="names its own 'model'"):
        kinds.register(type("Toy", (Ordering,), {}))
    assert kinds.all_kinds() == tuple(kinds._KINDS.values()) and Ordering not in kinds.all_kinds()
    assert Say in kinds.all_kinds()
