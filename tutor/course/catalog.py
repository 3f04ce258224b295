"""Finding and loading lessons: bundled ones, instructors' folders, packs, and the catalog.

Bundled lessons ship inside the package (``tutor.lessons``); instructors add
folders with ``--lessons DIR`` or ``TUTOR_LESSONS`` (``tutor.settings`` reads them),
and leave the bundled ones out with ``--no-bundled`` or a pack's ``bundled = false``.
A folder with a ``pack.toml`` (id, title, order, welcome, final) is a course; its
lessons' ids are namespaced ``pack/lesson``, so packs never collide.  A file that
cannot be loaded becomes an error in the catalog, never a crash: only regular
files are read (a FIFO or a device named ``*.toml`` is reported, not opened), at
most ``lesson_bytes`` of UTF-8 nested ``lesson_depth`` deep, and each lesson
loads within its work budget (``lesson_seconds``, docs/limits.md).
"""

from __future__ import annotations

import os
import time
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor import puzzles
from tutor.course import heads
from tutor.course.lesson import Lesson, LessonTemplate
from tutor.course.lines import with_line
from tutor.course.model import Pack
from tutor.course.prescan import prescan
from tutor.errors import LessonError, TutorError
from tutor.limits import (
    CATALOG_SECONDS,
    FOLDER_DEPTH,
    FOLDER_ENTRIES,
    ID_CHARS,
    INT_DIGITS,
    LESSON_BYTES,
    LESSON_DEPTH,
    LESSON_FILES,
    LESSON_SECONDS,
    lesson_budget,
    nesting,
)
from tutor.screen.text import plural, shorten_path
from tutor.storage.files import read_text
from tutor.storage.paths import record_crash


def bundled_root() -> Path:
    """The folder of bundled lessons: inside the installed package, or lessons/ in a checkout."""
    try:
        from importlib.resources import files

        root = Path(str(files("tutor.lessons")))
        if root.is_dir():
            return root
    except ModuleNotFoundError:
        pass
    return Path(__file__).resolve().parent.parent.parent / "lessons"


TAPLO = "taplo.toml"  # Taplo's configuration (or .taplo.toml, hidden), which `tutor new` writes beside lessons


def walk_toml(root: Path) -> tuple[list[Path], list[Path]]:
    """Every ``*.toml`` under the folder ``root``, sorted, except hidden files and folders and Taplo's
    configuration, and apart from them the links among them to files outside ``root``: (files, links out).
    Symbolic links to folders are not followed (no loops); a link out of the folder is listed, never read (a pack
    reads, and echoes, only files it holds); at most ``lesson_files`` files (``TooLarge`` past that)."""
    found: list[Path] = []
    out: list[Path] = []
    seen = 0
    top = len(root.parts)
    inside = os.path.join(os.path.realpath(root), "")
    for folder, dirs, files in os.walk(root, onerror=None, followlinks=False):
        seen += len(dirs) + len(files)
        FOLDER_ENTRIES.check(seen, f"{shorten_path(str(root))} holds more than {FOLDER_ENTRIES.value:,} files and "
                                   "folders")
        if len(Path(folder).parts) - top >= FOLDER_DEPTH.value:
            dirs.clear()  # deeper folders are not lesson folders: not walked
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))  # .git, .vscode: never lessons
        for path in (Path(folder) / f for f in files if f.endswith(".toml") and not f.startswith(".") and f != TAPLO):
            leaves = path.is_symlink() and not os.path.realpath(path).startswith(inside)
            (out if leaves else found).append(path)
        LESSON_FILES.check(len(found), f"{root} holds more than {LESSON_FILES.value:,} *.toml files")
    return sorted(found), sorted(out)


def toml_files(root: Path) -> list[Path]:
    """The files of ``walk_toml``: every ``*.toml`` under ``root`` that is read, links out of it left out."""
    return walk_toml(root)[0]


def link_out(path: Path) -> str:
    """The one line that names a lesson file linked from outside its pack folder, which is not read."""
    return f"{path}: a link out of the pack, not followed (a lesson folder reads only the files it holds)"


def extra_dirs(folders: Iterable[str] = ()) -> list[Path]:
    """Instructors' folders (``Settings.lessons``: TUTOR_LESSONS's, then each --lessons DIR), each one that exists,
    else ``LessonError``."""
    dirs = [Path(d) for d in folders]
    for d in dirs:
        if not d.exists():
            raise LessonError(f"lesson folder {str(d)!r} does not exist")
    return dirs


def _read_toml(path: Path, text: str | None = None) -> dict[str, Any]:
    """A lesson file's table (``text``: the file's text, already read): a regular UTF-8 file within the size and
    nesting limits, else ``LessonError``."""
    if text is None:
        text = read_text(str(path), LESSON_BYTES, LessonError)
    prescan(text, str(path))  # tomllib is quadratic in a key's dotted parts: bounded before it runs
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise LessonError(f"{path}: not valid TOML: {err}") from None
    except RecursionError:  # tomllib recurses once per nested array or inline table
        raise LESSON_DEPTH.error(f"{path} nests its arrays or tables too deeply") from None
    except ValueError:  # tomllib converts numbers with int(): Python refuses more than 4,300 digits
        raise INT_DIGITS.error(f"{path} has a number of more than {INT_DIGITS.value:,} digits") from None
    depth = nesting(data)
    LESSON_DEPTH.check(depth, f"{path} nests its tables and arrays {depth} deep")
    return data


