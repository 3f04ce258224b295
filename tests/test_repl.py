"""The prompt_toolkit layer, driven through a pipe input with DummyOutput, and plain line mode."""

from __future__ import annotations

import io

from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tests.helpers import new_session
from tutor.session import Reply
from tutor.shell.completer import TutorCompleter
from tutor.shell.repl import continues, plain_text, run_plain, run_terminal, safe_handle


def drive(keys: str, lesson: str | None = None) -> tuple[list[Reply], object]:
    """Run the terminal REPL on typed keys; return every reply it emitted and the session."""
    session = new_session()
    seen: list[Reply] = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        run_terminal(session, lesson, input=pipe, output=DummyOutput(), emit=seen.extend)
    return seen, session


def joined(replies: list[Reply]) -> str:
    return "\n".join(r.text for r in replies)


def test_terminal_opens_a_lesson_answers_and_quits():
    replies, session = drive("/open coins-1\r\r\r3\r/quit\r")
    out = joined(replies)
    assert "Two coins by hand" in out and "Right: HH, HT and TT" in out
    assert out.endswith("Progress saved. Bye!")
    assert session.finished


def test_ctrl_c_cancels_the_line_and_ctrl_d_leaves():
    replies, session = drive("/open coins-1\r\x03\x04")
    out = joined(replies)
    assert "input cancelled" in out
    assert "Progress saved" in out  # Ctrl-D on an empty line quits cleanly
    assert session.place.lesson == "coins-1"


def test_backslash_continues_a_long_strategy_over_lines():
    session = new_session()
    session.handle("/open coins-1")
    for _ in range(4):
        session.handle("/next")
    assert session.step.label == "strategy"
    seen: list[Reply] = []
    with create_pipe_input() as pipe:
        pipe.send_text("01 \\\r0 \\\r01\r/quit\r")
        run_terminal(session, None, input=pipe, output=DummyOutput(), emit=seen.extend)
    assert "wins for every start and every turn: 3 moves" in joined(seen)


def test_start_at_a_lesson_by_number():
    replies, session = drive("/quit\r", lesson="2")
    assert session.place.lesson == "coins-2"
    assert "The four-coin table" in joined(replies)


def test_continuation_rules():
    assert continues("0123 \\", False)  # a strategy: one line unless it ends with a backslash
    assert not continues("0123", False)
    assert continues("ask A: B is Random", True)  # a tree (multi-line kind): until an empty line
    assert not continues("ask A: B is Random\n", True)  # an empty line ends a tree
    assert not continues("/hint", True)


def test_plain_text_marks_degrade_to_ascii():
    assert plain_text(Reply("ok", "yes"), unicode=True).startswith("✓")
    assert plain_text(Reply("ok", "yes"), unicode=False) == "+ yes"
    assert plain_text(Reply("info", "x"), unicode=False) == "x"


def test_plain_mode_reads_lines_and_prints_replies_without_escape_codes():
    session = new_session()
    out = io.StringIO()
    run_plain(session, io.StringIO("1\n\n\n3\n/quit\n"), out)
    printed = out.getvalue()
    assert "\x1b[" not in printed
    assert "> 3" in printed and "Right: HH, HT and TT" in printed
    assert printed.rstrip().endswith("Progress saved. Bye!")


def test_plain_mode_joins_backslash_lines_into_one_answer():
    session = new_session()
    session.handle("/open coins-1")
    for _ in range(4):
        session.handle("/next")
    assert session.step.label == "strategy"
    out = io.StringIO()
    run_plain(session, io.StringIO("01 \\\n0 \\\n01\n"), out, lesson="coins-1")
    assert "wins for every start and every turn: 3 moves" in out.getvalue()


def completions(session, text):
    completer = TutorCompleter(session)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_completer_commands_lessons_and_moves():
    session = new_session()
    assert "/open" in completions(session, "/op")
    assert set(completions(session, "/h")) == {"/help", "/hint"}
    assert "coins-2" in completions(session, "/open coins")
    session.handle("/open coins-2")
    for _ in range(2):
        session.handle("/next")
    assert session.step.label == "play"
    moves = completions(session, "01")
    assert "012" in moves and "0123" in moves and "01" not in moves


