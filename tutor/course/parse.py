"""Reading a lesson's TOML into a ``Lesson``, with errors that name the file and the key.

The format (docs/authoring.md has every key)::

    id = "coins-two"
    title = "Two coins by hand"
    summary = "..."
    puzzle = "coins"
    [params]                        # the puzzle's parameters: its variant, board or position
    coins = 2
    [args]                          # question arguments and play settings every step may use
    [[steps]]
    say = "text"                    # a say step
    [[steps]]
    ask = "How many ...?"           # an ask step
    answer = "number"               # or choice, or an engine kind: strategy, play, tree, ...
    compute = "classes"             # number/choice: the engine computes the right value
    args = { index = 5 }            # what the compute quantity, the answer kind or play takes
    hints = ["authored hint"]       # shown before the engine's computed hints
    [[steps.mistakes]]
    match = "0 0 0"                 # a known wrong answer (compared in canonical notation)
    say = "the misconception"
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import re2

from tutor import puzzles
from tutor.course.model import Lesson, Mistake, Pack, Step, compile_pattern, pattern_error
from tutor.course.schema import LessonFile, PackFile, validate
from tutor.course.text import placeholders
from tutor.course.variants import VARIANT_TRIES, apply_variant, check_slot, draw_solvable, variant_slots
from tutor.errors import LessonError, TutorError
from tutor.judging import ChoiceAnswer, NumberAnswer
from tutor.limits import EXPLORE_MOVES, ID_CHARS, LESSON_STEPS, PATTERN_CHARS, checkpoint
from tutor.puzzles.answers import AnswerKind
from tutor.puzzles.base import Puzzle
from tutor.puzzles.options import Args, Option

COMPUTED = ("number", "choice")
ID = re.compile(r"[a-z0-9][a-z0-9_.-]*")
ASK_ONLY = ("answer", "compute", "options", "reference", "mistakes", "goal", "explore", "hints", "success")


def need(table: Mapping[str, Any], key: str, where: str, kind: type = str, default: Any = None) -> Any:
    """``table[key]`` of type ``kind`` (non-empty text for str); ``LessonError`` naming the key otherwise."""
    value = table.get(key, default)
    if value is None:
        raise LessonError(f"{where}: missing key {key!r}")
    if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
        raise LessonError(f"{where}.{key}: expected {'non-empty text' if kind is str else kind.__name__}, "
                          f"got {value!r}")
    return value


def _table(raw: Mapping[str, Any], key: str, where: str) -> dict[str, Any]:
    value = raw.get(key, {})
    if not isinstance(value, dict):
        raise LessonError(f"{where}: {key}: expected a table, got {value!r}")
    return value


def parse_lesson(data: Mapping[str, Any], path: str, pack: str = "") -> Lesson:
    """Validate one lesson's TOML table; ``LessonError`` names the file and the key."""
    where = path
    if isinstance(data.get("id"), str):
        ID_CHARS.check(len(data["id"]), f"{where}: id {data['id'][:40]!r}... has {len(data['id']):,} characters")
    validate(data, LessonFile, where)  # the shape: keys, types, lengths (tutor/course/schema.py)
    lesson_id = need(data, "id", where)
    title = need(data, "title", where)
    summary = need(data, "summary", where)
    puzzle_name = need(data, "puzzle", where)
    try:
        puzzle = puzzles.get(puzzle_name)
    except TutorError as err:
        raise LessonError(f"{where}: puzzle: {err}") from None
    original = data
    slots = variant_slots(data)
    if slots:
        for slot in slots.values():
            check_slot(puzzle, slot, data, where)
        drawn = draw_solvable(puzzle, data, slots, random.Random(0))
        if drawn is None:
            raise LessonError(f"{where}: params: no solvable variant in {VARIANT_TRIES} draws "
                              "(set allow_unsolvable = true if that is intended)")
        data = apply_variant(data, slots, drawn)
    lesson_params = _table(data, "params", where)
    lesson_args = _table(data, "args", where)
    try:
        game = puzzle.load(lesson_params)
    except TutorError as err:
        raise LessonError(f"{where}: params: {err}") from None
    raw_steps = data["steps"]
    LESSON_STEPS.check(len(raw_steps), f"{where}: steps: {len(raw_steps):,} steps")
    steps = []
    used: set[str] = set()
    for i, raw in enumerate(raw_steps):
        checkpoint()
        step, takes = _parse_step(raw, i, where, puzzle, lesson_params, lesson_args)
        steps.append(step)
        used |= takes
    for name in lesson_args:
        if name not in used:
            raise LessonError(f"{where}: args.{name}: no step takes {name!r}")
    order = data.get("order", 1000)
    full_id = f"{pack}/{lesson_id}" if pack else lesson_id
    raw_tags = data.get("tags", [])
    return Lesson(full_id, title, summary, puzzle_name, puzzle.values(game), tuple(steps), path, order, pack,
                  tuple(raw_tags), {key: slot[3] for key, slot in slots.items()}, original)