def load_file(path: Path, pack: str = "") -> Lesson:
    """Read and validate one lesson file (its steps are built when first needed); an error names the line of the
    key it is about where it can."""
    from tutor.course.parse import parse_template  # the steps and the puzzles: only when a file is parsed

    text = read_text(str(path), LESSON_BYTES, LessonError)
    known = (str(path), pack, puzzles.installed_key(), text)
    template = _LOADED.get(known)
    if template is None:
        try:
            template = parse_template(_read_toml(path, text), str(path), pack)
        except LessonError as err:
            raise LessonError(with_line(str(path), str(err))) from None
        if len(_LOADED) >= LOADED_KEEP:
            del _LOADED[next(iter(_LOADED))]  # the oldest
        _LOADED[known] = template
    return template.instantiate(0)  # a lesson of its own: its steps are built for it, never shared


LOADED_KEEP = 256  # lesson files kept parsed in one process
# Every lesson file parsed in this process, by its path, pack, the installed families and its whole text: the same
# file read again (another catalogue in the same process: each graded submission, each lint or test session) is
# not parsed or validated again (a template is never changed once parsed).  A changed byte is a new key.
_LOADED: dict[tuple[str, str, str, str], LessonTemplate] = {}


@dataclass(frozen=True)
class FileSource:
    """A lesson listed from the catalogue cache: its file is parsed, within the lesson work budget, when the
    lesson is first opened (``LessonError`` then, if it no longer loads)."""

    path: Path
    pack: str = ""

    def __call__(self) -> LessonTemplate:
        """The lesson file parsed now."""
        with lesson_budget(LESSON_SECONDS, str(self.path)):
            return load_file(self.path, self.pack).template


def load_pack(path: Path) -> Pack:
    """Read and validate a pack.toml."""
    from tutor.course.parse import parse_pack

    return parse_pack(_read_toml(path), str(path), path.parent.name)


@dataclass
class Catalog:
    """Every loaded lesson by id, the packs, in course order, and the errors met while loading."""

    lessons: dict[str, Lesson] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    packs: dict[str, Pack] = field(default_factory=dict)
    families: list[str] = field(default_factory=list)  # the puzzle families in course order, when cached
    unread: list[str] = field(default_factory=list)  # lesson files linked from outside their folder: named, not read

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
        family = {name: i for i, name in enumerate(self.families or puzzles.names())}
        if lesson.pack:
            pack = self.packs.get(lesson.pack)
            short = lesson.id.split("/", 1)[1]
            position = pack.order.index(short) if pack and short in pack.order else len(pack.order) if pack else 0
            return (1, lesson.pack, position, lesson.order, lesson.id)
        return (0, "", family.get(lesson.puzzle, 99), lesson.order, lesson.id)

    def ordered(self) -> list[Lesson]:
        """Lessons in course order: loose lessons by puzzle family, then each pack in its own order."""
        return sorted(self.lessons.values(), key=self._rank)

    def size_text(self) -> str:
        """How many lessons: ``18 lessons``, ``1 lesson``."""
        return plural(len(self.lessons), "lesson")

    def pack_lessons(self, pack: str) -> list[Lesson]:
        """A pack's lessons in course order."""
        return [les for les in self.ordered() if les.pack == pack]

    def find(self, name: str) -> Lesson:
        """A lesson by id, by number in the course list (``1``), or by unique id prefix or short id."""
        name = name.strip()
        if name in self.lessons:
            return self.lessons[name]
        if len(name) > ID_CHARS.value:
            raise LessonError(f"no lesson {name[:40]!r}... ({len(name):,} characters; lesson ids have at most "
                              f"{ID_CHARS.value}, see id_chars in docs/limits.md)")
        ordered = self.ordered()
        if name.isdecimal() and name.isascii() and 1 <= int(name) <= len(ordered):
            return ordered[int(name) - 1]
        matches = [les for les in ordered if les.id.startswith(name) or les.id.split("/")[-1] == name]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise LessonError(f"no lesson {name!r} (see /lessons)")
        raise LessonError(f"{name!r} could be {', '.join(les.id for les in matches[:5])}: say which")


