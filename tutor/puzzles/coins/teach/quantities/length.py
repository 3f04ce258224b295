"""The length of a shortest sure win: the construction that reaches it, and the game that beats anything shorter."""

from __future__ import annotations

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins.rules import CoinGame, Goal, Move, format_strategy
from tutor.puzzles.coins.teach.quantities.counts import every_table, idea
from tutor.puzzles.coins.teach.quantities.devil import reason
from tutor.puzzles.coins.teach.quantities.theorem import (
    bound,
    open_count,
    past_bound,
    prefix_argument,
    says_one_per_class,
    says_past_bound,
)
from tutor.puzzles.coins.teach.quantities.words import LISTED, SHOWN_MOVES, listed, not_a, whole
from tutor.puzzles.coins.teach.verdicts import verdict
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.coins.theory import theorem as decision_of
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()

EXAMPLE_MOVES = 4096  # a losing strategy this long or shorter is verified to show the game that beats it
PLAUSIBLE = 10**30  # wrong values past this are answered without arithmetic on them


def explain_shortest(game: CoinGame, args: Args, value: Value) -> str:
    """The construction and the lower bound, or the Devil's certificate."""
    sol = decide(game.model)
    if sol.length is None:
        return f"No strategy wins at all, so the answer is 0: {reason(game)}."
    return (f"The shortest sure win has {sol.length.text()} moves: {reason(game)}. No strategy is shorter: "
            f"{prefix_argument(game)}, and there are {sol.length.expression()} of those.")


