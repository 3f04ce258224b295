"""Whether a sure win exists, and the Devil's trap when it does not: the certificate either way."""

from __future__ import annotations

from tutor.errors import SearchLimit
from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.coins import engine
from tutor.puzzles.coins.rules import CoinGame, Model, format_move
from tutor.puzzles.coins.teach.quantities.counts import finished_names, idea, up_to_turning
from tutor.puzzles.coins.teach.quantities.tables import open_names
from tutor.puzzles.coins.teach.quantities.theorem import open_count
from tutor.puzzles.coins.teach.quantities.trapped import later_trap_ideas
from tutor.puzzles.coins.teach.quantities.words import listed, not_a, whole
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.options import Args
from tutor.screen.text import plural

QUANTITIES = Quantities()


def reason(game: CoinGame, length: bool = True) -> str:
    """Why the decision is what it is, in the lessons' words: the layered strategy's condition is said with the
    table's own numbers (the letters N and K are never introduced in a lesson); ``length``: with its length (a later
    lesson may ask for it: a yes or no is answered without it)."""
    sol = decide(game.model)
    prime = sol.decision.prime
    if sol.method != "construction" or sol.length is None or game.coins == 1 or prime is None:
        return sol.reason
    why = (f"the number of coins, {game.coins}, is a power of 2" if game.sides == 2 else
           f"the {game.coins} positions and the {game.sides} faces are both powers of {prime}")
    if not length:
        return f"the layered strategy wins, since {why}"
    return f"the layered strategy ({why}) has {sol.length.expression()} moves, the lower bound, so it is shortest"


def _win_certificate(game: CoinGame) -> str:
    """The strategy that wins, described and never listed nor measured: writing it down, or its length, may be what a
    later step (or lesson) asks."""
    return (f"a strategy wins against every start and every turn (the tutor builds it and checks it against each of "
            f"them): {reason(game, length=False)}")


def trap_replies(m: Model, trap: list[str]) -> str:
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


def explain_winnable(game: CoinGame, args: Args, value: Value) -> str:
    """The certificate: a verified strategy, or the Devil's trap or invariant."""
    sol = decide(game.model)
    if sol.solvable:
        return f"Yes: {_win_certificate(game)}."
    return f"No: {sol.reason}.{trap_replies(game.model, list(sol.trap))}"


def refute_winnable(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """The certificate shows the answer: a verified strategy against 'no', the trap against 'yes'."""
    if wrong not in ("yes", "no"):
        return f"{wrong!r} is not yes or no."
    sol = decide(game.model)
    if sol.solvable or not sol.trap:
        return explain_winnable(game, args, value)
    # the trap is not named: a later step may ask for it, or for its size
    return ("No: the tutor searched every belief you can reach and none is a sure win: whatever you play, the Devil "
            "has turns that keep the game going forever. Watch which tables come back into the belief after every "
            "move.")


@QUANTITIES.register("winnable", "'yes' if a sure win exists, else 'no'",
                     explain=explain_winnable, refute=refute_winnable)
def winnable(game: CoinGame, args: Args) -> str:
    """The decision, as yes or no."""
    return "yes" if decide(game.model).solvable else "no"


def _trap(game: CoinGame) -> list[str]:
    m = game.model
    return m.names_in(engine.trap(m)) if m.class_count <= engine.TRAP_CLASS_LIMIT else []


def _escape(m: Model, name: str, trap: list[str]) -> str:
    """A move that takes ``name`` out of the trap whatever the Devil turns, and where it leads."""
    names = m.class_names()
    bits = 1 << names.index(name)
    for move in m.move_classes():
        after = m.names_in(engine.to_bits(m.step(engine.from_bits(m, bits), move)))
        if not set(after) & set(trap):
            lands = f"only {listed(after)} can follow" if after else "the game is over"
            return f"from {name}, flipping {format_move(move, m.k)} leaves the trap whatever he turns ({lands})"
    return f"from {name} some move leaves the trap"  # pragma: no cover - the trap is the greatest fixed point


def _no_trap(game: CoinGame) -> str:
    """Why no trap is named: the table can be won, or it has too many classes to compute one."""
    sol = decide(game.model)
    if sol.solvable:
        return f"There is no trap: {_win_certificate(game)}."
    return (f"No trap is computed for more than {engine.TRAP_CLASS_LIMIT:,} classes of tables, so none is named; "
            f"the Devil still wins: {reason(game)}.")


def _class_name(m: Model, word: str) -> str:
    """A table as the learner wrote it ("THH"), by the name of its class ("HHT"); the word itself if it is
    no table of this size."""
    if m.tables <= 4096:
        for table in range(m.tables):
            if m.show(table) == word.upper():
                return m.class_names()[m.class_of(table)]
    return word


def explain_trap(game: CoinGame, args: Args, value: Value) -> str:
    """The trap and why it holds."""
    m, names = game.model, _trap(game)
    if not names:
        return _no_trap(game)
    return (f"The Devil's trap is {listed(names)}: whatever you flip on one of them, one of his turns makes "
            f"the result one of them again.{trap_replies(m, names)}")


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
        parts.append(f"{listed(missing)} {'is' if len(missing) == 1 else 'are'} missing: from there every move "
                     "can be answered with a turn that stays in the trap")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:] + "." if parts else ""


@QUANTITIES.register("trap", "the arrangements the Devil can keep the table among forever ('none' if winnable)",
                     explain=explain_trap, refute=refute_trap)
def trap(game: CoinGame, args: Args) -> str:
    """The trap's arrangements by name; ``SearchLimit`` naming the limit past ``TRAP_CLASS_LIMIT`` classes."""
    return ", ".join(_computed_trap(game)) or "none"


