"""What lint works out about the bundled course, kept between runs: the skills it can review on a fresh instance.

Working that out builds every bundled lesson (about 1.7 s), which a lint of one file - an editor linting on every
save - would otherwise pay each time.  It is kept in the tutor's data folder (``reviewable-cache.json``), keyed by
everything it depends on: the bundled lesson files, the tutor's own code and the installed puzzle families (each
file by name, size and modification time).  A key that does not match, or a file that cannot be read, is worked
out again; one that cannot be written is not kept.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

import msgspec

from tutor.puzzles import installed_key

CACHE_FILE = "reviewable-cache.json"
CACHE_BYTES = 1_000_000  # a larger file is not one this tutor wrote: ignored (and rewritten)
CODE = Path(__file__).resolve().parent.parent  # the tutor package: its steps, skills and families decide


class Kept(msgspec.Struct):
    """The skills, and the key they were worked out under."""

    key: str
    skills: list[str]


def key(bundled: Path) -> str:
    """What the bundled course's reviewable skills depend on: the installed families, and every lesson file of
    ``bundled`` and source file of the tutor, by path, size and modification time."""
    digest = hashlib.sha256(installed_key().encode())
    for folder, suffixes in ((bundled, (".toml", ".md")), (CODE, (".py", ".lark"))):
        with suppress(OSError):
            for path in sorted(folder.rglob("*")):
                if path.suffix in suffixes:
                    info = path.stat()
                    digest.update(f"|{path}:{info.st_size}:{info.st_mtime_ns}".encode())
    return digest.hexdigest()[:32]


def kept(folder: Path | None, bundled: Path, work: Callable[[], frozenset[str]]) -> frozenset[str]:
    """``work()``, or what it gave last time under the same key, kept in ``folder`` (None: not kept)."""
    if folder is None:
        return work()
    expected = key(bundled)
    path = folder / CACHE_FILE
    with suppress(OSError, msgspec.DecodeError, msgspec.ValidationError):
        if path.is_file() and path.stat().st_size <= CACHE_BYTES:
            found = msgspec.json.decode(path.read_bytes(), type=Kept)
            if found.key == expected:
                return frozenset(found.skills)
    skills = work()
    with suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{CACHE_FILE}.{os.getpid()}.part")
        partial.write_bytes(msgspec.json.encode(Kept(expected, sorted(skills))))
        os.replace(partial, path)  # whole or not at all, whatever else lints beside it
    return skills
