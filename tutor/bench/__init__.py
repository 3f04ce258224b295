"""Benchmarks: ``python -m tutor.bench [NAME...]`` prints each measured figure.

Each module in this package exposes ``run() -> list[Figure]`` and is found by
listing the package (a new family's benchmark is a new module here, named in
no list); speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import pkgutil
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


def modules() -> list[str]:
    """The benchmark modules of this package, by name (``__main__`` is the runner, not a benchmark).

    >>> names = modules()
    >>> names == sorted(names) and "__main__" not in names and len(names) > 1
    True
    """
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


@dataclass(frozen=True)
class Figure:
    """One measured figure against its target."""

    name: str
    value: float
    unit: str
    target: float | None = None  # upper bound, same unit
    note: str = ""

    @property
    def meets(self) -> bool | None:
        """Whether the figure meets its target (None when there is no target)."""
        return None if self.target is None else self.value <= self.target

    def line(self) -> str:
        """The figure as one aligned line of text."""
        target = "" if self.target is None else f"  target <= {self.target:g} {self.unit}"
        mark = {True: "ok  ", False: "MISS", None: "    "}[self.meets]
        note = f"  ({self.note})" if self.note else ""
        return f"{mark} {self.name:58} {self.value:12.4f} {self.unit:3}{target}{note}"


def best_time(fn: Callable[[], Any], repeat: int = 5) -> tuple[float, Any]:
    """The best wall-clock time of ``repeat`` calls, in seconds, and the last result."""
    best = float("inf")
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def peak_memory_mb(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Peak Python-traced memory (numpy buffers included) of one call, in MB."""
    tracemalloc.start()
    try:
        result = fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak / 1e6, result
