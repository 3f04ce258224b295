"""Command-line reports and answer checking for ``wythoff``: the JSON contract lives here.

``solve --position A,B``  -> ``{"outcome", "winning_moves", "remoteness", ...}``
``analyze --count K``     -> ``{"p_positions": [[a, b], ...]}``
``analyze --index K``     -> ``{"p_position": [a, b]}``
``check --position A,B MOVE`` and ``check --conjecture EXPR`` exit 0 / 1 / 2.
"""

from __future__ import annotations

import argparse
from functools import reduce
from operator import xor
from typing import Any

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles import wythoff_play as play
from tutor.puzzles.base import Params, Report, Verdict, read_text_argument
from tutor.puzzles.wythoff import Wythoff, boards_of, format_pairs, losing_splits, parse_pairs, rules_of
from tutor.puzzles.wythoff_rules import (
    Rules,
    delaying_move,
    describe_move,
    format_position,
    losing_index,
    p_position,
    p_positions,
    p_positions_upto,
    parse_position,
    remoteness,
    show_positions,
    winning_moves,
)

JSON = dict[str, Any]


def rules_json(rules: Rules) -> JSON:
    """The variant as JSON."""
    return {"a": rules.a, "misere": rules.misere}


# -- solve ----------------------------------------------------------------------------


def solve(params: Params) -> Report:
    """Outcome, winning moves and remoteness of the position (or Grundy analysis of a sum)."""
    rules = rules_of(params)
    boards = boards_of(params)
    if len(boards) > 1:
        return solve_sum(rules, boards)
    pos = boards[0]
    wins = winning_moves(rules, pos)
    k = losing_index(rules, pos)
    far = remoteness(rules, pos)
    data: JSON = {
        "position": list(pos),
        "outcome": "lose" if k is not None else "win",
        "winning_moves": [list(m) for m in wins],
        "remoteness": far,
        "best_move": list(wins[0]) if wins else None,
        "p_index": k,
        "rules": rules_json(rules),
    }
    text = show_positions((pos,))
    if rules.misere and pos == (0, 0):
        lines = ["(0, 0): your opponent took the last penny and lost - you have already won."]
    elif k is not None:
        lines = [f"{text} loses for the player to move: it is losing pair number {k} of {rules.describe()}."]
        if pos != (0, 0):
            delay = delaying_move(rules, pos)
            lines.append(f"Every move hands the opponent a win; the game lasts {far} moves at best. "
                         f"To last longest, {describe_move(delay)}.")
    else:
        lines = [f"{text} wins for the player to move; best play finishes in {far} moves."]
        for f, s in wins:
            lines.append(f"  {f},{s}: {describe_move((f, s))} -> ({pos[0] - f}, {pos[1] - s})")
    return Report(data, "\n".join(lines))


def solve_sum(rules: Rules, boards: tuple[tuple[int, int], ...]) -> Report:
    """A sum of boards: Grundy values, nim-sum and the moves that restore nim-sum 0."""
    values = play.grundy_values(rules, boards)
    total = reduce(xor, values, 0)
    wins = play.sum_winning_moves(rules, boards)
    data: JSON = {
        "boards": [list(b) for b in boards],
        "grundy": values,
        "nim_sum": total,
        "outcome": "lose" if total == 0 else "win",
        "winning_moves": [[i + 1, m[0], m[1]] for i, m in wins],
        "remoteness": None,
        "rules": rules_json(rules),
    }
    lines = [f"{show_positions(boards)}: Grundy values {values}, nim-sum {total} - "
             + ("the player to move loses." if total == 0 else "the player to move wins.")]
    lines += [f"  board {i + 1}: {describe_move(m)}" for i, m in wins]
    return Report(data, "\n".join(lines))


# -- check ------------------------------------------------------------------------------


