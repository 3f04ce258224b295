"""Finding and loading lessons: bundled ones, instructors' folders, packs, and the catalog.

Bundled lessons ship inside the package (``tutor.lessons``); instructors add
folders with ``--lessons DIR`` or ``TUTOR_LESSONS`` (separated by ``os.pathsep``).
A folder with a ``pack.toml`` (id, title, order, welcome, final) is a course; its
lessons' ids are namespaced ``pack/lesson``, so packs never collide.  A file that
cannot be loaded becomes an error in the catalog, never a crash.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tutor import puzzles
from tutor.course.model import Lesson, Pack
from tutor.course.parse import parse_lesson, parse_pack
from tutor.errors import LessonError, TutorError


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


def load_pack(path: Path) -> Pack:
    """Read and validate a pack.toml."""
    return parse_pack(_read_toml(path), str(path), path.parent.name)


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
