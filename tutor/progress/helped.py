"""The help a learner had on the item on screen: the hint rung reached and whether its solution was revealed.

Hints and revealed solutions are stored per lesson step, but a step that serves a fresh item each time (a
practice step: ``Step.fresh``) shows many items there, and a review returns to a step days later.  Help given
on one item is no help on the next, so the store's hints and reveals count for the item on screen only when
they came after it was served: for a fresh step, after the step's last right answer (each right answer ends
its item).  Times are the store's (``tutor.storage.clock``); with a fixed ``TUTOR_NOW`` every event has the same time
and help from an earlier session is not carried over to a fresh step's item (the lenient reading).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.progress.events import Attempt, HintShown, Revealed

if TYPE_CHECKING:
    from tutor.progress import Progress

Help = tuple[int, bool]  # (the highest hint rung shown, the solution revealed): (2, False)


def last_right(progress: Progress, lesson: str, step: int) -> float | None:
    """When the step (0-based) was last answered right, kept events included (None: never)."""
    rows = progress._run("SELECT max(at) FROM attempts WHERE lesson = ? AND step = ? AND correct = 1", (lesson, step))
    times = [float(rows[0][0])] if rows and rows[0][0] is not None else []
    times += [e.when for e in progress.pending if isinstance(e, Attempt) and e.lesson == lesson and e.step == step
              and e.correct]
    return max(times, default=None)


def help_since(progress: Progress, lesson: str, step: int, since: float | None = None) -> Help:
    """The hint rung reached and whether the solution was revealed at a step (0-based), counting only what came
    after ``since`` (None: everything)."""
    after, bound = ("", ()) if since is None else (" AND at > ?", (since,))
    rows = progress._run(f"SELECT max(level) FROM hints WHERE lesson = ? AND step = ?{after}", (lesson, step, *bound))
    levels = [int(rows[0][0])] if rows and rows[0][0] is not None else []
    shown = bool(progress._run(f"SELECT 1 FROM solutions WHERE lesson = ? AND step = ?{after} LIMIT 1",
                               (lesson, step, *bound)))
    for e in progress.pending:
        if e.lesson == lesson and e.step == step and (since is None or e.when > since):
            if isinstance(e, HintShown):
                levels.append(e.level)
            shown = shown or isinstance(e, Revealed)
    return max(levels, default=0), shown


def item_help(progress: Progress, lesson: str, step: int, fresh: bool) -> Help:
    """The store's help on the item on screen at a step: all of it, or for a step that serves ``fresh`` items,
    what came after its last right answer (see the module docstring)."""
    return help_since(progress, lesson, step, last_right(progress, lesson, step) if fresh else None)
