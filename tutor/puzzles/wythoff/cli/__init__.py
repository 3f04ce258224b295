"""Wythoff's command-line contract: ``tutor solve|check|hint|analyze wythoff``.

``solve --position A,B``  -> ``{"outcome", "winning_moves", "remoteness", ...}``
``analyze --count K``     -> ``{"p_positions": [[a, b], ...]}``
``analyze --index K``     -> ``{"p_position": [a, b]}``
``analyze --plot``        -> ``{"plot": {"upto": N, "losing_positions": [[x, y], ...]}}`` and a picture
``analyze --grundy-map``  -> ``{"grundy_map": {"upto": N, "values": [[g(x, y) for y] for x]}}`` and a map
``check --position A,B MOVE`` and ``check --conjecture EXPR`` exit 0 / 1 / 2.
``--pass`` (a puzzle parameter, so every command takes it): Wythoff with a pass, answered by ``cli.passing``.

JSON keys are documented in README.md and docs/wythoff.md; they may be added
to, never renamed or removed.
"""

from __future__ import annotations

import shutil

from tutor.errors import InvalidParams
from tutor.puzzles.answers import JSON, Verdict, rung
from tutor.puzzles.base import Commands, Report
from tutor.puzzles.options import Args, Option, required_text
from tutor.puzzles.wythoff.cli import passing
from tutor.puzzles.wythoff.engine import (
    grundy_values,
    losing_index,
    nim_sum,
    p_position,
    p_positions,
    p_positions_upto,
    sum_winning_moves,
    tabled,
)
from tutor.puzzles.wythoff.engine.table import SCAN_LIMIT, TABLE_LIMIT, scan_p_positions, table_p_positions
from tutor.puzzles.wythoff.limits import WYTHOFF_UPTO
from tutor.puzzles.wythoff.rules import Boards, Rules, WythoffGame, describe_move, format_pairs, show_positions
from tutor.puzzles.wythoff.teach.decision import decide
from tutor.puzzles.wythoff.teach.kinds import KINDS
from tutor.puzzles.wythoff.teach.pictures import (
    PICTURE_MAX,
    PICTURE_UPTO,
    grid_width,
    grundy_map,
    picture_size,
    plot,
)
from tutor.puzzles.wythoff.teach.questions import BOUND, COUNT, INDEX, MAX_TOTAL, MIN_TOTAL, splits
from tutor.puzzles.wythoff.theory import analysis
from tutor.screen.shown import Drawn, join, text_of
from tutor.screen.text import plural

COMMANDS = Commands()

ANSWER = Option("answer", str, None, "a move 'F,S' (taken from each pile), or '-' for stdin", positional=True,
                readable=True)
CONJECTURE = Option("conjecture", str, None, "a formula in k for A_k, e.g. 'floor(k*(1+sqrt(5))/2)'",
                    metavar="EXPR")


def rules_json(rules: Rules) -> JSON:
    """The variant as JSON."""
    return {"a": rules.a, "misere": rules.misere}


# -- solve ----------------------------------------------------------------------------


@COMMANDS.register("solve", "outcome, winning moves and remoteness of the position (Grundy values for a sum)")
def solve(game: WythoffGame, args: Args) -> Report:
    """Outcome, winning moves and remoteness of the position (or Grundy analysis of a sum)."""
    if (with_pass := passing.pass_rules(game)) is not None:
        return passing.solve(with_pass, game)
    rules = game.rules
    boards = game.boards
    if len(boards) > 1:
        return solve_sum(rules, boards)
    decision = decide(rules, boards[0])
    pos, wins, k, far = decision.position, decision.wins, decision.index, decision.length
    data: JSON = {
        "position": list(pos),
        "outcome": decision.outcome,
        "winning_moves": [list(m) for m in wins],
        "remoteness": far,
        "best_move": list(wins[0]) if wins else None,
        "p_index": k,
        "rules": rules_json(rules),
    }
    text = show_positions((pos,))
    if decision.won_already:
        lines = ["(0, 0): your opponent took the last penny and lost - you have already won."]
    elif k is not None:
        lines = [f"{text} loses for the player to move: it is losing pair number {k} of {rules.describe()}."]
        if decision.line:
            lines.append(f"Every move hands the opponent a win; the game lasts {plural(far, 'move')} at best. "
                         f"To last longest, {describe_move(decision.line[0][0])}.")
    else:
        lines = [f"{text} wins for the player to move; best play finishes in {plural(far, 'move')}."]
        for f, s in wins:
            lines.append(f"  {f},{s}: {describe_move((f, s))} -> ({pos[0] - f}, {pos[1] - s})")
    return Report(data, "\n".join(lines))


