"""Lessons as data: the TOML lesson format, loading, and schema validation.

A lesson file holds one lesson (see docs/authoring.md for every key):

    id = "coins-two"
    title = "Two coins by hand"
    summary = "..."
    puzzle = "coins"
    [params]
    coins = 2
    [[steps]]
    say = "text"                    # a say step
    [[steps]]
    ask = "How many ...?"           # an ask step
    answer = "number"               # or choice, or an engine kind: strategy, play, tree, ...
    compute = "classes"             # number/choice: the engine computes the right value
    hints = ["authored hint"]       # shown before the engine's computed hints
    [[steps.mistakes]]
    match = "0 0 0"                 # a known wrong answer (compared in canonical notation)
    say = "the misconception"

Text may quote computed values as ``{{quantity}}``; they are filled in by the
engine from the step's parameters, never typed into the lesson.

Seeded variants: a parameter may be a list of choices (``coins = [4, 8]``), a
range (``coins = {min = 2, max = 8}``) or a puzzle's random table
(``position = {random = "win", max = 30}``).  Each learner gets the variant
drawn from a seed derived from their profile and the lesson, redrawn until the
puzzle is solvable unless ``allow_unsolvable = true``.

Packs: a folder with a ``pack.toml`` (id, title, order, welcome, final) is a
course; its lessons' ids are namespaced ``pack/lesson``, so packs never collide.
Bundled lessons ship inside the package (``tutor.lessons``); instructors add
folders with ``--lessons DIR`` or ``TUTOR_LESSONS`` (separated by ``os.pathsep``).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tutor import puzzles
from tutor.errors import LessonError, TutorError

BUILTIN_ANSWERS = ("number", "choice")
PLACEHOLDER = re.compile(r"\{\{\s*([a-z_][a-z0-9_]*)\s*\}\}")
LESSON_KEYS = {"id", "title", "summary", "puzzle", "params", "steps", "order", "tags", "allow_unsolvable"}
PACK_KEYS = {"id", "title", "order", "welcome", "final", "summary"}
VARIANT_TRIES = 64
STEP_KEYS = {"say", "ask", "answer", "compute", "options", "hints", "reference", "mistakes",
             "success", "params", "goal", "explore", "title"}
MISTAKE_KEYS = {"match", "pattern", "say"}


@dataclass(frozen=True)
class Mistake:
    """A known wrong answer (exact, after normalisation, or a regex) and the misconception."""

    say: str
    match: str | None = None
    pattern: str | None = None

    def matches(self, canonical: str, raw: str) -> bool:
        """Whether an answer (canonical form and raw text) is this mistake (letter case ignored)."""
        if self.pattern is not None:
            return re.fullmatch(self.pattern, raw.strip(), re.IGNORECASE) is not None
        return self.match is not None and canonical.casefold() == self.match.strip().casefold()


@dataclass(frozen=True)
class Step:
    """One step: ``say`` (text) or ``ask`` (a question whose answer the engine judges)."""

    index: int
    kind: str  # "say" or "ask"
    text: str
    params: Mapping[str, Any]
    answer: str | None = None
    compute: str | None = None
    options: tuple[str, ...] = ()
    hints: tuple[str, ...] = ()
    reference: str | None = None
    mistakes: tuple[Mistake, ...] = ()
    success: str = ""
    goal: str = "win"  # play steps: "win", or "explore" (done after `explore` moves)
    explore: int = 0
    title: str = ""

    @property
    def key(self) -> str:
        """Where this step is in its file, for error messages: ``steps[3]``."""
        return f"steps[{self.index + 1}]"

    @property
    def is_question(self) -> bool:
        """Whether the learner must answer this step."""
        return self.kind == "ask"


@dataclass(frozen=True)
class Lesson:
    """A lesson: metadata, the puzzle and its parameters, and ordered steps."""

    id: str
    title: str
    summary: str
    puzzle: str
    params: Mapping[str, Any]
    steps: tuple[Step, ...]
    path: str
    order: int = 1000
    pack: str = ""
    tags: tuple[str, ...] = field(default=())
    variants: Mapping[str, Any] = field(default_factory=dict)  # parameter -> list / range / random table
    raw: Mapping[str, Any] = field(default_factory=dict, repr=False)  # the TOML, to draw variants from
    variant: Mapping[str, Any] = field(default_factory=dict)  # the drawn values, once instantiated

    @property
    def questions(self) -> list[Step]:
        """The steps that must be answered to complete the lesson."""
        return [s for s in self.steps if s.is_question]


# -- parsing ----------------------------------------------------------------------------


def _need(table: Mapping[str, Any], key: str, where: str, kind: type = str, default: Any = None) -> Any:
    value = table.get(key, default)
    if value is None:
        raise LessonError(f"{where}: missing key {key!r}")
    if not isinstance(value, kind) or (isinstance(value, str) and not value.strip()):
        raise LessonError(f"{where}.{key}: expected {'non-empty text' if kind is str else kind.__name__}, "
                          f"got {value!r}")
    return value


def parse_lesson(data: Mapping[str, Any], path: str, pack: str = "") -> Lesson:
    """Validate one lesson's TOML table; ``LessonError`` names the file and the key."""
    where = path
    unknown = sorted(set(data) - LESSON_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(LESSON_KEYS))})")
    lesson_id = _need(data, "id", where)
    if not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", lesson_id):
        raise LessonError(f"{where}: id {lesson_id!r} must be lower-case letters, digits, '-', '_' or '.'")
    title = _need(data, "title", where)
    summary = _need(data, "summary", where)
    puzzle_name = _need(data, "puzzle", where)
    try:
        puzzle = puzzles.get(puzzle_name)
    except TutorError as err:
        raise LessonError(f"{where}: puzzle: {err}") from None
    raw_params = data.get("params", {})
    if not isinstance(raw_params, dict):
        raise LessonError(f"{where}: params: expected a table, got {raw_params!r}")
    if "allow_unsolvable" in data and not isinstance(data["allow_unsolvable"], bool):
        raise LessonError(f"{where}: allow_unsolvable: expected true or false")
    original = data
    slots = variant_slots(data)
    if slots:
        for key, (index, name, spec) in slots.items():
            _check_variant(puzzle, name, spec, _fixed(data, index), f"{where}: {key.rsplit('.', 1)[0]}"
                           if index is not None else where)
        drawn = draw_solvable(puzzle, data, slots, random.Random(0))
        if drawn is None:
            raise LessonError(f"{where}: params: no solvable variant in {VARIANT_TRIES} draws "
                              "(set allow_unsolvable = true if that is intended)")
        data = apply_variant(data, slots, drawn)
        raw_params = data.get("params", {})
    try:
        params = puzzle.make_params(raw_params)
    except TutorError as err:
        raise LessonError(f"{where}: params: {err}") from None
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{where}: steps: a lesson needs at least one [[steps]] entry")
    steps = tuple(_parse_step(raw, i, where, puzzle_name, raw_params) for i, raw in enumerate(raw_steps))
    order = data.get("order", 1000)
    if not isinstance(order, int):
        raise LessonError(f"{where}: order: expected a whole number, got {order!r}")
    full_id = f"{pack}/{lesson_id}" if pack else lesson_id
    raw_tags = data.get("tags", [])
    if not isinstance(raw_tags, list) or not all(isinstance(t, str) for t in raw_tags):
        raise LessonError(f"{where}: tags: expected a list of texts, got {raw_tags!r}")
    tags = tuple(raw_tags)
    return Lesson(full_id, title, summary, puzzle_name, params, steps, path, order, pack, tags,
                  {key: spec for key, (_, _, spec) in slots.items()}, original)


