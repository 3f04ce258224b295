"""``--pass``: Wythoff with a pass on the command line (``tutor solve|check|hint|analyze wythoff --pass``).

``solve --pass --position A,B``   -> ``{"position", "passes", "outcome", "winning_moves", "best_move", "p_index", ...}``
``check --pass --position A,B MOVE`` (a move, ``pass``, or the claim ``lose``) and ``check --pass --conjecture EXPR``
``hint --pass``                   -> ``{"hints": [...]}``
``analyze --pass --upto N``       -> ``{"upto": N, "p_positions_upto": [[a, b], ...]}`` (also ``--count``, ``--index``)

A move is ``[from_first, from_second]`` or ``"pass"`` in JSON.  The position is taken with its pass still there;
once the pass is used the game is Wythoff's own (the commands without ``--pass``).  Keys may be added to, never
renamed or removed (docs/wythoff.md).
"""

from __future__ import annotations

from tutor.errors import InvalidNotation, InvalidParams
from tutor.puzzles.answers import JSON, rung
from tutor.puzzles.base import Report
from tutor.puzzles.options import Args, required_text
from tutor.puzzles.wythoff.engine.passing import (
    pass_index,
    pass_losing,
    pass_p_positions,
    pass_p_positions_upto,
    pass_winning_moves,
)
from tutor.puzzles.wythoff.rules import WythoffGame, format_pairs, show_positions
from tutor.puzzles.wythoff.rules.formula import parse_conjecture
from tutor.puzzles.wythoff.rules.passing import (
    PassGame,
    PassMove,
    PassPosition,
    PassRules,
    apply_pass_move,
    describe_pass_move,
    format_pass_move,
    move_json,
    pass_board,
    read_pass_move,
)
from tutor.puzzles.wythoff.teach.hints import pass_conjecture_hints, pass_hints
from tutor.puzzles.wythoff.teach.outcomes import read_outcome
from tutor.puzzles.wythoff.theory.passing import OBSERVED, check_pass_conjecture
from tutor.screen.shown import text_of
from tutor.screen.text import plural

WHOLE_ANALYZE = ("count", "index", "upto")  # the analyze options the pass game answers


def pass_rules(game: WythoffGame) -> PassRules | None:
    """The pass game asked for by ``--pass`` (and ``--pass-at-end``), or None for Wythoff's own."""
    return game.pass_rules if isinstance(game, PassGame) else None


def _start(game: WythoffGame) -> PassPosition:
    x, y = pass_board(game)
    return (x, y, 1)


def _said(pos: PassPosition) -> str:
    return f"{show_positions((pos[:2],))} with the pass left"


def solve(rules: PassRules, game: WythoffGame) -> Report:
    """Outcome and every winning move (the pass among them) of the position with the pass left."""
    pos = _start(game)
    wins = pass_winning_moves(rules, pos)
    k = pass_index(rules, pos[:2])
    data: JSON = {"position": list(pos[:2]), "passes": 1, "outcome": "win" if wins else "lose",
                  "winning_moves": [move_json(m) for m in wins], "remoteness": None,
                  "best_move": move_json(wins[0]) if wins else None, "p_index": k, "rules": rules.as_json()}
    if k is not None:
        lines = [f"{_said(pos)} loses for the player to move: it is losing pair number {k} of {rules.describe()}."]
        if pos[:2] != (0, 0) or rules.at_end:
            lines.append("The pass hands the opponent a winning position of plain Wythoff, and every other move "
                         "reaches a position of the pass game that wins for them.")
    else:
        lines = [f"{_said(pos)} wins for the player to move ({plural(len(wins), 'winning move')}):"]
        lines += [f"  {format_pass_move(m)}: {describe_pass_move(m)} -> {_after(rules, pos, m)}" for m in wins]
    return Report(data, "\n".join(lines))


def _after(rules: PassRules, pos: PassPosition, move: PassMove) -> str:
    left = apply_pass_move(rules, pos, move)
    return f"{show_positions((left[:2],))}, " + ("pass used: Wythoff's losing position" if left[2] == 0 else
                                                  "pass still left: a losing position of the pass game")


