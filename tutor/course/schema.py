"""The lesson file format as typed models (msgspec): one source for validation, the JSON Schema editors read
(``tutor schema``), and the key tables of docs/authoring.md.

msgspec rather than pydantic: it is small, imports in milliseconds (lessons are loaded before the first
prompt), validates a lesson in microseconds with strict types, rejects unknown keys, and writes JSON
Schema from the same classes.  The models check the *shape* of a file (keys, types, lengths); what depends
on a puzzle (its parameters, answer kinds, quantities) is checked by ``parse`` against the engines.
"""

from __future__ import annotations

import re
import typing
from functools import cache
from typing import Annotated, Any, ClassVar, Literal

import msgspec

from tutor.errors import LessonError

ID_PATTERN = "^[a-z0-9][a-z0-9_.-]*$"
Text = Annotated[str, msgspec.Meta(min_length=1, pattern=r"\S")]
Value = Any  # a parameter or argument: a number, text, true/false, or a seeded-variant list or table


def doc(text: str, on: str = "", kind: str = "") -> msgspec.Meta:
    """A field's documentation: its meaning, which steps take it, and its type in words (docs tables)."""
    extra = {k: v for k, v in (("x-on", on), ("x-type", kind)) if v}  # not JSON Schema's own keywords
    return msgspec.Meta(description=text, extra=extra)


