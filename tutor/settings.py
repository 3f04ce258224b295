"""The tutor's settings: one value, built once at the command line from its arguments and the environment, and
passed down to what needs it.

The environment is one way users configure the tutor (README.md and docs/instructors.md document each variable);
this module is the one place that reads it (tests/test_settings.py checks that no other module of the tutor does):

* ``TUTOR_HOME``    - the folder of progress, history, the catalogue and lint caches and the crash log;
* ``TUTOR_LESSONS`` - instructors' lesson folders (``os.pathsep``-separated), before any ``--lessons DIR``;
* ``TUTOR_BUNDLED`` - ``0`` leaves the bundled lessons out, as ``--no-bundled`` does;
* ``TUTOR_PLAIN``   - text only (not ``0``), as ``--plain`` does; ``NO_COLOR`` (not empty) - no colour;
* ``COLUMNS``       - the width plain mode wraps to (80 when unset or not a sensible number);
* ``TUTOR_NOW``     - the clock stopped at an ISO date and time (tests, demonstrations, the benchmarks);
* ``TUTOR_AUTOGRADE_ROOT`` - the folder that stands for ``/`` in a course platform's paths (``tutor autograde``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tutor.storage.clock import Clock, Stopped, parse, system

TYPE_CHECKING = False  # ``typing.TYPE_CHECKING`` without importing typing
if TYPE_CHECKING:
    from argparse import Namespace


@dataclass(frozen=True)
class Settings:
    """What the command line and the environment set, read once (``Settings.read``); the defaults are a tutor
    with nothing set, in the platform's user data folder."""

    home: Path | None = None  # TUTOR_HOME (None: the platform's user data folder, ``folder()``)
    env_lessons: tuple[str, ...] = ()  # TUTOR_LESSONS's folders
    cli_lessons: tuple[str, ...] = ()  # each --lessons DIR
    bundled: bool = True  # the bundled lessons loaded (False: --no-bundled, TUTOR_BUNDLED=0)
    plain: bool = False  # text only, for screen readers: --plain, TUTOR_PLAIN
    color: bool = True  # False: NO_COLOR
    width: int = 80  # what plain mode wraps to: COLUMNS
    now: datetime | None = None  # TUTOR_NOW: the clock stopped there (None: the system's clock)
    autograde_root: str = ""  # TUTOR_AUTOGRADE_ROOT

    @classmethod
    def read(cls, environ: Mapping[str, str] | None = None, args: Namespace | None = None) -> Settings:
        """The settings of ``environ`` (default: this process's environment) and the parsed command line ``args``
        (an option given wins over its variable); ``BadClock`` (one line, exit 2) for a ``TUTOR_NOW`` that is not a
        date and time in the tutor's calendar."""
        env = os.environ if environ is None else environ
        given = vars(args) if args is not None else {}
        fixed = env.get("TUTOR_NOW", "")
        return cls(
            home=Path(env["TUTOR_HOME"]) if env.get("TUTOR_HOME") else None,
            env_lessons=tuple(d for d in env.get("TUTOR_LESSONS", "").split(os.pathsep) if d.strip()),
            cli_lessons=tuple(given.get("lessons") or ()),
            bundled=env.get("TUTOR_BUNDLED", "1").strip() != "0" and not given.get("no_bundled", False),
            plain=env.get("TUTOR_PLAIN", "") not in ("", "0") or bool(given.get("plain", False)),
            color=not env.get("NO_COLOR"),
            width=columns(env.get("COLUMNS", "")),
            now=parse(fixed) if fixed.strip() else None,
            autograde_root=env.get("TUTOR_AUTOGRADE_ROOT", ""))

    @property
    def lessons(self) -> tuple[str, ...]:
        """Every instructors' folder: TUTOR_LESSONS's, then each --lessons DIR."""
        return self.env_lessons + self.cli_lessons

    def folder(self) -> Path:
        """Where the tutor keeps its files: TUTOR_HOME, else the platform's user data folder."""
        if self.home is not None:
            return self.home
        from platformdirs import user_data_dir  # only when a command keeps files: ``tutor solve`` never does

        return Path(user_data_dir("tutor", appauthor=False))

    def clock(self) -> Clock:
        """The tutor's clock: stopped at ``TUTOR_NOW`` when it is set, else the system's."""
        return system if self.now is None else Stopped(self.now)


def columns(text: str) -> int:
    """The width plain mode wraps to: ``COLUMNS`` when it is a sensible number (20 to 1000), else 80.

    >>> columns("60"), columns("not a number"), columns("5"), columns("")
    (60, 80, 80, 80)
    """
    try:
        width = int(text)
    except ValueError:
        return 80
    return width if 20 <= width <= 1000 else 80
