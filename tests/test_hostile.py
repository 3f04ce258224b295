"""Hostile lessons, grading folders and sessions: one bad file is reported and the rest works; nothing hangs,
nothing escapes its folder, nothing prints a traceback (the cases of issue 14)."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import new_session, text
from tutor.cli import main
from tutor.course import load_catalog, load_roots
from tutor.course.model import compile_pattern
from tutor.errors import TutorError
from tutor.grading import grade, graded_step, rows_csv, rows_text, submission_files

HEAD = 'id = "{id}"\ntitle = "T"\nsummary = "s"\npuzzle = "{puzzle}"\n'
GOOD = HEAD.format(id="good", puzzle="coins") + ('[params]\ncoins = 2\n[[steps]]\nask = "How many classes?"\n'
                                                 'answer = "number"\ncompute = "classes"\n')
BUILT_LATE = {"board.toml"}  # read and listed at once; its board is made only when it is opened or linted
HOSTILE = {  # file name -> (content or a maker, what the refusal says)
    "binary.toml": (bytes(range(256)) * 8, "not UTF-8"),
    "utf16.toml": (GOOD.replace("good", "u16").encode("utf-16"), "not UTF-8"),
    "latin1.toml": ((GOOD.replace("good", "lat") + "# café\n").encode("latin-1"), "not UTF-8"),
    "huge.toml": ((GOOD.replace("good", "huge") + "#" + "x" * 1_000_001 + "\n").encode(), "lesson_bytes"),
    "arrays.toml": ((HEAD.format(id="arr", puzzle="coins") + "tags = " + "[" * 5000 + "]" * 5000).encode(),
                    "lesson_depth"),
    "tables.toml": ((HEAD.format(id="tab", puzzle="coins") + "x = " + "{a = " * 3000 + "1" + "}" * 3000).encode(),
                    "lesson_depth"),
    "digits.toml": ((HEAD.format(id="dig", puzzle="coins") + "[params]\ncoins = " + "9" * 5000).encode(),
                    "int_digits"),
    "board.toml": ((HEAD.format(id="board", puzzle="lightsout") + '[params]\nsize = "100000x100000"\n'
                    '[[steps]]\nask = "Darken"\nanswer = "presses"\n').encode(), "board_cells"),
    "explore.toml": ((HEAD.format(id="expl", puzzle="wythoff") + '[params]\nposition = "10,15"\n[[steps]]\n'
                      'ask = "play"\nanswer = "play"\ngoal = "explore"\nexplore = 1000000000000000000000000000000\n'
                      ).encode(), "explore_moves"),
    "lookahead.toml": ((GOOD.replace("good", "look") + '[[steps.mistakes]]\npattern = "1(?!2)"\nsay = "x"\n'
                        ).encode(), "RE2"),
    "longid.toml": (GOOD.replace('"good"', '"' + "a" * 300 + '"').encode(), "id_chars"),
    "dotted.toml": ((HEAD.format(id="dot", puzzle="coins") + "a" + ".a" * 40_000 + " = 1\n").encode(),  # issue 30:
                    "dotted parts: over the limit lesson_depth"),  # 80 KB that took the TOML reader past 4 GB
    "header.toml": ((HEAD.format(id="hdr", puzzle="coins") + "[" + "t." * 5000 + "t]\n").encode(),
                    "dotted parts: over the limit lesson_depth"),
}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    lessons = tmp_path / "lessons"
    lessons.mkdir()
    (lessons / "good.toml").write_text(GOOD, encoding="utf-8")
    (lessons / "bom.toml").write_text("\ufeff" + GOOD.replace('"good"', '"bom"'), encoding="utf-8")  # dropped
    for name, (content, _) in HOSTILE.items():
        (lessons / name).write_bytes(content)
    (lessons / "zero.toml").symlink_to("/dev/zero")
    os.mkfifo(lessons / "fifo.toml")
    (lessons / "loop").symlink_to(lessons)  # a folder linking to itself is not walked forever
    return lessons


def test_each_hostile_lesson_is_reported_and_the_others_load(folder):
    catalog = load_roots([folder])
    assert sorted(catalog.lessons) == ["board", "bom", "good"]  # listing reads titles: the huge board is not made
    for name, (_, says) in HOSTILE.items():
        if name not in BUILT_LATE:
            assert any(name in err and says in err for err in catalog.errors), (name, catalog.errors)
    assert any("zero.toml" in err and "a link out of the pack, not followed" in err for err in catalog.errors)
    assert any("fifo.toml" in err and "FIFO" in err for err in catalog.errors)
    assert len(catalog.errors) == len(HOSTILE) - len(BUILT_LATE) + 2
    with pytest.raises(TutorError, match="board_cells"):
        catalog.lessons["board"].steps  # noqa: B018 - opening it makes the board, and refuses it
    session = new_session(lessons=[str(folder)])
    assert "board_cells" in text(session.handle("/open board"))  # one line, and the session goes on


def test_every_command_that_loads_lessons_still_works(folder, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("TUTOR_LESSONS", str(folder))
    assert main(["progress", "--json"]) == 0
    assert any(r["lesson"] == "good" for r in json.loads(capsys.readouterr().out)["lessons"])
    assert main(["lint", str(folder)]) == 1
    out, err = capsys.readouterr()
    lines = out.splitlines()  # one problem per bad file (board: when linted), each on the file's own line
    assert len(lines) == len(HOSTILE) + 2 and "Traceback" not in out + err, out
    for name, says in [*((n, says) for n, (_, says) in HOSTILE.items()), ("zero.toml", "a link out of the pack"),
                       ("fifo.toml", "FIFO")]:
        mine = [line for line in lines if line.startswith(f"{folder / name}:")]
        assert len(mine) == 1 and says in mine[0], (name, mine)
    files = len(HOSTILE) + 3  # every *.toml file is checked: the good ones, the hostile ones and fifo; zero.toml, a
    # link to /dev/zero, is a link out of the folder: named, never opened (not even to find it is a device)
    assert err == f"{len(HOSTILE) + 2} problems in {files} lessons\n", err
    assert main(["preview", "good"]) == 1  # the lesson previews; the broken files make it a failure
    out = capsys.readouterr()
    assert "Lesson complete" in out.out and "binary.toml" in out.err
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "ann.txt").write_text("3", encoding="utf-8")
    assert main(["grade", "--lesson", "good", "--step", "1", str(subs), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rows"][0]["verdict"] == "correct"


def test_a_hostile_lesson_in_a_session_is_named_at_the_start(folder):
    session = new_session(lessons=[str(folder)])
    greeting = text(session.start("good"))
    assert "lesson not loaded" in greeting and "binary.toml" in greeting
    assert "How many classes?" in greeting


def test_heavy_but_legal_lessons_load_quickly(tmp_path):
    """What stalled every command before: a random position in a 10,000 x 10,000 range, and a = 1000."""
    (tmp_path / "w.toml").write_text(HEAD.format(id="w", puzzle="wythoff") + '[params]\nposition = {random = "any", '
                                     'max = 10000}\n[[steps]]\nask = "Outcome?"\nanswer = "outcome"\n')
    (tmp_path / "a.toml").write_text(HEAD.format(id="a", puzzle="wythoff") + '[params]\na = 1000\nposition = "5,7"\n'
                                     '[[steps]]\nask = "A formula"\nanswer = "conjecture"\nargs = {bound = 5}\n')
    catalog = load_roots([tmp_path])
    assert sorted(catalog.lessons) == ["a", "w"] and catalog.errors == []


def test_a_lesson_that_uses_up_its_budget_is_not_loaded(tmp_path, monkeypatch):
    from tutor.limits import Limit

    monkeypatch.setattr("tutor.course.catalog.LESSON_SECONDS", Limit("lesson_seconds", 0, "seconds", "a test"))
    (tmp_path / "w.toml").write_text(HEAD.format(id="w", puzzle="wythoff") + '[params]\nposition = "3,5"\n'
                                     + '[[steps]]\nsay = "hello"\n' * 50 + '[[steps]]\nask = "?"\nanswer = "outcome"\n')
    catalog = load_roots([tmp_path])
    assert catalog.lessons == {}
    assert "over the limit lesson_seconds" in catalog.errors[0]


def test_the_catastrophic_pattern_answer_is_matched_in_linear_time():
    """coins-2's pattern (\\s*0123\\s*)+ took 18.9 s on 26 copies of 0123 then 02 with Python's re: it is now
    compiled by RE2, which never backtracks, and answers far longer are judged at once."""
    lesson = load_catalog().find("coins-2")
    step = next(s for s in lesson.steps if any(m.pattern == r"(\s*0123\s*)+" for m in s.mistakes))
    mistake = next(m for m in step.mistakes if m.pattern is not None)
    assert type(compile_pattern(mistake.pattern)).__module__.startswith("re2")
    hostile = " ".join(["0123"] * 26 + ["02"])
    assert not mistake.matches("", hostile) and not mistake.matches("", "0123" * 26 + "02")
    assert not mistake.matches("", "0123 " * 100_000 + "02")
    assert mistake.matches("", "0123 " * 100_000) and mistake.matches("", " 0123 0123 ")
    session = new_session()
    session.handle("/open coins-2")
    while session.step is not None and session.step.index < step.index:
        session.handle("/next")
    replies = session.handle(hostile)
    assert any(r.kind == "wrong" for r in replies) and not any(r.text == mistake.say for r in replies)
    assert any(r.text == mistake.say for r in session.handle("0123 0123 0123"))


# -- grading folders ----------------------------------------------------------------------------------


def test_grading_stays_inside_its_folder(tmp_path):
    lesson = load_catalog().find("coins-2")
    step = graded_step(lesson)
    subs = tmp_path / "class"
    subs.mkdir()
    secret = tmp_path / "secret.txt"
    secret.write_text("the first line of a secret file\n", encoding="utf-8")
    (subs / "ann.txt").write_text("0123 02 0123", encoding="utf-8")
    (subs / "out.txt").symlink_to(secret)
    (subs / "passwd.txt").symlink_to("/etc/passwd")
    (subs / "inside.txt").symlink_to(subs / "ann.txt")
    (subs / "dangling.txt").symlink_to(tmp_path / "nowhere")
    (subs / "zero.txt").symlink_to("/dev/zero")
    os.mkfifo(subs / "fifo.txt")
    (subs / "digits.txt").write_text("{" + "9" * 5000 + "}", encoding="utf-8")
    (subs / "zeros.txt").write_text("{" + "0" * 5000 + "}", encoding="utf-8")  # position 0, written long
    (subs / "binary.txt").write_bytes(bytes(range(256)))
    (subs / "big.txt").write_bytes(b"0 " * 2_000_001)
    (subs / "evil\n\x1b[2Jname.txt").write_text("0123", encoding="utf-8")
    (subs / "sub").mkdir()
    files = submission_files([str(subs)])
    rows = {r.learner: r for r in grade(lesson, step, files, jobs=100_000)}
    assert len(rows) == 13  # one row per file, whatever it holds; an empty learner's folder is an empty answer
    assert rows["sub"].verdict == "empty" and "no answer file" in rows["sub"].summary
    for name in ("out", "passwd", "zero"):
        assert rows[name].verdict == "unreadable"
    assert "out of the folder" in rows["out"].summary and "out of the folder" in rows["passwd"].summary
    assert rows["inside"].verdict == rows["ann"].verdict == "incorrect"
    assert rows["dangling"].verdict == rows["fifo"].verdict == rows["binary"].verdict == "unreadable"
    assert "FIFO" in rows["fifo"].summary and "not UTF-8" in rows["binary"].summary
    assert "input_bytes" in rows["big"].summary
    assert rows["digits"].verdict == "unparsable" and "out of range" in rows["digits"].summary
    assert rows["zeros"].verdict == "incorrect" and rows["zeros"].length == 1
    shown = rows_text(list(rows.values())) + rows_csv(list(rows.values()))
    assert "secret" not in shown and "root:" not in shown
    assert "\x1b" not in shown and "evil\\n\\x1b[2Jname" in shown
    assert len(list(csv.DictReader(io.StringIO(rows_csv(list(rows.values())))))) == 13


def test_grade_command_with_a_hostile_folder_and_many_jobs(tmp_path):
    subs = tmp_path / "class"
    subs.mkdir()
    (subs / "ann.txt").write_text("0123 02 0123", encoding="utf-8")
    (subs / "passwd.txt").symlink_to("/etc/passwd")
    (subs / "esc\x1b[31m.txt").write_text("{" + "9" * 5000 + "}", encoding="utf-8")
    run = subprocess.run([sys.executable, "-m", "tutor", "grade", "--lesson", "coins-2", str(subs), "--jobs",
                          "100000"], capture_output=True, text=True, env={**os.environ, "TUTOR_HOME": str(tmp_path)},
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert "3 submissions: 1 incorrect, 1 unparsable, 1 unreadable" in run.stdout
    assert "root:" not in run.stdout and "\x1b" not in run.stdout


# -- sessions and the command line: the tracebacks of issue 14 ------------------------------------------


def test_bytes_that_are_not_utf8_on_standard_input(tmp_path):
    run = subprocess.run([sys.executable, "-m", "tutor"], input=b"\xff\n/open coins-1\n\xfe\xff\n/quit\n",
                         capture_output=True, env={**os.environ, "TUTOR_HOME": str(tmp_path)}, timeout=120)
    assert run.returncode == 0 and b"Traceback" not in run.stderr + run.stdout
    assert b"Progress saved. Bye!" in run.stdout


@pytest.mark.parametrize("line", ["9" * 5000, "/open " + "9" * 5000, "(" + "9" * 5000 + ", 3)", "9" * 5000 + ",3",
                                  "to " + "9" * 5000 + ",1", "x" * 4_000_001, "٣", "(" * 500 + ")" * 500])
def test_hostile_lines_in_a_session_are_error_replies(line):
    session = new_session()
    for lesson in ("wythoff-2", "wythoff-1", "coins-1", "gods-1"):
        session.handle(f"/open {lesson}")
        session.handle("/next")
        replies = session.handle(line)
        assert not any("internal error" in r.text for r in replies), text(replies)


def test_a_runaway_continued_answer_is_refused_in_plain_mode(tmp_path):
    from tutor.shell.repl import run_plain

    session = new_session()
    lines = ["/open gods-4", "x\\"] + ["y" * 1000 + "\\"] * 5000 + ["/quit"]
    out = io.StringIO()
    assert run_plain(session, iter(line + "\n" for line in lines), out) == 0
    assert "over the limit input_bytes" in " ".join(out.getvalue().split())  # plain mode wraps at 80 columns


@pytest.mark.parametrize(("argv", "says"), [
    (["analyze", "gods", "--gods", "T"], "no question is needed"),
    (["check", "gods", "--gods", "T", "--question", "A is True", "--goal", "progress"], "no question is needed"),
    (["check", "wythoff", "--conjecture", "floor(((phi**8)**8)**8)"], "too large to decide exactly"),
    (["new", "a" * 300, "--puzzle", "coins"], "id_chars"),
])
def test_former_tracebacks(argv, says, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("TUTOR_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    code = main(argv)
    out = capsys.readouterr()
    assert code in (0, 2) and says in out.out + out.err and "internal error" not in out.err
    assert "-1 more" not in out.out


def test_new_never_writes_through_a_link(tmp_path, capsys):
    target = tmp_path / "elsewhere" / "x.toml"
    (tmp_path / "lesson.toml").symlink_to(target)
    assert main(["new", "lesson", "--puzzle", "coins", "--dir", str(tmp_path)]) == 2
    assert "already exists" in capsys.readouterr().err and not target.exists()


def utf8(data: bytes) -> bool:
    """Whether ``data`` is UTF-8 text."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_lint_of_a_binary_file_is_one_problem(tmp_path, capsys):
    path = tmp_path / "bin.toml"
    path.write_bytes(bytes(range(256)))
    assert main(["lint", str(path)]) == 1
    out, err = capsys.readouterr()
    bad = next(n for n in range(1, 257) if not utf8(bytes(range(n))))  # the first byte UTF-8 refuses, from 1
    assert out == f"{path}:1:1: cannot read this file: not UTF-8 text (byte {bad})\n", out  # one problem, its file
    assert err == "1 problem in 1 lesson\n"