# -- variants --------------------------------------------------------------------------------


def _check_variant(puzzle: puzzles.Puzzle, name: str, spec: Any, raw: Mapping[str, Any], where: str) -> None:
    """Every value a variant can take must be a valid parameter value."""
    key = f"{where}: params.{name}"
    if isinstance(spec, list):
        if not spec:
            raise LessonError(f"{key}: an empty list of choices")
        values = spec
    elif "random" not in spec:
        lo, hi = spec.get("min"), spec.get("max")
        if not isinstance(lo, int) or not isinstance(hi, int) or lo > hi or set(spec) - {"min", "max"}:
            raise LessonError(f"{key}: a range is {{min = A, max = B}} with whole numbers A <= B "
                              "(or a puzzle's random table, {random = ...})")
        values = [lo, hi]
    else:
        try:
            fixed = {k: v for k, v in raw.items() if not isinstance(v, list | dict)}
            values = [puzzle.random_param(name, spec, random.Random(seed), fixed) for seed in range(3)]
        except TutorError as err:
            raise LessonError(f"{key}: {err}") from None
    for value in values:
        try:
            puzzle.make_params({**{k: v for k, v in raw.items() if not isinstance(v, list | dict)}, name: value})
        except TutorError as err:
            raise LessonError(f"{key}: {err}") from None


