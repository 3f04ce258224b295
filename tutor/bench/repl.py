"""The tutor's responsiveness: every Session command on the bundled lessons, and the first prompt."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time

from tutor.bench import Figure

COMMANDS = ["/help", "/lessons", "/show", "/hint", "/hint", "/next", "/back", "/undo", "/reset", "/progress",
            "/solution", "n"]


def run() -> list[Figure]:
    """Slowest single command over every bundled lesson and step; time to the first prompt."""
    from tutor.course import load_catalog
    from tutor.progress import Progress
    from tutor.repl import warm_up
    from tutor.session import Session

    warm_up().join()  # as the REPL does while the learner reads the first screen
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(load_catalog(), Progress(None))
        worst = 0.0
        worst_what = ""
        count = 0
        for lesson in session.catalog.ordered():
            session.handle(f"/open {lesson.id}")
            for _ in lesson.steps:
                step = session.step
                lines = list(COMMANDS)
                answer = None if step is None else step.sample(session.state, 0)
                if answer:
                    lines.append(answer)
                for line in lines:
                    start = time.perf_counter()
                    session.handle(line)
                    spent = time.perf_counter() - start
                    count += 1
                    if spent > worst:
                        worst, worst_what = spent, f"{lesson.id} step {session.place.step + 1}: {line[:20]!r}"
                session.handle("/next")
        env = {**os.environ, "TUTOR_HOME": tmp}
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tutor"], input="/quit\n", capture_output=True, text=True, env=env)
        first = time.perf_counter() - start
    return [
        Figure(f"slowest of {count} session commands (bundled lessons)", worst * 1000, "ms", 100.0,
               f"{worst_what}; sympy/numpy preloaded as by the REPL"),
        Figure("start, first prompt, quit (plain mode, whole process)", first, "s", 1.0),
    ]
