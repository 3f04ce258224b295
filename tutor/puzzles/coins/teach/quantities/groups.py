"""The Devil's group of moves as lesson values: how many moves it has, and the tables up to them.

A step names the group with the argument ``group``, generators in cycle notation over the positions
(``args = { group = "(0 1)(2 3), (0 2)(1 3)" }``); the table's N and K are the step's parameters.  The
order comes from sympy's Schreier-Sims (``rules.group.order``), the moves themselves from the closure,
the classes from the group's own orbits (``GroupModel``).  Refutations lean on facts the learner can
check by hand: Lagrange's theorem (each move's order divides the number of moves), moves named in
cycle notation, and two tables that one move makes equal.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from tutor.errors import InvalidParams, TutorError
from tutor.puzzles.answers import Misconception, Quantities, Value
from tutor.puzzles.coins.rules import CoinGame, Symmetry
from tutor.puzzles.coins.rules.group import (
    Generators,
    GroupModel,
    Perm,
    closure,
    cycle_count,
    format_perm,
    group_model,
    order,
    parse_group,
)
from tutor.puzzles.coins.teach.quantities.counts import every_table, up_to_turning
from tutor.puzzles.coins.teach.quantities.tables import same_faces
from tutor.puzzles.coins.teach.quantities.words import LISTED, listed, not_a, whole
from tutor.puzzles.options import Args, Option
from tutor.screen.text import plural

QUANTITIES = Quantities()
GROUP = Option("group", str, None, "the Devil's group: generators in cycle notation over the positions 0..N-1, "
               "e.g. '(0 1)(2 3), (0 2)(1 3)'", metavar="GENERATORS")
LISTED_MOVES = 24  # a group up to this order has its moves written out


def generators(game: CoinGame, args: Args) -> Generators:
    """The step's generators, read for the table's positions; the group replaces the Devil's turns."""
    text = args.get("group")
    if text is None:
        raise InvalidParams("this quantity needs the argument group: the Devil's generators in cycle notation, "
                            "e.g. args = { group = \"(0 1)(2 3), (0 2)(1 3)\" }")
    if game.symmetry is not Symmetry.ROTATION:
        raise InvalidParams("a group of moves replaces the symmetry: leave symmetry as rotation")
    return parse_group(text, game.coins)


def moves_of(game: CoinGame, args: Args) -> tuple[Perm, ...]:
    """Every move of the group, doing nothing first (refused past group_order)."""
    return closure(generators(game, args), game.coins)


def table_model(game: CoinGame, args: Args) -> GroupModel:
    """The table under the group (needs K^N <= 2^20)."""
    game.model.require_enumerable()
    return group_model(game.coins, game.sides, game.goal.value, generators(game, args))


def shown(perm: Perm) -> str:
    """A move in cycle notation, doing nothing written as such."""
    text = format_perm(perm)
    return "() (doing nothing)" if text == "()" else text


def perm_order(perm: Perm) -> int:
    """How many repeats of a move give the table back: the lcm of its cycle lengths."""
    out, seen = 1, set()
    for start in range(len(perm)):
        length, p = 0, start
        while p not in seen:
            seen.add(p)
            p, length = perm[p], length + 1
        out = math.lcm(out, max(length, 1))
    return out


# -- how many moves the Devil has -------------------------------------------------------------------------------


def explain_order(game: CoinGame, args: Args, value: Value) -> str:
    """The moves, listed when few, else counted."""
    gens = generators(game, args)
    if int(value) <= LISTED_MOVES:
        moves = [format_perm(g) for g in closure(gens, game.coins)]
        return (f"The Devil's moves are the generators, everything he gets by repeating and combining them, and "
                f"doing nothing: {listed(moves)}, {value} moves in all.")
    return (f"The generators {', '.join(format_perm(g) for g in gens)} make {value:,} moves in all, counted by "
            "sympy's Schreier-Sims algorithm.")


def _lagrange(game: CoinGame, args: Args, w: int, size: int) -> str | None:
    """A move whose order does not divide ``w``: Lagrange's theorem rules ``w`` out (never with a move that has as
    many powers as the group has moves: that would count them)."""
    for g in (*generators(game, args), *moves_of(game, args)):
        o = perm_order(g)
        if w > 0 and w % o and o < size:
            return (f"{w:,} cannot be the number of moves: repeating {format_perm(g)} gives {o} different moves (the "
                    f"last is doing nothing), and by Lagrange's theorem the number of a group's moves is a multiple "
                    f"of {o}.")
    return None


