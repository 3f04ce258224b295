"""The values coin lessons ask for, each with why it is what it is and why any other value is not.

Every explanation and refutation is made from what the engine computed for the table: the
decision (``theory.decide``: the theorem with its search, construction or trap), strategies
verified move by move with the counterexample that beats them, the classes of tables, and the
Devil's trap.  A refutation never states the value it refutes against where it can avoid it (the
learner may try again); for yes or no the certificate shows it, unavoidably.
"""

from __future__ import annotations

import re

from tutor.errors import TutorError
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Model, Move, format_move, format_strategy, model
from tutor.puzzles.coins.teach import verdict
from tutor.puzzles.coins.theory import analyze, decide, is_power_of, prime_factors
from tutor.puzzles.coins.theory import theorem as decision_of
from tutor.puzzles.options import Args
from tutor.text import plural

QUANTITIES = Quantities()

LISTED = 12  # tables named in a sentence before "..."
SHOWN_MOVES = 31  # a strategy up to this long is written out in a reason
EXAMPLE_MOVES = 4096  # a losing strategy this long or shorter is verified to show the game that beats it
PLAUSIBLE = 10**30  # wrong values past this are answered without arithmetic on them


def _names(names: list[str]) -> str:
    """Tables for a sentence: "HH, HT and TT" (shortened past LISTED)."""
    if not names:
        return "none"
    if len(names) > LISTED:
        return ", ".join(names[:LISTED]) + f" and {len(names) - LISTED} more"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _whole(wrong: Value) -> int | None:
    """A wrong number as an int (None for words)."""
    return wrong if isinstance(wrong, int) and not isinstance(wrong, bool) else None


def _not_a(what: str, wrong: Value) -> str:
    """The reason a wrong answer is no {what} at all (words, or a negative number), or "" if it is one."""
    w = _whole(wrong)
    if w is None:
        return f"{wrong!r} is not a {what}."
    return f"A {what} cannot be negative." if w < 0 else ""


# -- the length of a shortest sure win -------------------------------------------------------------


@QUANTITIES.register("shortest_length", "length of a shortest winning strategy (0 if there is none)")
def shortest_length(game: CoinGame, args: Args) -> int:
    """The theorem's length (the lower bound, met by the layered strategy), 0 when no sure win exists."""
    return decide(game.model).shortest or 0


def _prefix_argument(game: CoinGame) -> str:
    """The lower bound in words, without its number."""
    starts = ("table that is not all heads" if game.goal == "heads" else
              "start that is not all alike (counting starts that differ by the same amount at every position "
              "once)")
    return (f"if the Devil never turns the table, the table after i moves is the start plus the first i moves, "
            f"so each {starts} must be finished by a prefix of the moves of its own")


@QUANTITIES.explains("shortest_length")
def explain_shortest(game: CoinGame, args: Args, value: Value) -> str:
    """The construction and the lower bound, or the Devil's certificate."""
    sol = decide(game.model)
    if sol.length is None:
        return f"No strategy wins at all, so the answer is 0: {sol.reason}."
    return (f"The shortest sure win has {sol.length.text()} moves: {sol.reason}. No strategy is shorter: "
            f"{_prefix_argument(game)}, and there are {sol.length.expression()} of those.")


