"""The blind bartender (Ehrenborg and Skinner 1995) as lesson values: how many positions must be touched a move.

Each move the bartender touches some of the N positions, feels those coins and flips any of them;
then the Devil turns the table; the bell rings when the coins are all alike (the step's goal must be
``same``, with two faces and turns only).  The theorem decides at any N: a sure win exists exactly
when at least (1 - 1/p) N positions are touched, p the largest prime factor of N.  Up to
``touch_positions`` positions the exhaustive belief search (``engine.touch``) gives the evidence and
must agree; beyond, the refutations give the theorem's argument without its number.
"""

from __future__ import annotations

from tutor.errors import InvalidParams
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins.engine.touch import TouchOutcome, least_touch, theorem_winnable
from tutor.puzzles.coins.engine.touch import solve as search
from tutor.puzzles.coins.limits import TOUCH_POSITIONS
from tutor.puzzles.coins.rules import CoinGame, Goal, Symmetry
from tutor.puzzles.coins.rules.formula import prime_factors
from tutor.puzzles.coins.teach.quantities.groups import Idea, fresh_ideas
from tutor.puzzles.coins.teach.quantities.words import not_a, whole
from tutor.puzzles.options import Args, Option
from tutor.screen.text import plural

QUANTITIES = Quantities()
TOUCH = Option("touch", int, None, "positions the blind bartender touches a move", minimum=1, metavar="K")
DEVIL = ("Ehrenborg and Skinner prove that against so few touches the Devil always has a turn that keeps the coins "
         "from being all alike; the tutor's own search confirms it on the smallest tables")


def bell(game: CoinGame) -> int:
    """The number of positions, checked to be the bartender's game: two faces, turns only, the bell at all alike."""
    if game.sides != 2 or game.symmetry is not Symmetry.ROTATION or game.goal is not Goal.SAME:
        raise InvalidParams("the blind bartender's game has coins (sides = 2), turns only, and the bell rings when "
                            "the coins are all alike: goal = \"same\"")
    if game.coins < 2:
        raise InvalidParams("with one coin the bell rings before any move: the bartender's game needs coins >= 2")
    return game.coins


def searched(n: int, k: int) -> TouchOutcome | None:
    """The exhaustive belief search's verdict where it runs (it must agree with the theorem), else None."""
    if n > TOUCH_POSITIONS.value:
        return None
    found = search(n, k, "same")
    if found.winnable != theorem_winnable(n, k):  # pragma: no cover - the tests check every case
        raise AssertionError(f"the touch search and the theorem disagree on N = {n}, K = {k}")
    return found


def verdict(n: int, k: int) -> str:
    """Whether touching k of n positions rings the bell for sure, with the evidence (search or theorem)."""
    found = searched(n, k)
    if found is None:
        if theorem_winnable(n, k):
            return (f"touching {k} of {n} positions a move, Ehrenborg and Skinner's strategy rings the bell for sure")
        return f"touching {k} of {n} positions a move, the Devil can keep the bell from ringing forever ({DEVIL})"
    if found.winnable:
        return (f"touching {k} of {n} positions a move, the exhaustive belief search finds a sure win, in "
                f"{plural(found.rounds or 0, 'move')} at most")
    return (f"touching {k} of {n} positions a move, the exhaustive search over every belief you can reach finds no "
            "sure win: the Devil can keep the bell from ringing forever")


# -- the fewest positions to touch ------------------------------------------------------------------------------


def explain_least(game: CoinGame, args: Args, value: Value) -> str:
    """Why that many suffice and one fewer does not: the search, or the theorem's condition."""
    n, t = bell(game), int(value)
    if n > TOUCH_POSITIONS.value:
        p = max(prime_factors(n))
        return (f"{t}: Ehrenborg and Skinner's theorem says a sure win exists exactly when at least (1 - 1/p) N "
                f"positions are touched a move, p the largest prime factor of N; here p = {p} and (1 - 1/{p}) x {n} "
                f"= {t}.")
    fewer = f" And {verdict(n, t - 1)}." if t > 1 else ""
    return f"{t}: {verdict(n, t)}.{fewer}"