def instantiate(lesson: Lesson, seed: int) -> Lesson:
    """The lesson with every variant slot drawn from ``seed`` (solvable unless allowed otherwise)."""
    if not lesson.variants:
        return lesson
    puzzle = puzzles.get(lesson.puzzle)
    slots = variant_slots(lesson.raw)
    drawn = draw_solvable(puzzle, lesson.raw, slots, random.Random(seed))
    if drawn is None:
        raise LessonError(f"{lesson.path}: params: no solvable variant in {VARIANT_TRIES} draws "
                          "(set allow_unsolvable = true if that is intended)")
    made = parse_lesson(apply_variant(lesson.raw, slots, drawn), lesson.path, lesson.pack)
    return replace(made, id=lesson.id, order=lesson.order, variants=lesson.variants, raw=lesson.raw,
                   variant=drawn)


# -- steps --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Part:
    """Something a step uses that takes arguments: its answer, or a quantity quoted in its text."""

    label: str
    options: tuple[Option, ...]


def _parse_step(raw: Any, index: int, file: str, puzzle: Puzzle[Any], lesson_params: Mapping[str, Any],
                lesson_args: Mapping[str, Any]) -> tuple[Step, set[str]]:
    """One step, and the names of the lesson-level arguments it uses."""
    where = f"{file}: steps[{index + 1}]"
    if ("say" in raw) == ("ask" in raw):
        raise LessonError(f"{where}: a step has exactly one of 'say' (text) or 'ask' (a question)")
    step_params = _table(raw, "params", where)
    try:
        game = puzzle.load({**lesson_params, **step_params})
    except TutorError as err:
        raise LessonError(f"{where}.params: {err}") from None
    own_args = _table(raw, "args", where)
    merged = {**lesson_args, **own_args}
    hints = raw.get("hints", [])  # the shapes and types are the schema's (``tutor.course.schema``)
    title = str(raw.get("title", ""))
    if "say" in raw:
        text = need(raw, "say", where)
        for key in ASK_ONLY:
            if key in raw:
                raise LessonError(f"{where}.{key}: only ask steps take {key!r}")
        parts = _quoted(puzzle, [(f"{where}.say", text)], game, merged)
        used = _check_args(parts, merged, own_args, lesson_args, where)
        return Step(index, "say", text, game, puzzle.values(game), Args(merged), title=title), used
    text = need(raw, "ask", where)
    answer = need(raw, "answer", where)
    if answer not in COMPUTED and not puzzle.has_kind(answer):
        kinds = (*COMPUTED, *puzzle.kind_names())
        raise LessonError(f"{where}.answer: {answer!r} is not an answer kind of puzzle {puzzle.name!r} "
                          f"(known: {', '.join(kinds)})")
    compute = raw.get("compute")
    options = raw.get("options", [])
    if answer in COMPUTED:
        if not isinstance(compute, str):
            raise LessonError(f"{where}.compute: a {answer} step needs the engine quantity that gives its "
                              f"answer (known: {', '.join(puzzle.quantities)})")
        if compute not in puzzle.quantities:
            raise LessonError(f"{where}.compute: unknown quantity {compute!r} for puzzle {puzzle.name!r} "
                              f"(known: {', '.join(puzzle.quantities)})")
    elif compute is not None:
        raise LessonError(f"{where}.compute: only number and choice steps take 'compute'")
    if answer == "choice" and not options:
        raise LessonError(f"{where}.options: a choice step needs a list of at least two texts")
    if answer != "choice" and options:
        raise LessonError(f"{where}.options: only choice steps take 'options'")
    expects = _expects(puzzle, answer, compute, tuple(options))
    mistakes = tuple(_parse_mistake(m, f"{where}.mistakes[{i}]") for i, m in enumerate(raw.get("mistakes", []), 1))
    goal = raw.get("goal", "win")
    if expects.play is None:
        for key in ("goal", "explore"):
            if key in raw:
                raise LessonError(f"{where}.{key}: only play steps take {key!r}")
    elif "explore" in raw and goal != "explore":
        raise LessonError(f"{where}.explore: 'explore' needs goal = \"explore\"")
    if answer in COMPUTED and "reference" in raw:
        raise LessonError(f"{where}.reference: a {answer} step's answer is computed (compute = ...), "
                          "it takes no reference")
    explore = raw.get("explore", 0)
    if goal == "explore" and not explore:
        raise LessonError(f"{where}.explore: an explore step needs the number of moves to make (>= 1)")
    if goal == "explore":
        EXPLORE_MOVES.check(explore, f"{where}.explore: {explore:,} moves")
    reference = raw.get("reference")
    success = raw.get("success", "")
    texts = [(f"{where}.ask", text), (f"{where}.success", success)]
    texts += [(f"{where}.hints[{i}]", h) for i, h in enumerate(hints, 1)]
    texts += [(f"{where}.mistakes[{i}].say", m.say) for i, m in enumerate(mistakes, 1)]
    parts = [_Part(f"answer {answer!r}", expects.args), *_quoted(puzzle, texts, game, merged)]
    used = _check_args(parts, merged, own_args, lesson_args, where)
    step = Step(index, "ask", text, game, puzzle.values(game), Args(merged), answer, expects, compute,
                tuple(options), tuple(hints), reference, mistakes, success, goal,
                explore if goal == "explore" else 0, title)
    return step, used


