"""Counting tables: all K^N of them, the classes up to the Devil's turns, and those still possible at the start."""

from __future__ import annotations

import math
from functools import lru_cache

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Goal, Model, Symmetry
from tutor.puzzles.coins.rules.group import GroupModel
from tutor.puzzles.coins.teach.quantities.counts import (
    every_table,
    face,
    finished,
    finished_names,
    idea,
    minus,
    turned_pair,
    turns,
    up_to_turning,
)
from tutor.puzzles.coins.teach.quantities.turning import later_class_ideas
from tutor.puzzles.coins.teach.quantities.words import LISTED, listed, not_a, whole
from tutor.puzzles.options import Args
from tutor.screen.text import plural

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


def same_faces(m: Model | GroupModel) -> tuple[str, str] | None:
    """Two classes with the same faces in another order (HHTT and HTHT), if there are such (up to turning, or up to
    a group of moves)."""
    seen: dict[str, str] = {}
    for name in m.class_names():
        key = "".join(sorted(name))
        if key in seen:
            return seen[key], name
        seen[key] = name
    return None


def _more_than(m: Model, names: list[str], w: int, what: str) -> str:
    """A refutation of a count that is too small: w + 1 of the objects, all different."""
    if w == 0:
        return f"There is at least one: {names[0]}."
    more = f"There is more than one {what.replace('tables', 'table', 1)}" if w == 1 else \
        f"There are more than {w:,} {what}"
    if w + 1 > LISTED or w + 1 >= len(names):  # naming w + 1 of them would name them all: the answer
        pair = same_faces(m)
        if pair:
            return f"{more}: {pair[0]} and {pair[1]} show the same faces, but no turn makes one the other."
        shown = names[:min(w, LISTED)]
        return (f"{more}: besides {listed(shown)}, at least one more is different from "
                f"{'it' if len(shown) == 1 else 'each of them'}, whatever the Devil turns.")
    every = "" if w + 1 == 2 else "all "
    return f"{more}: {listed(names[: w + 1])} are {every}different, and no turn of the " \
        f"table changes one into another."


def explain_classes(game: CoinGame, args: Args, value: Value) -> str:
    """The classes, by name."""
    m = game.model
    devil = "turn or reflect" if m.dihedral else "turn"
    return (f"Up to the Devil's turns there are {value} tables: {listed(m.class_names())} (each written as the "
            f"first of its turned copies in reading order; the Devil may {devil} the table, so turned copies "
            f"are one table for you).")