def judge_move(params: Params, text: str) -> Verdict:
    """Is ``text`` a winning move from the position?  Illegal or unreadable moves raise."""
    rules = rules_of(params)
    boards = boards_of(params)
    move = play.parse_sum_move(text.strip(), boards)
    after = play.apply_sum_move(rules, boards, move)
    wins = play.sum_winning_moves(rules, boards)
    canonical = play.format_sum_move(move, boards)
    good = move in wins
    data: JSON = {
        "position": [list(b) for b in boards] if len(boards) > 1 else list(boards[0]),
        "move": [move[0] + 1, *move[1]] if len(boards) > 1 else list(move[1]),
        "result": [list(b) for b in after] if len(boards) > 1 else list(after[0]),
        "winning": good,
        "outcome": "win" if wins else "lose",
        "winning_moves": [[i + 1, *m] for i, m in wins] if len(boards) > 1 else [list(m) for i, m in wins],
    }
    result = show_positions(after)
    if good:
        summary = f"{canonical} wins: it leaves {result}, a losing position for your opponent"
        detail = "From " + result + " every move hands you a winning position again."
    elif not wins:
        summary = f"{canonical} cannot win: {show_positions(boards)} is a losing position, no move wins"
        detail = ("Every move from a losing position reaches a winning one; the best you can do is "
                  "make the game last and hope for a mistake.")
    else:
        summary = f"{canonical} does not win: it leaves {result}, and your opponent can win from there"
        reply = play.sum_winning_moves(rules, after)
        # The detail refutes the move without naming the winning one, so a lesson can let the
        # learner try again; the command line adds the winning moves (see ``run``).
        detail = ""
        if reply:
            detail = (f"From {result} your opponent plays {play.format_sum_move(reply[0], after)} "
                      f"({describe_move(reply[0][1])}) and you face a losing position.")
    return Verdict(good, summary, detail, data, canonical)


def judge_conjecture(params: Params, text: str) -> Verdict:
    """Run the workbench: holds for k = 0..bound, or the smallest counterexample."""
    from tutor.puzzles.wythoff_conjecture import check_conjecture

    result = check_conjecture(rules_of(params), text, params["bound"])
    detail = "\n".join(result.explanation + result.proof_needs)
    return Verdict(result.holds, result.summary(), detail, result.as_json(), result.conjecture)


def check_answer(params: Params, kind: str, text: str) -> Verdict:
    """Judge an answer of ``kind`` exactly (see ``Wythoff.answer_kinds``)."""
    rules = rules_of(params)
    if kind == "move":
        return judge_move(params, text)
    if kind == "conjecture":
        return judge_conjecture(params, text)
    if kind == "outcome":
        word = text.strip().lower()
        aliases = {"win": "win", "winning": "win", "n": "win", "lose": "lose", "losing": "lose", "p": "lose"}
        if word not in aliases:
            raise InvalidNotation(f"outcome {text!r}: answer 'win' or 'lose'")
        truth = str(Wythoff().quantity(params, "outcome"))
        good = aliases[word] == truth
        where = show_positions(boards_of(params))
        verdict = "wins" if truth == "win" else "loses"
        summary = (f"right: at {where} the player to move {verdict}" if good else
                   f"not right: {where} is a {'winning' if truth == 'win' else 'losing'} position "
                   f"- the player to move {verdict}")
        return Verdict(good, summary, _outcome_detail(params), {"outcome": truth}, aliases[word])
    if kind == "p_positions":
        return _judge_pairs(params, text)
    if kind == "losing_totals":
        totals = sorted(set(_numbers(text)))
        expected = sorted({x + y for x, y in losing_splits(rules, params["min_total"], params["max_total"])})
        return _compare_sets("totals", totals, expected, ", ".join(map(str, totals)))
    if kind == "kth":
        pair = parse_position(text)
        kth = p_position(rules, params["index"])
        good = (min(pair), max(pair)) == kth
        return Verdict(good, f"losing position number {params['index']} is {kth}" if good else
                       f"{format_position(pair)} is not losing position number {params['index']}",
                       "" if good else _kth_detail(rules, (min(pair), max(pair)), params["index"]),
                       {"p_position": list(kth)}, format_position((min(pair), max(pair))))
    if kind in ("grundy", "remoteness"):
        numbers = _numbers(text)
        if len(numbers) != 1:
            raise InvalidNotation(f"{kind} {text!r}: answer one whole number")
        truth_value = int(Wythoff().quantity(params, kind))
        good = numbers[0] == truth_value
        return Verdict(good, f"the {kind} is {truth_value}" if good else f"{numbers[0]} is not the {kind}",
                       "" if good else f"It is {truth_value}.", {kind: truth_value}, str(numbers[0]))
    if kind == "play":
        return _judge_line(params, text)
    raise InvalidParams(f"puzzle 'wythoff' has no answer kind {kind!r}")


def _judge_line(params: Params, text: str) -> Verdict:
    """A whole line of play, replayed against the perfect computer from ``position``."""
    from tutor.puzzles.wythoff_lesson import judge_line, split_moves

    if params["blunder"]:
        raise InvalidParams("a line of play is judged against the perfect computer: set blunder to 0")
    won, summary, detail = judge_line(rules_of(params), boards_of(params), params["first"] == "learner", text)
    canonical = " ".join(" ".join(m.split()) for m in split_moves(text))
    return Verdict(won, summary, detail, {"won": won}, canonical)