def refute_order(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """Too few: w + 1 different moves, else Lagrange's theorem; too many: Lagrange's theorem, else repeats that bring
    nothing new."""
    w = whole(wrong)
    if w is None or w < 0:
        return not_a("number of moves", wrong)
    if w == 0:
        return "Doing nothing is always one of the Devil's moves, so he has at least one."
    moves = moves_of(game, args) if int(value) <= LISTED_MOVES else ()
    if w < int(value) and w + 1 < len(moves) and w + 1 <= LISTED:
        return (f"The Devil has more than {plural(w, 'move')}: {listed([shown(g) for g in moves[: w + 1]])} are "
                f"{'all ' if w > 1 else ''}different, each a product of the generators.")
    said = _lagrange(game, args, w, int(value))
    if said is not None:
        return said
    if w < int(value):
        return f"The Devil has more than {plural(w, 'move')}: combine the generators in every order, and repeat them."
    g = next((g for g in generators(game, args) if perm_order(g) < int(value)), None)
    again = "a generator done again and again comes back to doing nothing" if g is None else \
        f"{format_perm(g)} done {perm_order(g)} times is doing nothing"
    return (f"The Devil has fewer than {w:,} moves: products of the generators repeat, and {again}. Count each "
            "different move once.")


def _moved(game: CoinGame, args: Args) -> int:
    """How many positions the generators move."""
    return len({p for g in generators(game, args) for p in range(game.coins) if g[p] != p})


def _outside(game: CoinGame, args: Args) -> str:
    """A swap of two moved positions that is not a move of the group, as a clause."""
    moves = set(moves_of(game, args))
    moved = sorted({p for g in generators(game, args) for p in range(game.coins) if g[p] != p})
    for i, a in enumerate(moved):
        for b in moved[i + 1:]:
            swap = list(range(game.coins))
            swap[a], swap[b] = b, a
            if tuple(swap) not in moves:
                return f": ({a} {b}) alone, for instance, is not one of them"
    return ""


def _product(game: CoinGame, args: Args) -> str:
    """Two generators done one after the other (or one twice) giving a move that is neither of them nor doing
    nothing, as a clause; "" if there is none."""
    gens = generators(game, args)
    known = {*gens, tuple(range(game.coins))}
    for g in gens:
        for h in gens:
            gh = tuple(h[g[p]] for p in range(game.coins))  # first g, then h
            if gh not in known:
                twice = f"{format_perm(g)} done twice" if g == h else f"{format_perm(g)} and then {format_perm(h)}"
                return f": {twice} is {format_perm(gh)}, another move"
    return ""


def _not_a_turn(game: CoinGame, args: Args) -> str:
    """A turn of the table that is not one of the Devil's moves, or a move of his that is no turn, as a clause."""
    n = game.coins
    moves = set(moves_of(game, args))
    turns = {tuple((p + r) % n for p in range(n)) for r in range(n)}
    step = tuple((p + 1) % n for p in range(n))
    if step not in moves:
        return f": turning the table by one step, {format_perm(step)}, is not one of them"
    other = next((g for g in sorted(moves) if g not in turns), None)
    return "" if other is None else f": {format_perm(other)} is one of them, and it is no turn"


def _order_ideas() -> tuple[Misconception, ...]:
    """Wrong counts of the Devil's moves, each given only where it differs from the answer and the ideas before."""
    ideas: tuple[Idea, ...] = (
        ("generators", lambda g, a: len(generators(g, a)),
         lambda g, a, w: f"{w} counts the generators; but the Devil may also repeat them, combine them, and do "
                         f"nothing at all{_product(g, a) or ': doing nothing is a move too'}."),
        ("generators_and_nothing", lambda g, a: len(generators(g, a)) + 1,
         lambda g, a, w: f"{w} counts the generators and doing nothing; but the Devil may also combine them, one "
                         f"after the other, and repeat them{_product(g, a)}."),
        ("every_arrangement", lambda g, a: math.factorial(_moved(g, a)) if _moved(g, a) <= 12 else None,
         lambda g, a, w: f"{w:,} counts every way to rearrange the positions the generators move; but "
                         f"the Devil has only the moves the generators make{_outside(g, a)}."),
        ("turns", lambda g, a: g.coins,
         lambda g, a, w: f"{w} is the number of turns of the rotating table; but this Devil moves the table only "
                         f"by the products of the generators{_not_a_turn(g, a)}."),
    )
    return fresh_ideas(ideas, lambda g, a: order_of(g, a))


Idea = tuple[str, Callable[[CoinGame, Args], Value | None], Callable[[CoinGame, Args, Value], str]]


def fresh_ideas(ideas: tuple[Idea, ...], right: Callable[[CoinGame, Args], Value]) -> tuple[Misconception, ...]:
    """The ideas as misconceptions, each giving no value where the answer or an earlier idea gives the same (the
    learner's answer could not say which idea they hold), nor where the step's table does not fit the question."""

    def fresh(i: int) -> Misconception:
        name, mine, says = ideas[i]

        def value(game: CoinGame, args: Args) -> Value | None:
            try:
                got = mine(game, args)
                seen = [right(game, args), *(f(game, args) for _, f, _ in ideas[:i])]
            except TutorError:
                return None
            return None if got is None or got in seen else got

        return Misconception(name, value, says)

    return tuple(fresh(i) for i in range(len(ideas)))


@QUANTITIES.register("group_order", "how many moves the Devil's group has (argument group)", args=(GROUP,),
                     explain=explain_order, refute=refute_order, misconceptions=_order_ideas())
def order_of(game: CoinGame, args: Args) -> int:
    """The group's order (sympy), at any N."""
    return order(generators(game, args), game.coins)


# -- tables up to the group -------------------------------------------------------------------------------------


def explain_group_classes(game: CoinGame, args: Args, value: Value) -> str:
    """The classes by name, and Burnside's count."""
    m = table_model(game, args)
    fixed = [game.sides ** cycle_count(g) for g in m.group]
    return (f"Up to the Devil's moves there are {value} tables: {listed(m.class_names())}. Burnside's lemma counts "
            f"them too: each move leaves {' + '.join(map(str, fixed))} tables as they are, "
            f"{sum(fixed):,} in all over {plural(len(fixed), 'move')}, and {sum(fixed):,} / {len(fixed)} = {value}.")


def _made_equal(m: GroupModel) -> str:
    """Two different tables one move makes equal, as a clause."""
    for table in range(1, m.tables):
        for g in range(1, len(m.group)):
            other = m.apply_turn(table, g)
            if other != table:
                return f"{m.show(table)} and {m.show(other)} are one table ({m.turn_label(g)} makes one the other)"
    return "no move changes any table"  # pragma: no cover - a group with a move that moves something


def refute_group_classes(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """``w + 1`` different tables (when naming them would not name them all), else two with the same faces that no
    move makes equal; or two tables that one move makes equal."""
    w, m = whole(wrong), table_model(game, args)
    if w is None or w < 0:
        return not_a("count", wrong)
    names = m.class_names()
    if w == 0:
        return f"There is at least one table: {names[0]}."
    more = "There is more than one table" if w == 1 else f"There are more than {w:,} tables"
    if w < int(value) and w + 1 < len(names) and w + 1 <= LISTED:
        return (f"{more} up to the Devil's moves: {listed(names[: w + 1])} are {'all ' if w > 1 else ''}different, "
                "and none of his moves changes one into another.")
    if w < int(value):
        pair = same_faces(m)
        if pair is not None:
            return (f"{more} up to the Devil's moves: {pair[0]} and {pair[1]} show the same faces, but none of his "
                    "moves changes one into the other.")
        return f"{more} up to the Devil's moves: count the tables he cannot change into one another once each."
    if w > m.tables:
        return f"There are only {m.k}^{m.n} tables in all, even counting moved copies apart."
    return f"There are fewer than {w:,} tables up to the Devil's moves: {_made_equal(m)}."


def _turned_apart(game: CoinGame, args: Args) -> str:
    """Two tables that are one up to turns but not up to the group, or the other way round, as a clause."""
    m = table_model(game, args)
    n = game.coins
    for table in range(m.tables):
        digits = m.decode(table)
        turned = m.encode(tuple(digits[(p - 1) % n] for p in range(n)))  # the coin at p moves to p + 1
        if m.class_of(turned) != m.class_of(table):
            return (f": {m.show(table)} and {m.show(turned)} are one table up to turns, but none of his moves makes "
                    "one the other")
    return ""


def _class_ideas() -> tuple[Misconception, ...]:
    """Wrong counts of the tables up to the group."""
    ideas: tuple[Idea, ...] = (
        ("copies_apart", lambda g, a: every_table(g),
         lambda g, a, w: f"{w:,} counts every table, moved copies apart; but a table and the tables the Devil's "
                         f"moves make of it are one table for you: {_made_equal(table_model(g, a))}."),
        ("divided_by_moves", lambda g, a: _divided(g, a),
         lambda g, a, w: f"{w:,} divides the tables by the number of the Devil's moves, as if each table had that "
                         f"many different copies; but some moves leave a table as it is: every move leaves "
                         f"{'H' * g.coins if g.sides == 2 else '0' * g.coins} unchanged."),
        ("turns", lambda g, a: up_to_turning(g, False),
         lambda g, a, w: f"{w:,} counts the tables up to turns of the table; but this Devil moves the table by "
                         f"his group's moves, not by turns{_turned_apart(g, a) or ', so other tables become one'}."),
    )
    return fresh_ideas(ideas, lambda g, a: group_classes(g, a))


def _divided(game: CoinGame, args: Args) -> int | None:
    """K^N / |G| where whole."""
    total, size = every_table(game), order_of(game, args)
    return total // size if total is not None and total % size == 0 else None


@QUANTITIES.register("group_classes", "number of tables up to the moves of the Devil's group (argument group)",
                     args=(GROUP,), explain=explain_group_classes, refute=refute_group_classes,
                     misconceptions=_class_ideas())
def group_classes(game: CoinGame, args: Args) -> int:
    """The orbits of the tables under the group (needs K^N <= 2^20)."""
    return table_model(game, args).class_count