def check(rules: PassRules, game: WythoffGame, args: Args) -> Report:
    """A move (or the claim that the position loses), or a conjecture for the pass game's losing pairs."""
    if args["conjecture"] is not None:
        result = check_pass_conjecture(rules, parse_conjecture(args["conjecture"]), args["bound"])
        text = "\n".join([result.summary(), *result.explanation, *result.proof_needs])
        return Report({"correct": result.holds, "summary": result.summary(), **result.as_json()}, text,
                      0 if result.holds else 1)
    pos = _start(game)
    answer = required_text(args, "answer")
    wins = pass_winning_moves(rules, pos)
    data: JSON = {"position": list(pos[:2]), "passes": 1, "outcome": "win" if wins else "lose",
                  "winning_moves": [move_json(m) for m in wins]}
    try:
        move, note = read_pass_move(rules, pos, answer)
    except InvalidNotation as unread:
        try:
            claim = read_outcome(answer)  # "lose": the learner says no move wins
        except InvalidNotation:
            raise unread from None
        correct = claim == data["outcome"]
        summary = (f"{answer.strip()!r} is {'right' if correct else 'not right'}: {_said(pos)} is "
                   f"{'a win' if wins else 'a loss'} for the player to move")
        data.update(claim=claim)
    else:
        left = apply_pass_move(rules, pos, move)
        correct = pass_losing(rules, left)
        summary = (f"{format_pass_move(move)} wins: it leaves {_after(rules, pos, move)}" if correct else
                   f"{format_pass_move(move)} does not win: it leaves {show_positions((left[:2],))}"
                   + (", pass used" if left[2] == 0 else ", pass still left") + ", a win for the opponent")
        if note:
            summary = f"{note}; {summary}"
        data.update(move=move_json(move), result=list(left[:2]), passes_left=left[2], winning=correct)
    text = summary + ("" if correct or not wins else
                      f"\nThe winning moves were: {', '.join(format_pass_move(m) for m in wins)}.")
    return Report({"correct": correct, "summary": summary, **data}, text, 0 if correct else 1)


def hint(rules: PassRules, game: WythoffGame, args: Args) -> Report:
    """A nudge, the idea the position needs, then a winning move (or, for a conjecture, what is known)."""
    if args["conjecture"] is not None:
        ladder = [text_of(rung(h).text) for h in pass_conjecture_hints(rules, 8)]
    else:
        ladder = [text_of(rung(h).text) for h in pass_hints(rules, _start(game))]
    return Report({"hints": ladder}, "\n".join(f"{n}. {h}" for n, h in enumerate(ladder, 1)))


def analyze(rules: PassRules, args: Args) -> Report:
    """The losing pairs of the pass game: ``--upto N``, ``--count K``, ``--index K``; with none, the first 20 and
    what is known of them."""
    other = sorted(args.given - set(WHOLE_ANALYZE))
    if other:
        raise InvalidParams(f"--pass answers analyze --upto, --count and --index only, not --{other[0]}"
                            .replace("_", "-"))
    data: JSON = {"rules": rules.as_json()}
    lines: list[str] = []
    if "count" in args.given or not args.given & set(WHOLE_ANALYZE):
        pairs = pass_p_positions(rules, args["count"])
        data["p_positions"] = [list(p) for p in pairs]
        lines.append(f"The first {len(pairs)} losing positions of {rules.describe()} (pass left): "
                     f"{format_pairs(pairs[:50])}" + (" ..." if len(pairs) > 50 else ""))
    if "index" in args.given:
        pair = pass_p_positions(rules, args["index"] + 1)[-1]
        data["p_position"] = list(pair)
        lines.append(f"Losing position number {args['index']} with the pass left: ({pair[0]}, {pair[1]})")
    if args["upto"] is not None:
        if args["upto"] < 0:
            raise InvalidParams(f"--upto must be 0 or more, not {args['upto']!r}")
        pairs = pass_p_positions_upto(rules, args["upto"])
        data.update(upto=args["upto"], p_positions_upto=[list(p) for p in pairs])
        lines.append(f"{len(pairs)} losing positions with piles up to {args['upto']} (pass left): "
                     f"{format_pairs(pairs[:30])}" + (" ..." if len(pairs) > 30 else ""))
    if not args.given & set(WHOLE_ANALYZE):
        data["observed"] = list(OBSERVED)
        lines += list(OBSERVED)
    return Report(data, "\n".join(lines))
