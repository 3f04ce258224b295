"""Issue 30, the clock: a TUTOR_NOW outside the tutor's calendar is one line and exit 2 in every command that
reads the clock, never an OverflowError."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import UTC, datetime

import pytest

from tutor.storage.clock import CALENDAR, EARLIEST, LATEST, BadClock, in_calendar, parse

OUTSIDE = ["9999-12-31T23:59:59-23:59", "0001-01-01T00:00+23:59", "1969-12-31T23:59:59Z", "9000-01-01T00:00Z",
           "9999-12-31"]


@pytest.mark.parametrize("text", OUTSIDE)
def test_a_moment_outside_the_calendar_is_a_bad_clock_naming_the_range(text: str) -> None:
    with pytest.raises(BadClock, match="outside the tutor's calendar") as caught:
        parse(text)
    assert CALENDAR in str(caught.value) and "\n" not in str(caught.value)


def test_the_ends_of_the_calendar_read_and_agree_with_in_calendar() -> None:
    assert parse("1970-01-01T00:00Z") == EARLIEST
    last = parse("8999-12-31T23:59:59Z")
    assert last < LATEST and in_calendar(last.timestamp())
    assert in_calendar(EARLIEST.timestamp()) and not in_calendar(LATEST.timestamp())
    assert not in_calendar(-1e18) and not in_calendar(1e308) and not in_calendar(float("inf"))
    # every moment in the calendar can be shown as a date: the reason for the range
    for moment in (EARLIEST.timestamp(), LATEST.timestamp() - 1):
        assert datetime.fromtimestamp(moment, UTC).year in (1970, 8999)


@pytest.mark.parametrize("command", [["review"], ["progress"], ["start"], ["review", "--json"]])
@pytest.mark.parametrize("text", OUTSIDE[:2])
def test_every_command_reading_the_clock_refuses_it_in_one_line(tmp_path, command: list[str], text: str) -> None:
    env = {**os.environ, "TUTOR_HOME": str(tmp_path), "TUTOR_NOW": text}
    done = subprocess.run([sys.executable, "-m", "tutor", *command], env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "outside the tutor's calendar" in done.stderr
    assert "Traceback" not in done.stderr + done.stdout
