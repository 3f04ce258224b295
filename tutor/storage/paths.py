"""The crash log, for bugs: kept in the tutor's data folder (``Settings.folder``: ``TUTOR_HOME``, else the
platform's user data folder), beside progress and input history."""

from __future__ import annotations

import sys
import time
import traceback
from contextlib import suppress
from pathlib import Path

CRASH_LOG = "crash.log"


def record_crash(error: BaseException, context: str, folder: Path | None) -> Path | None:
    """Append the traceback of an unexpected exception to the crash log in ``folder``; its path, or None when there
    is no folder or it cannot be written (the traceback then goes to standard error).

    Input errors never come here (they are ``TutorError`` and shown as one line);
    this is for bugs, so the learner can report them and the tutor can go on.
    """
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    entry = f"=== {stamp} {context}\n{''.join(traceback.format_exception(error))}\n"
    try:
        if folder is None:
            raise OSError("no folder for the crash log")
        path = folder / CRASH_LOG
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8", errors="backslashreplace") as handle:  # lone surrogates too
            handle.write(entry)
    except Exception:  # the crash log must never fail: the traceback goes to standard error instead
        with suppress(Exception):  # nothing is left to tell
            sys.stderr.write(entry.encode("utf-8", "backslashreplace").decode("utf-8"))
        return None
    return path
