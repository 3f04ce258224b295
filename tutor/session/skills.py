"""Each skill's mastery and what is due for review: what ``/progress`` and ``tutor progress`` show beside the
lessons (a bar per skill in words or in a terminal, numbers in JSON), and the welcome's count of reviews due.

Mastery is traced by ``tutor.learner.mastery`` with each pack's parameters (``[mastery]`` in pack.toml, see
``bkt_params``); the review schedule is ``tutor.learner.review``'s, at the store's clock (``Progress.clock``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tutor.course import Catalog
from tutor.learner.bkt import DEFAULT, OPEN, BktParams
from tutor.learner.mastery import TARGET, ChanceFor, ParamsFor, Traced, traced
from tutor.learner.review import Due, due, upcoming
from tutor.learner.skills import all_skills
from tutor.progress import Progress
from tutor.progress.brief import briefs
from tutor.screen.text import percent, plural
from tutor.storage.clock import iso

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


def chances(catalog: Catalog) -> ChanceFor:
    """The chance of a lucky guess at a lesson step's items (``Step.chance``; step counted from 1), ``bkt.OPEN`` for
    a step the catalog does not hold; each step's figure computed once."""
    known: dict[tuple[str, int], float] = {}

    def chance(lesson: str, step: int) -> float:
        if (lesson, step) not in known:
            found = catalog.lessons.get(lesson)
            steps = found.steps if found is not None else ()
            known[(lesson, step)] = steps[step - 1].chance() if 0 < step <= len(steps) else OPEN
        return known[(lesson, step)]

    return chance


@dataclass(frozen=True)
class SkillStatus:
    """One skill's standing: its mastery (BKT over its items) and whether the mastery rule holds, the evidence (its
    items by their first try: ``tutor.learner.mastery.Traced``), when it is next due for review (None: not solved
    yet, so not scheduled) and when it was last practised (None: never)."""

    skill: str
    sentence: str
    mastery: float
    traced: Traced | None
    due: datetime | None
    last: datetime | None = None

    @property
    def opportunities(self) -> int:
        """The items that are evidence of the skill."""
        return 0 if self.traced is None else self.traced.opportunities

    @property
    def correct(self) -> int:
        """The items right at the first try without help."""
        return 0 if self.traced is None else self.traced.unaided

    @property
    def mastered(self) -> bool:
        """Whether the mastery rule holds (``tutor.learner.mastery.mastered``)."""
        return self.traced is not None and self.traced.mastered

    def evidence(self) -> dict[str, int]:
        """The items by their first try: right without help, right after help, wrong, wrong after help, repeats."""
        t = self.traced
        counts = (0, 0, 0, 0, 0) if t is None else (t.unaided, t.helped, t.wrong, t.wrong_helped, t.repeats)
        return dict(zip(EVIDENCE_KEYS, counts, strict=True))

    def as_json(self) -> dict[str, Any]:
        """The row ``tutor progress --json`` and ``--skills --json`` print (keys in docs/instructors.md)."""
        return {"skill": self.skill, "sentence": self.sentence, "mastery": round(self.mastery, 4),
                "mastered": self.mastered, "target": TARGET,
                "in_a_row": DEFAULT.in_a_row if self.traced is None else self.traced.in_a_row,
                "run": 0 if self.traced is None else self.traced.row,
                "attempts": self.opportunities, "unaided": self.correct, "evidence": self.evidence(),
                "due": None if self.due is None else iso(self.due),
                "last": None if self.last is None else iso(self.last)}

    def bar(self, width: int = BAR) -> str:
        """The mastery as a bar of ``width`` columns: ``#########-----------``."""
        filled = round(self.mastery * width)
        return "#" * filled + "-" * (width - filled)

    def words(self) -> str:
        """The evidence in words: ``4 items: 2 right first try, 1 right after help, 1 wrong first try``."""
        if self.traced is None:
            return "not practised yet"
        e = self.evidence()
        parts = [f"{e['right']} right first try", f"{e['right_after_help']} right after help",
                 f"{e['wrong'] + e['wrong_after_help']} wrong first try"]
        again = f"; {plural(e['repeats'], 'repeat')} (no evidence)" if e["repeats"] else ""
        return f"{plural(self.opportunities, 'item')}: {', '.join(parts)}{again}"

    def dates(self, at: datetime) -> str:
        """The next review and the last practice: ``review due; last 2026-03-01``."""
        when = "no review yet" if self.due is None else "review due" if self.due <= at else \
            f"next review {iso(self.due)[:10]}"
        return when + ("" if self.last is None else f"; last {iso(self.last)[:10]}")

    def lines(self, at: datetime) -> list[str]:
        """The skill in words, within 80 columns: the bar, the mastery in percent and whether mastered; then the
        evidence; then the dates."""
        state = "mastered" if self.mastered else "not mastered"
        return [f"{self.skill:<28} [{self.bar()}] {percent(self.mastery):>4}  {state}", f"  {self.words()}",
                f"  {self.dates(at)}"]


