"""Issue 30.6, the smaller holes, each a regression test: a dangling progress.sqlite3 link, lesson files linked
into a pack from outside it, the byte-order mark docs/limits.md says is dropped, and invisible characters in a
lesson's text."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import run_tutor
from tests.test_hostile_import import export
from tutor.autograde import read_data
from tutor.lint.invisible import INVISIBLE

LESSON = ('id = "{id}"\ntitle = "{title}"\nsummary = "s"\npuzzle = "coins"\n[params]\ncoins = 2\n[[steps]]\n'
          'ask = "How many?"\nanswer = "number"\ncompute = "classes"\n')


def test_a_dangling_store_link_is_never_followed_to_create_the_store_elsewhere(tmp_path):
    home, outside = tmp_path / "home", tmp_path / "outside"
    home.mkdir()
    outside.mkdir()  # the link's folder exists: SQLite could create the file there
    (home / "progress.sqlite3").symlink_to(outside / "progress.sqlite3")
    env = {"TUTOR_HOME": str(home)}
    session = run_tutor("start", "coins-1", stdin="\n\n3\n/quit\n", env=env)
    assert session.returncode == 0 and "is a symbolic link to" in " ".join(session.stdout.split())
    reset = run_tutor("progress", "--reset", "coins-1", env=env)
    assert reset.returncode == 2 and len(reset.stderr.strip().splitlines()) == 1
    assert "symbolic link" in reset.stderr
    assert list(outside.iterdir()) == []  # nothing was created where the link points
    assert (home / "progress.sqlite3").is_symlink()


def linked_pack(tmp_path: Path) -> tuple[Path, Path]:
    """A pack holding a lesson, a link to that lesson (inside the pack: its own file), and a link to a lesson file
    outside it whose text must never be read or echoed; (the pack, that link)."""
    secret = tmp_path / "elsewhere" / "secret.toml"
    secret.parent.mkdir()
    secret.write_text(LESSON.format(id="secret", title="SECRET-TITLE-42") + 'token = "SECRET-KEY-42"\n',
                      encoding="utf-8")
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "mine.toml").write_text(LESSON.format(id="mine", title="Mine"), encoding="utf-8")
    (pack / "sub").mkdir()
    (pack / "sub" / "inside.toml").symlink_to(pack / "mine.toml")  # a link within the pack: the pack's own file
    (pack / "linked.toml").symlink_to(secret)
    return pack, pack / "linked.toml"


def test_lint_names_a_lesson_linked_from_outside_the_pack_in_one_line_and_never_reads_it(tmp_path):
    pack, link = linked_pack(tmp_path)
    linted = run_tutor("lint", str(pack))
    assert linted.returncode == 1 and "SECRET" not in linted.stdout + linted.stderr
    named = [line for line in linted.stdout.splitlines() if "linked.toml" in line]
    assert named == [f"{link}:1:1: a link out of the pack, not followed (a lesson folder reads only the files it "
                     "holds)"]
    assert not any("inside.toml:" in line and "link out" in line for line in linted.stdout.splitlines())
    as_json = json.loads(run_tutor("lint", str(pack), "--format", "json").stdout)
    assert [p["file"] for p in as_json if "link out" in p["message"]] == [str(link)]


def test_the_catalogue_and_the_session_never_open_a_lesson_linked_from_outside(tmp_path):
    pack, _ = linked_pack(tmp_path)
    env = {"TUTOR_HOME": str(tmp_path / "home")}
    listed = run_tutor("progress", "--lessons", str(pack), "--json", env=env)
    assert "secret" not in listed.stdout and "SECRET" not in listed.stdout + listed.stderr
    assert "mine" in listed.stdout
    session = run_tutor("--lessons", str(pack), stdin="/open secret\n/lessons\n/quit\n", env=env)
    assert "SECRET" not in session.stdout and "no lesson 'secret'" in session.stdout
    assert "a link out of the pack" in " ".join(session.stdout.split())  # named among the lessons not loaded
    started = run_tutor("start", "secret", "--lessons", str(pack), stdin="/quit\n", env=env)
    assert "no lesson 'secret'" in started.stdout and "SECRET" not in started.stdout + started.stderr


def test_a_byte_order_mark_is_dropped_where_a_user_file_is_read(tmp_path):
    bom = "\ufeff"
    folder = tmp_path / "bom"
    folder.mkdir()
    (folder / "bom.toml").write_text(bom + LESSON.format(id="bom", title="T"), encoding="utf-8")
    assert run_tutor("lint", str(folder)).returncode == 0
    env = {"TUTOR_HOME": str(tmp_path / "home")}
    made = export(tmp_path / "e.json", {})
    made.write_text(bom + made.read_text(encoding="utf-8"), encoding="utf-8")
    assert run_tutor("progress", "--import", str(made), env=env).returncode == 0
    data = tmp_path / "data.json"
    data.write_text(bom + json.dumps({"params": {"lesson": "coins-1"}}), encoding="utf-8")
    assert read_data(data) == {"params": {"lesson": "coins-1"}}
    roster = tmp_path / "roster.csv"
    roster.write_text(bom + "name,profile id\nAda,pppp\n", encoding="utf-8")
    out = tmp_path / "me.json"
    assert run_tutor("progress", "--export", str(out), env=env).returncode == 0
    classed = run_tutor("class", str(out), "--roster", str(roster), "--json")
    assert classed.returncode == 0, classed.stderr


def test_a_roster_that_is_not_a_regular_file_is_one_line(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    out = export(tmp_path / "e.json", {})
    for roster, says in ((str(fifo), "not a regular file (a FIFO)"), ("/dev/zero", "a character device")):
        done = run_tutor("class", str(out), "--roster", roster)
        assert done.returncode == 2 and says in done.stderr and len(done.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("code", sorted(INVISIBLE))
def test_lint_reports_every_invisible_character_at_its_key(tmp_path, code: int):
    folder = tmp_path / "zw"
    folder.mkdir()
    text = LESSON.format(id="zw", title="T").replace('ask = "How many?"', f'ask = "How{chr(code)} many?"')
    (folder / "zw.toml").write_text(text, encoding="utf-8")
    done = run_tutor("lint", str(folder))
    assert done.returncode == 1
    assert f"steps[1].ask: invisible character U+{code:04X} ({INVISIBLE[code]})" in done.stdout


def test_a_bidirectional_override_is_reported_as_a_control_character(tmp_path):
    folder = tmp_path / "bidi"
    folder.mkdir()
    (folder / "bidi.toml").write_text(LESSON.format(id="bidi", title="T\u202eevil"), encoding="utf-8")
    done = run_tutor("lint", str(folder))
    assert done.returncode == 1 and "title: control character \\u202e" in done.stdout


def test_no_bundled_lesson_holds_an_invisible_character() -> None:
    for path in Path("lessons").rglob("*.toml"):
        text = path.read_text(encoding="utf-8")
        assert not any(ord(c) in INVISIBLE for c in text), path