def _computed_trap(game: CoinGame) -> list[str]:
    """The trap's names, or ``SearchLimit`` when the table has more classes than the trap is computed for and
    it cannot be won (a table that can be won has no trap, however large)."""
    m = game.model
    if m.class_count > engine.TRAP_CLASS_LIMIT and not decide(m).solvable:
        raise SearchLimit(f"the Devil's trap of {m.n} coins with {m.k} faces is not computed: it has "
                          f"{m.class_count:,} classes of tables, over the limit of {engine.TRAP_CLASS_LIMIT:,} "
                          "(TRAP_CLASS_LIMIT, see docs/limits.md)")
    return _trap(game)


def explain_trap_size(game: CoinGame, args: Args, value: Value) -> str:
    """The trap, counted."""
    names = _trap(game)
    if not names:
        return f"{value}: {_no_trap(game)}"
    return f"{plural(len(names), 'table')}: {explain_trap(game, args, trap(game, args))}"


def refute_trap_size(game: CoinGame, args: Args, value: Value, wrong: Value) -> str:
    """A table counted that escapes (with its move), or more trapped tables than ``wrong``."""
    w, m, names = whole(wrong), game.model, _trap(game)
    if w is None or w < 0:
        return not_a("count", wrong)
    if not names:
        return _no_trap(game)
    if w == 0:
        return (f"The trap is not empty: {names[0]} stays in it (whatever you flip on it, one of the Devil's turns "
                f"gives a table of the trap again), so the game from {names[0]} never ends.")
    if w + 1 < len(names):
        return (f"The trap holds more than {w}: {listed(names[: w + 1])} {'both' if w == 1 else 'all'} stay in it "
                "(whatever you flip on one, one of the Devil's turns gives one of them again).")
    if w < len(names):  # naming w + 1 of them would name them all: the answer
        return f"The trap holds more than {w}: {_not_closed(m, names[:w], names)}."
    outside = [n for n in open_names(m) if n not in names]
    if outside:
        return f"Some table you counted is not in the trap: {_escape(m, outside[0], names)}."
    return f"Only {plural(len(open_names(m)), 'table')} can be in the trap at all: the others are already won."


def _not_closed(m: Model, some: list[str], trap: list[str]) -> str:
    """Why the tables ``some`` (part of the trap) are not all of it: a move from one of them that the Devil answers
    by staying in the trap, but only outside ``some``."""
    names = m.class_names()
    for name in some:
        for move in m.move_classes():
            after = m.names_in(engine.to_bits(m.step(engine.from_bits(m, 1 << names.index(name)), move)))
            kept = [a for a in after if a in trap]
            if kept and not set(kept) & set(some):
                return (f"from {name}, flipping {format_move(move, m.k)}, the Devil keeps the game going, but only "
                        f"with a table other than {listed(some)}, so the trap has another table")
    return f"the Devil can keep the game going with tables other than {listed(some)}"


def _trap_count(game: CoinGame) -> int | None:
    """The trap's size, where the table is small enough to compute it."""
    return len(_trap(game)) if game.model.enumerable else None


def _trapped_layouts(game: CoinGame) -> int | None:
    """The trapped tables with their turned copies counted apart."""
    if not game.model.enumerable:
        return None
    m, names = game.model, _trap(game)
    return sum(len({m.apply_turn(m.representative(m.class_names().index(name)), g) for g in range(len(m.group))})
               for name in names)


def _says_all_open(game: CoinGame, w: int) -> str:
    m, names = game.model, _trap(game)
    outside = [n for n in open_names(m) if n not in names]
    if not names or not outside:
        return (f"{w:,} counts every table where the game is not over yet; but from none of them can the Devil keep "
                "you forever: a sure win exists.")
    return (f"{w:,} counts every table where the game is not over yet; but the Devil cannot keep you among all of "
            f"them: {_escape(m, outside[0], names)}.")


def _says_copies_apart(game: CoinGame, w: int) -> str:
    m, names = game.model, _trap(game)
    for name in names:
        table = m.representative(m.class_names().index(name))
        copies = sorted({m.show(m.apply_turn(table, g)) for g in range(len(m.group))})
        if len(copies) > 1:
            return (f"{w:,} counts the turned copies of the trapped tables apart; but the Devil turns the table "
                    f"before each move, so {listed(copies)} are one table for you.")
    return f"{w:,} counts the turned copies of the trapped tables apart; but a table and its turns are one table."


FIRST_TRAP_IDEAS = (
    idea("all_open", _trap_count, lambda g: open_count(g) if g.model.enumerable else None, _says_all_open),
    idea("with_finished", _trap_count, lambda g: up_to_turning(g) if g.model.enumerable else None,
         lambda g, w: f"{w:,} counts every table, {listed(finished_names(g))} included; but there the game is "
                      "over: the trap holds only tables where the Devil keeps it going forever."),
    idea("copies_apart", _trap_count, _trapped_layouts, _says_copies_apart),
)
TRAP_IDEAS = (*FIRST_TRAP_IDEAS, *later_trap_ideas(_trap_count, FIRST_TRAP_IDEAS))


@QUANTITIES.register("trap_size", "how many arrangements are in the Devil's trap",
                     explain=explain_trap_size, refute=refute_trap_size, misconceptions=TRAP_IDEAS)
def trap_size(game: CoinGame, args: Args) -> int:
    """The trap's size; ``SearchLimit`` naming the limit when it is not computed (never 0 for "not known")."""
    return len(_computed_trap(game))
