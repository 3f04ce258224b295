"""What the learner hears about saving: the progress store's status in the learner's words.

The store (``tutor.progress``) keeps what it cannot write yet and says why; the words are here, so a
session tells the learner once when something could not be saved, once when it is saved again, and on
leaving exactly what would be lost.
"""

from __future__ import annotations

from collections.abc import Sequence

from tutor.progress import OpenProblem, Progress
from tutor.progress.events import Event


def opening_text(problem: OpenProblem) -> str:
    """Why the database could not be used when it was opened, and what the tutor did about it."""
    if problem.moved_to is None:
        return (f"progress database {problem.path!r} cannot be used ({problem.reason}); this session's progress "
                "is kept in memory and saved if the database becomes usable")
    said = (f"progress database {problem.path!r} cannot be used ({problem.reason}): it was moved to "
            f"{problem.moved_to!r} and a fresh one is started")
    return said + (f"; the fresh one cannot be used either ({problem.fresh})" if problem.fresh else "")


def kept_text(kept: Sequence[Event]) -> str:
    """Kept events in words: ``2 attempts, 1 completed step``."""
    counts: dict[tuple[str, str], int] = {}
    for event in kept:
        counts[event.noun] = counts.get(event.noun, 0) + 1
    parts = [f"{n} {one if n == 1 else many}" for (one, many), n in counts.items()]
    return ", ".join(parts) if parts else "nothing"


def records(count: int) -> str:
    """``1 record``, ``3 records``."""
    return f"{count:,} record{'' if count == 1 else 's'}"


class SavingNews:
    """Tells the learner about saving once per change: kept writes, and their being saved again."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.told = False  # whether the learner has heard about the writes kept now

    def notice(self) -> str:
        """What the learner should hear about saving since the last call ("" if nothing new)."""
        status = self.progress.status(seen=self.told)
        if status.damaged:
            self.progress.status(seen=True)
            return (f"The progress file {str(self.progress.path)!r} was damaged while the tutor ran "
                    f"({status.damaged}): a new one is started, and every answer since is saved in it.")
        if status.replaced:
            self.progress.status(seen=True)
            return (f"The progress file {status.replaced!r} was moved or deleted while the tutor ran: a new one is "
                    "started there, and everything from now on is saved in it (what came before is in the file that "
                    "was moved, if it still exists).")
        if status.kept and not self.told:
            self.told = True
            return (f"Your progress could not be saved just now ({status.problem}): {kept_text(status.kept)} kept "
                    "and will be saved as soon as the database allows. Nothing is lost while the tutor runs.")
        if not status.kept and self.told:
            self.told = False
            return (f"Progress saved again: {records(status.stored_again)}, the ones that were waiting included, "
                    "are stored now.")
        return ""

    def finish(self, wait: float | None = None) -> str:
        """Before leaving: store what is kept (waiting for a lock); "" if all is saved, else what is not."""
        progress = self.progress
        if progress.flush(wait=progress.finish_wait if wait is None else wait):
            return ""
        status = progress.status()
        return (f"Could not save {records(len(status.kept))} of your progress ({status.problem}): "
                f"{kept_text(status.kept)} will be lost. The database is {str(progress.path)!r}.")