Slot = tuple[int | None, str, Any]  # (step index or None for the lesson, parameter name, spec)


def variant_slots(data: Mapping[str, Any]) -> dict[str, Slot]:
    """Every variant parameter: lesson-level ``name`` and step-level ``steps[i].name`` keys."""
    slots: dict[str, Slot] = {}
    params = data.get("params", {})
    if isinstance(params, dict):
        for name, spec in params.items():
            if isinstance(spec, list | dict):
                slots[name] = (None, name, spec)
    steps = data.get("steps")
    if isinstance(steps, list):
        for i, raw in enumerate(steps):
            step_params = raw.get("params") if isinstance(raw, dict) else None
            if isinstance(step_params, dict):
                for name, spec in step_params.items():
                    if isinstance(spec, list | dict):
                        slots[f"steps[{i + 1}].{name}"] = (i, name, spec)
    return slots


def _fixed(data: Mapping[str, Any], index: int | None, drawn: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The concrete parameters around a slot: the lesson's (and the step's), with values drawn so far."""
    drawn = drawn or {}
    out = {k: v for k, v in data.get("params", {}).items() if not isinstance(v, list | dict)}
    out.update({k: v for k, v in drawn.items() if "." not in k})
    if index is not None:
        step_params = data["steps"][index].get("params", {})
        out.update({k: v for k, v in step_params.items() if not isinstance(v, list | dict)})
        out.update({k.split(".", 1)[1]: v for k, v in drawn.items() if k.startswith(f"steps[{index + 1}].")})
    return out


def draw_variant(puzzle: puzzles.Puzzle, data: Mapping[str, Any], slots: Mapping[str, Slot],
                 rng: random.Random) -> dict[str, Any]:
    """One value for every variant slot: lesson-level first, and plain choices and ranges before puzzle
    random tables, so a random board sees the drawn size."""

    def order(item: tuple[str, Slot]) -> tuple[bool, bool, str]:
        key, (index, _, spec) = item
        return index is not None, isinstance(spec, dict) and "random" in spec, key

    out: dict[str, Any] = {}
    for key, (index, name, spec) in sorted(slots.items(), key=order):
        if isinstance(spec, list):
            out[key] = rng.choice(spec)
        elif "random" not in spec:
            out[key] = rng.randint(spec["min"], spec["max"])
        else:
            out[key] = puzzle.random_param(name, spec, rng, _fixed(data, index, out))
    return out


def apply_variant(data: Mapping[str, Any], slots: Mapping[str, Slot], drawn: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of the lesson's TOML with every variant slot replaced by its drawn value."""
    out = {**data, "params": dict(data.get("params", {}))}
    steps = [dict(s) if isinstance(s, dict) else s for s in data.get("steps", [])]
    for key, (index, name, _) in slots.items():
        if index is None:
            out["params"][name] = drawn[key]
        else:
            steps[index] = {**steps[index], "params": {**steps[index].get("params", {}), name: drawn[key]}}
    out["steps"] = steps
    return out


def draw_solvable(puzzle: puzzles.Puzzle, data: Mapping[str, Any], slots: Mapping[str, Slot],
                  rng: random.Random) -> dict[str, Any] | None:
    """Draw until the lesson's and each varied step's puzzle is solvable (or ``allow_unsolvable``)."""
    allow = bool(data.get("allow_unsolvable"))
    targets = {index for index, _, _ in slots.values()}
    for _ in range(VARIANT_TRIES):
        drawn = draw_variant(puzzle, data, slots, rng)
        if allow:
            return drawn
        concrete = apply_variant(data, slots, drawn)
        if all(puzzle.solvable(puzzle.make_params(_fixed(concrete, index))) is not False for index in targets):
            return drawn
    return None