def test_a_bug_is_logged_with_its_traceback_and_the_learner_told_where(tmp_path, monkeypatch):
    session = new_session()
    session.start()

    def broken(line: str) -> list[Reply]:
        raise RuntimeError("an engine bug")

    monkeypatch.setattr(session, "handle", broken)
    replies = safe_handle(session, "0123", crashes=tmp_path)
    assert len(replies) == 1 and replies[0].kind == "error"
    log = tmp_path / "crash.log"
    assert str(log) in replies[0].text and "RuntimeError: an engine bug" in replies[0].text
    logged = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in logged and "raise RuntimeError" in logged
    assert "'0123'" in logged  # what the learner typed, to reproduce it


def drive_at(lesson: str, step: int, keys: str) -> tuple[list[Reply], list[str], object]:
    """The terminal REPL at ``step`` of ``lesson``: the replies, and every text the REPL handed the session."""
    session = new_session()
    session.handle(f"/open {lesson}")
    while session.step is not None and session.step.index < step:
        session.handle("/next")
    handed: list[str] = []
    handle = session.handle

    def recording(text: str) -> list[Reply]:
        handed.append(text)
        return handle(text)

    session.handle = recording  # type: ignore[method-assign]
    seen: list[Reply] = []
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        run_terminal(session, None, input=pipe, output=DummyOutput(), emit=seen.extend)
    return seen, handed, session


def test_ctrl_c_in_a_question_tree_cancels_only_the_current_line():
    tree = "ask A: A is True\r  ja: A is True\r  da: A is False\r"
    _, handed, _ = drive_at("gods-1", 6, tree[:-1] + "\rask B: typo\x03" + "\r/quit\r")
    answer = next(t for t in handed if t.startswith("ask A"))
    assert "typo" not in answer and answer.splitlines() == ["ask A: A is True", "  ja: A is True",
                                                            "  da: A is False"]
    _, handed, _ = drive_at("gods-1", 6, "ask A: A is True\r  ja: oops\r\x03  ja: A is True\r\r/quit\r")
    answer = next(t for t in handed if t.startswith("ask A"))  # on an empty line, Ctrl-C takes back the line above
    assert "oops" not in answer and answer.splitlines()[1] == "  ja: A is True"


def test_solution_on_a_question_tree_takes_a_one_line_yes():
    replies, handed, _ = drive_at("gods-4", 1, "/solution\ry\r/quit\r")
    assert handed[:2] == ["/solution", "y"]
    assert any(r.text.startswith("A correct answer") for r in replies), joined(replies)
    tree = next(r for r in replies if r.kind == "board" and r.text.startswith("ask "))  # the plan on its own lines
    assert len(tree.text.splitlines()) > 3


def test_submit_in_the_session_writes_nothing_and_the_shell_writes_the_file(tmp_path):
    """/submit says what to write (``Reply.file``) and the shell writes it: ``Session.handle`` does no I/O."""
    target = tmp_path / "mine.txt"
    session = new_session()
    for line in ("/open coins-1", "", "", "4"):  # a wrong answer: the step stays, and it can be handed in
        session.handle(line)
    said = session.handle(f"/submit {target}")
    assert not target.exists() and said[0].file is not None and said[0].file.path == str(target)
    out = io.StringIO()
    run_plain(new_session(), io.StringIO(f"/open coins-1\n\n\n4\n/submit {target}\n/quit\n"), out)
    written = target.read_text(encoding="utf-8")
    assert said[0].file.text.endswith("\n4\n") and written.endswith("\n4\n")  # each session its own profile id
    assert "coins-1" in written.splitlines()[0] and said[0].file.text.splitlines()[0] == written.splitlines()[0]
    assert f"Wrote{target}" in "".join(out.getvalue().split())  # a long path is wrapped, even within itself


def test_a_submission_the_shell_cannot_write_is_one_error_line_instead_of_wrote(tmp_path):
    replies, _ = drive(f"/open coins-1\r\r\r4\r/submit {tmp_path / 'no such folder' / 'mine.txt'}\r/quit\r")
    out = joined(replies)
    assert "cannot write" in out and "No such file" in out and "Wrote" not in out
