"""Each skill's mastery and what is due for review: what ``/progress`` and ``tutor progress`` show beside the
lessons (a bar per skill in words or in a terminal, numbers in JSON), and the welcome's count of reviews due.

Mastery is traced by ``tutor.learner.mastery`` with each pack's parameters (``[mastery]`` in pack.toml, see
``bkt_params``); the review schedule is ``tutor.learner.review``'s, at ``clock.now()`` (``TUTOR_NOW``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tutor.clock import iso, now
from tutor.course import Catalog
from tutor.learner.bkt import DEFAULT, BktParams
from tutor.learner.mastery import ParamsFor, traced
from tutor.learner.review import Due, upcoming
from tutor.learner.skills import all_skills
from tutor.progress import Progress
from tutor.progress.brief import briefs
from tutor.text import percent, plural

BAR = 20  # columns of a mastery bar in words


def bkt_params(catalog: Catalog) -> ParamsFor:
    """The parameters for a skill in a lesson: its pack's ``[mastery]`` entry for the skill, else the pack's
    ``default`` entry, else the tutor's defaults."""
    packs = {pack_id: getattr(pack, "mastery", {}) for pack_id, pack in catalog.packs.items()}

    def params(lesson: str, skill: str) -> BktParams:
        pack, slash, _ = lesson.partition("/")
        table: dict[str, BktParams] = packs.get(pack, {}) if slash else {}
        return table.get(skill) or table.get("default") or DEFAULT

    return params


@dataclass(frozen=True)
class SkillStatus:
    """One skill's standing: its mastery (BKT), attempts at it (right on the learner's own), when it is next due
    (None: not solved yet, so not scheduled)."""

    skill: str
    sentence: str
    mastery: float
    opportunities: int
    correct: int
    due: datetime | None

    def as_json(self) -> dict[str, Any]:
        """The row ``tutor progress --json`` prints (mastery to four places)."""
        return {"skill": self.skill, "sentence": self.sentence, "mastery": round(self.mastery, 4),
                "attempts": self.opportunities, "unaided": self.correct,
                "due": None if self.due is None else iso(self.due)}

    def bar(self, width: int = BAR) -> str:
        """The mastery as a bar of ``width`` columns: ``#########-----------``."""
        filled = round(self.mastery * width)
        return "#" * filled + "-" * (width - filled)

    def line(self, at: datetime) -> str:
        """One line in words: the bar, the mastery in percent, the attempts, and whether a review is due."""
        when = "" if self.due is None else "  review due" if self.due <= at else f"  review {iso(self.due)[:10]}"
        return (f"{self.skill:<28} [{self.bar()}] {percent(self.mastery):>4}  "
                f"{plural(self.opportunities, 'attempt')}{when}")


@dataclass(frozen=True)
class Standing:
    """Every attempted skill's standing, and the reviews due at ``at``."""

    skills: tuple[SkillStatus, ...]
    due: tuple[Due, ...]
    at: datetime

    @classmethod
    def of(cls, catalog: Catalog, progress: Progress, at: datetime | None = None) -> Standing:
        """The learner's standing now (``TUTOR_NOW``), or at ``at``."""
        moment = now() if at is None else at
        found = briefs(progress)  # read once, in brief, for both
        traces = traced(found, bkt_params(catalog))
        schedule = {d.skill: d for d in upcoming(found)}
        known = all_skills()
        rows = tuple(SkillStatus(name, known[name].sentence if name in known else "", t.p, t.opportunities,
                                 t.correct, schedule[name].when if name in schedule else None)
                     for name, t in sorted(traces.items()))
        return cls(rows, tuple(d for d in schedule.values() if d.when <= moment), moment)

    def as_json(self) -> dict[str, Any]:
        """The ``skills`` and ``due`` entries of ``tutor progress --json``."""
        return {"skills": [s.as_json() for s in self.skills], "due": [d.as_json() for d in self.due]}

    def lines(self) -> list[str]:
        """The skills in words, then what is due (nothing when nothing was attempted)."""
        if not self.skills:
            return []
        return ["Skills (mastery by knowledge tracing):", *(s.line(self.at) for s in self.skills), self.due_line()]

    def due_line(self) -> str:
        """How many reviews are due, and what to type."""
        if not self.due:
            return "No review is due."
        return f"{plural(len(self.due), 'review')} due: tutor review (or /review) runs them."


def due_now(progress: Progress) -> list[Due]:
    """The reviews due now (the welcome says how many)."""
    return [d for d in upcoming(progress) if d.when <= now()]


def table(standing: Standing) -> Any:
    """The skills as a rich table for a terminal: a drawn bar per skill, the mastery, the attempts, the review."""
    from rich.progress_bar import ProgressBar
    from rich.table import Table

    out = Table(title="Skills (mastery by knowledge tracing)", title_justify="left", box=None)
    for column in ("skill", "mastery", "", "attempts", "review"):
        out.add_column(column)
    for s in standing.skills:
        review = "" if s.due is None else "due" if s.due <= standing.at else iso(s.due)[:10]
        out.add_row(s.skill, ProgressBar(total=1.0, completed=s.mastery, width=BAR), percent(s.mastery),
                    str(s.opportunities), review)
    return out


def reviews_text(progress: Progress) -> str:
    """What the welcome says about reviews: how many are due now ("" when none)."""
    count = len(due_now(progress))
    if not count:
        return ""
    return f"{plural(count, 'skill')} {'is' if count == 1 else 'are'} due for review: /review runs them."
