"""The catalogue cache: each lesson file's ``Head``, so the tutor lists its lessons without parsing them.

Parsing a lesson validates every step and loads its puzzle family (and with it numpy or sympy); the lesson list
needs none of that, only titles, ids, order and which steps ask.  The cache keeps one entry per lesson file, keyed
by its path, size and modification time and by the pack it belongs to, in ``catalog-cache.json`` in the data
folder.  A file whose entry does not match is parsed and its entry rewritten; the whole cache is void when the
tutor's lesson code or the installed puzzle families change (``stamp``).  The cache only saves time: one that
cannot be read is ignored and rebuilt, one that cannot be written is not written, and a lesson listed from it is
parsed in full when it is opened (``tutor.course.catalog.FileSource``).
"""

from __future__ import annotations

import hashlib
import os
from contextlib import suppress
from pathlib import Path

import msgspec

from tutor.course.lesson import Head

CACHE_FILE = "catalog-cache.json"
CACHE_BYTES = 8_000_000  # a larger file is not a cache this tutor wrote: ignored (and rebuilt)
FORMAT = 1  # bumped when the entries change shape


class Entry(msgspec.Struct, frozen=True):
    """One lesson file as it was when its head was read."""

    size: int
    mtime_ns: int
    pack: str
    head: Head


class Cache(msgspec.Struct):
    """Every lesson file's entry (by absolute path), valid while ``stamp`` matches; ``families``: the built-in
    puzzle families in course order (reading it from the families themselves would import them)."""

    stamp: str
    families: list[str] = []
    files: dict[str, Entry] = {}


def stamp(installed: str) -> str:
    """What the cache depends on besides the lesson files: the format, the tutor's lesson code (every module of
    ``tutor.course``, by size and modification time) and the installed puzzle families (``installed``:
    ``tutor.puzzles.installed_key``)."""
    digest = hashlib.sha256(f"{FORMAT}|{installed}".encode())
    here = Path(__file__).parent
    for folder in (here, here / "steps"):
        with suppress(OSError):
            for entry in sorted(os.scandir(folder), key=lambda e: e.name):
                if entry.name.endswith(".py"):
                    info = entry.stat()
                    digest.update(f"|{entry.name}:{info.st_size}:{info.st_mtime_ns}".encode())
    return digest.hexdigest()[:32]


def key(path: Path) -> tuple[str, int, int] | None:
    """A lesson file's cache key: its absolute path, size and modification time (None when it cannot be read)."""
    try:
        info = path.stat()
    except OSError:
        return None
    return str(path.absolute()), info.st_size, info.st_mtime_ns


def read(folder: Path, expected: str) -> Cache:
    """The cache in ``folder`` if it is this tutor's and current (``expected`` stamp), else an empty one."""
    path = folder / CACHE_FILE
    with suppress(OSError, msgspec.DecodeError, msgspec.ValidationError):
        if path.is_file() and path.stat().st_size <= CACHE_BYTES:
            cache = msgspec.json.decode(path.read_bytes(), type=Cache)
            if cache.stamp == expected:
                return cache
    return Cache(expected)


def write(folder: Path, cache: Cache) -> None:
    """Write the cache atomically (a temporary file renamed over it); a folder that cannot be written is left
    alone: the cache only saves time."""
    cache.files = {name: entry for name, entry in cache.files.items() if os.path.isfile(name)}
    temporary = folder / f".{CACHE_FILE}.{os.getpid()}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(msgspec.json.encode(cache))
        os.replace(temporary, folder / CACHE_FILE)
    except OSError:
        with suppress(OSError):
            temporary.unlink()


def lookup(cache: Cache, path: Path, pack: str) -> tuple[tuple[str, int, int] | None, Head | None]:
    """The file's key, and its cached head when the entry matches the file as it is now (and its pack)."""
    found = key(path)
    if found is None:
        return None, None
    name, size, mtime = found
    entry = cache.files.get(name)
    if entry is not None and entry.size == size and entry.mtime_ns == mtime and entry.pack == pack:
        return found, entry.head
    return found, None
