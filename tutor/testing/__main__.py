"""``python -m tutor.testing NAME [--json]``: the conformance suite on one installed puzzle family.

Exit 0 when every check passes (or does not apply), 1 when one fails (a plug-in
that does not load fails too), 2 for an unknown family or bad usage.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from tutor import puzzles
from tutor.errors import InvalidParams
from tutor.screen.text import one_line, plural, visible
from tutor.testing.conformance import Outcome, run_all


def parser() -> argparse.ArgumentParser:
    """The command line (its usage errors exit 2, argparse's own status)."""
    p = argparse.ArgumentParser(prog="python -m tutor.testing",
                                description="Run the conformance suite on an installed puzzle family: exit 0 if "
                                            "it passes, 1 if a check fails, 2 if no family has that name.")
    p.add_argument("name", metavar="NAME", help="the family (see 'tutor puzzles')")
    p.add_argument("--json", action="store_true", help="one object per check, as JSON")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the checks on the family ``NAME``; print one line per check and a total."""
    args = parser().parse_args(argv)
    if args.name not in puzzles.names():
        print(f"python -m tutor.testing: unknown puzzle {args.name!r} (known: {', '.join(puzzles.names())})",
              file=sys.stderr)
        return 2
    try:
        outcomes = run_all(puzzles.get(args.name))
    except InvalidParams as err:  # installed, but does not load: that fails conformance
        outcomes = [Outcome("loads", False, one_line(str(err)))]
    failed = [o for o in outcomes if o.passed is False]
    if args.json:
        print(json.dumps({"puzzle": args.name, "passed": not failed,
                          "checks": [{"check": o.check, "passed": o.passed, "note": o.note} for o in outcomes]},
                         indent=2))
    else:
        for outcome in outcomes:
            print(visible(one_line(outcome.line())))  # a plug-in's message cannot act on the terminal
        ran = sum(o.passed is not None for o in outcomes)
        print(f"{args.name}: {plural(len(failed), 'check')} failed of {ran} run" if failed else
              f"{args.name}: all {plural(ran, 'check')} passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
