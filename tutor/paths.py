"""Where the tutor keeps its files, and the crash log for bugs.

Progress (SQLite), input history and crash logs live in one data folder:
``TUTOR_HOME`` when set, else the platform's user data folder (platformdirs).
"""

from __future__ import annotations

import os
import time
import traceback
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
    path = home() / CRASH_LOG
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    text = "".join(traceback.format_exception(error))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as handle:
            handle.write(f"=== {stamp} {context}\n{text}\n")
    except OSError:
        return None
    return path
