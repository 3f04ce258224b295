"""What learners' records from anyone can make the tutor do, measured (issue 30): exports of a 200,000-attempt
store in every format, the import of a 100,000-attempt export and of files that must be refused unread (a file
past export_bytes, a device, a FIFO, JSON nested 100,000 deep), tutor class over forty exports, and the 80 KB
lesson of one 40,000-part dotted key.  Each command runs in its own process, timed, with its peak memory;
``tutor.bench.hostile`` reports these with its own figures (a module whose name starts with '_' is no benchmark
of its own).
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

from tutor.bench import Figure
from tutor.bench.robust import measure, timed
from tutor.limits import EXPORT_BYTES
from tutor.progress import Progress
from tutor.progress.events import Attempt, Event, HintShown

START = 1_770_000_000.0  # 2026-02-02: every record inside the tutor's calendar
STEPS = 4  # coins-2 has at least this many steps


def fill(home: Path, attempts: int, shift: float = 0.0) -> None:
    """``fill_here`` in a process of its own: the commands measured after it are started by this process, and a
    child started with vfork reports the peak memory of this process as its own (the figures would show the
    events held to fill the store, not the command)."""
    subprocess.run([sys.executable, "-m", "tutor.bench._records", str(home), str(attempts), repr(shift)], check=True)


def fill_here(home: Path, attempts: int, shift: float = 0.0) -> None:
    """A store under ``home`` with ``attempts`` attempts of coins-2 (a hint before every tenth), in time order
    from ``shift`` seconds after ``START``."""
    home.mkdir(parents=True, exist_ok=True)
    events: list[Event] = []
    for i in range(attempts):
        at = START + shift + i * 7.0
        if i % 10 == 0:
            events.append(HintShown("coins-2", i % STEPS, 1, at=at - 1.0))
        events.append(Attempt("coins-2", i % STEPS, str(i % 97), i % 3 == 0, "Not right: 6 classes, not 7.",
                              4.5, at=at, skills=("coins/count-tables",), hint=int(i % 10 == 0),
                              variant='{"params": {"coins": 4}, "seed": 0}'))
    Progress(home / "progress.sqlite3").record_all(events)


def exported(home: Path, out: Path, form: str = "json") -> tuple[float, float, float, int]:
    """``tutor progress --export OUT --format FORM`` of the store under ``home`` (``robust.timed``)."""
    return timed(["progress", "--export", str(out), "--format", form], {**os.environ, "TUTOR_HOME": str(home)})


def load() -> str:
    """The machine's load average over the last minute, for a figure's note (a wall time is only as good as it)."""
    return f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"


def export_figures(folder: Path) -> list[Figure]:
    """The 200,000-attempt store exported in each format: seconds (wall and CPU) and peak megabytes."""
    home = folder / "big"
    fill(home, 200_000)
    figures = []
    for form in ("json", "xapi", "datashop"):
        out = folder / f"export.{form}"
        seconds, cpu, mb, code = exported(home, out, form)
        size = out.stat().st_size if out.exists() else 0
        note = f"exit {code}, {size / 1e6:,.0f} MB written a record at a time, {load()}"
        figures += [Figure(f"export of 200,000 attempts as {form}", seconds, "s", 30.0, note),
                    Figure(f"export of 200,000 attempts as {form}: CPU", cpu, "s", 30.0, "user and system"),
                    Figure(f"export of 200,000 attempts as {form}: peak memory", mb, "MB", 300.0, note)]
    return figures


def import_figures(folder: Path) -> list[Figure]:
    """A 100,000-attempt export imported into an empty store, and files refused before they are read."""
    source = folder / "source"
    fill(source, 100_000)
    export = folder / "import.json"
    exported(source, export)
    env = {**os.environ, "TUTOR_HOME": str(folder / "fresh")}
    seconds, cpu, mb, code = timed(["progress", "--import", str(export)], env)
    note = f"exit {code}, {export.stat().st_size / 1e6:,.0f} MB, every record checked before any is stored"
    figures = [Figure("import of a 100,000-attempt export", seconds, "s", 60.0, f"{note}, {load()}"),
               Figure("import of a 100,000-attempt export: CPU", cpu, "s", 60.0, "user and system"),
               Figure("import of a 100,000-attempt export: peak memory", mb, "MB", 1500.0, note)]
    huge = folder / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(EXPORT_BYTES.value * 3)  # sparse: refused by its size alone
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    deep = folder / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    for name, path in (("a 300 MB file", huge), ("/dev/zero", Path("/dev/zero")), ("a FIFO", fifo),
                       ("JSON nested 100,000 deep", deep)):
        for command in (["progress", "--import"], ["class"]):
            seconds, mb, code = measure([*command, str(path)], env)
            figures.append(Figure(f"tutor {command[0]} of {name}: refused", seconds, "s", 5.0,
                                  f"exit {code} (2 expected), {mb:,.0f} MB"))
    return figures


def class_figures(folder: Path) -> list[Figure]:
    """tutor class over forty learners' exports of 2,500 attempts each."""
    exports = folder / "class"
    exports.mkdir()
    for n in range(40):
        home = folder / f"learner{n:02}"
        fill(home, 2_500, shift=n * 3600.0)
        exported(home, exports / f"learner{n:02}.json")
    seconds, cpu, mb, code = timed(["class", str(exports), "--json"], {**os.environ, "TUTOR_HOME": str(folder)})
    note = f"exit {code}, 100,000 attempts in all"
    return [Figure("tutor class over 40 exports of 2,500 attempts", seconds, "s", 60.0, f"{note}, {load()}"),
            Figure("tutor class over 40 exports of 2,500 attempts: CPU", cpu, "s", 60.0, "user and system"),
            Figure("tutor class over 40 exports of 2,500 attempts: peak memory", mb, "MB", 1000.0, note)]


def dotted_figures(folder: Path) -> list[Figure]:
    """The 80 KB lesson of one 40,000-part dotted key: its pre-scan in this process, and tutor lint of it."""
    from tutor.course.prescan import prescan
    from tutor.errors import TooLarge

    text = 'id = "dots"\ntitle = "T"\n' + "a" + ".a" * 40_000 + " = 1\n"
    lesson = folder / "dots" / "dots.toml"
    lesson.parent.mkdir()
    lesson.write_text(text, encoding="utf-8")
    tracemalloc.start()
    begin = time.process_time()
    try:
        prescan(text, str(lesson))
        refused = False
    except TooLarge:
        refused = True
    cpu = time.process_time() - begin
    peak = tracemalloc.get_traced_memory()[1] / 1e6
    tracemalloc.stop()
    seconds, mb, code = measure(["lint", str(lesson)], {**os.environ, "TUTOR_HOME": str(folder)})
    return [Figure("pre-scan of the 80 KB lesson of a 40,000-part dotted key", cpu, "s", 1.0,
                   f"{'refused' if refused else 'NOT refused'}, {peak:.2f} MB allocated"),
            Figure("tutor lint of that lesson", seconds, "s", 5.0, f"exit {code} (1 expected)"),
            Figure("tutor lint of that lesson: peak memory", mb, "MB", 100.0, "the whole process")]


def figures(folder: Path) -> list[Figure]:
    """Every figure of this module, its files in ``folder``."""
    return [*dotted_figures(folder), *export_figures(folder), *import_figures(folder), *class_figures(folder)]


if __name__ == "__main__":  # fill: python -m tutor.bench._records HOME ATTEMPTS SHIFT
    fill_here(Path(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]))
