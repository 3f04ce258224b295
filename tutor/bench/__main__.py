"""Run the benchmarks: ``python -m tutor.bench [NAME...]`` (default: all), or ``--quick``: start-up, session
commands and the commands at the limits, within a minute."""

from __future__ import annotations

import importlib
import sys

from tutor.bench import modules

QUICK = ["startup", "repl", "limits"]  # the figures that fit a break: start-up, session commands, limits


def main(argv: list[str]) -> int:
    """Run the named benchmark modules (all by default) and print every figure."""
    known = modules()
    if any(a in ("-h", "--help") for a in argv):
        print("usage: python -m tutor.bench [--quick | NAME ...]\n\nRun the benchmarks named (default: all) and "
              "print each figure against its target; exit 1 if a target is missed.\n--quick: "
              f"{', '.join(QUICK)} (under a minute; all of them: about 6 minutes on two cores)\n"
              f"benchmarks: {', '.join(known)}")
        return 0
    names = QUICK if argv == ["--quick"] else argv or known
    unknown = [n for n in names if n not in known]
    if unknown:
        print(f"tutor.bench: unknown benchmark {unknown[0]!r} (known: {', '.join(known)})",
              file=sys.stderr)
        return 2
    missed = 0
    for name in names:
        module = importlib.import_module(f"tutor.bench.{name}")
        print(f"[{name}]", flush=True)
        for figure in module.run():
            print("  " + figure.line(), flush=True)
            missed += figure.meets is False
    return 1 if missed else 0


raise SystemExit(main(sys.argv[1:]))
