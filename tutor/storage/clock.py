"""The tutor's clock: a ``Clock`` gives the current moment in UTC, the system's (``system``) or one that stands
still (``Stopped``: the moment ``TUTOR_NOW`` names, for tests and demonstrations).  The command line builds it once
(``tutor.settings``) and passes it down: the progress store stamps its records with it and schedules reviews by it.

``TUTOR_NOW`` is an ISO 8601 date, or date and time (``2026-03-01``, ``2026-03-01T09:30``,
``2026-03-01T09:30:00+01:00``); a time without an offset is UTC.  A value that does not read is a
``BadClock`` (an ``InvalidParams``), which the command line reports in one line with exit status 2.

The tutor's calendar runs from ``EARLIEST`` to ``LATEST``: the store keeps Unix seconds, which some platforms
cannot show before 1970, and reviews are scheduled up to a century ahead, which must stay inside year 9999.  A
``TUTOR_NOW`` outside it is a ``BadClock`` too, and ``in_calendar`` says whether a stored time is inside it (an
import refuses one that is not).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from tutor.errors import InvalidParams

Clock = Callable[[], datetime]  # the current moment, timezone-aware in UTC: system, or Stopped(moment)

VARIABLE = "TUTOR_NOW"
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)  # the Unix epoch: the first moment every platform can show
LATEST = datetime(9000, 1, 1, tzinfo=UTC)  # leaves a millennium for review intervals before year 9999 ends
CALENDAR = f"{EARLIEST.date()} to {LATEST.date()}"  # the range in words, for refusals


class BadClock(InvalidParams):
    """``TUTOR_NOW`` is set to something that is not an ISO date and time."""


def parse(text: str) -> datetime:
    """An ISO date or date and time as an aware UTC datetime; ``BadClock`` quoting the text if it is not one.

    >>> parse("2026-03-01T09:30")
    datetime.datetime(2026, 3, 1, 9, 30, tzinfo=datetime.timezone.utc)
    >>> parse("2026-03-01T10:30+01:00").hour
    9
    """
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise BadClock(f"{VARIABLE}={text!r} is not an ISO date and time (for example 2026-03-01T09:30:00Z)") \
            from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    outside = BadClock(f"{VARIABLE}={text!r} is outside the tutor's calendar ({CALENDAR}, UTC)")
    try:
        moment = moment.astimezone(UTC)
    except OverflowError:  # 9999-12-31T23:59-23:59 is past the last year Python counts: outside the calendar too
        raise outside from None
    if not EARLIEST <= moment < LATEST:
        raise outside
    return moment


def in_calendar(seconds: float) -> bool:
    """Whether ``seconds`` since the epoch is a moment of the tutor's calendar (``EARLIEST`` to ``LATEST``).

    >>> in_calendar(0.0), in_calendar(-1.0), in_calendar(1e18), in_calendar(float("nan"))
    (True, False, False, False)
    """
    return EARLIEST.timestamp() <= seconds < LATEST.timestamp()


def system() -> datetime:
    """The system's current moment, timezone-aware in UTC."""
    return datetime.now(UTC)


@dataclass
class Stopped:
    """A clock that stands at ``moment`` (``TUTOR_NOW``): every record made under it has the same time, until
    ``moment`` is set again (the simulated days of tests and benchmarks).

    >>> Stopped(parse("2026-03-01"))().isoformat()
    '2026-03-01T00:00:00+00:00'
    """

    moment: datetime

    def __call__(self) -> datetime:
        return self.moment


def iso(moment: datetime | float) -> str:
    """A moment (or epoch seconds) as ISO 8601 in UTC, to the second: ``2026-03-01T09:30:00Z``.

    >>> iso(0)
    '1970-01-01T00:00:00Z'
    """
    if not isinstance(moment, datetime):
        moment = datetime.fromtimestamp(moment, UTC)
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")
