"""The tutor's responsiveness: every Session command on the bundled lessons (the start: ``bench.startup``)."""

from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

from tutor.bench import Figure

COMMANDS = ["/help", "/lessons", "/show", "/hint", "/hint", "/next", "/back", "/undo", "/reset", "/progress",
            "/solution", "n"]


def run() -> list[Figure]:
    """Slowest single command over every bundled lesson and step; /progress over 10,000 stored attempts."""
    from tutor.bench.learner import progress_figure
    from tutor.course import load_catalog
    from tutor.progress import Progress
    from tutor.session import Session
    from tutor.shell.idle import tidy, warm_up

    warm_up().join()  # as the REPL does while the learner reads the first screen: libraries and grammars
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(load_catalog(), Progress(None))
        worst = 0.0
        worst_what = ""
        count = 0

        def timed(lesson: str, line: str) -> None:
            nonlocal worst, worst_what, count
            tidy()  # as the REPL does while the learner reads the replies before this line
            start = time.process_time()  # CPU time: what a quiet machine's clock would show (this one may be busy)
            session.handle(line)
            spent = time.process_time() - start
            count += 1
            if spent > worst:
                worst, worst_what = spent, f"{lesson} step {session.place.step + 1}: {line[:20]!r}"

        for lesson in session.catalog.ordered():
            timed(lesson.id, f"/open {lesson.id}")
            for _ in lesson.steps:
                step = session.step
                lines = list(COMMANDS)
                answer = None if step is None else step.sample(session.state, 0)
                if answer:
                    lines.append(answer)
                for line in lines:
                    timed(lesson.id, line)
                timed(lesson.id, "/next")
    return [
        Figure(f"slowest of {count} session commands (bundled lessons), CPU", worst * 1000, "ms", 100.0,
               f"{worst_what}; libraries and grammars warmed as by the REPL; load {os.getloadavg()[0]:.1f}"),
        progress_figure(Path(tmp)),
    ]
