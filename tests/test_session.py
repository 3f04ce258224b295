"""The conversation core, played through handle() with engine-computed answers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.helpers import bundled, correct_answer, new_session, play_through, quantity_name, text

BUNDLED = bundled().ordered()


@pytest.mark.parametrize("lesson", BUNDLED, ids=lambda lesson: lesson.id)
def test_every_bundled_lesson_can_be_finished(lesson):
    session = new_session()
    replies = play_through(session, lesson)
    assert "Lesson complete" in text(replies), text(replies[-6:])
    done = session.progress.completed(lesson.id)
    assert {s.index for s in lesson.questions} <= done


def test_first_coin_lesson_transcript_and_progress_rows():
    session = new_session()
    lesson = session.catalog.find("coins-1")
    replies = play_through(session, lesson)
    assert "wins for every start and every turn: 3 moves, the shortest possible" in text(replies)
    rows = session.progress.db.execute("SELECT step, correct FROM attempts WHERE lesson = 'coins-1'").fetchall()
    assert any(correct for _, correct in rows)
    assert session.progress.summary("coins-1").completed == frozenset(s.index for s in lesson.questions)


def open_at(session, lesson_id, kind):
    """Open a lesson and walk forward to the first ask step of the given answer kind."""
    session.handle(f"/open {lesson_id}")
    for _ in range(30):
        step = session.step
        if step.required and step.label == kind:
            return step
        session.handle("/next")
    raise AssertionError(f"no {kind} step in {lesson_id}")


def test_wrong_strategy_gets_counterexample_and_named_misconception():
    session = new_session()
    open_at(session, "coins-1", "strategy")
    replies = session.handle("01 0")
    kinds = [r.kind for r in replies]
    assert "wrong" in kinds and "board" in kinds
    board = next(r.text for r in replies if r.kind == "board")
    assert "Start:" in board and "move   2" in board
    assert any(r.kind == "hint" and "TT" in r.text for r in replies)  # the declared misconception
    assert session.place.step == session.step.index  # still on the same step


def test_number_step_mistake_and_retry():
    session = new_session()
    step = open_at(session, "coins-1", "number")
    wrong = session.handle("4")
    assert any(r.kind == "wrong" for r in wrong)
    assert "counts the turned copies of a table apart" in "\n".join(r.text for r in wrong)  # the misconception
    right = session.handle(correct_answer(session.lesson, step))
    assert any(r.kind == "ok" for r in right)
    assert session.place.step == step.index + 1


def test_bad_notation_is_one_error_and_changes_nothing():
    session = new_session()
    step = open_at(session, "coins-2", "strategy")
    before = session.place
    replies = session.handle("0123 0193")
    assert [r.kind for r in replies] == ["error"]
    assert "position 9 is out of range 0-3 at column 8 (move 2)" in replies[0].text
    assert session.place == before
    assert step.index == session.place.step


def test_hint_ladder_counts_up_and_records():
    session = new_session()
    step = open_at(session, "coins-2", "play")
    first = session.handle("/hint")[0].text
    second = session.handle("/hint")[0].text
    assert first.startswith("hint 1 of ") and second.startswith("hint 2 of ")
    total = int(first.split(" of ")[1].split(":")[0])
    assert total > len(step.hints)  # authored hints first, then the engine's
    for _ in range(total + 2):
        last = session.handle("/hint")
    assert "last hint" in text(last)
    assert session.progress.summary("coins-2").hints == total


def test_engine_hint_names_a_best_move_that_is_accepted():
    session = new_session()
    open_at(session, "coins-2", "play")
    session.handle("0123")
    ladder = []
    for _ in range(8):
        reply = session.handle("/hint")[0].text
        if reply in ladder:
            break
        ladder.append(reply)
    move = next(rung for rung in ladder if "Play " in rung).split("Play ")[1].split()[0]
    replies = session.handle(move)
    assert not any(r.kind == "error" for r in replies)


def test_solution_asks_first_and_is_recorded():
    session = new_session()
    step = open_at(session, "coins-1", "strategy")
    ask = session.handle("/solution")
    assert "(y/n)" in ask[0].text
    assert "Not revealed" in text(session.handle("n"))
    assert session.progress.summary("coins-1").solutions == 0
    session.handle("/solution")
    shown = session.handle("yes")
    answer = shown[0].text.split(": ", 1)[1]
    assert session.progress.summary("coins-1").solutions == 1
    assert step.index not in session.progress.completed("coins-1")
    session.handle(answer)
    assert step.index in session.progress.completed("coins-1")


def test_undo_takes_back_a_move_and_reset_restarts_the_step():
    session = new_session()
    open_at(session, "coins-2", "play")
    start = session.place
    session.handle("0123")
    after_one = session.place
    session.handle("02")
    session.handle("/undo")
    assert replace(session.place, aids=()) == after_one and session.place.aids == ("undo",)  # charged to the game
    session.handle("/undo")
    assert session.place.state.position == start.state.position
    session.handle("0123")
    session.handle("/reset")
    assert session.place.state.played == () and session.place.state.position == start.state.position


def test_navigation_and_unknown_commands():
    session = new_session()
    assert "unknown command '/frobnicate'" in text(session.handle("/frobnicate"))
    assert "no lesson 'nope'" in text(session.handle("/open nope"))
    session.handle("/open 1")
    assert session.place.step == 0
    session.handle("/next")
    assert session.place.step == 1
    session.handle("/back")
    assert session.place.step == 0
    assert "first step" in text(session.handle("/back"))
    assert "takes no argument" in text(session.handle("/next now"))
    helptext = text(session.handle("help"))
    for command in ("/lessons", "/open", "/hint", "/undo", "/solution", "/progress", "/quit"):
        assert command in helptext
    assert session.handle("exit")[0].text.startswith("Progress saved")
    assert session.finished


def test_choice_accepts_number_word_and_prefix():
    session = new_session()
    step = open_at(session, "coins-3", "choice")
    correct = correct_answer(session.lesson, step)
    index = step.options.index(correct) + 1
    wrong = next(o for o in step.options if o != correct)
    assert any(r.kind == "wrong" for r in session.handle(wrong))
    assert "not one of the options" in text(session.handle("maybe"))
    replies = session.handle(str(index))
    assert any(r.kind == "ok" for r in replies)


def test_resume_where_the_learner_left_off(tmp_path):
    db = tmp_path / "progress.sqlite3"
    first = new_session(db)
    open_at(first, "coins-2", "play")
    first.handle("0123")
    first.handle("02")
    second = new_session(db)
    greeting = text(second.start())
    assert "Welcome back" in greeting and "restored (2 moves)" in greeting
    assert second.place.lesson == "coins-2" and len(second.place.state.played) == 2
    assert second.place.state.position == first.place.state.position


def test_explore_step_completes_after_the_moves():
    session = new_session()
    step = open_at(session, "coins-3", "play")
    assert step.goal == "explore"
    for _ in range(step.explore - 1):
        session.handle("012")
        assert session.place.step == step.index
    session.handle("0")
    assert step.index in session.progress.completed("coins-3")


def test_toolbar_and_completions():
    session = new_session()
    assert "no lesson open" in session.toolbar()
    open_at(session, "coins-2", "play")
    bar = session.toolbar()
    assert "coins-2" in bar and "step 3/" in bar
    assert "0123" in session.completions() and "02" in session.completions()


def test_solution_mid_game_continues_from_the_current_belief():
    session = new_session()
    open_at(session, "coins-2", "play")
    session.handle("0123")
    session.handle("/solution")
    shown = session.handle("y")
    continuation = shown[0].text.split("this wins: ")[1]
    assert len(continuation.split()) == 14  # 15 in all: the engine's search from the belief after 0123
    session.handle(continuation)
    assert session.progress.completed("coins-2") >= {2}


def lesson_file(tmp_path, body):
    header = 'id = "x"\ntitle = "X"\nsummary = "s"\npuzzle = "coins"\n'
    (tmp_path / "x.toml").write_text(header + body)
    return new_session(lessons=[str(tmp_path)])


def test_placeholders_in_hints_and_mistakes_and_parameters(tmp_path):
    session = lesson_file(tmp_path, """
