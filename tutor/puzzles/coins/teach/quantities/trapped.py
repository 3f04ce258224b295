"""More wrong counts of the Devil's trap (``trap_size``), each a function of the table: no trap at all (a table
you could see is won at once), a table and its complement counted as one, every table where the game goes on
(turned copies apart), every layout, mirror images counted as one, the trapped tables told apart by their faces
alone, and the number of coins.

A later idea gives no answer where the answer or an earlier idea gives the same number (``later_trap_ideas``
takes the earlier ones): the learner's number could not say which idea they hold.
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.puzzles.answers import Misconception
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Goal, Model, Symmetry, format_move
from tutor.puzzles.coins.teach.quantities.counts import (
    Count,
    Later,
    every_table,
    face,
    finished,
    finished_names,
    later_ideas,
    minus,
)
from tutor.puzzles.coins.teach.quantities.words import listed


def trapped(game: CoinGame) -> list[str]:
    """The trap's tables by class name, where the table is small enough to compute it (else none)."""
    m = game.model
    if not m.enumerable or m.class_count > engine.TRAP_CLASS_LIMIT:
        return []
    return m.names_in(engine.trap(m))


def _table(m: Model, name: str) -> int:
    return m.representative(m.class_names().index(name))


def _shifted(m: Model, name: str, change: int) -> str:
    """The class of ``name`` with the same change added at every position (every coin flipped, for coins)."""
    return m.class_names()[m.class_of(m.add(_table(m, name), (change,) * m.n))]


def _mirror(m: Model, name: str) -> str:
    """The class of the mirror image of ``name``."""
    digits = m.decode(_table(m, name))
    return m.class_names()[m.class_of(m.encode(tuple(digits[::-1])))]


def _pairs(game: CoinGame, key: Callable[[Model, str], object]) -> list[tuple[str, str]]:
    """Two trapped tables with the same ``key`` (the first found), as [(a, b)]; [] when none share one."""
    seen: dict[object, str] = {}
    for name in trapped(game):
        k = key(game.model, name)
        if k in seen:
            return [(seen[k], name)]
        seen[k] = name
    return []


def _complement_key(m: Model, name: str) -> object:
    return frozenset(_shifted(m, name, c) for c in range(m.k))


def _mirror_key(m: Model, name: str) -> object:
    return frozenset((name, _mirror(m, name)))


def _faces_key(m: Model, name: str) -> object:
    return "".join(sorted(name))


def _grouped(game: CoinGame, key: Callable[[Model, str], object]) -> Count:
    """The trapped tables counted with those of the same ``key`` as one (None with no trap)."""
    names = trapped(game)
    return len({key(game.model, n) for n in names}) if names else None


def _says_empty(game: CoinGame, w: int) -> str:
    m, name = game.model, trapped(game)[0]
    faces = "HT" if m.k == 2 else "0123456789"
    move = format_move(tuple((m.k - faces.index(d)) % m.k for d in name), m.k)  # the table as written
    return (f"{w} would mean the Devil holds you nowhere. If you could see the table, {name} would be won at once: "
            f"flipping {move} gives {game.goal_text}. But he turns it before each move, and whatever you flip on "
            f"{name}, one of his turns keeps the table in the trap.")


def _says_complements(game: CoinGame, w: int) -> str:
    """The idea, shown on the two tables of one face (never on the trap's own tables: naming them is the count)."""
    same = "flipping every coin" if game.sides == 2 else "adding the same change at every position"
    a, b = face(game, 0) * game.coins, face(game, 1) * game.coins
    over = f", and on {a} the game is already over" if game.goal is Goal.HEADS else ""
    return (f"{w:,} counts two tables as one when {same} makes one the other; but that is your move, not the "
            f"Devil's turn: {a} and {b} are such a pair, and two different tables{over}.")


def _says_layouts(game: CoinGame, w: int, every: bool) -> str:
    if every:
        over = listed(finished_names(game)) or f"the tables {game.goal_text}"
        return (f"{w:,} = {game.sides}^{game.coins} counts every layout of the coins, turned copies apart and {over} "
                "included; but turned copies are one table for you, and the trap holds only tables from which the "
                "Devil keeps the game going forever.")
    return (f"{w:,} = {game.sides}^{game.coins} - {finished(game)} counts every layout where the game is not over, "
            "turned copies apart; but turned copies are one table for you, and the Devil cannot keep you among "
            "all of them.")


def _says_mirrors(game: CoinGame, w: int) -> str:
    (a, b), = _pairs(game, _mirror_key)
    return (f"{w:,} counts a trapped table and its mirror image as one; but the Devil only turns the table, never "
            f"over: {a} and {b} are mirror images, and two tables of the trap.")


def _says_faces(game: CoinGame, w: int) -> str:
    (a, b), = _pairs(game, _faces_key)
    return (f"{w:,} tells the trapped tables apart by how many of each face they show; but {a} and {b} show the "
            "same faces, and no turn makes one the other: they are two tables of the trap.")


LATER: Later = (
    ("no_trap", lambda g: 0 if trapped(g) else None, _says_empty),
    ("complements_as_one", lambda g: _grouped(g, _complement_key) if _pairs(g, _complement_key) else None,
     _says_complements),
    ("open_layouts", lambda g: minus(every_table(g), finished(g)) if trapped(g) else None,
     lambda g, w: _says_layouts(g, w, every=False)),
    ("every_layout", lambda g: every_table(g) if trapped(g) else None, lambda g, w: _says_layouts(g, w, every=True)),
    ("mirrors_as_one", lambda g: (_grouped(g, _mirror_key) if g.symmetry is Symmetry.ROTATION
                                  and _pairs(g, _mirror_key) else None), _says_mirrors),
    ("by_faces", lambda g: _grouped(g, _faces_key) if _pairs(g, _faces_key) else None, _says_faces),
    ("coins", lambda g: g.coins if trapped(g) else None,
     lambda g, w: f"{w:,} is the number of coins; the question counts tables, whole layouts of the {g.coins} coins, "
                  "and the trap's tables are those from which the Devil keeps the game going forever."),
)


def later_trap_ideas(right: Callable[[CoinGame], Count], earlier: tuple[Misconception, ...]) -> tuple[
        Misconception, ...]:
    """``LATER`` as misconceptions (``counts.later_ideas``)."""
    return later_ideas(right, LATER, earlier)