def _kth_detail(rules: Rules, pair: tuple[int, int], k: int) -> str:
    """Why a pair is not the k-th losing one, without giving the k-th away."""
    j = losing_index(rules, pair)
    if j is not None:
        return (f"({pair[0]}, {pair[1]}) is a losing position, but it is number {j}: number {k} comes "
                f"{'later' if k > j else 'earlier'}.")
    wins = winning_moves(rules, pair)
    if not wins:
        return f"({pair[0]}, {pair[1]}) is not a losing position."
    f, s = wins[0]
    x, y = sorted((pair[0] - f, pair[1] - s))
    return (f"({pair[0]}, {pair[1]}) is not a losing position at all: from it you can "
            f"{describe_move((f, s))} and reach the losing ({x}, {y}).")


def _numbers(text: str) -> list[int]:
    words = text.replace(",", " ").replace(";", " ").split()
    for word in words:
        if not word.isdecimal():
            raise InvalidNotation(f"answer {text!r}: {word!r} is not a whole number")
    return [int(w) for w in words]


def _outcome_detail(params: Params) -> str:
    rules = rules_of(params)
    boards = boards_of(params)
    wins = play.sum_winning_moves(rules, boards)
    if wins:
        return f"Winning move: {play.format_sum_move(wins[0], boards)} ({describe_move(wins[0][1])})."
    return "No move reaches a losing position, so every move hands the opponent a win."


def _judge_pairs(params: Params, text: str) -> Verdict:
    rules = rules_of(params)
    given = parse_pairs(text)
    truth = losing_splits(rules, params["min_total"], params["max_total"])
    verdict = _compare_sets("losing positions", given, truth, format_pairs(given))
    missing = sorted(set(truth) - set(given))
    extra = sorted(set(given) - set(truth))
    lines = []
    if extra:
        x, y = extra[0]
        wins = winning_moves(rules, (x, y))
        if wins:
            f, s = wins[0]
            lines.append(f"({x}, {y}) is not losing: {describe_move((f, s))} reaches the losing ({x - f}, {y - s}).")
    if missing:
        lines.append(f"({missing[0][0]}, {missing[0][1]}) is losing: no move from it reaches another losing "
                     "position - and it is missing from your list.")
    return Verdict(verdict.correct, verdict.summary, " ".join(lines), verdict.data, verdict.canonical)


def _compare_sets(what: str, given: list[Any], truth: list[Any], canonical: str) -> Verdict:
    good = given == truth
    missing = [t for t in truth if t not in given]
    extra = [g for g in given if g not in truth]
    if good:
        summary = f"all {len(truth)} {what} and nothing else"
    else:
        summary = f"{len(missing)} of the {what} missing, {len(extra)} wrongly included"
    return Verdict(good, summary, "", {"missing": [list(m) if isinstance(m, tuple) else m for m in missing],
                                       "extra": [list(e) if isinstance(e, tuple) else e for e in extra]},
                   canonical)


def normalize(params: Params, kind: str, text: str) -> str:
    """Canonical notation of an answer, or the squeezed text when it does not parse."""
    try:
        return check_answer(params, kind, text).canonical
    except (InvalidNotation, InvalidParams, ValueError):
        return " ".join(text.split()).lower()


def hints(params: Params, kind: str, text: str) -> list[str]:
    """Hint ladders for moves/outcomes (the position) and for conjectures."""
    rules = rules_of(params)
    if kind == "conjecture":
        first = p_positions(rules, 8)
        return [
            "Look at the losing pairs " + format_pairs(first) + ": what is A_k / k for large k?",
            "A_k / k and B_k / k approach two numbers alpha < beta with 1/alpha + 1/beta = 1 "
            f"(every whole number is in exactly one pair) and beta - alpha = {rules.a}.",
            "Solve 1/x + 1/(x + " + str(rules.a) + ") = 1: for a = 1 that is x = (1 + sqrt(5))/2 = phi; "
            "try floor(k*(1 + sqrt(5))/2).",
        ]
    if kind in ("p_positions", "losing_totals"):
        return [
            "Start from (0, 0) and go up: a position loses when no move reaches a smaller losing position.",
            "Each pile size is used by exactly one losing pair, and the k-th pair's piles differ by k: "
            "take the smallest unused number and add k.",
            "The losing positions here are " + format_pairs(losing_splits(rules, params["min_total"],
                                                                         params["max_total"])) + ".",
        ]
    if kind == "kth":
        k = params["index"]
        return ["Compute the first few losing pairs and look at how A_k grows with k.",
                "A_k = floor(k*phi) and B_k = A_k + k; use exact integers: (k + isqrt(5k^2)) // 2.",
                f"Pair number {k} is {p_position(rules, k)}."]
    return play.position_hints(rules, boards_of(params))


