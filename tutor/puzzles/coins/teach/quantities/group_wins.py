"""Whether a sure win exists against the Devil's group, and how long the shortest one is: the certificate either way.

The theorem decides (``theory.groups.decide_group``: the group's order from sympy, K's prime), with
the engine's evidence attached: the layered strategy, replayed over every table and every move of the
group, or the Devil's trap.  A wrong length is answered with the prefix argument (doing nothing is
one of the Devil's moves, so each table that is not won needs a prefix of its own) and, for a length
too short, the first moves of a shortest strategy with the game that beats them: the Devil doing
nothing, from a start none of its prefixes finishes.
"""

from __future__ import annotations

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Goal, Move, format_strategy
from tutor.puzzles.coins.teach.quantities.devil import trap_replies
from tutor.puzzles.coins.teach.quantities.groups import GROUP, Idea, fresh_ideas, generators, order_of, table_model
from tutor.puzzles.coins.teach.quantities.words import SHOWN_MOVES, listed, not_a, whole
from tutor.puzzles.coins.theory.groups import GroupSolution, decide_group, prime_of, theorem_winnable
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()
EXAMPLE_MOVES = 4096  # a too-short prefix this long or shorter is shown with the game that beats it


def solution(game: CoinGame, args: Args) -> GroupSolution:
    """The decision and its evidence: the layered strategy, replayed over every table and move of the group, or the
    Devil's trap (the exhaustive search ``solve`` and ``analyze`` run is left out: it may take a second)."""
    return decide_group(game.coins, game.sides, game.goal.value, generators(game, args), search=False)


def winnable(game: CoinGame, args: Args) -> bool:
    """The theorem's decision alone (the group's order and the faces): what a value or a practice item's draw needs,
    without the evidence (a search, a trap) that ``solution`` adds for explanations and refutations."""
    return theorem_winnable(order_of(game, args), game.sides)


def _why(game: CoinGame, sol: GroupSolution) -> str:
    """The theorem's reason in the lessons' words: the group's order and the faces."""
    size, k = sol.order, game.sides
    if size == 1:
        return "the Devil cannot move the table at all"
    p, q = prime_of(size), prime_of(k)
    moves = f"the Devil has {size} moves" + (f", a power of {p}" if p else ", not a power of a prime")
    faces = f"{k} faces" + (f", a power of {q}" if q else ", not a power of a prime")
    return f"{moves}, and the counters have {faces}"


def _certificate(game: CoinGame, args: Args) -> str:
    """The evidence as one sentence without its full stop, never listing the strategy nor its length (a later
    question may ask for them)."""
    sol = solution(game, args)
    if sol.winnable:
        return (f"{_why(game, sol)}: a strategy wins against every start and every move of the group (the tutor "
                "builds it and checks it against each of them)")
    if sol.trap:
        return f"{_why(game, sol)}: the Devil can keep the table among {listed(list(sol.trap))} forever"
    return f"{_why(game, sol)}: no strategy is sure to win (the theorem says so for every such group)"


def _replies(game: CoinGame, args: Args) -> str:
    """For a trap of one or two tables, the Devil's answer to every move (text after a sentence), else nothing."""
    sol = solution(game, args)
    return "" if sol.winnable or not sol.trap else trap_replies(table_model(game, args), list(sol.trap))


def explain_group_winnable(game: CoinGame, args: Args, value: Value) -> str:
    """The certificate."""
    return f"{'Yes' if value == 'yes' else 'No'}: {_certificate(game, args)}.{_replies(game, args)}"