@QUANTITIES.refutes("shortest_length")
def refute_shortest(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """A strategy of the wrong length and the game that beats it, or the bound or construction that
    rules the length out."""
    w = _whole(wrong)
    sol = decide(game.model)
    if w is None or w < 0:
        return _not_a("number of moves", wrong)
    if sol.length is None:
        return f"No strategy of any length is sure to win here: {sol.reason}."
    if w == 0:
        start = game.model.show(game.model.encode((1,) + (0,) * (game.coins - 1)))
        return (f"0 would mean no sure win exists, but the tutor builds one and verifies it against every start "
                f"and every turn. (And with no moves at all, a table starting as {start} never ends the game.)")
    other = _other_reading(game, w)
    if sol.length.digits() <= 30 and re.search(rf"(?<![\d,^]){int(sol.length)}(?![\d,])", other):
        other = ""  # the note would state the value the learner is still looking for
    if sol.length.digits() <= 30 and w > int(sol.length):
        return (f"{plural(w, 'move')} are more than a sure win needs: the tutor builds a shorter winning strategy "
                f"(the layered strategy) and verifies it against every start and every turn.{other}")
    if w > PLAUSIBLE:
        return f"No: {_prefix_argument(game)}.{other}"
    return (f"No strategy of {plural(w, 'move')} wins: {_prefix_argument(game)}, and {plural(w, 'prefix', 'prefixes')} "
            f"are too few.{_losing_example(game, sol.strategy, w)}{other}")


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
    shown = format_strategy(prefix, game.sides) if w <= SHOWN_MOVES else \
        f"{format_strategy(prefix[:6], game.sides)} ... ({plural(w, 'move')})"
    return f" For instance {shown} {v.summary}."


def _other_reading(game: CoinGame, w: int) -> str:
    """What ``w`` is the answer to, when it is the shortest length of a neighbouring puzzle."""
    if w > PLAUSIBLE:
        return ""
    m = game.model
    if game.goal == "heads":
        same = decision_of(m.n, m.k, m.dihedral, "same").length
        if same is not None and int(same) == w:
            return (f" ({w} is the famous answer to the other puzzle, where the game ends as soon as the coins "
                    f"are all alike, heads or tails; here it ends only at {game.goal_text}.)")
    elif w == engine.lower_bound(model(m.n, m.k, m.dihedral, "heads")):
        return (f" ({w} is the length when the game ends only at all heads; here it ends as soon as the coins are "
                "all alike.)")
    j = _exponent(w + 1, m.k)
    if j is not None and j != m.n:
        return f" ({w} = {m.k}^{j} - 1 counts the tables of {plural(j, 'coin')}, and this table has {m.n}.)"
    return ""


def _exponent(x: int, k: int) -> int | None:
    """j >= 1 with k^j = x, if there is one."""
    j = 0
    while x > 1 and x % k == 0:
        x //= k
        j += 1
    return j if x == 1 and j else None


# -- counting tables -------------------------------------------------------------------------------


@QUANTITIES.register("classes", "number of arrangements up to the Devil's turns")
def classes(game: CoinGame, args: Args) -> int:
    """Orbits of the tables under the Devil's turns."""
    return game.model.class_count


def _turned_pair(m: Model) -> str:
    """Two different tables that one turn makes equal, e.g. "HT and TH are one table: ..."."""
    for rep in range(m.tables):
        for g in range(1, len(m.group)):
            other = m.apply_turn(rep, g)
            if other != rep:
                how = f"turn by {m.turn_label(g)}" if isinstance(m.turn_label(g), int) else str(m.turn_label(g))
                return f"{m.show(rep)} and {m.show(other)} are one table ({how} makes one the other)"
    return "no turn changes any table"


def _more_than(m: Model, names: list[str], w: int, what: str) -> str:
    """A refutation of a count that is too small: w + 1 of the objects, all different."""
    if w == 0:
        return f"There is at least one: {names[0]}."
    if w + 1 > LISTED:
        return f"There are more than {w} {what}."
    return f"There are more than {w} {what}: {_names(names[: w + 1])} are all different, and no turn of the " \
        f"table changes one into another."


@QUANTITIES.explains("classes")
def explain_classes(game: CoinGame, args: Args, value: Value) -> str:
    """The classes, by name."""
    m = game.model
    devil = "turn or reflect" if m.dihedral else "turn"
    return (f"Up to the Devil's turns there are {value} tables: {_names(m.class_names())} (each written as the "
            f"first of its turned copies in reading order; the Devil may {devil} the table, so turned copies "
            f"are one table for you).")


@QUANTITIES.refutes("classes")
def refute_classes(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """``w + 1`` different tables, or a pair counted twice."""
    w, m = _whole(wrong), game.model
    if w is None or w < 0:
        return _not_a("count", wrong)
    if w < int(value):
        return _more_than(m, m.class_names(), w, "tables up to turning")
    if w > m.tables:
        return f"There are only {m.k}^{m.n} tables in all, even counting turned copies apart."
    return f"{w} counts some tables twice: {_turned_pair(m)}."


@QUANTITIES.register("start_size", "number of arrangements possible before the first move")
def start_size(game: CoinGame, args: Args) -> int:
    """Classes not already won."""
    return int(game.model.start_belief().sum())


def _open_names(m: Model) -> list[str]:
    return m.names_in(engine.start_bits(m))


def _won_names(m: Model) -> list[str]:
    names, goal = m.class_names(), m.goal_classes()
    return [names[c] for c in range(m.class_count) if goal[c]]


@QUANTITIES.explains("start_size")
def explain_start(game: CoinGame, args: Args, value: Value) -> str:
    """Every class but the won ones."""
    m = game.model
    if not _open_names(m):
        return f"None: every table is already {game.goal_text} ({_names(_won_names(m))}), so the game is over at once."
    return (f"Every table up to turning except {_names(_won_names(m))}, where the game is already over: "
            f"{_names(_open_names(m))}, {value} in all.")


@QUANTITIES.refutes("start_size")
def refute_start(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """``w + 1`` open tables, the won table counted, or a pair counted twice."""
    w, m = _whole(wrong), game.model
    if w is None or w < 0:
        return _not_a("count", wrong)
    if w < int(value):
        return _more_than(m, _open_names(m), w, "tables still possible")
    won = _won_names(m)
    if w == m.class_count:
        return (f"That counts {_names(won)} too, but on {_names(won)} the game is already over before your "
                f"first move: {'it is' if len(won) == 1 else 'they are'} not possible any more.")
    if w > m.tables:
        return f"There are only {m.k}^{m.n} tables in all, even counting turned copies apart."
    return (f"{w} counts some tables twice: {_turned_pair(m)}; and on {_names(won)} the game is already "
            "over before the first move.")


@QUANTITIES.register("tables", "number of tables K^N")
def tables(game: CoinGame, args: Args) -> int:
    """K**N."""
    return game.model.tables


@QUANTITIES.explains("tables")
def explain_tables(game: CoinGame, args: Args, value: Value) -> str:
    """K choices at each of N positions."""
    return (f"Each of the {plural(game.coins, 'position')} shows one of {game.sides} faces, independently: "
            f"{game.sides}^{game.coins} = {int(value):,} tables, counting turned copies apart.")


@QUANTITIES.refutes("tables")
def refute_tables(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The product rule."""
    w = _whole(wrong)
    if w is None or w < 0:
        return _not_a("count", wrong)
    per = "doubles" if game.sides == 2 else f"multiplies by {game.sides}"
    return (f"Not {w}: each position shows one of {game.sides} faces whatever the others show, so every position "
            f"added {per} the count, and here turned copies count apart.")


# -- winnable, the trap and the bound ---------------------------------------------------------------


@QUANTITIES.register("winnable", "'yes' if a sure win exists, else 'no'")
def winnable(game: CoinGame, args: Args) -> str:
    """The decision, as yes or no."""
    return "yes" if decide(game.model).solvable else "no"


def _win_certificate(game: CoinGame) -> str:
    sol = decide(game.model)
    assert sol.length is not None
    shown = ""
    if sol.strategy is not None and len(sol.strategy) <= SHOWN_MOVES:
        shown = f" ({format_strategy(sol.strategy, game.sides)})"
    return (f"a strategy of {sol.length.text()} moves{shown} wins against every start and every turn: "
            f"{sol.reason}")


def _trap_replies(m: Model, trap: list[str]) -> str:
    """For a small trap: a table of each trapped table, each move, and the result of a turn that keeps it
    in the trap (preformatted lines, after a line of text)."""
    if not trap or len(trap) > 2 or len(m.move_classes()) > 8:
        return ""
    names = m.class_names()
    width = max(len(format_move(move, m.k)) for move in m.move_classes())
    rows = [f"  {'table':<{max(5, m.n)}}  {'flip':<{max(4, width)}}  the Devil turns so it becomes"]
    for name in trap:
        table = m.representative(names.index(name))
        for move in m.move_classes():
            for g in range(len(m.group)):
                after = names[m.class_of(m.add(m.apply_turn(table, g), move))]
                if after in trap:
                    rows.append(f"  {name:<{max(5, m.n)}}  {format_move(move, m.k):<{max(4, width)}}  {after}")
                    break
    return "\nWhatever you flip, he has a turn that keeps the table in the trap:\n" + "\n".join(rows)


@QUANTITIES.explains("winnable")
def explain_winnable(game: CoinGame, args: Args, value: Value) -> str:
    """The certificate: a verified strategy, or the Devil's trap or invariant."""
    sol = decide(game.model)
    if sol.solvable:
        return f"Yes: {_win_certificate(game)}."
    return f"No: {sol.reason}.{_trap_replies(game.model, list(sol.trap))}"


@QUANTITIES.refutes("winnable")
def refute_winnable(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate shows the answer: a verified strategy against 'no', the trap against 'yes'."""
    if wrong not in ("yes", "no"):
        return f"{wrong!r} is not yes or no."
    return explain_winnable(game, args, value)


def _trap(game: CoinGame) -> list[str]:
    m = game.model
    return m.names_in(engine.trap(m)) if m.class_count <= engine.TRAP_CLASS_LIMIT else []


@QUANTITIES.register("trap", "the arrangements the Devil can keep the table among forever ('none' if winnable)")
def trap(game: CoinGame, args: Args) -> str:
    """The trap's arrangements by name."""
    return ", ".join(_trap(game)) or "none"


def _escape(m: Model, name: str, trap: list[str]) -> str:
    """A move that takes ``name`` out of the trap whatever the Devil turns, and where it leads."""
    names = m.class_names()
    bits = 1 << names.index(name)
    for move in m.move_classes():
        after = m.names_in(engine.to_bits(m.step(engine.from_bits(m, bits), move)))
        if not set(after) & set(trap):
            lands = f"only {_names(after)} can follow" if after else "the game is over"
            return f"from {name}, flipping {format_move(move, m.k)} leaves the trap whatever he turns ({lands})"
    return f"from {name} some move leaves the trap"  # pragma: no cover - the trap is the greatest fixed point


def _no_trap(game: CoinGame) -> str:
    """Why no trap is named: the table can be won, or it has too many classes to compute one."""
    sol = decide(game.model)
    if sol.solvable:
        return f"There is no trap: {_win_certificate(game)}."
    return (f"No trap is computed for more than {engine.TRAP_CLASS_LIMIT:,} classes of tables, so none is named; "
            f"the Devil still wins: {sol.reason}.")


@QUANTITIES.explains("trap")
def explain_trap(game: CoinGame, args: Args, value: Value) -> str:
    """The trap and why it holds."""
    m, names = game.model, _trap(game)
    if not names:
        return _no_trap(game)
    return (f"The Devil's trap is {_names(names)}: whatever you flip on one of them, one of his turns makes "
            f"the result one of them again.{_trap_replies(m, names)}")


@QUANTITIES.refutes("trap")
def refute_trap(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """Tables named that are not in the trap (with the move that escapes), and trap tables left out."""
    m, names = game.model, _trap(game)
    said = [_class_name(m, w.strip()) for w in str(wrong).replace(" and ", ",").split(",") if w.strip()]
    if not names:
        return _no_trap(game)
    extra = [w for w in said if w not in names]
    missing = [n for n in names if n not in said]
    parts = []
    for w in extra:
        parts.append(_escape(m, w, names) if w in m.class_names() else f"{w} is not a table of {m.n} coins")
    if missing:
        parts.append(f"{_names(missing)} {'is' if len(missing) == 1 else 'are'} missing: from there every move "
                     "can be answered with a turn that stays in the trap")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if parts else ""


def _class_name(m: Model, word: str) -> str:
    """A table as the learner wrote it ("THH"), by the name of its class ("HHT"); the word itself if it is
    no table of this size."""
    if m.tables <= 4096:
        for table in range(m.tables):
            if m.show(table) == word.upper():
                return m.class_names()[m.class_of(table)]
    return word


@QUANTITIES.register("trap_size", "how many arrangements are in the Devil's trap")
def trap_size(game: CoinGame, args: Args) -> int:
    """The trap's size."""
    return len(_trap(game))


@QUANTITIES.explains("trap_size")
def explain_trap_size(game: CoinGame, args: Args, value: Value) -> str:
    """The trap, counted."""
    names = _trap(game)
    if not names:
        return f"{value}: {_no_trap(game)}"
    return f"{plural(len(names), 'table')}: {explain_trap(game, args, trap(game, args))}"


@QUANTITIES.refutes("trap_size")
def refute_trap_size(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """A table counted that escapes (with its move), or more trapped tables than ``wrong``."""
    w, m, names = _whole(wrong), game.model, _trap(game)
    if w is None or w < 0:
        return _not_a("count", wrong)
    if not names:
        return _no_trap(game)
    if w == 0:
        return (f"The trap is not empty: {names[0]} stays in it (whatever you flip on it, one of the Devil's turns "
                f"gives a table of the trap again), so the game from {names[0]} never ends.")
    if w < len(names):
        return (f"The trap holds more than {w}: {_names(names[: w + 1])} all stay in it (whatever you flip on one, "
                f"one of the Devil's turns gives one of them again).")
    outside = [n for n in _open_names(m) if n not in names]
    if outside:
        return f"Some table you counted is not in the trap: {_escape(m, outside[0], names)}."
    return f"Only {plural(len(_open_names(m)), 'table')} can be in the trap at all: the others are already won."


@QUANTITIES.register("lower_bound", "no winning strategy is shorter than this")
def lower_bound(game: CoinGame, args: Args) -> int:
    """The prefix-sum bound."""
    return engine.lower_bound(game.model)


@QUANTITIES.explains("lower_bound")
def explain_lower_bound(game: CoinGame, args: Args, value: Value) -> str:
    """The prefix argument, counted."""
    return (f"No winning strategy is shorter than {value:,} moves: {_prefix_argument(game)}, and there are "
            f"{value:,} of those.")


@QUANTITIES.refutes("lower_bound")
def refute_lower_bound(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """Too small: the prefix argument; too large: with no turns that many moves are not needed."""
    w = _whole(wrong)
    if w is None or w < 0:
        return _not_a("number of moves", wrong)
    if w < int(value):
        return (f"The bound is higher than {w}: {_prefix_argument(game)}, and "
                f"{plural(w, 'prefix', 'prefixes')} are too few.")
    return (f"{w} is more than the argument gives: it only needs one prefix per table, and if the Devil never "
            "turned, moves whose prefixes visit each of those tables once would win, with no move to spare.")


@QUANTITIES.register("factorization", "the factorization of x^N - 1 over GF(K)")
def factorization(game: CoinGame, args: Args) -> str:
    """From sympy, powers written ^."""
    return analyze(game.model).factorization.replace("**", "^")


@QUANTITIES.explains("factorization")
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


@QUANTITIES.refutes("factorization")
def refute_factorization(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The factorization sympy computed, to compare."""
    if len(prime_factors(game.sides)) > 1:
        return explain_factorization(game, args, value)
    return ("Over a field the factorization into irreducible factors is one and the same, up to the order of "
            f"the factors, and {wrong} is not it. {explain_factorization(game, args, value)}")
