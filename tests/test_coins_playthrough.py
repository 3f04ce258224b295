"""Issue 20, the coin items of the playthrough report: replies to wrong answers and hint rungs before the last that
give nothing away, success lines that claim nothing about the learner's own answer, feedback in the lessons' own
words, and failed doubling strategies told which part of the pattern is wrong."""

from __future__ import annotations

import re

from tests.helpers import new_session, text
from tutor.authoring import rehearse
from tutor.session import Session

FOUR = ["0123", "02", "0123", "01", "0123", "02", "0123", "0", "0123", "02", "0123", "01", "0123", "02", "0123"]
DOUBLED = {"0123": "01234567", "02": "0246", "01": "0145", "0": "04"}
LET_D = "let D = " + " ".join(DOUBLED[m] for m in FOUR)


def at_step(lesson_id: str, title: str) -> Session:
    """A session on the step of ``lesson_id`` titled ``title``, every step before it done as the tutor does."""
    session = new_session()
    session.handle(f"/open {lesson_id}")
    for _ in range(30):
        step = session.step
        assert step is not None
        if step.title == title:
            return session
        rehearse(session)
    raise AssertionError(f"no step {title!r} in {lesson_id}")


def hints(session: Session, count: int) -> list[str]:
    """The first ``count`` hint rungs, as shown."""
    return [text(session.handle("/hint")) for _ in range(count)]


def doubling(half_moves: list[str]) -> str:
    """D, each half move, D again: the doubling pattern with the given half moves, as a two-line answer."""
    words = [w for move in half_moves for w in ("D", move)]
    return f"{LET_D}\n{' '.join([*words, 'D'])}"


# coins-1


def test_a_two_move_strategy_is_told_what_goes_wrong_not_how_to_mend_it() -> None:
    reply = text(at_step("coins-1", "The whole strategy").handle("01 0"))
    assert "the Devil picks TT" in reply and "One more move" not in reply


def test_the_shortest_length_success_claims_nothing_about_the_learners_strategy() -> None:
    session = at_step("coins-1", "The whole strategy")
    assert "4 moves" in text(session.handle("01 1 01 1"))  # a sure win, one move longer than the shortest
    reply = text(session.handle("log2(8)"))
    assert "Best play wins for every start and every turn: 3 moves, the shortest possible" in reply
    assert "your strategy" not in reply.lower()


# coins-2


def test_four_starting_tables_is_told_the_undercount_without_the_five_tables() -> None:
    reply = text(at_step("coins-2", "Where we start").handle("4"))
    assert "HHTT and HTHT show the same faces" in reply
    assert not {"HHHT", "HTTT", "TTTT"} & set(re.findall(r"[HT]{4}", reply))  # the whole set is not listed
    one = text(at_step("coins-2", "Where we start").handle("1"))
    assert "more than one table still possible" in one and "HHHT and HHTT are different" in one


def test_write_it_down_hints_grow_more_specific_and_hold_back_the_strategy() -> None:
    session = at_step("coins-2", "Write it down")
    session.handle("0123")
    ladder = hints(session, 6)
    assert "hint 6 of 6" in ladder[-1] and " ".join(FOUR) in ladder[-1]
    before = ladder[:-1]
    assert not any("02 01 02" in rung for rung in before)
    assert "After 1 move" in before[0] and "Play 02 next" in before[-1]  # the belief first, the move last


def test_seven_moves_are_told_the_parity_they_keep_not_the_strategy() -> None:
    reply = text(at_step("coins-2", "Write it down").handle(" ".join(FOUR[:7])))
    assert "flips an even number of coins" in reply and "repeat" not in reply and "Add a move" not in reply


# coins-3


def test_decide_yes_does_not_name_the_trap_a_later_step_counts() -> None:
    session = at_step("coins-3", "Decide")
    reply = text(session.handle("yes"))
    assert reply.count("No:") == 1 and not re.search(r"\b[HT]{3}\b", reply) and not re.search(r"\b2\b", reply)
    assert "disappear from the belief at the same time" in text(session.handle("/hint"))


def test_a_trap_of_one_is_refuted_without_naming_both_tables() -> None:
    """1 is the complement idea (HHT and HTT, one flip of every coin apart, taken for one table): it is shown on the
    tables of one face, never on the trap's own two tables, which would be the count."""
    reply = text(at_step("coins-3", "Count the trap").handle("1"))
    assert "flipping every coin" in reply and "all stay" not in reply
    assert not {"HHT", "HTT"} & set(re.findall(r"\b[HT]{3}\b", reply)), reply


def test_eight_coins_is_explained_with_the_number_of_coins_not_n_and_k() -> None:
    reply = text(at_step("coins-3", "Eight coins?").handle("no"))
    assert "N and K" not in reply and "the number of coins, 8, is a power of 2" in reply


# coins-4


def test_sixteen_coins_worth_of_tables_is_not_twice_as_many() -> None:
    reply = text(at_step("coins-4", "How long?").handle("65536"))
    assert "twice" not in reply and "squares their number" in reply
    assert "N and K" not in text(at_step("coins-4", "How long?").handle("254"))


def test_build_it_failures_are_told_which_part_of_the_doubling_is_wrong() -> None:
    session = at_step("coins-4", "Build it")
    swapped = list(FOUR)
    swapped[3], swapped[7] = swapped[7], swapped[3]
    said = {
        "seven half moves": text(session.handle(doubling(FOUR[:7]))),
        "0 and 01 swapped": text(session.handle(doubling(swapped))),
        "no half moves": text(session.handle(f"{LET_D}\n{' '.join(['D'] * 16)}")),
        "doubled half moves": text(session.handle(doubling([DOUBLED[m] for m in FOUR]))),
    }
    assert "Your strategy makes 7 half moves" in said["seven half moves"]
    assert "Your strategy goes wrong at move 64 (0)" in said["0 and 01 swapped"]
    assert "they go wrong at half move 4 (0)" in said["0 and 01 swapped"]
    assert "Your strategy makes no half moves" in said["no half moves"]
    assert "Your strategy makes no half moves" in said["doubled half moves"]
    assert "Your strategy goes wrong at move 16" in said["doubled half moves"]


def test_build_it_hints_start_at_the_wrong_move_and_keep_the_block_for_the_last_rung() -> None:
    session = at_step("coins-4", "Build it")
    swapped = list(FOUR)
    swapped[3], swapped[7] = swapped[7], swapped[3]
    session.handle(doubling(swapped))
    ladder = hints(session, 7)
    assert "hint 7 of 7" in ladder[-1]
    assert not any("let D" in rung for rung in ladder[:-1])
    assert "move 64 (0) is where your strategy goes wrong" in ladder[0] and "After 63 moves" in ladder[0]
    assert re.search(r"Play \S+ as move 64, in place of 0", ladder[-2])


def test_sixteen_coins_is_told_the_copies_as_moves_slip_and_never_shows_unexplained_notation() -> None:
    session = at_step("coins-4", "Sixteen coins")
    assert "511 adds up the copies of D and the half moves between them, as if each copy of D were one move" in \
        text(session.handle("511"))
    assert "510 = 2 x 255 doubles the 8-coin strategy's length" in text(session.handle("510"))
    reply = text(session.handle("509"))
    assert "the first 509 moves of the tutor's own strategy" in reply and not re.search(r"[x.]{16}", reply)