[params]
coins = 4
[[steps]]
ask = "How many classes for {{coins}} coins?"
answer = "number"
compute = "classes"
hints = ["There are {{tables}} tables in all."]
[[steps.mistakes]]
match = "16"
say = "16 counts all {{tables}} tables, not the {{classes}} classes."
""")
    asked = text(session.handle("/open x"))
    assert "How many classes for 4 coins?" in asked
    assert "There are 16 tables in all." in text(session.handle("/hint"))
    assert "16 counts all 16 tables, not the 6 classes." in text(session.handle("16"))


def test_play_mistakes_are_named_and_a_finished_game_refuses_moves(tmp_path):
    session = lesson_file(tmp_path, """
[params]
coins = 3
[[steps]]
ask = "Play"
answer = "play"
goal = "explore"
explore = 5
[[steps.mistakes]]
match = "012"
say = "Flipping all three only swaps HHT and HTT."
""")
    session.handle("/open x")
    assert "only swaps HHT and HTT" in text(session.handle("012"))
    over = replace_place(session)
    assert "This game is over" in text(over.handle("0"))


def replace_place(session):
    from dataclasses import replace

    session.place = replace(session.place, state=replace(session.place.state, over=True))
    return session


def test_a_number_step_takes_the_expressions_the_tutor_writes():
    session = new_session()
    session.handle("/open coins-2")
    while session.step is not None and quantity_name(session.step) != "shortest_length":
        session.handle("/next")
    step = session.step
    assert step is not None
    assert "Not right" in text(session.handle("2^4"))  # 16 is read, and judged
    assert "is not a whole number" not in text(session.handle("2^4"))
    out = text(session.handle("2^4 - 1"))
    assert "15" in out and session.step is not step  # 2^4 - 1 = 15 is the shortest length, accepted


def test_let_blocks_are_kept_through_a_strategy_step_and_undone_with_it():
    session = new_session()
    session.handle("/open coins-2")
    while session.step is not None and session.step.label != "strategy":
        session.handle("/next")
    assert "Kept for this step: let D = 0123 02 0123" in text(session.handle("let D = 0123 02 0123"))
    wrong = text(session.handle("D 01 D"))  # the block is known: a verdict, not "unknown block name"
    assert "does not always win" in wrong and "unknown" not in wrong
    session.handle("/undo")
    session.handle("/undo")  # takes the definition back too
    assert "'D' is not a move" in text(session.handle("D 01 D"))
    session.handle("let D = 0123 02 0123")
    assert "the shortest possible" in text(session.handle("D 01 D 0 D 01 D"))
    assert getattr(session.place.state, "defined", "") == ""  # the next step starts with no definitions