def variant_seed(profile: str, lesson_id: str) -> int:
    """The seed of a learner's variant of a lesson: fixed by their profile (or --seed) and the lesson."""
    digest = hashlib.sha256(f"{profile}:{lesson_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def instantiate(lesson: Lesson, seed: int) -> Lesson:
    """The lesson with every variant parameter drawn from ``seed`` (solvable unless allowed otherwise)."""
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


def _parse_step(raw: Any, index: int, file: str, puzzle_name: str, lesson_params: Mapping[str, Any]) -> Step:
    where = f"{file}: steps[{index + 1}]"
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: expected a table, got {raw!r}")
    unknown = sorted(set(raw) - STEP_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(STEP_KEYS))})")
    if ("say" in raw) == ("ask" in raw):
        raise LessonError(f"{where}: a step has exactly one of 'say' (text) or 'ask' (a question)")
    puzzle = puzzles.get(puzzle_name)
    params: Mapping[str, Any] = puzzle.make_params(lesson_params)
    if "params" in raw:
        if not isinstance(raw["params"], dict):
            raise LessonError(f"{where}.params: expected a table, got {raw['params']!r}")
        try:
            params = puzzle.make_params({**lesson_params, **raw["params"]})
        except TutorError as err:
            raise LessonError(f"{where}.params: {err}") from None
    hints = raw.get("hints", [])
    if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints):
        raise LessonError(f"{where}.hints: expected a list of texts, got {hints!r}")
    for i, hint in enumerate(hints, 1):
        if not hint.strip():
            raise LessonError(f"{where}.hints[{i}]: empty hint")
        _check_placeholders(hint, puzzle, f"{where}.hints[{i}]")
    if "say" in raw:
        text = _need(raw, "say", where)
        for key in ("answer", "compute", "options", "reference", "mistakes", "goal", "explore", "hints",
                    "success"):
            if key in raw:
                raise LessonError(f"{where}.{key}: only ask steps take {key!r}")
        _check_placeholders(text, puzzle, f"{where}.say")
        return Step(index, "say", text, params, hints=tuple(hints), title=str(raw.get("title", "")))
    text = _need(raw, "ask", where)
    _check_placeholders(text, puzzle, f"{where}.ask")
    answer = _need(raw, "answer", where)
    kinds = (*BUILTIN_ANSWERS, *puzzle.answer_kinds)
    if answer not in kinds:
        raise LessonError(f"{where}.answer: {answer!r} is not an answer kind of puzzle {puzzle_name!r} "
                          f"(known: {', '.join(kinds)})")
    compute = raw.get("compute")
    options = raw.get("options", [])
    if answer in BUILTIN_ANSWERS:
        if not isinstance(compute, str):
            raise LessonError(f"{where}.compute: a {answer} step needs the engine quantity that gives its "
                              f"answer (known: {', '.join(puzzle.quantities)})")
        if compute not in puzzle.quantities:
            raise LessonError(f"{where}.compute: unknown quantity {compute!r} for puzzle {puzzle_name!r} "
                              f"(known: {', '.join(puzzle.quantities)})")
    elif compute is not None:
        raise LessonError(f"{where}.compute: only number and choice steps take 'compute'")
    if answer == "choice":
        if not isinstance(options, list) or len(options) < 2 or not all(isinstance(o, str) for o in options):
            raise LessonError(f"{where}.options: a choice step needs a list of at least two texts")
    elif options:
        raise LessonError(f"{where}.options: only choice steps take 'options'")
    mistakes = tuple(_parse_mistake(m, f"{where}.mistakes[{i}]") for i, m in enumerate(raw.get("mistakes", []), 1))
    for i, mistake in enumerate(mistakes, 1):
        _check_placeholders(mistake.say, puzzle, f"{where}.mistakes[{i}].say")
    goal = raw.get("goal", "win")
    if goal not in ("win", "explore"):
        raise LessonError(f"{where}.goal: expected 'win' or 'explore', got {goal!r}")
    if answer != "play":
        for key in ("goal", "explore"):
            if key in raw:
                raise LessonError(f"{where}.{key}: only play steps take {key!r}")
    elif "explore" in raw and goal != "explore":
        raise LessonError(f"{where}.explore: 'explore' needs goal = \"explore\"")
    if answer in BUILTIN_ANSWERS and "reference" in raw:
        raise LessonError(f"{where}.reference: a {answer} step's answer is computed (compute = ...), "
                          "it takes no reference")
    explore = raw.get("explore", 0)
    if goal == "explore" and (not isinstance(explore, int) or explore < 1):
        raise LessonError(f"{where}.explore: an explore step needs the number of moves to make (>= 1)")
    reference = raw.get("reference")
    if reference is not None and not isinstance(reference, str):
        raise LessonError(f"{where}.reference: expected text, got {reference!r}")
    success = raw.get("success", "")
    if not isinstance(success, str):
        raise LessonError(f"{where}.success: expected text, got {success!r}")
    return Step(index, "ask", text, params, answer, compute, tuple(options), tuple(hints), reference,
                mistakes, success, goal, explore if goal == "explore" else 0, str(raw.get("title", "")))