EVIDENCE_KEYS = ("right", "right_after_help", "wrong", "wrong_after_help", "repeats")


@dataclass(frozen=True)
class Standing:
    """Every attempted skill's standing, and the reviews due at ``at``."""

    skills: tuple[SkillStatus, ...]
    due: tuple[Due, ...]
    at: datetime

    @classmethod
    def of(cls, catalog: Catalog, progress: Progress, at: datetime | None = None, every: bool = False) -> Standing:
        """The learner's standing now (by the store's clock), or at ``at``; ``every`` skill a family declares, not only
        the ones practised."""
        moment = progress.clock() if at is None else at
        found = briefs(progress)  # read once, in brief, for both
        traces = traced(found, bkt_params(catalog), chance=chances(catalog))
        schedule = {d.skill: d for d in upcoming(found)}
        known = all_skills()
        names = sorted(set(traces) | (set(known) if every else set()))
        rows = tuple(SkillStatus(name, known[name].sentence if name in known else "",
                                 traces[name].p if name in traces else bkt_params(catalog)("", name).prior,
                                 traces.get(name), schedule[name].when if name in schedule else None,
                                 datetime.fromtimestamp(traces[name].last, UTC) if name in traces else None)
                     for name in names)
        return cls(rows, tuple(d for d in schedule.values() if d.when <= moment), moment)

    def as_json(self) -> dict[str, Any]:
        """The ``skills`` and ``due`` entries of ``tutor progress --json``."""
        return {"skills": [s.as_json() for s in self.skills], "due": [d.as_json() for d in self.due]}

    def lines(self) -> list[str]:
        """The skills in words, then what is due (nothing when nothing was attempted)."""
        if not self.skills:
            return []
        return ["Skills (mastery by knowledge tracing; mastered: at the target, and the",
                "last items right at the first try without help):",
                *(line for s in self.skills for line in s.lines(self.at)), self.due_line()]

    def due_line(self) -> str:
        """How many reviews are due, and what to type."""
        if not self.due:
            return "No review is due."
        return f"{plural(len(self.due), 'review')} due: tutor review (or /review) runs them."


def due_now(progress: Progress) -> list[Due]:
    """The reviews due now (the welcome says how many)."""
    return due(progress, progress.clock())


def table(standing: Standing) -> Any:
    """The skills as a rich table for a terminal: a drawn bar per skill, the mastery, the attempts, the review."""
    from rich.progress_bar import ProgressBar
    from rich.table import Table

    out = Table(title="Skills (mastery by knowledge tracing)", title_justify="left", box=None)
    for column in ("skill", "mastery", "", "", "evidence", "review"):
        out.add_column(column)
    for s in standing.skills:
        out.add_row(s.skill, ProgressBar(total=1.0, completed=s.mastery, width=BAR), percent(s.mastery),
                    "mastered" if s.mastered else "", s.words(), s.dates(standing.at))
    return out


def reviews_text(progress: Progress) -> str:
    """What the welcome says about reviews: how many are due now ("" when none)."""
    count = len(due_now(progress))
    if not count:
        return ""
    return f"{plural(count, 'skill')} {'is' if count == 1 else 'are'} due for review: /review runs them."
