"""Where the tutor keeps its files, and the crash log for bugs.

Progress (SQLite), input history and crash logs live in one data folder:
``TUTOR_HOME`` when set, else the platform's user data folder (platformdirs).
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from contextlib import suppress
from pathlib import Path

CRASH_LOG = "crash.log"


def home() -> Path:
    """Where the tutor keeps its files: TUTOR_HOME, else the platform's user data folder."""
    env = os.environ.get("TUTOR_HOME")
    if env:
        return Path(env)
    from platformdirs import user_data_dir

    return Path(user_data_dir("tutor", appauthor=False))


def record_crash(error: BaseException, context: str) -> Path | None:
    """Append the traceback of an unexpected exception to the crash log; its path, or None if unwritable.

    Input errors never come here (they are ``TutorError`` and shown as one line);
    this is for bugs, so the learner can report them and the tutor can go on.
    """
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    entry = f"=== {stamp} {context}\n{''.join(traceback.format_exception(error))}\n"
    try:
        path = home() / CRASH_LOG
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8", errors="backslashreplace") as handle:  # lone surrogates too
            handle.write(entry)
    except Exception:  # the crash log must never fail: the traceback goes to standard error instead
        with suppress(Exception):  # nothing is left to tell
            sys.stderr.write(entry.encode("utf-8", "backslashreplace").decode("utf-8"))
        return None
    return path
