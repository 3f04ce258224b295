"""Issue 31, part 4: lint's "the engine finds no correct answer" carries the engine's certificate, and each
certificate is checked true by brute force (the Devil's trap closed under every flip and turn, the quiet pattern
changing nothing while the board has an odd number of lights on it, every move from the losing position
answered)."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from tutor import puzzles
from tutor.lint import lint_problems

FOLDER = Path(__file__).parent / "data" / "workbench"


def reasons() -> dict[str, str]:
    _, problems = lint_problems([str(FOLDER)])
    return {f"{Path(p.file).stem}:{p.key}": p.message for p in problems
            if "finds no correct answer" in p.message or "finds none" in p.message}


def test_every_unanswerable_step_in_the_corpus_says_why() -> None:
    found = reasons()
    assert set(found) == {"numbers:steps[5].reference", "choices:steps[3].reference",
                          "engines:steps[2].reference", "plays:steps[3].reference"}
    assert "The Devil's trap is HHT and HTT" in found["numbers:steps[5].reference"]
    assert "The Devil's trap is HHT and HTT" in found["plays:steps[3].reference"]
    assert found["choices:steps[3].reference"].split("completed: ")[1].startswith("(3, 5) loses for the player")
    assert "quiet pattern" in found["engines:steps[2].reference"]


def test_the_devil_s_trap_is_closed_under_every_flip_and_turn() -> None:
    trap = {"HHT", "HTT"}  # three coins: as the corpus's reason names them (up to turning)

    def turns(table: str) -> set[str]:
        return {table[i:] + table[:i] for i in range(len(table))}

    def name(table: str) -> str:
        return next(t for t in sorted(turns(table)) if t in trap) if turns(table) & trap else table

    def flipped(table: str, flip: tuple[int, ...]) -> str:
        return "".join(("T" if c == "H" else "H") if i in flip else c for i, c in enumerate(table))

    flips = list(itertools.chain.from_iterable(itertools.combinations(range(3), k) for k in (1, 2, 3)))
    for table in trap:
        for flip in flips:  # whatever the learner flips, some turn of the Devil's keeps the table in the trap
            assert any(name(flipped(t, flip)) in trap for t in turns(table)), (table, flip)
    assert name("HHH") not in trap and name("TTT") not in trap  # and the trap holds no finished table


def test_the_quiet_pattern_changes_nothing_and_the_board_breaks_it() -> None:
    message = reasons()["engines:steps[2].reference"]
    cells = re.search(r"pressing ((?:[a-d][1-4] ?)+) changes nothing", message).group(1).split()
    lit = {"a1"}  # the corpus board X.../..../..../....
    toggled: dict[str, int] = {}
    for cell in cells:
        col, row = ord(cell[0]) - 97, int(cell[1]) - 1
        for dc, dr in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
            c, r = col + dc, row + dr
            if 0 <= c < 4 and 0 <= r < 4:
                key = f"{chr(97 + c)}{r + 1}"
                toggled[key] = toggled.get(key, 0) + 1
    assert all(n % 2 == 0 for n in toggled.values())  # the pattern changes nothing
    assert len(lit & set(cells)) % 2 == 1  # and the board has an odd number of lights on it


def test_every_move_from_the_losing_position_has_a_winning_reply() -> None:
    wythoff = puzzles.get("wythoff")

    def loses(a: int, b: int) -> bool:
        moves = [(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)] + \
                [(a - k, b - k) for k in range(1, min(a, b) + 1)]
        return all(not loses(*m) for m in moves)

    assert loses(3, 5)
    assert wythoff.no_answer(wythoff.load({"position": "3,5"}), "move") is not None
    assert wythoff.no_answer(wythoff.load({"position": "4,6"}), "move") is None  # a win has a move: no reason