# -- analyze --------------------------------------------------------------------------


def analyze(params: Params, args: argparse.Namespace) -> Report:
    """Losing positions by count, by index, up to a pile size, vs the table, splits; or the proof."""
    from tutor.puzzles.wythoff_table import table_p_positions
    from tutor.puzzles.wythoff_theory import analysis

    rules = rules_of(params)
    data: JSON = {"rules": rules_json(rules)}
    lines: list[str] = []
    asked = False
    if getattr(args, "param_count", None) is not None:
        asked = True
        pairs = p_positions(rules, params["count"])
        data["p_positions"] = [list(p) for p in pairs]
        lines.append(f"The first {len(pairs)} losing positions: {format_pairs(pairs[:50])}"
                     + (" ..." if len(pairs) > 50 else ""))
    if getattr(args, "param_index", None) is not None:
        asked = True
        pair = p_position(rules, params["index"])
        data["p_position"] = list(pair)
        lines.append(f"Losing position number {params['index']}: ({pair[0]}, {pair[1]})")
    if args.upto is not None:
        asked = True
        if args.upto < 0:
            raise InvalidParams(f"--upto must be 0 or more, not {args.upto!r}")
        pairs = p_positions_upto(rules, args.upto)
        data["upto"] = args.upto
        data["p_positions_upto"] = [list(p) for p in pairs]
        lines.append(f"{len(pairs)} losing positions with piles up to {args.upto}: {format_pairs(pairs[:30])}"
                     + (" ..." if len(pairs) > 30 else ""))
    if args.table is not None:
        asked = True
        table = table_p_positions(rules, args.table)
        formula = p_positions_upto(rules, args.table)
        data["table"] = {"piles_up_to": args.table, "losing_positions": len(table), "agrees": table == formula}
        lines.append(f"Exhaustive table for piles up to {args.table}: {len(table)} losing positions; "
                     + ("the formula agrees with every one." if table == formula else "DISAGREES with the formula."))
    if args.splits:
        asked = True
        splits = losing_splits(rules, params["min_total"], params["max_total"])
        data["losing_splits"] = [list(p) for p in splits]
        data["losing_totals"] = sorted({x + y for x, y in splits})
        lines.append(f"Losing splits with {params['min_total']} to {params['max_total']} pennies: "
                     f"{format_pairs(splits) or 'none'}")
    if not asked:
        steps = analysis(rules)
        data["analysis"] = [s.as_json() for s in steps]
        data["p_positions"] = [list(p) for p in p_positions(rules, 10)]
        lines = [f"{n}. {s.title}. {s.text}" + (f"  [sympy: {s.identity}: {'verified' if s.verified else 'FAILED'}]"
                                                 if s.identity else "") for n, s in enumerate(steps, 1)]
    return Report(data, "\n".join(lines))


# -- dispatch -------------------------------------------------------------------------


def run(puzzle: Wythoff, command: str, params: Params, args: argparse.Namespace) -> Report:
    """Carry out ``tutor COMMAND wythoff``."""
    if command == "solve":
        return solve(params)
    if command == "analyze":
        return analyze(params, args)
    conjecture = getattr(args, "conjecture", None)
    if command == "check":
        if conjecture is not None:
            verdict = judge_conjecture(params, conjecture)
        else:
            verdict = judge_move(params, read_text_argument(args.answer, args.file))
        text = verdict.summary + ("\n" + verdict.detail if verdict.detail else "")
        wins = verdict.data.get("winning_moves") if conjecture is None and not verdict.correct else None
        if wins:
            shown = [f"{w[0]}: {w[1]},{w[2]}" if len(w) == 3 else f"{w[0]},{w[1]}" for w in wins]
            text += f"\nThe winning moves were: {', '.join(shown)}."
        data = {"correct": verdict.correct, "summary": verdict.summary, **verdict.data}
        return Report(data, text, 0 if verdict.correct else 1)
    if command == "hint":
        if conjecture is not None:
            ladder = hints(params, "conjecture", conjecture)
        else:
            ladder = hints(params, "move", args.answer or "")
        return Report({"hints": ladder}, "\n".join(f"{n}. {h}" for n, h in enumerate(ladder, 1)))
    raise InvalidParams(f"puzzle 'wythoff' has no command {command!r}")
