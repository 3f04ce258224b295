"""Issue 12, coins: what a learner meets in a session - let blocks kept through a game, a word that is
not a move, hints that give nothing away, and wrong numbers answered with a reason."""

from __future__ import annotations

import random

from tests.helpers import correct_answer, new_session, text
from tutor.errors import TutorError
from tutor.puzzles import get
from tutor.puzzles.coins.rules import CoinGame, parse_strategy
from tutor.puzzles.coins.teach.hints import hint_data
from tutor.puzzles.coins.teach.play import PLAY
from tutor.puzzles.coins.theory import decide
from tutor.puzzles.options import NO_ARGS
from tutor.puzzles.play import LEARNER

PUZZLE = get("coins")


def at_step(lesson_id: str, title: str):  # type: ignore[no-untyped-def]
    """A session on the step of ``lesson_id`` titled ``title``, every step before answered correctly."""
    session = new_session()
    session.handle(f"/open {lesson_id}")
    for _ in range(20):
        step = session.step
        assert step is not None
        if step.title == title:
            return session
        session.handle(correct_answer(session.lesson, step) if step.required else "")  # type: ignore[arg-type]
    raise AssertionError(f"no step {title!r} in {lesson_id}")


def shortest(n: int) -> list[str]:
    """A shortest winning strategy, computed, as words."""
    strategy = PUZZLE.kind("strategy").reference(CoinGame(n), NO_ARGS)
    assert strategy is not None
    return strategy.split()


def test_a_let_block_defined_on_one_line_of_a_game_is_used_on_a_later_line() -> None:
    session = at_step("coins-2", "Play, watching the belief")
    moves = shortest(4)
    half = " ".join(moves[:7])  # the first seven moves, then the eighth, then the same seven again
    assert moves[8:] == moves[:7]
    defined = text(session.handle(f"let D = {half}"))
    assert "D stands for 7 moves" in defined and session.place.state.position.moves == ()
    out = text(session.handle("D"))
    assert "Still possible" in out and len(session.place.state.position.moves) == 7
    out = text(session.handle(f"{moves[7]} D"))
    assert "you win" in out.lower()
    assert session.step is None or session.step.title != "Play, watching the belief"  # the step is complete


def test_blocks_live_in_the_game_state_and_undo_with_it() -> None:
    game = CoinGame(2)
    state = PLAY.start(game, NO_ARGS, random.Random(0))
    defined = PLAY.play_text(state, "let A = 01")
    assert defined.state.blocks == (("A", ((1, 1),)),) and defined.state.moves == ()
    after = PLAY.play_text(defined.state, "A 0")
    assert after.state.moves == ((1, 1), (1, 0)) and after.state.blocks == defined.state.blocks
    won = PLAY.play_text(after.state, "A")
    assert PLAY.winner(won.state) == LEARNER
    assert PLAY.split(after.state, "A A") == ["01", "01"]
    # the state before the definition knows no block (what /undo goes back to)
    try:
        PLAY.play_text(state, "A")
    except TutorError as err:
        assert "is not a move" in str(err) and "let" not in str(err)
    else:
        raise AssertionError("an undefined block was played")


def test_a_word_that_is_no_move_is_not_sent_to_let_blocks() -> None:
    session = at_step("coins-1", "Play against the Devil")
    out = text(session.handle("hello"))
    assert "'hello'" in out and "is not a move" in out and "let" not in out


def test_play_hints_do_not_give_away_the_length_asked_next() -> None:
    for lesson, n in (("coins-1", 2), ("coins-2", 4)):
        session = at_step(lesson, "Play against the Devil" if n == 2 else "Play, watching the belief")
        length = decide(CoinGame(n).model).shortest
        assert length is not None
        ladder = [text(session.handle("/hint")) for _ in range(4)]
        session.handle(shortest(n)[0])
        ladder += [text(session.handle("/hint")) for _ in range(4)]
        for hint in (h.split(": ", 1)[-1] for h in ladder):  # after "hint 2 of 4: "
            assert f" {length} " not in hint and f" {length - 1} more" not in hint and "(s)" not in hint


def test_the_strategy_step_does_not_name_the_length_asked_next() -> None:
    # coins-1 asks for the whole strategy, then for the shortest length: the verdict must not say it first
    session = at_step("coins-1", "The whole strategy")
    lesson, step = session.lesson, session.step
    assert lesson is not None and step is not None
    titles = [s.title for s in lesson.steps]
    assert titles.index("The whole strategy") < titles.index("How short can it be?")
    replies = session.handle(correct_answer(lesson, step))
    verdict = next(r.text for r in replies if "wins for every start" in r.text)
    assert "shortest" not in verdict
    assert session.step is not None and session.step.title == "How short can it be?"
    # the command line, with no lesson, still compares
    assert "the shortest possible" in PUZZLE.check(CoinGame(2), "strategy", correct_answer(lesson, step)).summary


def test_a_wrong_length_is_answered_with_the_engine_s_reason() -> None:
    # the session adds the quantity's reason where the core supports it; the reason itself is computed here
    game = CoinGame(2)
    q = PUZZLE.quantities["shortest_length"]
    reason = q.refute(game, NO_ARGS, q(game), 2)  # type: ignore[misc]
    strategy = reason.split("For instance ")[1].split(" does not")[0]
    assert len(parse_strategy(strategy, 2)) == 2
    assert hint_data(game, parse_strategy(strategy, 2))["distance"] is not None