def test_grading_cannot_be_led_out_of_its_folder_by_a_swap_a_hard_link_or_a_linked_folder(tmp_path):
    lesson = load_catalog().find("coins-2")
    step = graded_step(lesson)
    subs = tmp_path / "class"
    subs.mkdir()
    (subs / "ann.txt").write_text("0123 02 0123", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "ann.txt").write_text("root:x:0:0:the first line of a secret\n", encoding="utf-8")
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:a hard-linked secret\n", encoding="utf-8")
    os.link(secret, subs / "hard.txt")
    listed = submission_files([str(subs)])
    rows = {r.learner: r for r in grade(lesson, step, listed, jobs=1)}
    assert rows["hard"].verdict == "unreadable" and "hard link" in rows["hard"].summary
    assert rows["ann"].verdict == "incorrect"
    subs.rename(tmp_path / "aside")  # mid-run: the folder is swapped for a link to another one
    subs.symlink_to(outside)
    swapped = {r.learner: r for r in grade(lesson, step, listed, jobs=1)}
    assert swapped["ann"].verdict == "unreadable" and "root:" not in swapped["ann"].summary
    with pytest.raises(TutorError, match="reached through a symbolic link: give its real path"):
        submission_files([str(subs)])  # a submissions folder that is a link is refused, naming its real path
    assert {r.verdict for r in grade(lesson, step, submission_files([str(outside)]), jobs=1)} == {"unparsable"}
    shown = grade(lesson, step, submission_files([str(outside)]), jobs=1)[0].summary
    assert "\n" not in shown and len(shown) <= 200
