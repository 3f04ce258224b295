"""Counting tables: all K^N of them, the classes up to the Devil's turns, and those still possible at the start."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Model
from tutor.puzzles.coins.teach.quantities.words import LISTED, listed, not_a, whole
from tutor.puzzles.options import Args
from tutor.text import plural

QUANTITIES = Quantities()


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
    return f"There are more than {w} {what}: {listed(names[: w + 1])} are all different, and no turn of the " \
        f"table changes one into another."


def explain_classes(game: CoinGame, args: Args, value: Value) -> str:
    """The classes, by name."""
    m = game.model
    devil = "turn or reflect" if m.dihedral else "turn"
    return (f"Up to the Devil's turns there are {value} tables: {listed(m.class_names())} (each written as the "
            f"first of its turned copies in reading order; the Devil may {devil} the table, so turned copies "
            f"are one table for you).")


def refute_classes(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """``w + 1`` different tables, or a pair counted twice."""
    w, m = whole(wrong), game.model
    if w is None or w < 0:
        return not_a("count", wrong)
    if w < int(value):
        return _more_than(m, m.class_names(), w, "tables up to turning")
    if w > m.tables:
        return f"There are only {m.k}^{m.n} tables in all, even counting turned copies apart."
    return f"{w} counts some tables twice: {_turned_pair(m)}."


@QUANTITIES.register("classes", "number of arrangements up to the Devil's turns",
                     explain=explain_classes, refute=refute_classes)
def classes(game: CoinGame, args: Args) -> int:
    """Orbits of the tables under the Devil's turns."""
    return game.model.class_count


def open_names(m: Model) -> list[str]:
    """The classes still possible before the first move, by name."""
    return m.names_in(engine.start_bits(m))


def won_names(m: Model) -> list[str]:
    """The classes where the game is over before it starts, by name."""
    names, goal = m.class_names(), m.goal_classes()
    return [names[c] for c in range(m.class_count) if goal[c]]


def explain_start(game: CoinGame, args: Args, value: Value) -> str:
    """Every class but the won ones."""
    m = game.model
    if not open_names(m):
        return f"None: every table is already {game.goal_text} ({listed(won_names(m))}), so the game is over at once."
    return (f"Every table up to turning except {listed(won_names(m))}, where the game is already over: "
            f"{listed(open_names(m))}, {value} in all.")


def refute_start(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """``w + 1`` open tables, the won table counted, or a pair counted twice."""
    w, m = whole(wrong), game.model
    if w is None or w < 0:
        return not_a("count", wrong)
    if w < int(value):
        return _more_than(m, open_names(m), w, "tables still possible")
    won = won_names(m)
    if w == m.class_count:
        return (f"That counts {listed(won)} too, but on {listed(won)} the game is already over before your "
                f"first move: {'it is' if len(won) == 1 else 'they are'} not possible any more.")
    if w > m.tables:
        return f"There are only {m.k}^{m.n} tables in all, even counting turned copies apart."
    return (f"{w} counts some tables twice: {_turned_pair(m)}; and on {listed(won)} the game is already "
            "over before the first move.")


@QUANTITIES.register("start_size", "number of arrangements possible before the first move",
                     explain=explain_start, refute=refute_start)
def start_size(game: CoinGame, args: Args) -> int:
    """Classes not already won."""
    return int(game.model.start_belief().sum())


def explain_tables(game: CoinGame, args: Args, value: Value) -> str:
    """K choices at each of N positions."""
    return (f"Each of the {plural(game.coins, 'position')} shows one of {game.sides} faces, independently: "
            f"{game.sides}^{game.coins} = {int(value):,} tables, counting turned copies apart.")


def refute_tables(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The product rule."""
    w = whole(wrong)
    if w is None or w < 0:
        return not_a("count", wrong)
    per = "doubles" if game.sides == 2 else f"multiplies by {game.sides}"
    return (f"Not {w}: each position shows one of {game.sides} faces whatever the others show, so every position "
            f"added {per} the count, and here turned copies count apart.")


@QUANTITIES.register("tables", "number of tables K^N", explain=explain_tables, refute=refute_tables)
def tables(game: CoinGame, args: Args) -> int:
    """K**N."""
    return game.model.tables
