"""The walk of issue 29: every question of every bundled lesson answered wrong, each reply classified.

``python -m tutor.bench replies`` prints the shares; ``python -m tutor.bench.replies [CLASS ...]`` also lists the
replies of each class named (``specific``, ``generic``, ``misdiagnosed``, ``refusal``), so a lapse is found.

The wrong answers are drawn two ways: from the misconceptions the engine knows and the lesson declares, and new
ones no table was written for (values near the answer, doubled, halved, partial lists and neighbouring positions the
answer kind proposes, and the question's own words).  Each reply is classified by what it does:

* ``refusal``      - the answer was not read at all (the parser's error line);
* ``misdiagnosed`` - it names a cause for the learner's answer that no checked misconception reproduces: a
                     sentence that derives the learner's number (``31 = 2 x 15 + 1``, ``4 counts ...``,
                     ``as if ...``) outside the misconception table, or a table idea whose value is not the answer;
* ``generic``      - true, but the same text (the learner's answer taken out) for a wrong answer on the other side
                     of the right value, or for every wrong answer tried: it does not speak to this answer;
* ``specific``     - the rest: a checked misconception, the lesson's declared mistake, or a counterexample or fact
                     about this answer.

The classes are read from the replies' text and the verdict, so the figures are a measure, not a proof: a cause
written in words the patterns miss counts as specific.  Play steps are walked too (a few legal moves that are not
the engine's own, and a word), and counted apart: their feedback is judged move by move.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tutor.bench import Figure

CLASSES = ("specific", "generic", "misdiagnosed", "refusal")
WORDS = {0: "none", 1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
         9: "nine", 10: "ten", 12: "twelve", 20: "twenty"}
PER_STEP = 16  # wrong answers tried on one question at most
NEIGHBOURS = 4  # answers to the same game's other number questions tried on one question
MOVES = 3  # wrong moves tried on one play step


@dataclass(frozen=True)
class Walked:
    """One wrong answer and the reply it got, classified."""

    lesson: str
    step: str
    source: str  # where the wrong answer came from: misconception, declared, near, double, half, kind, word, move
    answer: str
    verdict: str  # the class
    reply: str


def _number(text: str) -> int | None:
    t = text.strip()
    return int(t) if t.lstrip("-").isdecimal() and t.isascii() and len(t) < 40 else None


def wrong_inputs(item: Any) -> list[tuple[str, str]]:
    """(source, text) wrong answers to one question: what the step itself proposes (its misconceptions' values, the
    lesson's declared mistakes, the answer kind's partial answers), then new ones for a number: near the answer,
    doubled, halved, the same game's other numbers, and a number in words; for yes or no, a sentence."""
    from tutor.errors import TutorError
    from tutor.screen.shown import text_of

    try:
        reference = item.reference()
        candidates = item.answer_candidates() or []
    except TutorError:
        return []
    right = "" if reference is None else text_of(reference)
    ideas = {str(v) for _, v in item.misconceptions() if v is not None}
    declared = {m.match for m in item.mistakes if m.match is not None}
    out = [("misconception" if c in ideas else "declared" if c in declared else "kind", c) for c in candidates]
    value = _number(right)
    if value is not None:
        out += [("neighbour", str(v)) for v in neighbours(item, value)]
        out += [("near", str(value + d)) for d in (-1, 1, 2) if value + d >= 0]
        out += [("double", str(2 * value)), ("half", str(value // 2))]
        near = [w for n, w in WORDS.items() if n != value and abs(n - value) <= 2]
        out += [("word", near[0])] if near else []
    elif right.lower() in ("yes", "no"):
        out += [("word", f"{w} it is") for w in ("yes", "no") if w != right.lower()]
    seen: set[str] = {right.strip().lower()}
    kept = []
    for source, text in out:
        if text.strip().lower() not in seen:
            seen.add(text.strip().lower())
            kept.append((source, text))
    return kept[:PER_STEP]


def neighbours(item: Any, right: int) -> list[int]:
    """The answers to the other number questions about the same game (the nullity asked for where the boards that
    can be darkened are): what a learner who confuses the two questions answers."""
    from tutor.errors import TutorError

    out: list[int] = []
    for _, quantity in item.puzzle.quantities.items():
        if quantity.args:
            continue
        try:
            value = quantity.compute(item.game, quantity.arguments({}))
        except (TutorError, ValueError, KeyError):
            continue
        if type(value) is int and 0 <= value < 10**12 and value != right and value not in out:
            out.append(value)
    return out[:NEIGHBOURS]


CAUSE_VERBS = ("counts", "would count", "would be", "would do", "puts", "gives each", "leaves out", "adds",
               "divides", "multiplies", "swaps", "is what", "is the length", "is the bound", "is the number",
               "is the size", "is the famous", "is one more", "is one less", "takes", "forgets", "misses")
CAUSE_PHRASES = re.compile(r"\bas if\b|\bwould do if\b|\bas on (?:a |the )?\d+x\d+|\byou (?:may have|probably|seem|"
                           r"forgot|took)\b", re.IGNORECASE)


def names_a_cause(text: str, answer: str) -> bool:
    """Whether ``text`` derives the learner's answer (a number written as they wrote it, or with commas) from
    something: "31 = 2 x 15 + 1", "16 counts ...", or an "as if" that says what they must have thought."""
    if CAUSE_PHRASES.search(text):
        return True
    number = _number(answer)
    if number is None:
        return False
    forms = "|".join(re.escape(f) for f in {str(number), f"{number:,}"})
    verbs = "|".join(re.escape(v) for v in CAUSE_VERBS)
    said = rf"(?<![\w,.^])(?:{forms})(?![\w]|,\d|\.\d)"  # the number itself, not a digit of a longer one
    return re.search(rf"{said}(?:[ \t]+[a-z]+)?[ \t]*(?:=|(?:{verbs})\b)", text) is not None


def _texts(replies: list[Any], kinds: tuple[str, ...]) -> str:
    from tutor.screen.shown import text_of

    return "\n".join(text_of(r.text) for r in replies if r.kind.value in kinds)


def classify_question(item: Any, answer: str, replies: list[Any]) -> str:
    """The class of the reply to one wrong whole answer (before the generic check, which needs the others)."""
    from tutor.errors import TutorError

    if replies and replies[0].kind.value == "error":
        return "refusal"
    try:
        verdict = item.judge(answer)
    except TutorError:
        return "refusal"
    said = _texts(replies, ("board", "hint", "say"))
    if verdict.misconception is not None:
        ideas = dict(item.misconceptions())
        if verdict.misconception not in ideas:
            return "specific"  # a family kind's own diagnosis (a plan's lost world, a list's missing position)
        given = ideas[verdict.misconception]
        return "specific" if given is not None and str(given) == verdict.canonical else "misdiagnosed"
    if any(r.kind.value == "hint" for r in replies):
        return "specific"  # the lesson's own declared mistake, matched by its author's pattern
    return "misdiagnosed" if names_a_cause(said, answer) else "specific"


def _side(step: Any, answer: str) -> int:
    """-1 below the right number, 1 above, 0 for anything that is no number or no number step."""
    from tutor.screen.shown import text_of

    given, reference = _number(answer), step.reference()
    right = None if reference is None else _number(text_of(reference))
    if given is None or right is None:
        return 0
    return (given > right) - (given < right)


def without_echo(text: str, answer: str) -> str:
    """``text`` with the learner's answer taken out (``tutor.course.steps.question.without_echo``)."""
    from tutor.course.steps.question import without_echo as taken_out

    return taken_out(text, answer)


def walk_question(lesson: str, step: Any) -> list[Walked]:
    """Every wrong answer to one question, answered on a fresh step, and the replies classified."""
    from tutor.course.steps import Context

    out: list[Walked] = []
    bare: dict[str, tuple[int, str]] = {}
    for source, answer in wrong_inputs(step):
        context = Context(lesson)
        outcome = step.respond(step.enter(context).state, answer, context)
        if outcome.done:
            continue  # not wrong after all (another spelling of the answer)
        text = _texts(outcome.replies, ("wrong", "board", "hint", "say", "error"))
        cls = classify_question(step, answer, outcome.replies)
        out.append(Walked(lesson, step.key, source, answer, cls, text))
        board = _texts(outcome.replies, ("board",))
        if cls == "specific" and source != "declared" and not reasons_about(board, answer):
            bare[answer] = (_side(step, answer), without_echo(board, answer))
    return _mark_generic(out, bare)


def reasons_about(text: str, answer: str) -> bool:
    """Whether ``text`` reasons about the learner's answer itself ("95 is not a multiple of 16"), beyond quoting it
    back at the start ("Not 95: ...")."""
    mine = re.escape(answer.strip())
    body = re.sub(rf"^\s*(?:Not {mine}\s*[:.]|{mine} is not the answer\.)", "", text)
    return without_echo(body, answer) != body


def _mark_generic(walked: list[Walked], bare: dict[str, tuple[int, str]]) -> list[Walked]:
    """A specific reply whose text, the answer taken out, is also given on the other side of the right value (or,
    where there are no sides, to every other answer tried) is generic: it does not speak to this answer.
    ``bare`` holds, per answer, its side of the right value (-1, 0 or 1) and its reply without the answer."""
    out = []
    for w in walked:
        if w.answer in bare:
            side, mine = bare[w.answer]
            others = [(s, t) for a, (s, t) in bare.items() if a != w.answer]
            opposite = side != 0 and any(s == -side and t == mine for s, t in others)
            alike = side == 0 and len(others) >= 2 and all(t == mine for _, t in others)
            if opposite or alike:
                w = Walked(w.lesson, w.step, w.source, w.answer, "generic", w.reply)
        out.append(w)
    return out


def walk_game(lesson: str, step: Any) -> list[Walked]:
    """A few legal moves that are not the engine's own from the start, and a word, each from a fresh game."""
    import random

    from tutor.course.steps import Context

    context = Context(lesson, rng=random.Random(0))
    entered = step.enter(context)
    good = (step.sample(entered.state, 0) or "").split()[:1]
    legal = step.completions(entered.state)
    moves = [m for m in random.Random(0).sample(legal, len(legal)) if m.split()[:1] != good]
    tried = [("move", m) for m in moves[:MOVES]] + [("word", "I give up")]
    out: list[Walked] = []
    texts: dict[str, str] = {}
    for source, move in tried:
        outcome = step.respond(step.enter(Context(lesson, rng=random.Random(0))).state, move, context)
        text = _texts(outcome.replies, ("wrong", "board", "hint", "say", "error", "info"))
        cls = "refusal" if outcome.replies and outcome.replies[0].kind.value == "error" else "specific"
        texts[move] = without_echo(text, move)
        out.append(Walked(lesson, step.key, source, move, cls, text))
    return [Walked(w.lesson, w.step, w.source, w.answer, "generic", w.reply)
            if w.verdict == "specific" and sum(t == texts[w.answer] for t in texts.values()) > 1 else w for w in out]


def walk() -> Iterator[tuple[bool, Walked]]:
    """(is a play step, walked reply) for every question and play step of every bundled lesson: a question is an
    item with whole answers to try (``answer_candidates``), a play step one that plays moves but has none."""
    from tutor.course import load_catalog
    from tutor.course.steps import Context

    for lesson in load_catalog().ordered():
        for each in lesson.steps:
            for item in each.items(2):
                if item.answer_candidates() is not None:
                    yield from ((False, w) for w in walk_question(lesson.id, item))
                elif item.sample(item.enter(Context(lesson.id)).state, 0) is not None:
                    yield from ((True, w) for w in walk_game(lesson.id, item))


def shares(walked: list[Walked]) -> Counter[str]:
    """How many replies of each class."""
    return Counter(w.verdict for w in walked)


def figures(questions: list[Walked], play: list[Walked]) -> list[Figure]:
    """The shares against the issue's targets (as the share missing: a figure meets its target from below)."""
    count = shares(questions)
    total = max(1, len(questions))
    note = ", ".join(f"{count[c]} {c}" for c in CLASSES) + f" of {len(questions)} replies"
    played = shares(play)
    return [Figure("wrong answers not answered specifically", 100 * (total - count["specific"]) / total, "%", 10.0,
                   note),
            Figure("wrong answers misdiagnosed", 100 * count["misdiagnosed"] / total, "%", 2.0),
            Figure("wrong answers refused unread", 100 * count["refusal"] / total, "%", 3.0),
            Figure("play replies generic or refused", 100 * (played["generic"] + played["refusal"])
                   / max(1, len(play)), "%", None, ", ".join(f"{played[c]} {c}" for c in CLASSES)
                   + f" of {len(play)} moves")]


def run() -> list[Figure]:
    """Walk the course once and return the figures."""
    questions: list[Walked] = []
    play: list[Walked] = []
    for is_play, w in walk():
        (play if is_play else questions).append(w)
    return figures(questions, play)


def main(argv: list[str]) -> int:
    """Print the figures, then every reply of each class named in ``argv``."""
    questions: list[Walked] = []
    play: list[Walked] = []
    for is_play, w in walk():
        (play if is_play else questions).append(w)
    for figure in figures(questions, play):
        print("  " + figure.line())
    for w in questions + play:
        if w.verdict in argv:
            reply = " | ".join(w.reply.split("\n"))[:400]
            print(f"{w.verdict:12} {w.lesson} {w.step} [{w.source}] {w.answer!r}: {reply}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
