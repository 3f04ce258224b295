"""One whole ``tutor`` process measured: its wall-clock and CPU seconds, its peak resident memory, its exit status.

The peak is the process's own ``VmHWM`` (``/proc/self/status``, written as it exits): the ``ru_maxrss`` that
``wait4`` gives counts, on Linux, the memory of the process it was forked from (a benchmark run's own, hundreds of
MB late in a full run) as the child's, so every command measured after it would seem as large.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

PEAK = """
import atexit, runpy, sys
out = sys.argv.pop(1)
def peak():
    with open("/proc/self/status") as status:
        found = [line.split()[1] for line in status if line.startswith("VmHWM:")]
    with open(out, "w") as f:
        f.write(found[0] if found else "0")
atexit.register(peak)
sys.argv[0] = "tutor"
runpy.run_module("tutor", run_name="__main__", alter_sys=True)
"""  # ``tutor ARGS``, writing its peak resident memory (kB) to a file as it exits


@dataclass(frozen=True)
class Measured:
    """What one process took."""

    wall: float  # seconds
    cpu: float  # user plus system seconds
    peak_mb: float  # its own peak resident memory
    code: int  # exit status


def tutor_process(args: list[str], env: dict[str, str], stdin: bytes = b"") -> Measured:
    """Run ``tutor ARGS`` (``stdin`` written to it) and measure it."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "peak"
        begin = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-c", PEAK, str(out), *args], stdin=subprocess.PIPE,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        assert process.stdin is not None
        try:
            process.stdin.write(stdin)
            process.stdin.close()
        except BrokenPipeError:
            pass  # it left before reading everything: its status says how
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - begin
        text = out.read_text() if out.exists() else ""
    return Measured(wall, usage.ru_utime + usage.ru_stime, int(text or 0) / 1024, os.waitstatus_to_exitcode(status))