def refute_least(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """Too few: the search or the theorem's argument; too many: fewer suffice; past N: there are not so many."""
    n, w, t = bell(game), whole(wrong), int(value)
    if w is None or w < 0:
        return not_a("number of positions", wrong)
    if w == 0:
        return "Touching nothing, you feel nothing and flip nothing: a table that is not all alike stays so."
    if w > n:
        return f"The table has only {plural(n, 'position')} to touch."
    if w < t:
        return f"Not enough: {verdict(n, w)}."
    return (f"Fewer than {w} suffice: a sure win exists touching fewer positions a move"
            + (" (the exhaustive belief search finds one)." if n <= TOUCH_POSITIONS.value else "."))


def _lpf(n: int) -> int:
    return min(prime_factors(n))


def _fewer(game: CoinGame) -> str:
    """Where a count of touches is too many: the evidence that fewer suffice, without their number."""
    return " (the exhaustive belief search finds a sure win with fewer)" if game.coins <= TOUCH_POSITIONS.value else ""


LEAST_IDEAS: tuple[Idea, ...] = (
    ("least_prime", lambda g, a: bell(g) - bell(g) // _lpf(bell(g)),
     lambda g, a, w: f"{w} = {g.coins} - {g.coins}/{_lpf(g.coins)} takes {_lpf(g.coins)}, the smallest prime factor "
                     f"of {g.coins}; that is not the prime that decides: {verdict(g.coins, int(w))}."),
    ("half", lambda g, a: -(-bell(g) // 2),
     lambda g, a, w: f"{w} is half of the {g.coins} positions (rounded up), enough on 2, 4, 8, ... positions; with "
                     f"{g.coins} positions the Devil has more room: {verdict(g.coins, int(w))}."),
    ("all_but_one", lambda g, a: bell(g) - 1,
     lambda g, a, w: f"{w} touches all positions but one, which always rings the bell; but fewer suffice "
                     f"here{_fewer(g)}."),
    ("all", lambda g, a: bell(g),
     lambda g, a, w: f"Touching all {w} positions rings the bell at the first move; but fewer suffice "
                     f"here{_fewer(g)}."),
)


@QUANTITIES.register("touch_least", "fewest positions the blind bartender must touch a move to ring the bell for "
                     "sure (goal same)", explain=explain_least, refute=refute_least,
                     misconceptions=fresh_ideas(LEAST_IDEAS, lambda g, a: least_touch(bell(g))))
def touch_least(game: CoinGame, args: Args) -> int:
    """Ehrenborg and Skinner's threshold: the least K with K >= (1 - 1/p) N."""
    return least_touch(bell(game))


# -- one number of touches --------------------------------------------------------------------------------------


def _touched(game: CoinGame, args: Args) -> int:
    """The step's number of touched positions, checked against the table."""
    k, n = args.get("touch"), bell(game)
    if k is None:
        raise InvalidParams("this quantity needs the argument touch: how many positions are touched a move")
    if k > n:
        raise InvalidParams(f"touch = {k}: the table has only {plural(n, 'position')}")
    return int(k)


def explain_touch_winnable(game: CoinGame, args: Args, value: Value) -> str:
    """The certificate: the search, or the theorem."""
    return f"{'Yes' if value == 'yes' else 'No'}: {verdict(bell(game), _touched(game, args))}."


def refute_touch_winnable(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate shows the answer (yes or no)."""
    if wrong not in ("yes", "no"):
        return f"{wrong!r} is not yes or no."
    return explain_touch_winnable(game, args, value)


def _yes_or_no(game: CoinGame, args: Args) -> str:
    """Ehrenborg and Skinner's condition, as yes or no."""
    return "yes" if theorem_winnable(bell(game), _touched(game, args)) else "no"


WINNABLE_IDEAS: tuple[Idea, ...] = (
    ("half_enough", lambda g, a: "yes" if 2 * _touched(g, a) >= bell(g) else None,
     lambda g, a, w: f"Touching half the positions is enough on 2, 4, 8, ... positions; with {g.coins} positions "
                     f"the Devil has more room: {verdict(g.coins, _touched(g, a))}."),
)


@QUANTITIES.register("touch_winnable", "'yes' if the blind bartender touching the argument touch positions a move "
                     "can ring the bell for sure (goal same), else 'no'", args=(TOUCH,),
                     explain=explain_touch_winnable, refute=refute_touch_winnable,
                     misconceptions=fresh_ideas(WINNABLE_IDEAS, _yes_or_no))
def touch_winnable(game: CoinGame, args: Args) -> str:
    """Ehrenborg and Skinner's condition, as yes or no."""
    return _yes_or_no(game, args)