def refute_shortest(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """A strategy of the wrong length and the game that beats it, or the bound or construction that
    rules the length out."""
    w = whole(wrong)
    sol = decide(game.model)
    if w is None or w < 0:
        return not_a("number of moves", wrong)
    if sol.length is None:
        return f"No strategy of any length is sure to win here: {reason(game)}."
    if w == 0:
        start = game.model.show(game.model.encode((1,) + (0,) * (game.coins - 1)))
        return (f"0 would mean no sure win exists, but the tutor builds one and verifies it against every start "
                f"and every turn. (And with no moves at all, a table starting as {start} never ends the game.)")
    if sol.length.digits() <= 30 and w > int(sol.length):
        return (f"{plural(w, 'move')} are more than a sure win needs: the tutor builds a shorter winning strategy "
                f"(the layered strategy) and verifies it against every start and every turn. {_past_tables(game, w)}")
    if w > PLAUSIBLE:
        return f"No: {prefix_argument(game)}."
    return (f"No strategy of {plural(w, 'move')} wins: {prefix_argument(game)}, and "
            f"{_too_many_starts(game, w)}.{_losing_example(game, sol.strategy, w)}")


def _shortest(game: CoinGame) -> int | None:
    return decide(game.model).shortest or 0


def _winnable(game: CoinGame) -> bool:
    return decide(game.model).length is not None


def _half(game: CoinGame) -> int | None:
    """The coins of the half table a doubling starts from: N / 2 for coins, all heads, N a power of two (>= 4)."""
    n = game.coins
    doubling = game.sides == 2 and game.goal is Goal.HEADS and n >= 4 and n & (n - 1) == 0
    return n // 2 if doubling and n <= 4000 else None


def _copies(game: CoinGame) -> int | None:
    """2^(N/2) copies of the doubled half strategy, 2^(N/2) - 1 moves each, without the moves between them."""
    half = _half(game)
    return None if half is None else 2**half * (2**half - 1)


def _says_copies(game: CoinGame, w: int) -> str:
    half = _half(game) or 1
    return (f"{w:,} = {2**half:,} x {2**half - 1:,} counts {2**half:,} copies of the doubled {half}-coin strategy D, "
            f"{2**half - 1:,} moves each, but leaves out the half moves that come between copies.")


def _copies_as_moves(game: CoinGame) -> int | None:
    """The copies of D and the half moves between them added, each copy of D taken for one move: 2^(N/2) +
    (2^(N/2) - 1), on the doubling lesson's tables (8 coins and more; the 4-coin table comes before doubling)."""
    half = _half(game)
    return None if half is None or half < 4 else 2**half + 2**half - 1


def _says_copies_as_moves(game: CoinGame, w: int) -> str:
    half = _half(game) or 1
    return (f"{w:,} adds up the copies of D and the half moves between them, as if each copy of D were one move; but "
            f"each copy of D is the whole doubled {half}-coin strategy.")


def _old_counts(game: CoinGame) -> int | None:
    """The previous doubling's counts kept: 2^(N/4) copies of D and 2^(N/4) - 1 half moves, with D now the whole
    N/2-coin strategy (16 x 255 + 15 on 16 coins), from 16 coins on (the first doubling has no previous one)."""
    half = _half(game)
    if half is None or half < 8:
        return None
    return 2 ** (half // 2) * (2**half - 1) + 2 ** (half // 2) - 1


def _says_old_counts(game: CoinGame, w: int) -> str:
    half = _half(game) or 1
    copies = 2 ** (half // 2)
    return (f"{w:,} = {copies:,} x {2**half - 1:,} + {copies - 1:,} keeps the counts of the last doubling ({copies:,} "
            f"copies of D, {copies - 1:,} half moves) with the {half}-coin strategy as D; but the half moves now play "
            f"the {half}-coin game, one for each of its moves, so there are more copies of D between them.")


def _length_doubled(game: CoinGame) -> int | None:
    """Twice the half table's shortest win: doubling the coins taken to double the moves."""
    half = _half(game)
    return None if half is None or half < 4 else 2 * (2**half - 1)


def _says_length_doubled(game: CoinGame, w: int) -> str:
    half = _half(game) or 1
    return (f"{w:,} = 2 x {2**half - 1:,} doubles the {half}-coin strategy's length, as if twice the coins took "
            f"twice the moves; but D only wins the tables whose halves agree, and the half moves between its copies "
            f"play a whole {half}-coin game on the halves' disagreements.")


def _one_copy_too_many(game: CoinGame) -> int | None:
    """A copy of D at each end and one more than the gaps between the half moves need: (2^(N/2) + 1) copies."""
    half = _half(game)
    return None if half is None or half < 4 else (2**half + 1) * (2**half - 1) + 2**half - 1


def _says_one_copy_too_many(game: CoinGame, w: int) -> str:
    half = _half(game) or 1
    return (f"{w:,} = {2**half + 1:,} x {2**half - 1:,} + {2**half - 1:,} counts one copy of D too many: "
            f"{2**half - 1:,} half moves have a copy of D before each of them and one after the last, so one more "
            "copy than half moves, not two more.")


def _other_goal(game: CoinGame) -> int | None:
    """The shortest win of the same table when the game ends the other way (all alike for all heads, and back)."""
    m = game.model
    if game.goal is Goal.HEADS:
        length = decision_of(m.n, m.k, m.dihedral, "same").length
        return int(length) if length is not None and length.digits() <= 30 else None
    return bound(game, Goal.HEADS) if _winnable(game) else None


def _says_other_goal(game: CoinGame, w: int) -> str:
    if game.goal is Goal.HEADS:
        return (f"{w:,} is the famous answer to the other puzzle, where the game ends as soon as the coins are all "
                "alike, heads or tails; here it ends only at all heads, so more starts need a prefix of their own.")
    return (f"{w:,} is the length when the game ends only at all heads; here it ends as soon as the coins are all "
            "alike, so starts that differ by the same change at every position need one prefix between them.")


LENGTH_IDEAS = (
    idea("with_finished", _shortest, lambda g: past_bound(g) if _winnable(g) else None, says_past_bound),
    idea("one_per_class", _shortest, lambda g: open_count(g) if _winnable(g) else None, says_one_per_class),
    idea("copies_only", _shortest, _copies, _says_copies),
    idea("copies_as_moves", _shortest, _copies_as_moves, _says_copies_as_moves),
    idea("old_counts", _shortest, _old_counts, _says_old_counts),
    idea("length_doubled", _shortest, _length_doubled, _says_length_doubled),
    idea("one_copy_too_many", _shortest, _one_copy_too_many, _says_one_copy_too_many),
    idea("other_goal", _shortest, _other_goal, _says_other_goal),
    idea("doubled_too_far", _shortest, lambda g: every_table(g, 2 * g.coins) if _winnable(g) else None,
         lambda g, w: f"{w:,} = {g.sides}^{2 * g.coins} counts the tables of {2 * g.coins} coins, one doubling too "
                      f"far; and doubling the coins does not double the tables, it squares their number: "
                      f"{g.sides}^{2 * g.coins} = {g.sides}^{g.coins} x {g.sides}^{g.coins}."),
    idea("bound_without_a_win", _shortest, lambda g: None if _winnable(g) else bound(g),
         lambda g, w: f"{w:,} is what the prefix argument gives: no sure win is shorter. It does not say that a sure "
                      f"win exists: that depends on {g.coins} and {g.sides}, and the Devil's turns."),
)


@QUANTITIES.register("shortest_length", "length of a shortest winning strategy (0 if there is none)",
                     explain=explain_shortest, refute=refute_shortest, misconceptions=LENGTH_IDEAS)
def shortest_length(game: CoinGame, args: Args) -> int:
    """The theorem's length (the lower bound, met by the layered strategy), 0 when no sure win exists."""
    return decide(game.model).shortest or 0


def _past_tables(game: CoinGame, w: int) -> str:
    """What a count past the shortest length overshoots: every table of the game, or every start class."""
    every = f"{game.sides}^{game.coins}"
    if game.goal == "heads":
        return (f"{w:,} is at least the number of all {every} tables, turned copies and all heads counted apart, "
                "and a strategy needs at most one prefix for each start.")
    return (f"{w:,} is more than the starts that need a prefix of their own (starts that differ by the same change at "
            "every position counted once), and a strategy needs at most one prefix for each.")


def _too_many_starts(game: CoinGame, w: int) -> str:
    """Why ``w`` prefixes are too few: ``w + 1`` starts that each need one, named (all heads, a few moves)."""
    m = game.model
    few = "1 prefix is too few" if w == 1 else f"{plural(w, 'prefix', 'prefixes')} are too few"
    if game.goal != "heads" or w + 1 > LISTED or not m.enumerable or w + 1 >= m.tables - 1:
        return few  # naming every start would count the answer out
    starts = [m.show(t) for t in range(1, w + 2)]
    return f"{few}: {listed(starts)} are different starts, and each needs a prefix of its own"


def _losing_example(game: CoinGame, shortest: list[Move] | None, w: int) -> str:
    """The first ``w`` moves of a shortest strategy, and the game that beats them."""
    if shortest is None or w > EXAMPLE_MOVES or not game.model.enumerable:
        return ""
    prefix = shortest[:w]
    try:
        v = verdict(game, prefix)
    except TutorError:  # too much work to check: the bound alone answers
        return ""
    if v.correct:  # pragma: no cover - the lower bound forbids it
        raise AssertionError(f"{w} moves won on {game}, below the lower bound")
    if game.sides == 2 and game.coins > 10:  # positions past 9 have no digit: the notation would be new here
        return f" For instance the first {plural(w, 'move')} of the tutor's own strategy: that list {v.summary}."
    shown = format_strategy(prefix, game.sides) if w <= SHOWN_MOVES else \
        f"{format_strategy(prefix[:6], game.sides)} ... ({plural(w, 'move')})"
    return f" For instance {shown} {v.summary}."
