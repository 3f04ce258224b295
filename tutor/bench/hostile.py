"""What an untrusted lesson can make the tutor do, measured: each hostile lesson of issue 23 is linted and opened
(``tutor start`` with piped input) in its own process, timed, with its peak memory; then eight plain-mode
sessions answer at once on one data folder while other processes export, import and reset progress in a loop,
and the verdicts shown are compared with the attempts stored; then learners' records from anyone (issue 30,
``tutor.bench._records``): exports of 200,000 attempts, imports, files refused unread, tutor class.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

from tutor.bench import Figure
from tutor.bench import _records as records
from tutor.bench._process import tutor_process
from tutor.bench.robust import measure
from tutor.limits import LESSON_SECONDS, LINT_SECONDS

HEAD = 'id = "{id}"\ntitle = "T"\nsummary = "s"\npuzzle = "{puzzle}"\n'
ASK = '[[steps]]\nask = "How many?"\nanswer = "number"\ncompute = "classes"\n'


def lessons(folder: Path) -> dict[str, str]:
    """The hostile lessons, each in a folder of its own (file contents by lesson id)."""
    made = {
        "million-positions": HEAD.format(id="million-positions", puzzle="wythoff")
        + '[params]\nposition = "3,5"\n[[steps]]\nask = "' + "{{p_positions}} " * 5 + '"\nanswer = "outcome"\n'
        + "args = {count = 1000000}\n",
        "placeholders-90000": HEAD.format(id="placeholders-90000", puzzle="coins")
        + '[params]\ncoins = 2\n[[steps]]\nsay = "' + "{{coins}} " * 90_000 + '"\n' + ASK,
        "table-1000-columns": HEAD.format(id="table-1000-columns", puzzle="coins")
        + '[params]\ncoins = 2\n[[steps]]\nsay = """\n|' + " a |" * 1000 + "\n|" + "---|" * 1000 + "\n|"
        + " 1 |" * 1000 + '\n"""\n' + ASK,
        "steps-300": HEAD.format(id="steps-300", puzzle="coins") + "[params]\ncoins = 4\n"
        + '[[steps]]\nsay = "{{classes}} {{shortest_length}}"\n' * 299 + ASK,
        "escapes": HEAD.format(id="escapes", puzzle="coins") + '[params]\ncoins = 2\n[[steps]]\nsay = "'
        + "\\u001b]0;PWNED\\u0007 \\u001b]52;c;ZXZpbA==\\u0007 \\u001b[2J " * 1000 + '"\n' + ASK,
    }
    for name, text in made.items():
        (folder / name).mkdir()
        (folder / name / f"{name}.toml").write_text(text, encoding="utf-8")
    boards = folder / "boards-20"  # lint and start take one of them; tutor progress lists all twenty
    boards.mkdir()
    for i in range(20):  # twenty small lessons, each a random solvable 1000 x 1000 board
        (boards / f"b{i}.toml").write_text(
            HEAD.format(id=f"b{i}", puzzle="lightsout") + '[params]\nsize = "1000x1000"\n'
            'board = {random = "solvable"}\n[[steps]]\nask = "Solvable?"\nanswer = "choice"\n'
            'options = ["yes", "no"]\ncompute = "solvable"\n', encoding="utf-8")
    return {**{name: name for name in made}, "boards-20": "b0"}


def start(folder: Path, lesson: str, env: dict[str, str]) -> tuple[float, float, int]:
    """``tutor start LESSON`` in plain mode, a few answers piped in: wall seconds, its own peak MB, exit status."""
    done = tutor_process(["start", lesson, "--lessons", str(folder)], env, b"\n2\n/hint\n/quit\n")
    return done.wall, done.peak_mb, done.code


def shared_sessions(home: str, sessions: int = 8, answers: int = 400) -> tuple[int, int, int]:
    """Sessions answering at once on one folder while exports, imports (of that export: nothing new) and resets
    (of another lesson) loop beside them: (verdicts shown, attempts stored, export, import and reset runs)."""
    env = {**os.environ, "TUTOR_HOME": home}
    script = ("/open coins-1\n\n\n" + "7\n" * answers + "/quit\n").encode()
    outs = [Path(home) / f"session{i}.txt" for i in range(sessions)]
    Path(home).mkdir(parents=True, exist_ok=True)
    procs = []
    for out in outs:
        with out.open("wb") as sink:
            proc = subprocess.Popen([sys.executable, "-m", "tutor"], stdin=subprocess.PIPE, stdout=sink, env=env)
        assert proc.stdin is not None
        proc.stdin.write(script)
        proc.stdin.close()
        procs.append(proc)
    loops = 0
    export = str(Path(home) / "export.json")
    while any(p.poll() is None for p in procs) and loops < 400:
        for argv in (["progress", "--export", export], ["progress", "--import", export],
                     ["progress", "--reset", "wythoff-1"]):
            subprocess.run([sys.executable, "-m", "tutor", *argv], env=env, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
            loops += 1
    for proc in procs:
        proc.wait()
    texts = [out.read_text(encoding="utf-8") for out in outs]
    shown = sum(text.count("\nx ") + text.count("\n✗ ") for text in texts)
    with sqlite3.connect(Path(home) / "progress.sqlite3") as db:
        stored = db.execute("SELECT count(*) FROM attempts WHERE lesson = 'coins-1'").fetchone()[0]
    return shown, int(stored), loops


def run() -> list[Figure]:
    """The worst lint and start of the hostile lessons, and attempts lost beside export and reset loops."""
    figures = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "TUTOR_HOME": str(folder / "home")}
        made = lessons(folder)
        linted = {name: measure(["lint", str(folder / name / f"{lesson}.toml")], env)
                  for name, lesson in made.items()}
        listed = measure(["progress", "--lessons", str(folder / "boards-20")], env)  # the catalogue only
        started = {name: start(folder / name, lesson, env) for name, lesson in made.items()}
        for what, results, budget in (("lint", linted, LINT_SECONDS), ("start", started, LESSON_SECONDS)):
            slowest = max(results, key=lambda n: results[n][0])
            largest = max(results, key=lambda n: results[n][1])
            figures += [
                Figure(f"slowest {what} of {len(results)} hostile lessons", results[slowest][0], "s",
                       budget.value + 15.0, f"{slowest}; its CPU budget {budget.name} is {budget.value} s"),
                Figure(f"largest {what} of {len(results)} hostile lessons", results[largest][1], "MB", 1000.0,
                       largest),
            ]
        figures.append(Figure("tutor progress over twenty 1000x1000 random-board lessons", listed[0], "s", 5.0,
                              "listing reads titles: no board is drawn"))
        bad = [f"{what} {n}" for what, r in (("lint", linted), ("start", started)) for n, (_, _, c) in r.items()
               if c not in (0, 1, 2)]
        figures.append(Figure("hostile lessons exiting other than 0, 1 or 2", len(bad), "", 0.0, ", ".join(bad)))
        shown, stored, loops = shared_sessions(str(folder / "shared"))
    figures.append(Figure("verdicts shown but not stored, 8 sessions beside export/import/reset loops",
                          shown - stored, "", 0.0, f"shown {shown}, stored {stored}, {loops} export, import and reset "
                                                   "runs"))
    with tempfile.TemporaryDirectory() as tmp:  # learners' records: import, export and class (issue 30)
        figures += records.figures(Path(tmp))
    return figures
