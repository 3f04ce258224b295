"""``tutor progress --import FILE``: an export merged into this machine's progress, nothing lost, nothing doubled.

Each record has a stable key (``tutor.learner.export``): a record whose key the store holds already is
left out, so importing the same file twice, or a machine's own export, adds nothing.  A step completed
here stays completed (the store keeps the first completion); a lesson's place is the later of the two.
Everything new is stored in one transaction (``Progress.record_all``): all of it, or, on failure, none.
"""

from __future__ import annotations

from dataclasses import dataclass

from tutor.learner.export import (
    AttemptRecord,
    CompletedRecord,
    ExportError,
    HintRecord,
    Records,
    SolutionRecord,
    records_of,
)
from tutor.learner.export_check import Known, check
from tutor.learner.export_formats import read_records
from tutor.limits import EXPORT_BYTES
from tutor.progress import Progress
from tutor.progress.events import Attempt, Completed, Event, HintShown, Position, Revealed
from tutor.screen.text import plural, shorten
from tutor.storage.files import decode, escape, read_regular


@dataclass(frozen=True)
class Merged:
    """What an import added (and how many records it held that were here already)."""

    attempts: int
    hints: int
    solutions: int
    completed: int
    known: int

    def line(self) -> str:
        """One line for the learner: ``imported 12 attempts, 3 hints, ... (40 records were here already)``."""
        parts = [plural(self.attempts, "attempt"), plural(self.hints, "hint"),
                 plural(self.solutions, "revealed solution"), plural(self.completed, "completed step")]
        return f"imported {', '.join(parts)} ({plural(self.known, 'record')} {'was' if self.known == 1 else 'were'}" \
               " here already)"


def read_file(path: str, doing: str = "import", known: Known | None = None) -> Records:
    """An export file read back and checked (``export_check``: against what this machine ``known``s, if given);
    ``ExportError`` or ``TooLarge`` (one line: what was being done, the file, why) if it cannot be.  Only a regular
    file is read, and at most ``export_bytes`` of it."""
    try:
        raw = decode(read_regular(path, EXPORT_BYTES, ExportError), repr(escape(path)), ExportError)
    except ExportError as err:
        raise ExportError(f"cannot {doing} {str(err).removeprefix('cannot read ')}") from None
    where = f"{doing} file {shorten(path, 200)}" if doing == "import" else shorten(path, 200)
    records = read_records(raw, where)
    check(records, known, where)
    return records


def new_events(here: Records, incoming: Records) -> tuple[list[Event], Merged]:
    """The events that store what ``incoming`` holds and ``here`` does not (the store counts steps from 0)."""
    events: list[Event] = []
    held: list[AttemptRecord | HintRecord | SolutionRecord | CompletedRecord] = [
        *here.attempts, *here.hints, *here.solutions, *here.completed]
    seen = {r.key for r in held}
    added = {"attempts": 0, "hints": 0, "solutions": 0, "completed": 0}
    known = 0
    for a in incoming.attempts:
        if a.key in seen:
            known += 1
            continue
        seen.add(a.key)
        added["attempts"] += 1
        events.append(Attempt(a.lesson, a.step - 1, a.answer, a.correct, a.verdict, a.seconds, at=a.at,
                              skills=a.skills, misconception=a.misconception, hint=a.hint, revealed=a.revealed,
                              variant=a.variant, instance=a.instance, item=a.item, nth=a.nth, aids=a.aids))
    others: list[tuple[str, HintRecord | SolutionRecord | CompletedRecord, Event]] = [
        *(("hints", h, HintShown(h.lesson, h.step - 1, h.level, at=h.at)) for h in incoming.hints),
        *(("solutions", s, Revealed(s.lesson, s.step - 1, at=s.at)) for s in incoming.solutions),
        *(("completed", c, Completed(c.lesson, c.step - 1, c.how, at=c.at)) for c in incoming.completed)]
    for table, record, event in others:
        if record.key in seen:
            known += 1
            continue
        seen.add(record.key)
        added[table] += 1
        events.append(event)
    latest = {p.lesson: p.at for p in here.positions}
    for p in incoming.positions:
        if p.at > latest.get(p.lesson, float("-inf")):
            latest[p.lesson] = p.at
            events.append(Position(p.lesson, p.step - 1, at=p.at))
    return events, Merged(**added, known=known)


def merge(progress: Progress, incoming: Records) -> Merged:
    """Store what ``incoming`` adds to ``progress`` in one transaction; what was added."""
    here = records_of(progress.export(), "this machine's progress")
    events, merged = new_events(here, incoming)
    if events:
        progress.record_all(events)
    return merged


def import_file(progress: Progress, path: str, known: Known | None = None) -> Merged:
    """``tutor progress --import FILE``: read the file (``ExportError`` if it is bad, or holds a record this machine
    does not ``known``) and merge it."""
    return merge(progress, read_file(path, known=known))


__all__ = ["ExportError", "Merged", "import_file", "merge", "new_events", "read_file"]
