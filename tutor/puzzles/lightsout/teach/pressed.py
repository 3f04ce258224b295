"""What a line of presses did, said against the solutions of the board it was pressed on.

Each press the learner made is in every solution of that board, in some, or in none (``engine.roles``): a press in
every solution makes every way to darken the board shorter, one in none makes every way press it again.  The
learner's own presses are named with their role; the cells they did not press never are, and where naming the
presses would name a whole solution (all nine cells pressed on the all-on 3x3 board, five of them its only
solution), the reply says which roles occur and not which press has which.  No count of presses is said: a later
step may ask for it.

With p states (p prime) a cell is pressed 0 to p - 1 times, and the roles are worked out over GF(p): every solution
presses a cell the same number of times (maybe none), or the solutions press it every number of times.  A press
in every solution is then right when the learner pressed it as often as every solution does; otherwise every way
to finish presses it again, a number of times the reply says for that cell only (what the learner's presses
changed there), never for the cells the learner did not press.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tutor.puzzles.lightsout.engine.roles import Role, Roles, roles
from tutor.puzzles.lightsout.rules.grid import Board, Cell, Rules, apply, pattern_of
from tutor.puzzles.lightsout.rules.notation import format_cell
from tutor.puzzles.lightsout.teach.verdicts import cancelling_text

NAMED = {
    Role.EVERY: "{names} {be} in every solution of the board you pressed {them} on: a step towards dark, whichever "
                "way you finish.",
    Role.NONE: "{names} {be} in no solution of the board you pressed {them} on: now every way to finish presses "
               "{them} again (a second press undoes the first; /undo takes back the line).",
    Role.SOME: "{names} {be} in some solutions of the board you pressed {them} on, not in all: the ways to finish "
               "that press {them} are shorter now, the others longer.",
}
FIRST = {Role.EVERY: "in every solution", Role.NONE: "in no solution", Role.SOME: "in only some solutions"}
LATER = {Role.EVERY: "in every one", Role.NONE: "in none", Role.SOME: "in only some"}


def net_presses(cells: Sequence[Cell]) -> list[Cell]:
    """The cells a line presses an odd number of times, in the order first pressed (pairs cancel).

    >>> net_presses([(0, 0), (1, 1), (0, 0), (2, 2)])
    [(1, 1), (2, 2)]
    """
    counts = Counter(cells)
    return [cell for cell in dict.fromkeys(cells) if counts[cell] % 2]


def join_and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def press_roles(rules: Rules, board: Board, cells: Sequence[Cell]) -> list[str]:
    """What the presses ``cells``, made on ``board``, did: each press's role among the board's solutions, and the
    presses that cancelled.  Nothing for boards with more than two states or that cannot be darkened."""
    found = roles(rules, board)
    if found is None:
        return []
    if rules.states != 2:
        return counted_roles(rules, board, cells, found)
    pressed = net_presses(cells)
    groups = {role: [c for c in pressed if found.of(c) is role] for role in Role}
    cancelled = cancelling_text(rules, cells)
    if not pressed:
        return [cancelled] if cancelled else []
    if names_a_solution(rules, board, groups):
        present = [f"some are {(LATER if i else FIRST)[role]}" for i, role in enumerate(r for r in Role if groups[r])]
        present[0] += " of the board you pressed them on"
        again = (" Press again the ones in none (a second press undoes the first), or /undo takes back the line"
                 " so you can try the cells one at a time." if groups[Role.NONE] else "")
        said = [f"Of those presses, {join_and(present)}.{again}"]
    else:
        said = [named(role, groups[role]) for role in Role if groups[role]]
    return [*said, *([cancelled] if cancelled else [])]


def named(role: Role, cells: Sequence[Cell]) -> str:
    """One role's sentence, naming the learner's presses that have it."""
    many = len(cells) > 1
    return NAMED[role].format(names=join_and([format_cell(*cell) for cell in cells]), be="are" if many else "is",
                              them="them" if many else "it")


def names_a_solution(rules: Rules, board: Board, groups: dict[Role, list[Cell]]) -> bool:
    """Whether naming the presses' roles would name a whole solution: the presses in every solution darken the
    board by themselves, or, pressed again, the presses in none darken the board the line left (then the others
    of the line are a solution of the board it was pressed on)."""
    every, some = groups[Role.EVERY], groups[Role.SOME]
    if every and not any(apply(rules, board, pattern_of(rules, every))):
        return True
    return bool(groups[Role.NONE]) and not any(apply(rules, board, pattern_of(rules, [*every, *some])))



# -- more than two states ---------------------------------------------------------------------------------

COUNTED = {
    "done": "{names} {be} pressed as often as every solution of the board you pressed {them} on presses {them}: a "
            "step towards dark, whichever way you finish.",
    "off": "{names} {be} in every solution of the board you pressed {them} on, but not pressed as often there as "
           "you did: every way to finish presses {them} {more}{each} (a cell pressed {k} times is as if not pressed).",
    "none": "{names} {be} in no solution of the board you pressed {them} on: every way to finish presses {them} "
            "{more}{each}, round to no press at all (a cell pressed {k} times is as if not pressed; /undo "
            "takes back the line).",
    "some": "{names} {be} pressed by some solutions of the board you pressed {them} on and not by others (0 to "
            "{top} times): the ways to finish that press {them} as often as you did need no more presses there, the "
            "others do.",
}
COUNTED_KINDS = {"done": "pressed as often as every solution presses them", "off": "in every solution but pressed "
                 "a different number of times there", "none": "in no solution", "some": "pressed by only some "
                 "solutions"}


def net_counts(cells: Sequence[Cell], k: int) -> dict[Cell, int]:
    """How many times (mod ``k``) a line presses each cell it does not press a multiple of ``k`` times, in the order
    first pressed.

    >>> net_counts([(0, 0), (1, 1), (0, 0), (2, 2), (2, 2), (2, 2)], 3)
    {(0, 0): 2, (1, 1): 1}
    """
    counts = Counter(cells)
    return {cell: counts[cell] % k for cell in dict.fromkeys(cells) if counts[cell] % k}


def counted_roles(rules: Rules, board: Board, cells: Sequence[Cell], found: Roles) -> list[str]:
    """``press_roles`` with more than two states: each press's role and, where every solution presses it the same
    number of times, how many more times every way to finish presses it."""
    k = rules.states
    pressed = net_counts(cells, k)
    cancelled = cancelling_text(rules, cells)
    if not pressed:
        return [cancelled] if cancelled else []
    more = {cell: (found.count(cell) - n) % k for cell, n in pressed.items() if found.of(cell) is not Role.SOME}
    groups: dict[tuple[str, int], list[Cell]] = {}
    for cell in pressed:
        kind = "some" if cell not in more else "done" if not more[cell] else \
            "none" if found.of(cell) is Role.NONE else "off"
        groups.setdefault((kind, more.get(cell, 0)), []).append(cell)
    after = apply(rules, board, pattern_of(rules, cells))
    finish = [cell for cell, times in more.items() for _ in range(times)]
    right = [cell for cell in pressed for _ in range(pressed[cell]) if more.get(cell) == 0]
    if not any(apply(rules, after, pattern_of(rules, finish))) or (right and not any(
            apply(rules, board, pattern_of(rules, right)))):  # the reply would name a whole way to finish
        kinds = [kind for kind in COUNTED if any(key[0] == kind for key in groups)]
        again = (" Every way to finish presses those again; /undo takes back the line so you can try the cells "
                 "one at a time." if {"none", "off"} & set(kinds) else "")
        said = [f"Of those presses on the board you pressed them on, "
                f"{join_and([f'some are {COUNTED_KINDS[kind]}' for kind in kinds])}.{again}"]
    else:
        said = [counted(kind, times, group, k) for kind in COUNTED
                for (key, times), group in groups.items() if key == kind]
    return [*said, *([cancelled] if cancelled else [])]


def counted(kind: str, times: int, cells: Sequence[Cell], k: int) -> str:
    """One kind's sentence, naming the learner's presses of that kind (and how many more times each is pressed)."""
    many = len(cells) > 1
    more = "once more" if times == 1 else f"{times} more times"
    return COUNTED[kind].format(names=join_and([format_cell(*cell) for cell in cells]), be="are" if many else "is",
                                them="them" if many else "it", more=more, each=" each" if many else "", k=k,
                                top=k - 1)
