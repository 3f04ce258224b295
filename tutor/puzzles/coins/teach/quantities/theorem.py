"""The theorem's two sides as lesson values: the lower bound no sure win beats, and x^N - 1 factored over GF(K)."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Goal
from tutor.puzzles.coins.teach.quantities.counts import every_table, finished, idea, minus, turned_pair, up_to_turning
from tutor.puzzles.coins.teach.quantities.words import not_a, whole
from tutor.puzzles.coins.theory import analyze, is_power_of, prime_factors
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def prefix_argument(game: CoinGame) -> str:
    """The lower bound in words, without its number."""
    starts = ("table that is not all heads" if game.goal == "heads" else
              "start that is not all alike (counting starts that differ by the same amount at every position "
              "once)")
    return (f"if the Devil never turns the table, the table after i moves is the start plus the first i moves, "
            f"so each {starts} must be finished by a prefix of the moves of its own")


def explain_lower_bound(game: CoinGame, args: Args, value: Value) -> str:
    """The prefix argument, counted."""
    return (f"No winning strategy is shorter than {value:,} moves: {prefix_argument(game)}, and there are "
            f"{value:,} of those.")


def refute_lower_bound(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """Too small: the prefix argument; too large: with no turns that many moves are not needed."""
    w = whole(wrong)
    if w is None or w < 0:
        return not_a("number of moves", wrong)
    if w < int(value):
        few = "1 prefix is too few" if w == 1 else f"{plural(w, 'prefix', 'prefixes')} are too few"
        return f"The bound is higher than {w:,}: {prefix_argument(game)}, and {few}."
    return (f"{w} is more than the argument gives: it only needs one prefix per table, and if the Devil never "
            "turned, moves whose prefixes visit each of those tables once would win, with no move to spare.")


def bound(game: CoinGame, goal: Goal | None = None) -> int | None:
    """The prefix bound from N and K alone: K^N - 1 for all heads, K^(N-1) - 1 for all alike."""
    heads = (goal or game.goal) is Goal.HEADS
    return minus(every_table(game, game.coins if heads else game.coins - 1), 1)


def past_bound(game: CoinGame) -> int | None:
    """One more than the bound: the finished start counted as needing a prefix too."""
    return minus(bound(game), -1)


def open_count(game: CoinGame) -> int | None:
    """The tables up to turning where the game is not over yet."""
    return minus(up_to_turning(game), finished(game))


def says_past_bound(game: CoinGame, w: int) -> str:
    """The finished start counted as needing moves."""
    if game.goal is Goal.HEADS:
        return (f"{w:,} = {game.sides}^{game.coins} counts every table, all heads included; but on the all-heads "
                "table the game is over before your first move, so it needs no prefix of its own.")
    return (f"{w:,} = {game.sides}^{game.coins - 1} counts every start up to the same change at every position, the "
            "all-alike one included; but there the game is over before your first move, so it needs no prefix.")


def says_one_per_class(game: CoinGame, w: int) -> str:
    """One move per table up to turning."""
    pair = turned_pair(game)
    two = f", and {pair[0]} and {pair[1]} are two such starts" if pair else ""
    return (f"{w:,} is one move for each table still possible up to turning. But turned copies are different "
            f"starts: {prefix_argument(game)}{two}.")


def _says_other_goal(game: CoinGame, w: int) -> str:
    if game.goal is Goal.HEADS:
        return (f"{w:,} is the bound when the game ends as soon as the coins are all alike; here it ends only at "
                "all heads, so more starts need a prefix of their own.")
    return (f"{w:,} is the bound when the game ends only at all heads; here it ends as soon as the coins are all "
            "alike, so starts that differ by the same change at every position need one prefix between them.")


BOUND_IDEAS = (
    idea("with_finished", bound, past_bound, says_past_bound),
    idea("one_per_class", bound, open_count, says_one_per_class),
    idea("other_goal", bound, lambda g: bound(g, Goal.SAME if g.goal is Goal.HEADS else Goal.HEADS), _says_other_goal),
)


@QUANTITIES.register("lower_bound", "no winning strategy is shorter than this",
                     explain=explain_lower_bound, refute=refute_lower_bound, misconceptions=BOUND_IDEAS)
def lower_bound(game: CoinGame, args: Args) -> int:
    """The prefix-sum bound."""
    return engine.lower_bound(game.model)


def explain_factorization(game: CoinGame, args: Args, value: Value) -> str:
    """The factors and what a repeated factor (x - 1) means for the table."""
    m = game.model
    primes = prime_factors(m.k)
    if len(primes) > 1:
        return (f"x^{m.n} - 1 is not factored here: its coefficients are numbers mod {m.k}, and Z/{m.k} is not a "
                f"field ({m.k} is divisible by both {primes[0]} and {primes[1]}), so factors are not unique.")
    p = primes[0]
    hidden = (f"every factor is x - 1 (x + 1 mod 2), because N = {m.n} is a power of {p}: no part of the table "
              "can hide from the moves" if is_power_of(m.n, p) else
              "a factor other than x - 1 is a part of the table that turns can hide from you")
    return f"Mod {p}, x^{m.n} - 1 = {value}: {hidden}."


def refute_factorization(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The factorization sympy computed, to compare."""
    if len(prime_factors(game.sides)) > 1:
        return explain_factorization(game, args, value)
    return ("Over a field the factorization into irreducible factors is one and the same, up to the order of "
            f"the factors, and {wrong} is not it. {explain_factorization(game, args, value)}")


@QUANTITIES.register("factorization", "the factorization of x^N - 1 over GF(K)",
                     explain=explain_factorization, refute=refute_factorization)
def factorization(game: CoinGame, args: Args) -> str:
    """From sympy, powers written ^."""
    return analyze(game.model).factorization.replace("**", "^")
