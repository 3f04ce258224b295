"""``tutor lint``: validate lessons and run their answers through the engines.

Every problem of a file is found in one run.  The shape of the file first (``tutor.course.parse.checked``: every
key of every table, a step with a problem replaced by a stand-in so the others are still checked), then what the
engines say, each step checking itself (``Step.lint``):
* every ask step has a correct answer the engine accepts: the authored
  ``reference``, or the engine's own computed one (a step whose puzzle has no
  winning answer, such as three coins, must be a number/choice/explore step);
* every declared mistake parses and is judged wrong (a "mistake" the engine
  accepts would teach a false misconception), and each can be said: a ``pattern`` matches some wrong answer the
  engine reads that no earlier mistake catches first (``tutor.lint.mistakes``);
* number/choice answers compute, and a choice's computed value is an option;
* every ``{{quantity}}`` in the text computes;
* for lessons with seeded variants, a sample of variants passes all of the above: a problem is reported once,
  naming the variants it holds for when it does not hold for all of them.
Problems are values (``tutor.lint.problems.Problem``) with the file, line and column of their key.  Each lesson
is checked within its work budget (``lint_seconds``, docs/limits.md): a lesson that uses it up is reported, and
the others are still checked.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path

from tutor import puzzles
from tutor.course import Catalog, Lesson, LessonTemplate, Step, bundled_root, load_roots
from tutor.course.catalog import _read_toml, toml_files
from tutor.course.lines import with_line
from tutor.course.parse import checked
from tutor.course.schema import SayFile
from tutor.course.shape import STAND_IN
from tutor.course.text import toml_value
from tutor.errors import TooLarge, TutorError
from tutor.limits import LINT_SECONDS, checkpoint, lesson_budget
from tutor.lint.authored import authored_giveaways
from tutor.lint.invisible import invisible
from tutor.lint.locate import KeyPath, Place, place, positions
from tutor.lint.mistakes import mistake_problems
from tutor.lint.packs import failed_packs, pack_problems
from tutor.lint.problems import Problem, file_of, parse
from tutor.lint.recover import recovered
from tutor.lint.reviews import review_problems, unreviewable
from tutor.screen.text import controls_in
from tutor.storage.paths import record_crash

VARIANT_SAMPLE = 6  # variants drawn per lesson with seeded parameters (seeds 0 to 5)
LINE_NOTE = re.compile(r" \(line \d+\)$")


def lint_step(lesson: Lesson, step: Step) -> list[str]:
    """Every problem with one step, each as ``file: steps[i].key: message`` (the step's own checks)."""
    return [f"{lesson.path}: {step.key}{problem}" for problem in [*step.lint(), *mistake_problems(step)]]


def lint_lesson(lesson: Lesson, replaced: set[int] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """Every problem in one built lesson variant (the steps in ``replaced`` are stand-ins: not checked)."""
    errors: list[str] = []
    if not lesson.required and not replaced:
        errors.append(f"{lesson.path}: steps: a lesson needs at least one ask step")
    for step in lesson.steps:
        checkpoint()
        if step.index not in replaced:
            errors += lint_step(lesson, step)
    return errors + authored_giveaways(lesson, replaced) + review_problems(lesson, replaced)


def stand_in(template: LessonTemplate, index: int) -> LessonTemplate:
    """``template`` with step ``index`` replaced by a say step that builds whatever the puzzle (its own problem is
    reported already), so the other steps keep their numbers and are still built and checked."""
    steps = list(template.steps)
    steps[index] = SayFile(say=STAND_IN)
    tables = replace(template.tables, steps=tuple(({}, {}) if i == index else t
                                                    for i, t in enumerate(template.tables.steps)))
    return replace(template, steps=tuple(steps), tables=tables)


def build(template: LessonTemplate, seed: int, replaced: set[int]) -> tuple[Lesson | None, list[str]]:
    """The variant of ``seed`` built, each step that does not build reported and replaced by a stand-in (added to
    ``replaced``), each bad lesson-level parameter or argument reported and left out (the steps it affects added
    to ``replaced``: built, not run through the engine, ``tutor.lint.recover``); None when what does not build is
    neither (a variant that cannot be drawn)."""
    problems: list[str] = []
    affected: set[int] = set()
    step_error = re.compile(rf"{re.escape(template.path)}: steps\[(\d+)\]")
    tables = template.tables
    for _ in range(len(template.steps) + len(tables.params) + len(tables.args) + 1):
        lesson = template.instantiate(seed)
        try:
            lesson.built  # noqa: B018 - exactly what opening the lesson does, within the same budget
        except TooLarge:
            raise
        except TutorError as err:
            found = step_error.match(str(err))
            fixed = None if found else recovered(template, str(err))
            if fixed is not None:
                problems += fixed.problems
                affected |= fixed.affected - replaced
                template = fixed.template
                continue
            index = None if found is None else int(found.group(1)) - 1
            if index is None or index in replaced:
                return None, problems + [str(err)]
            problems.append(str(err))
            replaced.add(index)
            template = stand_in(template, index)
            continue
        if replaced:  # an argument only a replaced step took is not unused
            problems = [p for p in problems if not re.match(rf"{re.escape(template.path)}: args\.\S+: no step", p)]
        replaced |= affected
        return lesson, problems
    return None, problems


def lint_template(template: LessonTemplate, replaced: set[int]) -> list[str]:
    """Every problem in a lesson and in a sample of its variants, each once: a problem that holds for some
    sampled variants but not all names them."""
    errors = controls(template) + invisible(template)
    seeds = range(VARIANT_SAMPLE if template.tables.slots() else 1)
    held: dict[str, list[str]] = {}
    for seed in seeds:
        checkpoint()
        stood_in = set(replaced)
        lesson, problems = build(template, seed, stood_in)
        label = "" if lesson is None else ", ".join(f"{k} = {toml_value(v)}" for k, v in lesson.variant.items())
        if lesson is not None:
            problems += lint_lesson(lesson, stood_in)
        for problem in problems:
            held.setdefault(LINE_NOTE.sub("", problem), []).append(label)
        if lesson is None:
            seeds = range(seed + 1)
            break
    for problem, labels in same_but_why(held).items():
        named = [label for label in dict.fromkeys(labels) if label]
        if len(labels) < len(seeds) and named:
            problem += f" (in variant{'s' if len(named) > 1 else ''} {'; '.join(named)})"
        errors.append(problem)
    return errors


REASON = re.compile(r"(.*?(?:cannot be completed|the engine finds none)): (.*?)((?: \(use goal = \"explore\"\))?)$")


def same_but_why(held: dict[str, list[str]]) -> dict[str, list[str]]:
    """The problems held by variants, with "no correct answer" problems that differ only in the engine's reason
    (each variant's own certificate) merged into one without it: a reason true of one variant is not said of
    all."""
    merged: dict[str, list[str]] = {}
    reasons: dict[str, set[str]] = {}
    for problem, labels in held.items():
        found = REASON.fullmatch(problem)
        key = problem if found is None else found.group(1) + found.group(3)
        merged.setdefault(key, []).extend(labels)
        reasons.setdefault(key, set()).add(problem)
    return {next(iter(reasons[key])) if len(reasons[key]) == 1 else key: labels for key, labels in merged.items()}


def misconception_lines(lesson: Lesson) -> list[str]:
    """Each step's misconceptions, with the value each gives in this lesson (``tutor lint --misconceptions``)."""
    lines = []
    for step in lesson.steps:
        ideas = step.misconceptions()
        if ideas:
            listed = "; ".join(f"{name} -> {value!r}" for name, value in ideas)
            lines.append(f"{lesson.id} {step.key} ({step.label}): {listed}")
    return lines


def lint_paths(paths: Iterable[str], each: Callable[[int, int], None] | None = None, *, bundled: bool = True,
               crashes: Path | None = None) -> tuple[int, list[str]]:
    """``lint_problems`` with each problem as one line of text (``FILE:LINE:COLUMN: KEY: message``)."""
    count, problems = lint_problems(paths, each, bundled=bundled, crashes=crashes)
    return count, [p.text() for p in problems]


def lint_problems(paths: Iterable[str], each: Callable[[int, int], None] | None = None, *, bundled: bool = True,
                  crashes: Path | None = None) -> tuple[int, list[Problem]]:
    """Lint lesson files/folders (default: the bundled lessons); ``each(done, total)`` is called after each
    lesson (a progress bar).  ``bundled``: whether a review may be served from the bundled course beside them (not
    after ``--no-bundled``); ``crashes``: the tutor's data folder, for the crash log of a bug an odd lesson triggers
    (and where what the bundled course can review is kept between runs, ``tutor.lint.kept``).

    Returns (number of lesson files checked, problems).
    """
    roots = [Path(p) for p in paths] or [bundled_root()]
    catalog = load_roots(roots, crashes=crashes)
    loaded = {lesson.path for lesson in catalog.lessons.values()}
    failed = [f for f in lesson_files(roots) if f not in loaded]
    packs = {str(Path(pack.path).parent): pack.id for pack in catalog.packs.values()}
    jobs: list[tuple[str, Callable[[], list[str]]]] = [
        *((lesson.path, lambda lesson=lesson: lint_template(lesson.template, set())) for lesson in catalog.ordered()),
        *((f, lambda f=f: reread(f, next((pid for d, pid in packs.items() if Path(d) in Path(f).parents), "")))
          for f in failed)]
    errors = list(catalog.errors) + pack_tests(catalog) + unreviewable(catalog, roots, bundled, crashes)
    for pack in failed_packs(roots, catalog):  # the whole story replaces the loader's first problem
        errors = [e for e in errors if file_of(e, [str(pack)])[0] != str(pack)] + pack_problems(pack)
    for number, (path, job) in enumerate(jobs, 1):
        found = guarded(path, job, crashes)
        if path in failed and found:  # the full story replaces the loader's first problem
            errors = [e for e in errors if file_of(e, [path])[0] != path]
        errors += found
        if each is not None:
            each(number, len(jobs))
    errors += clashes(failed, catalog, packs)
    files = {*loaded, *failed, *catalog.unread, *(pack.path for pack in catalog.packs.values()), *map(str, roots),
             *(str(root / "pack.toml") for root in roots if (root / "pack.toml").is_file())}
    where = Locator()
    problems = list(dict.fromkeys(parse(e, files, where) for e in dict.fromkeys(errors)))
    order = {file: i for i, file in enumerate(dict.fromkeys(p.file for p in problems))}
    return len(jobs), sorted(problems, key=lambda p: (order[p.file], p.line, p.column))


def pack_tests(catalog: Catalog) -> list[str]:
    """Each pack's pretest and posttest ask about the same skills (their steps' ``skills()``); a lesson that
    cannot be built is reported with its own problems, not here."""
    errors = []
    for pack in catalog.packs.values():
        ids = pack.test_ids()
        if ids is None or not all(i in catalog.lessons for i in ids):
            continue  # a missing lesson is the catalogue's error
        try:
            pre, post = ({s for step in catalog.lessons[i].steps for s in step.skills()} for i in ids)
        except TutorError:
            continue
        parts = [f"only the {which} asks about {', '.join(sorted(only))}"
                 for which, only in (("pretest", pre - post), ("posttest", post - pre)) if only]
        if parts:
            errors.append(f"{pack.path}: posttest: the pretest and the posttest must ask about the same skills: "
                          + "; ".join(parts))
    return errors


def clashes(failed: Iterable[str], catalog: Catalog, packs: dict[str, str]) -> list[str]:
    """Each lesson file that did not load whose id a loaded lesson has (the loader sees no clash: the file it
    refused is not in the catalogue)."""
    found = []
    for path in failed:
        pack = next((pid for d, pid in packs.items() if Path(d) in Path(path).parents), "")
        try:
            short = _read_toml(Path(path)).get("id")
        except TutorError:
            continue
        full = f"{pack}/{short}" if pack and isinstance(short, str) else short
        if isinstance(full, str) and full in catalog.lessons:
            found.append(f"{path}: id: id {full!r} is already used by {catalog.lessons[full].path}")
    return found


def lesson_files(roots: Iterable[Path]) -> list[str]:
    """Every lesson file under ``roots`` (pack.toml files are packs, not lessons)."""
    found: list[str] = []
    for root in roots:
        try:
            files = toml_files(root) if root.is_dir() else [root] if root.exists() else []
        except TutorError:
            continue  # reported by the catalog
        found += [str(f) for f in files if f.name != "pack.toml"]
    return found


def reread(path: str, pack: str) -> list[str]:
    """Every problem of a lesson file that did not load: its shape, then what the engines say of the rest."""
    problems, template, replaced = checked(_read_toml(Path(path)), path, pack)
    problems = [with_line(path, p) for p in problems]
    return problems + ([] if template is None else lint_template(template, replaced))


def guarded(path: str, job: Callable[[], list[str]], crashes: Path | None = None) -> list[str]:
    """``job``'s problems within the lint budget of one lesson; what stops it is one more problem (a bug, logged in
    the crash log of the folder ``crashes``)."""
    try:
        with lesson_budget(LINT_SECONDS, path):
            return job()
    except TooLarge as err:
        return [f"{err} (lint stopped here)"]
    except TutorError as err:
        return [str(err)]
    except Exception as err:  # a bug an odd lesson triggers: logged; the other lessons are still checked
        log = record_crash(err, f"tutor lint {path}", crashes)
        return [f"{path}: internal error while checking ({type(err).__name__}: {err})"
                + (f"; the details are in {log}" if log else "")]


class Locator:
    """Where keys are written: each file's key paths read once."""

    def __init__(self) -> None:
        self.files: dict[str, dict[KeyPath, Place]] = {}

    def __call__(self, file: str, key: str) -> Place | None:
        if file not in self.files:
            try:
                self.files[file] = positions(Path(file).read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError):
                self.files[file] = {}
        return place(self.files[file], key)


def controls(template: LessonTemplate) -> list[str]:
    """Control characters in the lesson's text (an escape sequence would act on the learner's terminal if the
    tutor did not show it escaped), each with its key."""
    import msgspec

    found = strings(msgspec.to_builtins(template.file), "")
    for i, step in enumerate(template.steps, 1):
        found += strings(msgspec.to_builtins(step), f"steps[{i}].")
    return [f"{template.path}: {key}: control character {escape} (the learner would see {escape!r}; write what it "
            "should say instead)" for key, escape in found]


def strings(data: object, key: str) -> list[tuple[str, str]]:
    """(key, first control character) for each string in ``data`` that holds one."""
    match data:
        case str():
            spots = controls_in(data)
            return [(key.rstrip("."), spots[0][2])] if spots else []
        case dict():
            return [hit for name, value in data.items() if name != "steps"
                    for hit in strings(value, f"{key}{name}.")]
        case list():
            return [hit for i, value in enumerate(data, 1) for hit in strings(value, f"{key.rstrip('.')}[{i}].")]
    return []


def missing_explanations() -> dict[str, list[str]]:
    """For every family, the quantities whose explanation or refutation slot is still empty."""
    out: dict[str, list[str]] = {}
    for puzzle in puzzles.all_puzzles():
        out[puzzle.name] = [name for name, q in puzzle.quantities.items() if q.explain is None or q.refute is None]
    return out