class MistakeFile(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A ``[[steps.mistakes]]`` table."""

    # what the JSON Schema says that the field types cannot (``tutor.course.editors``)
    schema_rules: ClassVar[dict[str, Any]] = {"oneOf": [{"required": ["match"]}, {"required": ["pattern"]}],
                                              "dependentRequired": {"unless": ["pattern"], "example": ["pattern"]}}

    say: Annotated[Text, doc("What to tell the learner who gave this answer; may quote `{{quantity}}` or "
                             "`{{parameter}}`.", kind="text (required)")]
    match: Annotated[str | None, doc("A wrong answer, written in the puzzle's **canonical notation** (compared "
                                     "ignoring capitals). On a play step: one move as the learner types it.",
                                     kind="text")] = None
    pattern: Annotated[str | None, doc("A regular expression instead of `match`; it must match the **whole** raw "
                                       "answer (RE2 syntax, case-insensitive, surrounding spaces stripped).",
                                       kind="text")] = None
    unless: Annotated[str | None, doc("Only with `pattern`: a second regular expression; the mistake applies when "
                                      "`pattern` matches the whole answer and `unless` does not (what a lookahead "
                                      "would say).", kind="text")] = None
    example: Annotated[str | None, doc("Only with `pattern`: a wrong answer the pattern is for, as a learner would "
                                       "type it. `tutor lint` checks that the mistake matches it and that the engine "
                                       "reads it and judges it wrong; without it, lint looks for such an answer "
                                       "itself.", kind="text")] = None


# -- steps: one model per kind of step, each named by the step class of its kind (``tutor.course.steps.kinds``) ----

TITLE = Annotated[str | None, doc("A heading shown as `[3/7] Title`.", "any", "text")]
PARAMS = Annotated[dict[str, Value] | None, doc(
    "Overrides the lesson's parameters for this step only, e.g. `params = { coins = 3 }`. `{{quantity}}`, "
    "`compute`, the judge and games all use the merged parameters. A value may be a "
    "[seeded variant](#7-seeded-variants) for this step alone, e.g. "
    "`params = { board = {random = \"solvable\"} }`.", "any", "table")]
ARGS = Annotated[dict[str, Value] | None, doc(
    "Question arguments and play settings for this step, next to what takes them: "
    "`compute = \"kth_first\"` with `args = { index = 1000 }`, `answer = \"chase_row\"` with "
    "`args = { row = 2 }`, `answer = \"play\"` with `args = { blunder = 20 }`. Merged over the lesson's "
    "`[args]`. Every name must be taken by the step's answer (its kind, its `compute` quantity, or its game) "
    "or by a `{{quantity}}` its texts quote; anything else is an error that lists what the step takes.",
    "any", "table")]
ANSWER_DOC = doc(
    "What the learner gives: `\"number\"`, `\"choice\"`, or one of the puzzle's **answer kinds** "
    "(`\"strategy\"`, `\"move\"`, `\"tree\"`, `\"presses\"`, `\"play\"`, ... see "
    "[section 5](#5-computed-answers-quantities-and-answer-kinds)).", "ask (required)", "text")
HINTS = Annotated[list[Text] | None, doc(
    "Your hints, given by `/hint` in order, after the engine's nudges and before its concepts and next move "
    "(engine kinds and play; [section 4](#4-how-each-step-runs)). May quote `{{quantity}}` or `{{parameter}}`.",
    "ask", "list of non-empty texts")]
MISTAKES = Annotated[list[MistakeFile] | None, doc(
    "Known wrong answers and what to say about them ([section 6](#6-mistakes)).", "ask (play steps too)",
    "array of tables `[[steps.mistakes]]`")]
SUCCESS = Annotated[str | None, doc(
    "Said when the step is answered correctly; may quote `{{quantity}}` or `{{parameter}}`.", "ask", "text")]
REFERENCE = Annotated[str | None, doc(
    "Your own correct answer (lint checks the engine accepts it; `/solution` and `tutor preview` use it). "
    "Default: the engine's computed answer. Number and choice steps refuse it: their answer is `compute`.",
    "engine-kind and play steps", "text")]
SKILLS = Annotated[list[Text] | None, doc(
    "The skills this step exercises, by their global names (`coins/count-tables`; `tutor progress --skills` lists "
    "every skill). Default: the skills the puzzle maps to the step's quantity, answer kind, misconceptions or play. "
    "Lint refuses a skill no puzzle declares.", "ask", "list of skill names")]
COMPUTED = ("number", "choice")  # the answers a quantity computes
PLAY = "play"  # the answer of a game played move by move


class StepFile(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    """What every ``[[steps]]`` table may have: the base of each kind's model (its step class names it)."""

    schema_rules: ClassVar[dict[str, Any]] = {}  # what the JSON Schema says that the field types cannot

    title: TITLE = None
    params: PARAMS = None
    args: ARGS = None


class ReviewFile(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True, kw_only=True):
    """A step's space of fresh instances, and how an instance is asked (``[steps.review]``)."""

    params: Annotated[dict[str, Value] | None, doc("The parameters an instance varies, each a list, a `{min, max}` "
                                                   "range or a random table: `params = { coins = [2, 3, 5] }`.",
                                                   kind="table")] = None
    args: Annotated[dict[str, Value] | None, doc("The arguments an instance varies: `args = { row = [1, 2] }`")] = None
    ask: Annotated[Text | None, doc("The question, quoting what varies (`{{coins}}`); default: the step's.")] = None
    hints: HINTS = None
    success: SUCCESS = None
    allow_unsolvable: Annotated[bool, doc("`true`: an instance may be solvable or not. Default: it is solvable "
                                          "exactly when the lesson's own question is.", kind="`true`/`false`")] = False
    skills: Annotated[list[Text] | None, doc("The skills a review here stands for (default: the step's); lint refuses "
                                             "one the step does not exercise.", kind="list of skill names")] = None
    via: Annotated[Text | None,
                   doc("Instead of a space: the step, `LESSON:STEP` (`wythoff-3:6`), whose fresh instances review "
                       "this step's skills, when its own question cannot vary (a fact, a definition, a yes or no). "
                       "Lint checks that step has a space and exercises them all. A table with `via` takes nothing "
                       "else.", kind="text")] = None


REVIEW = Annotated[ReviewFile | None, doc("How the step is asked on a **fresh instance** for a review ([section 7b]"
                                          "(#7b-fresh-instances-for-review)): what varies, and the text to ask.",
                                          "number, choice, engine-kind and play steps", "table `[steps.review]`")]


class SayFile(StepFile, kw_only=True):
    """A say step: text to read."""

    say: Annotated[Text, doc("Text to read. The learner presses Enter (or `/next`) to go on.", "say steps", "text")]


class AskBase(StepFile, kw_only=True):
    """What every ask step may have."""

    ask: Annotated[Text, doc("The question.", "ask steps", "text")]
    hints: HINTS = None
    mistakes: MISTAKES = None
    success: SUCCESS = None
    skills: SKILLS = None


class ComputedFile(AskBase, kw_only=True):
    """A number or choice step: the engine computes the right value."""

    schema_rules = {"required": ["compute"], "if": {"properties": {"answer": {"const": "choice"}}},
                    "then": {"required": ["options"]}, "else": {"not": {"required": ["options"]}}}

    answer: Annotated[Literal["number", "choice"], ANSWER_DOC]
    compute: Annotated[str | None, doc("The engine **quantity** whose value is the right answer.",
                                       "number and choice (required there, refused elsewhere)", "text")] = None
    options: Annotated[Annotated[list[str], msgspec.Meta(min_length=2)] | None, doc(
        "The options, shown numbered. The computed value must be one of them (lint).",
        "choice (required there, refused elsewhere)", "list of at least 2 texts")] = None
    review: REVIEW = None


class WrittenFile(AskBase, kw_only=True):
    """A step answered in one of the puzzle's answer kinds (a strategy, a plan, a press list, ...)."""

    answer: Annotated[Text, ANSWER_DOC]  # the answers other kinds claim are theirs (``kinds.model_of``)
    reference: REFERENCE = None
    review: REVIEW = None


class GameFile(AskBase, kw_only=True):
    """A game played move by move (``answer = "play"``)."""

    schema_rules = {"dependentRequired": {"explore": ["goal"]},
                    "if": {"properties": {"goal": {"const": "explore"}}, "required": ["goal"]},
                    "then": {"required": ["explore"]}, "else": {"not": {"required": ["explore"]}}}

    answer: Annotated[Literal["play"], ANSWER_DOC]
    reference: REFERENCE = None
    goal: Annotated[Literal["win", "explore"] | None, doc(
        "`\"win\"` (default) completes when the learner wins the game; `\"explore\"` completes after `explore` "
        "moves of the learner's (or when the learner wins); a game lost sooner does not complete it. Other steps "
        "refuse it.", "play steps only",
        "`\"win\"` or `\"explore\"`")] = None
    explore: Annotated[Annotated[int, msgspec.Meta(ge=1)] | None, doc(
        "How many moves an explore step asks for. Without `goal = \"explore\"` it is an error.",
        "play steps with `goal = \"explore\"` only", "whole number >= 1")] = None
    meter: Annotated[bool | None, doc(
        "Show after each move whether a sure win is still in reach, and in how many moves (default `false`).",
        "play steps only", "`true`/`false`")] = None
    review: REVIEW = None


class PracticeFile(AskBase, kw_only=True):
    """A practice step: fresh items (variants of its varied ``params`` and ``args``) until a skill is mastered."""

    practice: Annotated[Text, doc(
        "The skill practised (`coins/count-tables`; `tutor progress` lists every skill). The step serves fresh "
        "items, new draws of its varied `params` and `args`, until the learner has mastered this skill: mastery at "
        "least `threshold` and the last `in_a_row` items right at the first try without help.",
        "practice steps (required there)",
        "text")]
    answer: Annotated[Text, ANSWER_DOC, msgspec.Meta(extra_json_schema={"not": {"enum": [PLAY]}})]
    compute: Annotated[str | None, doc("The engine **quantity** whose value is the right answer.",
                                       "number and choice (required there, refused elsewhere)", "text")] = None
    options: Annotated[Annotated[list[str], msgspec.Meta(min_length=2)] | None, doc(
        "The options, shown numbered. The computed value must be one of them (lint).",
        "choice (required there, refused elsewhere)", "list of at least 2 texts")] = None
    threshold: Annotated[Annotated[float, msgspec.Meta(gt=0, le=1)] | None, doc(
        "The mastery a practice step needs (default 0.95).", "practice steps only", "number in (0, 1]")] = None
    in_a_row: Annotated[Annotated[int, msgspec.Meta(ge=1)] | None, doc(
        "How many of the last items must be right at the first try without help (default: the pack's `[mastery]` "
        "`in_a_row`, else 3).", "practice steps only",
        "whole number >= 1")] = None


class LessonFile(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """The top level of a lesson file."""

    id: Annotated[str, msgspec.Meta(pattern=ID_PATTERN, description=(
        "Unique id: lower-case letters, digits, `-`, `_`, `.`, starting with a letter or digit (`coins-2`, "
        "`week1.intro`). Inside a pack it becomes `pack/id`."), extra={"x-type": "text"})]
    title: Annotated[Text, doc("Shown when the lesson opens and in `/lessons`.", kind="text")]
    summary: Annotated[Text, doc("One or two sentences shown under the title when the lesson opens.", kind="text")]
    puzzle: Annotated[Text, doc("The puzzle family: `coins`, `wythoff`, `gods`, `lightsout`, or an installed "
                                "plug-in (`tutor puzzles` lists them).", kind="text")]
    steps: Annotated[list[dict[str, Any]], msgspec.Meta(min_length=1, description=(
        "The steps, in order, each written `[[steps]]`. At least one; lint also requires at least one `ask` "
        "step."), extra={"x-type": "array of tables"})]
    params: Annotated[dict[str, Value], doc(
        "The puzzle's parameters for every step: the game variant and the board or position it is played on, "
        "nothing else (see `tutor solve PUZZLE --help` or [section 5](#5-computed-answers-quantities-and-answer-"
        "kinds)). Missing ones take the puzzle's defaults; unknown names or bad values are errors. A list or a "
        "table as a value makes a [seeded variant](#7-seeded-variants).", kind="table")] = {}
    args: Annotated[dict[str, Value], doc(
        "Question arguments and play settings shared by the steps: what a quantity (`index`, `count`), an "
        "answer kind (`bound`, `row`, `goal`) or a game (`blunder`, `first`) takes ([section 5](#5-computed-"
        "answers-quantities-and-answer-kinds) lists them). Each must be taken by at least one step. A list or a "
        "`{min, max}` range makes a [seeded variant](#7-seeded-variants).", kind="table")] = {}
    order: Annotated[int, doc("Sorts lessons of the same family (default 1000). Inside a pack, the pack's own "
                              "`order` list comes first.", kind="whole number")] = 1000
    tags: Annotated[list[str], doc("Free labels. Stored with the lesson; nothing uses them yet. Anything but a "
                                   "list of texts is an error.", kind="list of texts")] = []
    allow_unsolvable: Annotated[bool, doc(
        "With seeded variants (lesson-level or step-level): keep draws the engine reports as unsolvable "
        "(default `false`: such draws are redrawn).", kind="`true`/`false`")] = False


class PackFile(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A ``pack.toml``."""

    title: Annotated[Text, doc("Shown before the welcome text.")]
    id: Annotated[Annotated[str, msgspec.Meta(pattern=ID_PATTERN)] | None, msgspec.Meta(description=(
        "The pack id and namespace (default: the folder's name); same characters as lesson ids. Two packs with "
        "the same id are an error."))] = None
    order: Annotated[list[str], doc("Short lesson ids (without the `pack/` prefix) in course order. Lessons not "
                                    "listed follow, by their own `order` and id. Naming a lesson that is not in "
                                    "the pack is an error.")] = []
    welcome: Annotated[str, doc("Shown (after the title) when the learner opens the pack's first lesson at its "
                                "first step.")] = ""
    final: Annotated[str, doc("Shown when the learner completes a lesson and every lesson of the pack is "
                              "complete.")] = ""
    summary: Annotated[str, doc("A description of the pack; accepted and stored, not shown yet.")] = ""
    bundled: Annotated[bool, doc("`false`: a course of its own; the tutor's bundled lessons are left out while "
                                 "this pack is loaded (as with `--no-bundled`).")] = True
    mastery: Annotated[dict[str, dict[str, float]], doc(
        "Knowledge-tracing parameters for this pack's lessons, by skill (`coins/count-tables`) or `default`: "
        "a table of `prior`, `learn`, `slip` and `guess` (probabilities; any left out keep the tutor's "
        "defaults), e.g. fitted to a class's data with pyBKT; without `guess`, each item's guess is its own chance "
        "of a lucky guess (one in a choice's options, one half for yes or no, one in the range of values a practice "
        "step's number answers take, 0.01 for an open answer: a plain number, a written answer, a game), and a "
        "declared `guess` takes its place for every item of the skill, and `in_a_row` (the mastery rule's last N "
        "items right at the first try without help, a whole number from 1 to 20, default 3).")] = {}
    pretest: Annotated[Annotated[str, msgspec.Meta(pattern=ID_PATTERN)] | None, msgspec.Meta(description=(
        "The short id of the pack's lesson taken before the teaching, with `posttest`: `tutor class --lessons "
        "DIR` reports each skill's normalised gain from one to the other. Both name lessons of the pack, are "
        "given together and ask about the same skills (lint checks all three)."))] = None
    posttest: Annotated[Annotated[str, msgspec.Meta(pattern=ID_PATTERN)] | None, msgspec.Meta(description=(
        "The short id of the lesson on the same skills (other variants) taken after the teaching, with "
        "`pretest`."))] = None


_PATH_PART = re.compile(r"\[(\d+)\]")


def validate(data: Any, model: type[msgspec.Struct], where: str) -> Any:
    """``data`` as ``model``; ``LessonError`` "FILE: order: expected ..." (indices 1-based)."""
    try:
        return msgspec.convert(data, model, strict=True)
    except msgspec.ValidationError as err:
        path, words = _message(str(err), model)
        raise LessonError(f"{where}: {path + ': ' if path else ''}{words}") from None


def _message(text: str, model: type[msgspec.Struct]) -> tuple[str, str]:
    """A msgspec message in the tutor's words: the key path (``mistakes[2].say``, 1-based) and what is wrong."""
    message, _, at = text.partition(" - at `$")
    path = _PATH_PART.sub(lambda m: f"[{int(m.group(1)) + 1}]", at.rstrip("`")).lstrip(".")
    unknown = re.match(r"Object contains unknown field `(.+)`", message)
    if unknown:
        known = ", ".join(sorted(f.encode_name for f in struct_fields(_model_at(model, path))))
        return path, f"unknown key {unknown.group(1)!r} (known: {known})"
    missing = re.match(r"Object missing required field `(.+)`", message)
    if missing and missing.group(1) == "steps":
        return "steps", "a lesson needs at least one [[steps]] entry"
    if missing:
        return path, f"missing key {missing.group(1)!r}"
    enum = re.match(r"Invalid enum value (.+)", message)
    if enum:
        parent, _, name = path.rpartition(".")
        field = next(f for f in struct_fields(_model_at(model, parent)) if f.encode_name == name)
        return path, f"expected {' or '.join(repr(v) for v in _literals(field.type))}, got {enum.group(1)}"
    words = re.sub(r"`([^`]*)`", r"\1", message).replace(" | null", "")
    words = words[0].lower() + words[1:] if words else words
    words = words.replace("expected str matching regex '\\\\S'", "expected non-empty text")
    words = words.replace(f"expected str matching regex '{ID_PATTERN}'", "must be lower-case letters, digits, '-', "
                          "'_' or '.', starting with a letter or digit")
    words = words.replace("expected str of length >= 1", "expected non-empty text")
    words = words.replace("expected array of length >= 1", "a lesson needs at least one [[steps]] entry")
    words = re.sub(r"expected array of length >= (\d+)", r"expected a list of at least \1 texts", words)
    words = re.sub(r"expected int\b", "expected a whole number", words)
    return path, words


def _literals(kind: Any) -> list[Any]:
    """The values a ``Literal`` inside ``kind`` (through ``Annotated`` and ``| None``) allows."""
    if typing.get_origin(kind) is Literal:
        return list(typing.get_args(kind))
    return [v for arg in typing.get_args(kind) for v in _literals(arg)]


@cache
def struct_fields(model: type[msgspec.Struct]) -> tuple[msgspec.structs.FieldInfo, ...]:
    """``msgspec.structs.fields(model)``, read once per model (it evaluates the annotations on every call, and a
    catalog checks every step of every lesson)."""
    return msgspec.structs.fields(model)


def _model_at(model: type[msgspec.Struct], path: str) -> type[msgspec.Struct]:
    """The model of the table at ``path`` inside ``model`` ("mistakes[1]" in a step -> MistakeFile)."""
    for name in (part for part in _PATH_PART.sub("", path).split(".") if part):
        field = next((f for f in struct_fields(model) if f.encode_name == name), None)
        inner = None if field is None else _struct_in(field.type)
        if inner is None:
            break
        model = inner
    return model


def _struct_in(kind: Any) -> type[msgspec.Struct] | None:
    """The struct type inside ``kind`` (through ``Annotated``, ``| None`` and ``list``), if any."""
    if isinstance(kind, type) and issubclass(kind, msgspec.Struct):
        return kind
    return next((s for arg in typing.get_args(kind) if (s := _struct_in(arg)) is not None), None)