def refute_group_winnable(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate shows the answer: a verified strategy against 'no', the trap against 'yes'."""
    if wrong not in ("yes", "no"):
        return f"{wrong!r} is not yes or no."
    return explain_group_winnable(game, args, value)


def _p_group_faces_apart(game: CoinGame, args: Args) -> Value | None:
    """'yes' where the group is a p-group but the faces are not a power of p (the faces forgotten)."""
    sol = solution(game, args)
    p = prime_of(sol.order)
    return "yes" if p is not None and prime_of(game.sides) != p else None


def _faces_power_group_not(game: CoinGame, args: Args) -> Value | None:
    """'yes' where K is a power of a prime but the group's order is not a power of a prime (the order forgotten)."""
    sol = solution(game, args)
    return "yes" if prime_of(game.sides) is not None and sol.order > 1 and prime_of(sol.order) is None else None


def _trapped(game: CoinGame, args: Args) -> str:
    """The Devil's trap as a sentence (after another one), "" where none is computed or a sure win exists."""
    sol = solution(game, args)
    if sol.winnable or not sol.trap:
        return ""
    return f" The Devil can keep the table among {listed(list(sol.trap))} forever, whatever you flip."


WIN_IDEAS: tuple[Idea, ...] = (
    ("faces_forgotten", _p_group_faces_apart,
     lambda g, a, w: f"The Devil's moves number a power of a prime, but that is half of the condition: the faces "
                     f"must be a power of the same prime, and {g.sides} is not.{_trapped(g, a)}"),
    ("order_forgotten", _faces_power_group_not,
     lambda g, a, w: f"{g.sides} faces is a power of a prime, but that is half of the condition: the number of the "
                     f"Devil's moves must be a power of the same prime, and {order_of(g, a)} is not.{_trapped(g, a)}"),
)


@QUANTITIES.register("group_winnable", "'yes' if a sure win exists against the Devil's group (argument group), "
                     "else 'no'", args=(GROUP,), explain=explain_group_winnable, refute=refute_group_winnable,
                     misconceptions=fresh_ideas(WIN_IDEAS, lambda g, a: "yes" if winnable(g, a) else "no"))
def group_winnable(game: CoinGame, args: Args) -> str:
    """The theorem's decision, as yes or no."""
    return "yes" if winnable(game, args) else "no"


# -- the shortest sure win --------------------------------------------------------------------------------------


def _prefixes(game: CoinGame) -> str:
    """The prefix argument against any group, without its number."""
    starts = "table that is not all heads" if game.goal is Goal.HEADS else \
        "start that is not all alike (counting starts that differ by the same change at every position once)"
    return (f"doing nothing is one of the Devil's moves, and if he always does nothing, the table after i moves is "
            f"the start plus the first i moves, so each {starts} must be finished by a prefix of the moves of its own")


def explain_group_shortest(game: CoinGame, args: Args, value: Value) -> str:
    """The length, its lower bound and the certificate; or 0 with the Devil's certificate."""
    sol = solution(game, args)
    if sol.length is None:
        return f"No strategy wins at all, so the answer is 0: {_certificate(game, args)}.{_replies(game, args)}"
    return (f"The shortest sure win has {sol.length.text()} moves: {_certificate(game, args)}, and it is as short as "
            f"the prefix argument allows: {_prefixes(game)}, and there are {sol.length.expression()} of those.")


def refute_group_shortest(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The Devil's certificate, the verified strategy against 0, the prefix argument and a game that beats a
    strategy too short, or a shorter strategy against one too long."""
    w, sol = whole(wrong), solution(game, args)
    if w is None or w < 0:
        return not_a("number of moves", wrong)
    if sol.length is None:
        return f"No strategy of any length is sure to win here: {_certificate(game, args)}.{_replies(game, args)}"
    if w == 0:
        return (f"0 would mean no sure win exists, but {_certificate(game, args)}. (And with no moves at all, a "
                "table that is not won at the start stays so.)")
    if w > int(sol.length):
        return (f"{plural(w, 'move')} are more than a sure win needs: the tutor builds a shorter strategy (the "
                f"layered strategy) and verifies it against every start and every move of the group.")
    few = "1 prefix is too few" if w == 1 else f"{plural(w, 'prefix', 'prefixes')} are too few"
    return f"No strategy of {plural(w, 'move')} wins: {_prefixes(game)}, and {few}.{_beaten(game, args, sol, w)}"


def _beaten(game: CoinGame, args: Args, sol: GroupSolution, w: int) -> str:
    """The first ``w`` moves of a shortest strategy and the game that beats them: the Devil doing nothing, as in the
    prefix argument, from a start none of the prefixes finishes."""
    if sol.strategy is None or w > EXAMPLE_MOVES:
        return ""
    prefix: list[Move] = list(sol.strategy[:w])
    try:
        m = table_model(game, args)
    except TutorError:  # too many tables to name one: the bound alone answers
        return ""
    c = engine.unmoved(m, prefix)
    if c is None:  # pragma: no cover - the lower bound forbids it
        raise AssertionError(f"{w} moves won against the group on {game}, below the lower bound")
    moves = format_strategy(prefix, game.sides) if w <= SHOWN_MOVES else \
        f"{format_strategy(prefix[:6], game.sides)} ... ({plural(w, 'move')})"
    return (f" For instance {moves}: from {m.show(c.start)}, if the Devil leaves the table as it is before each move, "
            f"it ends at {m.show(c.final)}, not won.")


def _bound(game: CoinGame, args: Args) -> int:
    """The prefix bound K^N - 1 (K^(N-1) - 1 for all alike), where a sure win is not asked about."""
    return game.sides ** (game.coins if game.goal is Goal.HEADS else game.coins - 1) - 1


def _open_classes(game: CoinGame, args: Args) -> int | None:
    """The tables up to the group's moves where the game is not over, where a sure win exists."""
    if not winnable(game, args) or not game.model.enumerable:
        return None
    m = table_model(game, args)
    return m.class_count - int(m.goal_classes().sum())


def _length(game: CoinGame, args: Args) -> int:
    """K^N - 1 (K^(N-1) - 1 for all alike) where the theorem says a sure win exists, else 0."""
    return _bound(game, args) if winnable(game, args) else 0


def _copies(game: CoinGame, args: Args) -> str:
    """Two tables one move of the Devil makes equal, as a clause: different starts all the same."""
    m = table_model(game, args)
    for table in range(1, m.tables):
        for g in range(1, len(m.group)):
            other = m.apply_turn(table, g)
            if other != table:
                return f": {m.show(table)} and {m.show(other)} are two such starts"
    return ""


SHORTEST_IDEAS: tuple[Idea, ...] = (
    ("bound_without_a_win", lambda g, a: None if winnable(g, a) else _bound(g, a),
     lambda g, a, w: f"{w:,} is what the prefix argument gives: no sure win is shorter. It does not say that a sure "
                     f"win exists: that depends on the Devil's moves and the faces.{_trapped(g, a)}"),
    ("one_per_class", _open_classes,
     lambda g, a, w: f"{w:,} is one move per table up to the Devil's moves. But when he does nothing, moved copies "
                     f"are different starts, and each needs a prefix of its own{_copies(g, a)}."),
    ("with_finished", lambda g, a: _bound(g, a) + 1 if winnable(g, a) else None,
     lambda g, a, w: f"{w:,} counts every start, the finished one included; but there the game is over before your "
                     "first move, so it needs no prefix of its own."),
)


@QUANTITIES.register("group_shortest", "length of a shortest sure win against the Devil's group (argument group; 0 if "
                     "there is none)", args=(GROUP,), explain=explain_group_shortest, refute=refute_group_shortest,
                     misconceptions=fresh_ideas(SHORTEST_IDEAS, _length))
def group_shortest(game: CoinGame, args: Args) -> int:
    """The theorem's length, 0 where no sure win exists."""
    return _length(game, args)