def solve_sum(rules: Rules, boards: Boards) -> Report:
    """A sum of boards: Grundy values, nim-sum and the moves that restore nim-sum 0."""
    values = grundy_values(rules, boards)
    total = nim_sum(rules, boards)
    wins = sum_winning_moves(rules, boards)
    large = [i for i, b in enumerate(boards) if not tabled(b)]  # losing positions, or grundy_values refused
    data: JSON = {
        "boards": [list(b) for b in boards],
        "grundy": values,
        "nim_sum": total,
        "outcome": "lose" if total == 0 else "win",
        "winning_moves": [[i + 1, m[0], m[1]] for i, m in wins],
        "remoteness": None,
        "rules": rules_json(rules),
        "winning_moves_complete": total == 0 or not large,
        "by_formula": [i + 1 for i in large],
    }
    lines = [f"{show_positions(boards)}: Grundy values {values}, nim-sum {total} - "
             + ("the player to move loses." if total == 0 else "the player to move wins.")]
    for i in large:
        k = losing_index(rules, boards[i])
        lines.append(f"  board {i + 1} is losing pair number {k} (by the formula), so its Grundy value is 0 "
                     "without a table.")
    lines += [f"  board {i + 1}: {describe_move(m)}" for i, m in wins]
    if total and large:
        lines.append(f"  (moves on board{'s' if len(large) > 1 else ''} {', '.join(str(i + 1) for i in large)} "
                     "are not listed: the values of their options are out of reach)")
    return Report(data, "\n".join(lines))


# -- check and hint -----------------------------------------------------------------------


@COMMANDS.register("check", "judge a move exactly, or test a conjecture in the workbench (exit 0 correct, 1 not)",
                   ANSWER, CONJECTURE, BOUND)
def check(game: WythoffGame, args: Args) -> Report:
    """A move from ``--position``, or ``--conjecture`` for k = 0..``--bound``."""
    if (with_pass := passing.pass_rules(game)) is not None:
        return passing.check(with_pass, game, args)
    conjecture = args["conjecture"]
    verdict: Verdict
    if conjecture is not None:
        verdict = KINDS["conjecture"].judge(game, conjecture, {"bound": args["bound"]})
    else:
        verdict = KINDS["move"].judge(game, required_text(args, "answer"))
    parts: list[Drawn] = [verdict.summary, *([verdict.detail] if verdict.detail else [])]
    wins = verdict.data.get("winning_moves") if conjecture is None and not verdict.correct else None
    if wins:
        shown = [f"{w[0]}: {w[1]},{w[2]}" if len(w) == 3 else f"{w[0]},{w[1]}" for w in wins]
        parts.append(f"The winning moves were: {', '.join(shown)}.")
    text = join(parts)
    data = {"correct": verdict.correct, "summary": verdict.summary, **verdict.data}
    return Report(data, text, 0 if verdict.correct else 1)


@COMMANDS.register("hint", "the hint ladder for the position, or for a conjecture",
                   ANSWER, CONJECTURE)
def hint(game: WythoffGame, args: Args) -> Report:
    """Nudge, concept, concrete move (or formula)."""
    if (with_pass := passing.pass_rules(game)) is not None:
        return passing.hint(with_pass, game, args)
    conjecture = args["conjecture"]
    kind = KINDS["conjecture" if conjecture is not None else "move"]
    text = conjecture if conjecture is not None else args["answer"] or ""
    ladder = [text_of(rung(h).text) for h in kind.hints(game, kind.arguments({}), text)]
    return Report({"hints": ladder}, "\n".join(f"{n}. {h}" for n, h in enumerate(ladder, 1)))


# -- analyze --------------------------------------------------------------------------


@COMMANDS.register("analyze", "losing positions by count, by index, up to a pile size, against the exhaustive "
                              "table, or by totals; with no option, the proof step by step",
                   COUNT, INDEX,
                   Option("upto", int, None, "every losing position with piles <= N", metavar="N",
                          limit=WYTHOFF_UPTO),
                   Option("table", int, None, "compare the formula with the exhaustive table for piles <= N "
                          f"(past {TABLE_LIMIT}: the row scan, up to {SCAN_LIMIT})", metavar="N"),
                   Option("splits", bool, False, "the losing splits with min_total <= total <= max_total"),
                   MIN_TOTAL, MAX_TOTAL,
                   Option("plot", bool, False, "draw the losing positions on a grid of piles up to --upto "
                          f"(default {PICTURE_UPTO}, at most {PICTURE_MAX})"),
                   Option("grundy_map", bool, False, "draw the Grundy values of piles up to --upto as a map "
                          f"(default {PICTURE_UPTO}, at most {PICTURE_MAX})"))
