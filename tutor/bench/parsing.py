"""The learner languages (tutor/grammar/): time per parse of typical texts, and what the first parse costs.

Each parser is built on first use, so importing the tutor pays nothing for lark; the first text of each
language pays for importing lark (once) and building its LALR tables.  Those first costs are measured in a
fresh process; the per-parse figures are the best of three runs of ``REPEAT`` parses.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from contextlib import suppress

from tutor.bench import Figure

REPEAT = 10_000

_FIRST = """
import json, sys, time
start = time.perf_counter()
import tutor.grammar.arithmetic, tutor.puzzles.wythoff.rules.formula, tutor.puzzles.gods.rules.lang
from tutor.puzzles.gods.rules.worlds import universe
u = universe()
imported = time.perf_counter()
lark = "lark" in sys.modules
tutor.grammar.arithmetic.evaluate("2^16 - 1")
number = time.perf_counter()
tutor.puzzles.wythoff.rules.formula.parse_formula("floor(k*phi)")
formula = time.perf_counter()
tutor.puzzles.gods.rules.lang.parse_question("would you say ja to (B is Random)", u)
question = time.perf_counter()
from tutor.puzzles.wythoff.rules import parse_sum_move
parse_sum_move("to 3,5", ((4, 6),))
move = time.perf_counter()
print(json.dumps({"import": imported - start, "lark_at_import": lark, "number": number - imported,
                  "formula": formula - number, "question": question - formula, "move": move - question}))
"""


def _per_parse(parse: Callable[[], object]) -> float:
    """Microseconds per call: the best of three runs of ``REPEAT`` calls."""
    parse()
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(REPEAT):
            parse()
        best = min(best, time.perf_counter() - start)
    return best / REPEAT * 1e6


def _first_costs() -> list[Figure]:
    out = subprocess.run([sys.executable, "-c", _FIRST], capture_output=True, text=True, timeout=120)
    data = json.loads(out.stdout)
    note = "lark imported" if data["lark_at_import"] else "lark not imported yet"
    return [
        Figure("parsing: import the three language modules (fresh process)", data["import"] * 1000, "ms", None, note),
        Figure("parsing: first number answer (imports lark, builds its parser)", data["number"] * 1000, "ms", 300),
        Figure("parsing: first formula (builds its parser)", data["formula"] * 1000, "ms", 300),
        Figure("parsing: first question to the gods (builds its parser)", data["question"] * 1000, "ms", 300),
        Figure("parsing: first Wythoff move (builds its parser, the largest notation)", data["move"] * 1000, "ms", 300),
    ]


def run() -> list[Figure]:
    """Per-parse times of typical texts in each language, then the first-parse costs."""
    from tutor.errors import InvalidNotation
    from tutor.grammar.arithmetic import evaluate
    from tutor.puzzles.coins.rules import parse_strategy
    from tutor.puzzles.gods.rules.lang import parse_asked, parse_question
    from tutor.puzzles.gods.rules.worlds import universe
    from tutor.puzzles.wythoff.rules.formula import parse_conjecture, parse_formula

    u = universe()

    def refused() -> None:
        with suppress(InvalidNotation):
            evaluate("2^^3")

    cases: list[tuple[str, Callable[[], object]]] = [
        ("number answer '2^16 - 1'", lambda: evaluate("2^16 - 1")),
        ("number answer '65,535'", lambda: evaluate("65,535")),
        ("formula 'floor(k*phi)'", lambda: parse_formula("floor(k*phi)")),
        ("formula 'floor(k*(1+sqrt(5))/2)'", lambda: parse_formula("floor(k*(1+sqrt(5))/2)")),
        ("conjecture 'floor(k*phi), floor(k*phi^2)'", lambda: parse_conjecture("floor(k*phi), floor(k*phi^2)")),
        ("question 'if I asked you (B is Random), would you say ja'",
         lambda: parse_question("if I asked you (B is Random), would you say ja", u)),
        ("question 'ask B: A is not True and ja means yes'",
         lambda: parse_asked("ask B: A is not True and ja means yes", u)),
        ("refused '2^^3' (the message says what was expected)", refused),
        ("coin strategy '0123 02, x.x. {0, 2}'", lambda: parse_strategy("0123 02, x.x. {0, 2}", 4)),
    ]
    figures = [Figure(f"parsing: {name}", _per_parse(parse), "us", 1000, f"best of 3 x {REPEAT:,}")
               for name, parse in cases]
    return figures + [_long_strategy()] + _first_costs()


def _long_strategy() -> Figure:
    """A pasted strategy at the input limit (4 MB, two million moves): one run of moves is one token."""
    from tutor.puzzles.coins.rules import parse_strategy

    text = " ".join(["0"] * 1_999_999)
    start = time.process_time()
    parse_strategy(text, 1)
    return Figure("parsing: a 4 MB strategy of 2,000,000 moves, CPU", time.process_time() - start, "s", 5.0)