def _parse_mistake(raw: Any, where: str) -> Mistake:
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: expected a table with 'match' or 'pattern' and 'say'")
    unknown = sorted(set(raw) - MISTAKE_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r} (known: match, pattern, say)")
    say = _need(raw, "say", where)
    if ("match" in raw) == ("pattern" in raw):
        raise LessonError(f"{where}: give exactly one of 'match' (an answer) or 'pattern' (a regex)")
    if "pattern" in raw:
        try:
            re.compile(raw["pattern"])
        except re.error as err:
            raise LessonError(f"{where}.pattern: not a valid regular expression: {err}") from None
        return Mistake(say, pattern=raw["pattern"])
    return Mistake(say, match=_need(raw, "match", where))


def _check_placeholders(text: str, puzzle: puzzles.Puzzle, where: str) -> None:
    params = {spec.name for spec in puzzle.param_specs}
    for name in PLACEHOLDER.findall(text):
        if name not in puzzle.quantities and name not in params:
            raise LessonError(f"{where}: unknown quantity {{{{{name}}}}} for puzzle {puzzle.name!r} "
                              f"(known: {', '.join(puzzle.quantities)}; or a parameter: {', '.join(sorted(params))})")


def toml_value(value: Any) -> str:
    """A parameter value as TOML (strings, whole numbers, booleans)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value))


def fill(text: str, puzzle_name: str, params: Mapping[str, Any]) -> str:
    """Replace ``{{quantity}}`` with the engine's value for these parameters (``{{param}}`` with its value)."""
    puzzle = puzzles.get(puzzle_name)

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in puzzle.quantities or name not in params:
            return str(puzzle.quantity(params, name))
        return str(params[name])

    return PLACEHOLDER.sub(value, text).strip()


# -- loading --------------------------------------------------------------------------------


def bundled_root() -> Path:
    """The folder of bundled lessons: inside the installed package, or lessons/ in a checkout."""
    try:
        from importlib.resources import files

        root = Path(str(files("tutor.lessons")))
        if root.is_dir():
            return root
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent / "lessons"


def lesson_files(root: Path) -> list[Path]:
    """Every lesson file under ``root`` (a file or a folder), sorted; pack.toml excluded."""
    if root.is_file():
        return [root]
    return sorted(p for p in root.rglob("*.toml") if p.name != "pack.toml")


def extra_dirs(cli_dirs: Iterable[str] = ()) -> list[Path]:
    """Instructors' folders: TUTOR_LESSONS (os.pathsep-separated) then --lessons DIR."""
    env = os.environ.get("TUTOR_LESSONS", "")
    dirs = [Path(d) for d in env.split(os.pathsep) if d.strip()]
    dirs += [Path(d) for d in cli_dirs]
    for d in dirs:
        if not d.exists():
            raise LessonError(f"lesson folder {str(d)!r} does not exist")
    return dirs


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(f"{path}: not valid TOML: {err}") from None
    except OSError as err:
        raise LessonError(f"{path}: cannot read: {err.strerror}") from None


def load_file(path: Path, pack: str = "") -> Lesson:
    """Read and validate one lesson file."""
    return parse_lesson(_read_toml(path), str(path), pack)


@dataclass(frozen=True)
class Pack:
    """A course: a folder with a pack.toml; its lessons' ids are ``id/lesson``."""

    id: str
    title: str
    path: str
    order: tuple[str, ...] = ()  # lesson ids (without the pack prefix), in course order
    welcome: str = ""
    final: str = ""
    summary: str = ""


def load_pack(path: Path) -> Pack:
    """Read and validate a pack.toml."""
    data = _read_toml(path)
    where = str(path)
    unknown = sorted(set(data) - PACK_KEYS)
    if unknown:
        raise LessonError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(PACK_KEYS))})")
    pack_id = data.get("id", path.parent.name)
    if not isinstance(pack_id, str) or not re.fullmatch(r"[a-z0-9][a-z0-9_.-]*", pack_id):
        raise LessonError(f"{where}: id {pack_id!r} must be lower-case letters, digits, '-', '_' or '.'")
    title = _need(data, "title", where)
    order = data.get("order", [])
    if not isinstance(order, list) or not all(isinstance(o, str) for o in order):
        raise LessonError(f"{where}: order: expected a list of lesson ids")
    texts = {}
    for key in ("welcome", "final", "summary"):
        value = data.get(key, "")
        if not isinstance(value, str):
            raise LessonError(f"{where}: {key}: expected text, got {value!r}")
        texts[key] = value.strip()
    return Pack(pack_id, title, where, tuple(order), **texts)