def analyze(game: WythoffGame, args: Args) -> Report:
    """What was asked for (``args.given``), or the sympy-checked proof when nothing was."""
    if (with_pass := passing.pass_rules(game)) is not None:
        return passing.analyze(with_pass, args)
    rules = game.rules
    data: JSON = {"rules": rules_json(rules)}
    lines = [*_asked_lists(game, args, data), *_asked_pictures(rules, args, data)]  # one line per option given
    if not lines:
        steps = analysis(rules)
        data["analysis"] = [s.as_json() for s in steps]
        data["p_positions"] = [list(p) for p in p_positions(rules, 10)]
        lines = [f"{n}. {s.title}. {s.text}" + (f"  [sympy: {s.identity}: {'verified' if s.verified else 'FAILED'}]"
                                                if s.identity else "") for n, s in enumerate(steps, 1)]
    return Report(data, join(lines))


def _asked_lists(game: WythoffGame, args: Args, data: JSON) -> list[Drawn]:
    """The losing positions asked for (``--count``, ``--index``, ``--upto``, ``--table``, ``--splits``): a line
    each, their JSON into ``data``."""
    rules = game.rules
    lines: list[Drawn] = []
    if "count" in args.given:
        pairs = p_positions(rules, args["count"])
        data["p_positions"] = [list(p) for p in pairs]
        lines.append(f"The first {len(pairs)} losing positions: {format_pairs(pairs[:50])}"
                     + (" ..." if len(pairs) > 50 else ""))
    if "index" in args.given:
        pair = p_position(rules, args["index"])
        data["p_position"] = list(pair)
        lines.append(f"Losing position number {args['index']}: ({pair[0]}, {pair[1]})")
    upto = args["upto"]
    if upto is not None:
        if upto < 0:
            raise InvalidParams(f"--upto must be 0 or more, not {upto!r}")
        pairs = p_positions_upto(rules, upto)
        data["upto"] = upto
        data["p_positions_upto"] = [list(p) for p in pairs]
        lines.append(f"{len(pairs)} losing positions with piles up to {upto}: {format_pairs(pairs[:30])}"
                     + (" ..." if len(pairs) > 30 else ""))
    size = args["table"]
    if size is not None:
        method = "table" if size <= TABLE_LIMIT else "row scan"
        table = table_p_positions(rules, size) if method == "table" else scan_p_positions(rules, size)
        formula = p_positions_upto(rules, size)
        data["table"] = {"piles_up_to": size, "losing_positions": len(table), "agrees": table == formula,
                         "method": method}
        lines.append(f"Exhaustive {method} for piles up to {size}: {len(table)} losing positions; "
                     + ("the formula agrees with every one." if table == formula else "DISAGREES with the formula."))
    if args["splits"]:
        pairs = splits(game, args)
        data["losing_splits"] = [list(p) for p in pairs]
        data["losing_totals"] = sorted({x + y for x, y in pairs})
        lines.append(f"Losing splits with {args['min_total']} to {args['max_total']} pennies: "
                     f"{format_pairs(pairs)}")
    return lines


def _asked_pictures(rules: Rules, args: Args, data: JSON) -> list[Drawn]:
    """The pictures asked for (``--plot``, ``--grundy-map``), of piles up to ``--upto``; their JSON into ``data``.
    A grid wider than the terminal is not drawn (its lines would wrap into a broken picture): a line says which
    ``--upto`` fits instead."""
    lines: list[Drawn] = []
    size = picture_size(args["upto"])
    if args["plot"]:
        picture, cells = plot(rules, size)
        data["plot"] = {"upto": size, "losing_positions": [list(c) for c in cells]}
        listed = "" if args["upto"] is not None else \
            f"Losing positions with piles up to {size}: {format_pairs(p_positions_upto(rules, size))}, and mirrors. "
        lines.append(_fitted(picture, size, "--plot", listed))
    if args["grundy_map"]:
        picture, values = grundy_map(rules, size)
        data["grundy_map"] = {"upto": size, "values": values}
        lines.append(_fitted(picture, size, "--grundy-map"))
    return lines


def _fitted(picture: Drawn, size: int, option: str, listed: str = "") -> Drawn:
    """The picture, or its text form (``listed``) and a line saying how wide it is and which ``--upto`` fits."""
    columns = shutil.get_terminal_size().columns
    if grid_width(size) <= columns:
        return picture
    fits = max((n for n in range(size) if grid_width(n) <= columns), default=0)
    return (f"{listed}({option} of piles up to {size} needs {grid_width(size)} columns and this terminal has "
            f"{columns}: widen it, or draw piles up to {fits} with --upto {fits}.)")
