"""Reading files a user names: regular files only, a size cap, UTF-8, and names shown safely.

Answers, boards, strategies, lessons and submissions all come through here.
A file is opened without blocking and checked *after* opening, so a FIFO or a
device named by mistake (or swapped in) can neither hang the tutor nor feed it
endless bytes, and at most the limit plus one byte is ever read.

Vocabulary:

* ``read_regular(path, INPUT_BYTES)`` - the bytes of a regular file, or one clear error;
* ``decode(data, name)`` - UTF-8 text, or one clear error naming the first bad byte;
* ``escape(name)`` - a name with control characters and undecodable bytes escaped, for printing.
"""

from __future__ import annotations

import errno
import os
import stat

from tutor.errors import InvalidNotation, TutorError
from tutor.limits import Limit

NONBLOCK = getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link"))
    return next((word for test, word in kinds if test(mode)), "not a regular file")


def read_regular(path: str, limit: Limit, error: type[TutorError] = InvalidNotation, *,
                 follow: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; ``error`` (one line) otherwise.

    ``follow=False`` refuses a symbolic link itself (grading reads only what is inside its folder).
    """
    shown = repr(escape(path))
    try:
        fd = os.open(path, os.O_RDONLY | NONBLOCK | (0 if follow else NOFOLLOW))
    except OSError as err:
        if not follow and os.path.islink(path):
            raise error(f"cannot read {shown}: a symbolic link") from None
        raise error(f"cannot read {shown}: {err.strerror}") from None
    found = os.fstat(fd)
    if not stat.S_ISREG(found.st_mode):
        os.close(fd)
        raise error(f"cannot read {shown}: not a regular file ({file_kind(found.st_mode)})")
    if found.st_size > limit.value:  # refused before reading (a file growing meanwhile is cut at the limit below)
        os.close(fd)
        raise limit.error(f"{shown} has {found.st_size:,} bytes")
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(limit.value + 1)
        except OSError as err:
            raise error(f"cannot read {shown}: {err.strerror}") from None
    if len(data) > limit.value:
        raise limit.error(f"{shown} has more than {limit.value:,} bytes")
    return data


def decode(data: bytes, name: str, error: type[TutorError] = InvalidNotation) -> str:
    """UTF-8 text (a leading byte-order mark dropped); ``error`` naming the first bad byte otherwise."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise error(f"cannot read {name}: not UTF-8 text (byte {err.start + 1})") from None


def read_text(path: str, limit: Limit, error: type[TutorError] = InvalidNotation) -> str:
    """``read_regular`` then ``decode``: the UTF-8 text of a regular file within ``limit``."""
    return decode(read_regular(path, limit, error), repr(escape(path)), error)


def escape(name: str) -> str:
    r"""A name fit for one line of output: control characters and bytes that were not UTF-8 escaped as
    ``repr`` escapes them (a name that is already printable is unchanged).

    >>> escape("ann"), escape("a\nb"), escape("x\x1b[31m"), escape("\udcff")
    ('ann', 'a\\nb', 'x\\x1b[31m', '\\udcff')
    """
    if name.isprintable():
        return name
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in name)


# -- reading inside a folder that must not be left ------------------------------------------------------

Identity = tuple[int, int]  # (device, inode): which file a name meant when it was listed
DIRECTORY = getattr(os, "O_DIRECTORY", 0)


def open_folder(path: str, error: type[TutorError] = InvalidNotation) -> int:
    """A descriptor of the folder ``path``, opened one component at a time without following a symbolic link
    anywhere, so a folder swapped for a link (or reached through one) is refused, never read through.  A path
    reached through a link is refused with its real path, which may be given instead."""
    shown = repr(escape(path))
    absolute, real = os.path.abspath(path), os.path.realpath(path)
    if absolute != real:
        raise error(f"{shown} is reached through a symbolic link: give its real path {escape(real)!r}")
    fd = os.open("/", os.O_RDONLY | DIRECTORY)
    for part in absolute.split(os.sep)[1:]:
        if not part:
            continue
        try:
            inner = os.open(part, os.O_RDONLY | DIRECTORY | NOFOLLOW, dir_fd=fd)
        except OSError as err:
            os.close(fd)
            raise error(f"cannot open {shown}: {err.strerror} (it changed, or it is not a folder)") from None
        os.close(fd)
        fd = inner
    return fd


def read_entry(folder: str, name: str, limit: Limit, error: type[TutorError] = InvalidNotation,
               identity: Identity | None = None) -> bytes:
    """The bytes of the regular file ``name`` directly inside ``folder`` (``open_folder``), at most ``limit``:
    never through a symbolic link, never a file with other names elsewhere (a hard link), and, given the
    ``identity`` it had when the folder was listed, never a file swapped in since."""
    shown = repr(escape(name))
    folder_fd = open_folder(folder, error)
    try:
        fd = os.open(name, os.O_RDONLY | NONBLOCK | NOFOLLOW, dir_fd=folder_fd)
    except OSError as err:
        raise error(f"cannot read {shown}: {'a symbolic link' if err.errno == errno.ELOOP else err.strerror}") \
            from None
    finally:
        os.close(folder_fd)
    found = os.fstat(fd)
    problem = (f"not a regular file ({file_kind(found.st_mode)})" if not stat.S_ISREG(found.st_mode) else
               "a hard link (the same file has another name elsewhere)" if found.st_nlink > 1 else
               "it changed while the folder was read" if identity not in (None, (found.st_dev, found.st_ino)) else "")
    if problem:
        os.close(fd)
        raise error(f"cannot read {shown}: {problem}")
    with os.fdopen(fd, "rb") as handle:
        data = handle.read(limit.value + 1)
    if len(data) > limit.value:
        raise limit.error(f"{shown} has more than {limit.value:,} bytes")
    return data
