"""The coin table's command-line contract: ``tutor solve|check|hint|analyze coins``.

JSON keys are documented in README.md and docs/coins.md; they may be added to,
never renamed or removed.  ``solve`` and ``analyze`` work at any size (the theorem
decides); ``check`` and ``hint`` enumerate every table and refuse past 2^20 tables.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from itertools import chain

from tutor.errors import InvalidParams
from tutor.puzzles.answers import JSON
from tutor.puzzles.base import Commands, Report
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.cli import conjecture, group, touch, touch_check
from tutor.puzzles.coins.cli.group import GROUP
from tutor.puzzles.coins.cli.touch import TOUCH
from tutor.puzzles.coins.rules import CoinGame, Model, Move, format_move, format_strategy, parse_strategy
from tutor.puzzles.coins.teach.hints import hint_data
from tutor.puzzles.coins.teach.verdicts import move_json, verdict
from tutor.puzzles.coins.theory import Solution, analyze, decide, prime_factors
from tutor.puzzles.options import Args, Option, required_text
from tutor.screen.shown import join
from tutor.screen.text import plural

COMMANDS = Commands()
LISTED_MOVES = 300  # longer strategies are shortened in text (JSON has them all)
MAX_LISTED = 20_000_000  # solve lists (streams) a strategy up to this many moves
MAX_WRITTEN = 1_000_000_000  # and writes one to --output FILE up to this many
PREVIEW = 40  # moves shown in text before "..."


@COMMANDS.register("solve", "a shortest winning strategy, or the Devil's certificate",
                   Option("output", str, None, "write the strategy to FILE, one move per line (any length up to "
                          f"{MAX_WRITTEN:,} moves)", metavar="FILE"), GROUP, TOUCH)
def solve(game: CoinGame, args: Args) -> Report:
    """The decision and, where one exists, a shortest strategy: listed, streamed or written to a file."""
    if (touched := _touch(args)) is not None:
        return touch.report(game, touched)
    if (gens := group.generators(game, args["group"])) is not None:
        if args["output"] is not None:
            raise InvalidParams("--output is not offered with --group: the strategy is listed (--json for all)")
        return group.solve(game, gens)
    m = game.model
    sol = decide(m)
    length = sol.length
    data: JSON = {
        "solvable": sol.solvable,
        "length": None if length is None else length.json(),
        "strategy": None,
        "shortest": length is not None,
        "method": sol.method,
        "reason": sol.reason,
        "listed": False,
    }
    if sol.trap:
        data["trap"] = list(sol.trap)
    if sol.decision.invariant is not None:
        data["invariant"] = sol.decision.invariant.json()
    if length is None:
        return Report(data, f"{plural(m.n, 'coin')}: no winning strategy: {sol.reason}.")
    one = length.digits() == 1 and int(length) == 1
    head = f"{plural(m.n, 'coin')}: shortest winning strategy, {length.text()} move{'' if one else 's'} ({sol.reason})"
    moves = int(length) if length.digits() <= 10 else MAX_WRITTEN + 1
    output = args["output"]
    if output is not None:
        if moves > MAX_WRITTEN:
            raise InvalidParams(f"--output: the strategy has {length.expression()} moves; "
                                f"at most {MAX_WRITTEN:,} are written to a file")
        data["output"] = output
        lines = _pieces(m, sol, lambda mv: format_move(mv, m.k), "\n")
        return Report(data, f"{head}: written to {output}, one move per line.",
                      files=((output, lambda: chain(lines(), ["\n"])),))
    if moves > MAX_LISTED:
        where = ("write it to a file with --output FILE" if moves <= MAX_WRITTEN
                 else "it is too long to write out, even to a file")
        return Report(data, f"{head}.\nIt has more than {MAX_LISTED:,} moves, too many to list here; {where}.")
    data["listed"] = True
    shown = _preview(m, sol)
    text = format_strategy(shown, m.k)
    if moves > LISTED_MOVES:
        text = " ".join(text.split()[:PREVIEW]) + f" ... ({moves} moves; use --json for all)"
    if sol.strategy is not None:
        data["strategy"] = [move_json(m, mv) for mv in sol.strategy]
        return Report(data, f"{head}:\n{text}")
    return Report(data, f"{head}:\n{text}",
                  stream=_json_stream(data, "strategy",
                                      _pieces(m, sol, lambda mv: json.dumps(move_json(m, mv)), ",")))


def _preview(m: Model, sol: Solution) -> list[Move]:
    """The strategy when held in memory, else its first moves (for the text)."""
    if sol.strategy is not None:
        return sol.strategy
    words: list[str] = []
    for piece in _pieces(m, sol, lambda mv: format_move(mv, m.k), " ")():
        words += piece.split()
        if len(words) >= PREVIEW:
            break
    return parse_strategy(" ".join(words[:PREVIEW]), m.n, m.k)


def _pieces(m: Model, sol: Solution, word: Callable[[Move], str], sep: str) -> Callable[[], Iterator[str]]:
    """The strategy as text pieces, produced when asked for: the one held in memory (the search's, on
    small tables), else the layered strategy piece by piece."""
    held = sol.strategy
    if held is not None:
        return lambda: iter([sep.join(word(mv) for mv in held)])
    return lambda: engine.layered_pieces(sol.levels(), word, sep)


def _json_stream(data: JSON, key: str, items: Callable[[], Iterator[str]]) -> Callable[[], Iterator[str]]:
    """The JSON of ``data`` in pieces, with the list under ``key`` produced by ``items``."""
    def pieces() -> Iterator[str]:
        yield "{"
        for i, (name, value) in enumerate(data.items()):
            yield ("" if i == 0 else ", ") + json.dumps(name) + ": "
            if name == key:
                yield "["
                yield from items()
                yield "]"
            else:
                yield json.dumps(value)
        yield "}"
    return pieces


@COMMANDS.register("check", "judge a strategy exactly (exit 0 wins, 1 does not), or test a conjecture in N and K "
                   "(exit 0 holds, 1 a counterexample)",
                   Option("strategy", str, None, "the moves, e.g. \"0123 02 0123\"; with --touch, touch moves such as "
                          "\"02:HH 01:HH>x.,HH\" ('-' reads standard input)",
                          positional=True, readable=True, metavar="STRATEGY"), GROUP, TOUCH, *conjecture.OPTIONS)
def check(game: CoinGame, args: Args) -> Report:
    """Verify a strategy against every start and every turn; or, with ``--conjecture``, test a formula."""
    if (touched := _touch(args)) is not None:
        return touch_check.check(game, touched, required_text(args, "strategy"))
    if conjecture.given(args):
        return conjecture.check(game, args)
    if (gens := group.generators(game, args["group"])) is not None:
        return group.check(game, gens, required_text(args, "strategy"))
    game.model.require_enumerable()
    v = verdict(game, parse_strategy(required_text(args, "strategy"), game.coins, game.sides))
    said = ("correct: " if v.correct else "incorrect: ") + v.summary
    return Report(v.data, join([said, v.detail]) if v.detail else said, 0 if v.correct else 1)


@COMMANDS.register("hint", "the belief after some moves, and the best next moves",
                   Option("after", str, "", "the moves played so far (default: none); with --touch, touch moves",
                          metavar="STRATEGY"), GROUP, TOUCH)
def hint(game: CoinGame, args: Args) -> Report:
    """The hint ladder after ``--after``."""
    if (touched := _touch(args)) is not None:
        return touch_check.hint(game, touched, args["after"])
    if (gens := group.generators(game, args["group"])) is not None:
        return group.hint(game, gens, args["after"])
    game.model.require_enumerable()
    data = hint_data(game, parse_strategy(args["after"], game.coins, game.sides))
    text = "\n".join(f"hint {i} of {len(data['hints'])}: {h}" for i, h in enumerate(data["hints"], 1))
    if data["distance"]:
        text += f"\nshortest sure win from here: {plural(data['distance'], 'more move')}"
    return Report(data, text)


@COMMANDS.register("analyze", "classes, Burnside's count, x^N - 1 and why the table can or cannot be won", GROUP,
                   TOUCH)
def analyze_command(game: CoinGame, args: Args) -> Report:
    """The theory of the table (at any size: nothing past 65,536 tables is enumerated)."""
    if (touched := _touch(args)) is not None:
        return touch.report(game, touched)
    if (gens := group.generators(game, args["group"])) is not None:
        return group.analyze(game, gens)
    m = game.model
    a = analyze(m)
    sol = decide(m)
    d = sol.decision
    data: JSON = {
        "classes": a.classes,
        "classes_burnside": a.classes_formula,
        "winnable": sol.solvable,
        "factorization": a.factorization,
        "power_of_sides": a.power_of_k,
        "shortest_length": None if d.length is None else d.length.json(),
        "lower_bound": d.lower_bound.json(),
        "explanation": list(a.explanation),
        "reason": sol.reason,
        "method": sol.method,
        "prime": d.prime,
        "invariant": None if d.invariant is None else d.invariant.json(),
    }
    if sol.trap:
        data["trap"] = list(sol.trap)
    win = "winnable" if sol.solvable else "not winnable"  # the theorem decides every table
    devil = "rotations and reflections" if m.dihedral else "rotations"
    shortest = "" if d.length is None else f"shortest sure win: {d.length.text()} moves\n"
    factored = a.factorization.replace("**", "^")
    lines = [f"{m.n} positions, {m.k} faces, Devil: {devil}, goal: {game.goal_text}",
             f"classes of tables: {_count(a.classes)} (Burnside's count: {_count(a.classes_formula)})",
             f"x^{m.n} - 1 " + (f"= {factored}" if a.factors or len(prime_factors(m.k)) == 1 else f"is {factored}"),
             f"{shortest}{win}: {sol.reason}", "", *a.explanation]
    return Report(data, "\n".join(lines))


def _touch(args: Args) -> int | None:
    """The --touch K given (None without it); it is a game of its own, so --group, --output and --conjecture are
    refused."""
    if args["touch"] is None:
        return None
    if args["group"] is not None or args.get("output") is not None or {"conjecture", "of", "bound"} & args.given:
        raise InvalidParams("--touch is a game of its own: leave --group, --output and --conjecture out")
    return int(args["touch"])


def _count(value: int | str | None) -> str:
    """A count for text: written out when short, else by its size."""
    if value is None:
        return "more than 10^1,000,000 (too long to compute exactly)"
    digits = str(value)
    return digits if len(digits) <= 30 else f"{digits[0]}.{digits[1:4]}... x 10^{len(digits) - 1:,}"