def refute_classes(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """``w + 1`` different tables, or fewer than ``w``: two turned copies that are one table."""
    w, m = whole(wrong), game.model
    if w is None or w < 0:
        return not_a("count", wrong)
    if w < int(value):
        return _more_than(m, m.class_names(), w, "tables up to turning")
    if w > m.tables:
        return f"There are only {m.k}^{m.n} tables in all, even counting turned copies apart."
    return f"There are fewer than {w:,} tables up to turning: {_turned_pair(m)}."


def _one_table(game: CoinGame) -> str:
    """Two turned copies that are one table for the learner, as a clause (empty for one coin)."""
    pair = turned_pair(game)
    return f"{pair[0]} and {pair[1]} are one table for you" if pair else "a table and its turns are one table for you"


def _finished(game: CoinGame) -> str:
    """The finished tables, by name, with the verb: "HHHH is", "HHH and TTT are"."""
    names = finished_names(game)
    return f"{listed(names)} {'is' if len(names) == 1 else 'are'}" if names else f"the tables {game.goal_text} are"


def _over(game: CoinGame) -> str:
    """The finished tables as an object: "the table", "the 2 tables"."""
    return "the table" if finished(game) == 1 else f"the {plural(finished(game), 'table')}"


def _divided(game: CoinGame) -> int | None:
    """K^N / (number of turns), where that is a whole number."""
    total = every_table(game)
    return total // turns(game) if total is not None and total % turns(game) == 0 else None


def _mirror_pair(game: CoinGame) -> tuple[str, str] | None:
    """A table and its mirror image that no rotation makes equal, for a table small enough to search."""
    n, k = game.coins, game.sides
    if k**n > 4096:
        return None
    for code in range(k**n):
        digits = [code // k**p % k for p in range(n)]
        mirrored = [digits[-p % n] for p in range(n)]
        if all(mirrored != digits[r:] + digits[:r] for r in range(n)):
            return "".join(face(game, d) for d in digits), "".join(face(game, d) for d in mirrored)
    return None


def _says_mirrors(game: CoinGame, w: int) -> str:
    pair = _mirror_pair(game)
    example = f": {pair[0]} and {pair[1]} are mirror images that no turn makes one" if pair else ""
    if game.symmetry is Symmetry.DIHEDRAL:
        return (f"{w:,} counts a table and its mirror image apart; but here the Devil may also turn the table "
                f"over, so a mirror image is the same table for you{example}.")
    return (f"{w:,} counts a table and its mirror image as one; but the Devil may only turn the table, not turn "
            f"it over, so mirror images can be two tables for you{example}.")


@lru_cache(maxsize=256)
def _earlier_classes(game: CoinGame) -> tuple[int | None, ...]:
    """The count up to turning and what the first four ideas give (a later idea must differ to be told apart)."""
    return (up_to_turning(game), every_table(game), minus(up_to_turning(game), finished(game)),
            _divided(game) if game.coins > 2 else None, up_to_turning(game, game.symmetry is not Symmetry.DIHEDRAL))


def _new_count(count: int | None, game: CoinGame, *more: int | None) -> int | None:
    """``count``, or None past 4,000 digits or where the answer or an earlier idea gives it too (then the answer
    cannot say which idea the learner holds)."""
    if count is None or count.bit_length() >= 13_000:
        return None
    return None if count in (*_earlier_classes(game), *more) else count


def _face_counts(game: CoinGame) -> int | None:
    """How many ways to say how many positions show each face: C(N + K - 1, K - 1), the tables told apart by their
    faces alone."""
    return _new_count(math.comb(game.coins + game.sides - 1, game.sides - 1), game)


def _divided_rounded(game: CoinGame) -> int | None:
    """K^N / (number of turns) rounded up, where it is not a whole number."""
    total = every_table(game)
    if total is None or total % turns(game) == 0:
        return None
    return _new_count(-(-total // turns(game)), game, _face_counts(game))


def _says_divided_rounded(game: CoinGame, w: int) -> str:
    return (f"{w:,} divides the {game.sides}^{game.coins} tables by the {turns(game)} turns and rounds up; but the "
            f"division does not come out whole because some tables have fewer than {turns(game)} different turned "
            f"copies ({listed(finished_names(game)) or 'a table of one face'} has one), so those must be counted "
            "apart, not rounded.")


def _first_fixed(game: CoinGame) -> int | None:
    """K^(N-1): the first position taken as fixed by turning, the others free."""
    return _new_count(every_table(game, game.coins - 1), game, _face_counts(game), _divided_rounded(game))


def _says_first_fixed(game: CoinGame, w: int) -> str:
    return (f"{w:,} = {game.sides}^{game.coins - 1} fixes the first position and lets the others choose freely, as if "
            "a turn could always bring one chosen face to the front and nothing else; but a turn moves every "
            f"position at once, so tables that differ in the others can still be turned copies: "
            f"{_turned_pair(game.model) if game.sides**game.coins <= 4096 else 'a table and its turns are one'}.")


def _faces_times_positions(game: CoinGame) -> int | None:
    """N x K: a face for each position, added up."""
    return _new_count(game.coins * game.sides, game, _face_counts(game), _divided_rounded(game), _first_fixed(game))


def _says_faces_times_positions(game: CoinGame, w: int) -> str:
    return (f"{w:,} = {game.coins} x {game.sides} adds up {game.sides} faces for each of the {game.coins} positions; "
            "but a table is all the positions at once, so the faces combine, and only then do turned copies "
            "count as one.")


def _says_face_counts(game: CoinGame, w: int) -> str:
    pair = same_faces(game.model) if game.sides**game.coins <= 4096 else None
    example = f": {pair[0]} and {pair[1]} show the same faces, but no turn makes one the other" if pair else ""
    return (f"{w:,} counts how many positions show each face, as if that were the whole table; but where the faces "
            f"sit matters too, so tables with the same faces can still be different tables{example}.")


FIRST_CLASSES_IDEAS = (
    idea("turned_apart", up_to_turning, every_table,
         lambda g, w: f"{w:,} = {g.sides}^{g.coins} counts the turned copies of a table apart; but the Devil turns "
                      f"the table before each move, so {_one_table(g)}."),
    idea("without_finished", up_to_turning, lambda g: minus(up_to_turning(g), finished(g)),
         lambda g, w: f"{w:,} leaves out {_over(g)} where the game is already over; but the question counts every "
                      f"table: {_finished(g)} one too."),
    # with two coins, halving gives the number that leaving out HH gives, and the question warns about HH
    idea("divided_by_turns", up_to_turning, lambda g: _divided(g) if g.coins > 2 else None,
         lambda g, w: f"{w:,} = {g.sides}^{g.coins} / {turns(g)} divides the tables by the {turns(g)} turns, as if "
                      f"every table had {turns(g)} different turned copies; but some have fewer: "
                      f"{listed(finished_names(g)) or 'all heads'} stays the same whatever the Devil turns."),
    idea("mirrors", up_to_turning, lambda g: up_to_turning(g, g.symmetry is not Symmetry.DIHEDRAL), _says_mirrors),
    idea("by_faces", up_to_turning, _face_counts, _says_face_counts),
    idea("divided_rounded", up_to_turning, _divided_rounded, _says_divided_rounded),
    idea("first_fixed", up_to_turning, _first_fixed, _says_first_fixed),
    idea("faces_times_positions", up_to_turning, _faces_times_positions, _says_faces_times_positions),
)
CLASSES_IDEAS = (*FIRST_CLASSES_IDEAS, *later_class_ideas(FIRST_CLASSES_IDEAS))


@QUANTITIES.register("classes", "number of arrangements up to the Devil's turns",
                     explain=explain_classes, refute=refute_classes, misconceptions=CLASSES_IDEAS)
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
    """``w + 1`` open tables, the won table counted, or fewer than ``w``: two turned copies that are one table."""
    w, m = whole(wrong), game.model
    if w is None or w < 0:
        return not_a("count", wrong)
    if w < int(value):
        return _more_than(m, open_names(m), w, "tables still possible")
    won = won_names(m)  # K^N less the finished tables, where no idea names it (a later answer), gets the pair below
    if w == m.class_count:
        return (f"That counts {listed(won)} too, but on {listed(won)} the game is already over before your "
                f"first move: {'it is' if len(won) == 1 else 'they are'} not possible any more.")
    if w > m.tables:
        return f"There are only {m.k}^{m.n} tables in all, even counting turned copies apart."
    return f"There are fewer than {w:,} tables still possible: {_turned_pair(m)}."


def _open(game: CoinGame) -> int | None:
    """The tables up to turning where the game is not over yet."""
    return minus(up_to_turning(game), finished(game))


def _with_finished(game: CoinGame) -> int | None:
    """Every table up to turning; on two coins that is also K^N - 1 (the turned-apart idea names it there)."""
    counted = up_to_turning(game)
    return None if counted == minus(every_table(game), finished(game)) else counted


def _turned_apart(game: CoinGame) -> int | None:
    """K^N less the finished tables; no answer of its own where that is also the length of a sure win (all heads,
    winnable): a lesson asks that length later, and lint cannot tell the learner's own number from a give-away, so
    there the refutation says what is true of it (two turned copies that are one table) and names no cause."""
    if game.goal is Goal.HEADS and engine.construction_applies(game.model):
        return None
    return minus(every_table(game), finished(game))


def _says_turned_apart(game: CoinGame, w: int) -> str:
    return (f"{w:,} = {game.sides}^{game.coins} - {finished(game)} leaves out {_over(game)} where the game is over "
            f"but counts the turned copies of a table apart; the Devil turns the table, so {_one_table(game)}.")


START_IDEAS = (
    idea("turned_apart", _open, _turned_apart, _says_turned_apart),
    idea("with_finished", _open, _with_finished,
         lambda g, w: f"{w:,} counts every table up to turning, but {_finished(g)} not possible any more: there "
                      "the game is already over before your first move."),
    idea("every_layout", _open, every_table,
         lambda g, w: f"{w:,} = {g.sides}^{g.coins} counts every way to lay out the coins; but turned copies are one "
                      f"table once the Devil may turn it, and where the game is over nothing is left to do."),
    idea("divided_by_turns", _open, lambda g: minus(_divided(g), finished(g)),
         lambda g, w: f"{w:,} divides the {g.sides}^{g.coins} tables by the {turns(g)} turns, as if every table had "
                      f"{turns(g)} different turned copies; but some have fewer: a table of one face stays the same "
                      "whatever the Devil turns."),
)


@QUANTITIES.register("start_size", "number of arrangements possible before the first move",
                     explain=explain_start, refute=refute_start, misconceptions=START_IDEAS)
def start_size(game: CoinGame, args: Args) -> int:
    """Classes not already won."""
    return int(game.model.start_belief().sum())


def explain_tables(game: CoinGame, args: Args, value: Value) -> str:
    """K choices at each of N positions."""
    return (f"Each of the {plural(game.coins, 'position')} shows one of {game.sides} faces, independently: "
            f"{game.sides}^{game.coins} = {int(value):,} tables, counting turned copies apart.")


def refute_tables(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """Which way the count is off, with different tables named when a few show it, and the product rule."""
    w, m = whole(wrong), game.model
    if w is None or w < 0:
        return not_a("count", wrong)
    per = "doubles" if game.sides == 2 else f"multiplies by {game.sides}"
    rule = (f"each position shows one of {game.sides} faces whatever the others show, so every position added {per} "
            "the count, and here turned copies count apart")
    if w == 0:
        return f"There is at least one table, {m.show(0)}: {rule}."
    if w < int(value):
        shown = w + 1 < int(value) and w + 1 <= LISTED and m.enumerable
        tables = f" ({listed([m.show(t) for t in range(w + 1)])} are {w + 1} of them)" if shown else ""
        return f"There are more than {w:,}{tables}: {rule}."
    return f"There are fewer than {w:,}: {rule}."


TABLES_IDEAS = (
    idea("up_to_turning", every_table, up_to_turning,
         lambda g, w: f"{w:,} counts the tables up to turning; this question counts turned copies apart, so "
                      f"{' and '.join(turned_pair(g) or ('a table', 'its turns'))} are two tables here."),
    idea("product", every_table, lambda g: g.sides * g.coins,
         lambda g, w: f"{w:,} = {g.coins} x {g.sides} adds up {g.sides} faces for each of the {g.coins} positions; but "
                      "the faces combine: each face of one coin goes with every layout of the others, so the "
                      "positions' choices multiply rather than add."),
    idea("power_swapped", every_table, lambda g: g.coins**g.sides if g.sides <= 64 else None,
         lambda g, w: f"{w:,} = {g.coins}^{g.sides} swaps the two numbers: each of the {g.coins} positions "
                      f"chooses one of {g.sides} faces, so the count is {g.sides} multiplied by itself once per "
                      "position."),
    idea("without_finished", every_table, lambda g: minus(every_table(g), 1),
         lambda g, w: f"{w:,} leaves a table out ({listed(finished_names(g)[:1]) or 'all heads'}, where the game "
                      "is over at once); the question counts every table, that one too."),
)


@QUANTITIES.register("tables", "number of tables K^N", explain=explain_tables, refute=refute_tables,
                     misconceptions=TABLES_IDEAS)
def tables(game: CoinGame, args: Args) -> int:
    """K**N."""
    return game.model.tables
