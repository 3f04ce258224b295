"""Run the benchmarks: ``python -m tutor.bench [NAME...]`` (default: all)."""

from __future__ import annotations

import importlib
import sys

from tutor.bench import MODULES


def main(argv: list[str]) -> int:
    """Run the named benchmark modules (all by default) and print every figure."""
    if any(a in ("-h", "--help") for a in argv):
        print("usage: python -m tutor.bench [NAME ...]\n\nRun the benchmarks named (default: all) and print each "
              f"figure against its target; exit 1 if a target is missed.\nbenchmarks: {', '.join(MODULES)}")
        return 0
    names = argv or list(MODULES)
    unknown = [n for n in names if n not in MODULES]
    if unknown:
        print(f"tutor.bench: unknown benchmark {unknown[0]!r} (known: {', '.join(MODULES)})",
              file=sys.stderr)
        return 2
    missed = 0
    for name in names:
        try:
            module = importlib.import_module(f"tutor.bench.{name}")
        except ModuleNotFoundError:
            print(f"[{name}] not built yet")
            continue
        print(f"[{name}]", flush=True)
        for figure in module.run():
            print("  " + figure.line(), flush=True)
            missed += figure.meets is False
    return 1 if missed else 0


raise SystemExit(main(sys.argv[1:]))