def load_roots(roots: Iterable[Path], catalog: Catalog | None = None, cache: heads.Cache | None = None,
               crashes: Path | None = None) -> Catalog:
    """Load lesson files and packs under each root; bad files become errors, not crashes (a bug is logged in the
    crash log of the folder ``crashes``, ``tutor.storage.paths``).  With a ``cache``, a file it holds as it is now
    is listed from its head (parsed when opened), and every file parsed is added to it.
    """
    catalog = catalog if catalog is not None else Catalog()
    deadline = time.thread_time() + CATALOG_SECONDS.value
    for root in roots:
        if not root.exists():
            catalog.errors.append(f"{root}: no such file or folder")
            continue
        pack_dirs: dict[Path, str] = {}
        try:
            found, out = walk_toml(root) if root.is_dir() else ([root], [])
        except TutorError as err:
            catalog.errors.append(str(err))
            continue
        catalog.errors += [link_out(path) for path in out]
        catalog.unread += [str(path) for path in out]
        files = [p for p in found if p.name != "pack.toml"] if root.is_dir() else found
        if root.is_dir():
            for pack_file in (p for p in found if p.name == "pack.toml"):
                try:
                    pack = load_pack(pack_file)
                except TutorError as err:
                    catalog.errors.append(str(err))
                    continue
                if catalog.add_pack(pack):
                    pack_dirs[pack_file.parent] = pack.id
        elif root.name == "pack.toml":
            continue
        if not files and not pack_dirs and not out:
            catalog.errors.append(f"{root}: no lesson files (*.toml) found")
        for number, path in enumerate(files):
            if time.thread_time() > deadline:
                catalog.errors.append(str(CATALOG_SECONDS.error(
                    f"{root}: {plural(len(files) - number, 'lesson file')} not read: the catalogue took more than "
                    f"{CATALOG_SECONDS.value} s")))
                break
            owner = next((pid for d, pid in pack_dirs.items() if d in path.parents), "")
            cached, head = heads.lookup(cache, path, owner) if cache is not None else (None, None)
            if head is not None:
                catalog.add(Lesson(head, FileSource(path, owner)))
                continue
            lesson = load_guarded(path, owner, catalog.errors, crashes)
            if lesson is not None:
                catalog.add(lesson)
                if cache is not None and cached is not None:
                    cache.files[cached[0]] = heads.Entry(cached[1], cached[2], owner, lesson.head)
    for pack in catalog.packs.values():
        for short in pack.order:
            if f"{pack.id}/{short}" not in catalog.lessons:
                catalog.errors.append(f"{pack.path}: order: no lesson {short!r} in pack {pack.id!r}")
        for name, short in zip(("pretest", "posttest"), pack.tests or (), strict=False):
            if f"{pack.id}/{short}" not in catalog.lessons:
                catalog.errors.append(f"{pack.path}: {name}: no lesson {short!r} in pack {pack.id!r}")
    return catalog


def load_guarded(path: Path, pack: str, errors: list[str], crashes: Path | None = None) -> Lesson | None:
    """One lesson file within its work budget; whatever goes wrong becomes one line in ``errors``.

    A bug an odd lesson triggers in an engine is logged to the crash log and reported for that file
    alone: the other lessons still load.
    """
    try:
        with lesson_budget(LESSON_SECONDS, str(path)):
            return load_file(path, pack)
    except TutorError as err:
        errors.append(str(err))
    except (RecursionError, MemoryError) as err:
        errors.append(f"{path}: too large or too deeply nested to load ({type(err).__name__})")
    except Exception as err:  # a bug: logged, and this lesson alone is not loaded
        log = record_crash(err, f"loading lesson {path}", crashes)
        errors.append(f"{path}: internal error while loading ({type(err).__name__}: {err})"
                      + (f"; the details are in {log}" if log else ""))
    return None


def packs_want_bundled(dirs: Iterable[Path]) -> bool:
    """False when a ``pack.toml`` in one of ``dirs`` says ``bundled = false`` (a course of its own); a pack
    that cannot be read says nothing here (loading reports it)."""
    for root in dirs:
        try:
            found = toml_files(root) if root.is_dir() else [root]
        except TutorError:
            continue
        for path in (p for p in found if p.name == "pack.toml"):
            try:
                if not load_pack(path).bundled:
                    return False
            except TutorError:
                continue
    return True


def load_catalog(folders: Iterable[str] = (), include_bundled: bool = True, cached_in: Path | None = None,
                 crashes: Path | None = None) -> Catalog:
    """Load the bundled lessons and instructors' ``folders`` (``Settings.lessons``); the bundled ones are left out
    when ``include_bundled`` is False (``--no-bundled``) or a pack loaded says ``bundled = false``.  ``cached_in``:
    the folder of the catalogue cache (``tutor.course.heads``): lessons it holds unchanged are listed without being
    parsed (the tutor's start), the others parsed and cached.  ``crashes``: the folder of the crash log."""
    extra = extra_dirs(folders)
    roots = ([bundled_root()] if include_bundled and packs_want_bundled(extra) else []) + extra
    if cached_in is None:
        return load_roots(roots, crashes=crashes)
    cache = heads.read(cached_in, heads.stamp(puzzles.installed_key()))
    before = dict(cache.files)
    catalog = load_roots(roots, Catalog(families=list(cache.families)), cache, crashes)
    if cache.files != before or not cache.families:
        cache.families = catalog.families = puzzles.names()
        heads.write(cached_in, cache)
    return catalog