@dataclass
class Catalog:
    """Every loaded lesson by id, the packs, in course order, and the errors met while loading."""

    lessons: dict[str, Lesson] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    packs: dict[str, Pack] = field(default_factory=dict)

    def add(self, lesson: Lesson) -> None:
        """Add a lesson; a clashing id is recorded as an error naming both files."""
        if lesson.id in self.lessons:
            other = self.lessons[lesson.id].path
            self.errors.append(f"{lesson.path}: id {lesson.id!r} is already used by {other}")
            return
        self.lessons[lesson.id] = lesson

    def add_pack(self, pack: Pack) -> bool:
        """Add a pack; a clashing pack id is an error (its lessons would collide)."""
        if pack.id in self.packs:
            self.errors.append(f"{pack.path}: pack id {pack.id!r} is already used by {self.packs[pack.id].path}")
            return False
        self.packs[pack.id] = pack
        return True

    def _rank(self, lesson: Lesson) -> tuple[Any, ...]:
        family = {name: i for i, name in enumerate(puzzles.names())}
        if lesson.pack:
            pack = self.packs.get(lesson.pack)
            short = lesson.id.split("/", 1)[1]
            position = pack.order.index(short) if pack and short in pack.order else len(pack.order) if pack else 0
            return (1, lesson.pack, position, lesson.order, lesson.id)
        return (0, "", family.get(lesson.puzzle, 99), lesson.order, lesson.id)

    def ordered(self) -> list[Lesson]:
        """Lessons in course order: loose lessons by puzzle family, then each pack in its own order."""
        return sorted(self.lessons.values(), key=self._rank)

    def pack_lessons(self, pack: str) -> list[Lesson]:
        """A pack's lessons in course order."""
        return [les for les in self.ordered() if les.pack == pack]

    def find(self, name: str) -> Lesson:
        """A lesson by id, by number in the course list (``1``), or by unique id prefix or short id."""
        name = name.strip()
        if name in self.lessons:
            return self.lessons[name]
        ordered = self.ordered()
        if name.isdecimal() and name.isascii() and 1 <= int(name) <= len(ordered):
            return ordered[int(name) - 1]
        matches = [les for les in ordered if les.id.startswith(name) or les.id.split("/")[-1] == name]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise LessonError(f"no lesson {name!r} (see /lessons)")
        raise LessonError(f"{name!r} could be {', '.join(les.id for les in matches[:5])}: say which")


def load_roots(roots: Iterable[Path], catalog: Catalog | None = None) -> Catalog:
    """Load lesson files and packs under each root; bad files become errors, not crashes."""
    catalog = catalog if catalog is not None else Catalog()
    for root in roots:
        if not root.exists():
            catalog.errors.append(f"{root}: no such file or folder")
            continue
        pack_dirs: dict[Path, str] = {}
        if root.is_dir():
            for pack_file in sorted(root.rglob("pack.toml")):
                try:
                    pack = load_pack(pack_file)
                except TutorError as err:
                    catalog.errors.append(str(err))
                    continue
                if catalog.add_pack(pack):
                    pack_dirs[pack_file.parent] = pack.id
        elif root.name == "pack.toml":
            continue
        files = lesson_files(root)
        if not files and not pack_dirs:
            catalog.errors.append(f"{root}: no lesson files (*.toml) found")
        for path in files:
            owner = next((pid for d, pid in pack_dirs.items() if d in path.parents), "")
            try:
                catalog.add(load_file(path, owner))
            except TutorError as err:
                catalog.errors.append(str(err))
    for pack in catalog.packs.values():
        for short in pack.order:
            if f"{pack.id}/{short}" not in catalog.lessons:
                catalog.errors.append(f"{pack.path}: order: no lesson {short!r} in pack {pack.id!r}")
    return catalog


def load_catalog(cli_dirs: Iterable[str] = (), include_bundled: bool = True) -> Catalog:
    """Load bundled lessons and instructors' folders (``--lessons``, ``TUTOR_LESSONS``)."""
    roots = ([bundled_root()] if include_bundled else []) + extra_dirs(cli_dirs)
    return load_roots(roots)