def _expects(puzzle: Puzzle[Any], answer: str, compute: str | None, options: tuple[str, ...]) -> AnswerKind[Any, Any]:
    """The resolved answer a step takes."""
    if answer == "number":
        return NumberAnswer(puzzle.quantities[compute or ""])
    if answer == "choice":
        return ChoiceAnswer(puzzle.quantities[compute or ""], options)
    return puzzle.kind(answer)


def _quoted(puzzle: Puzzle[Any], texts: list[tuple[str, str]], game: Any, args: Mapping[str, Any]) -> list[_Part]:
    """The quantities quoted as ``{{name}}`` in a step's texts; an unknown name is an error."""
    params = puzzle.values(game)
    parts = []
    for where, text in texts:
        for name in placeholders(text):
            if name in puzzle.quantities:
                parts.append(_Part(f"{{{{{name}}}}}", puzzle.quantities[name].args))
            elif name not in params and name not in args:
                raise LessonError(f"{where}: unknown quantity {{{{{name}}}}} for puzzle {puzzle.name!r} "
                                  f"(known: {', '.join(puzzle.quantities)}; or a parameter: "
                                  f"{', '.join(sorted(params))}; or one of the step's args)")
    return parts


def _check_args(parts: list[_Part], merged: Mapping[str, Any], own: Mapping[str, Any],
                lesson_args: Mapping[str, Any], where: str) -> set[str]:
    """Every argument the step sets is taken by one of its parts, with a valid value; the names used."""
    takes: dict[str, list[str]] = {}
    for part in parts:
        for option in part.options:
            takes.setdefault(option.name, []).append(part.label)
            if option.name in merged:
                try:
                    option.coerce(merged[option.name], f"{where} ({part.label})")
                except TutorError as err:
                    raise LessonError(f"{where}.args.{option.name}: {err}") from None
    for name in own:
        if name not in takes:
            offered = ", ".join(sorted(takes)) or "none"
            raise LessonError(f"{where}.args.{name}: nothing in this step takes {name!r} "
                              f"(its answer and quoted quantities take: {offered})")
    return {name for name in lesson_args if name in takes}


def _parse_mistake(raw: Any, where: str) -> Mistake:
    say = need(raw, "say", where)
    if ("match" in raw) == ("pattern" in raw):
        raise LessonError(f"{where}: give exactly one of 'match' (an answer) or 'pattern' (a regex)")
    if "unless" in raw and "pattern" not in raw:
        raise LessonError(f"{where}.unless: only a 'pattern' mistake takes 'unless'")
    if "pattern" in raw:
        patterns = [_pattern(raw, key, where) for key in ("pattern", "unless") if key in raw]
        return Mistake(say, pattern=patterns[0], unless=patterns[1] if len(patterns) > 1 else None)
    return Mistake(say, match=need(raw, "match", where))


def _pattern(raw: Mapping[str, Any], key: str, where: str) -> str:
    """A mistake's pattern, checked: short enough, and one RE2 compiles (linear-time matching)."""
    pattern: str = need(raw, key, where)
    PATTERN_CHARS.check(len(pattern), f"{where}.{key} has {len(pattern):,} characters")
    try:
        compile_pattern(pattern)
    except re2.error as err:
        lookaround = any(op in pattern for op in ("(?=", "(?!", "(?<=", "(?<!"))
        advice = ("; RE2 has no lookarounds or backreferences: match what may appear, and put what must not "
                  "in 'unless'") if lookaround or "invalid escape" in pattern_error(err) else ""
        raise LessonError(f"{where}.{key}: not a pattern RE2 can match in linear time: "
                          f"{pattern_error(err)}{advice}") from None
    return pattern


def parse_pack(data: Mapping[str, Any], where: str, default_id: str) -> Pack:
    """Validate a pack.toml's table."""
    validate(data, PackFile, where)  # the shape: keys, types (tutor/course/schema.py)
    pack_id = data.get("id", default_id)
    if not ID.fullmatch(pack_id):
        raise LessonError(f"{where}: id {pack_id!r} must be lower-case letters, digits, '-', '_' or '.'")
    title = need(data, "title", where)
    order = data.get("order", [])
    texts = {key: str(data.get(key, "")).strip() for key in ("welcome", "final", "summary")}
    return Pack(pack_id, title, where, tuple(order), **texts)
