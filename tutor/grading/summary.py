"""``tutor grade --summary``: the class at a glance, and its wrong answers grouped by how they fail.

Counts per verdict, per declared mistake and per misconception; every file whose header names another
variant than its learner's (a ``variant mismatch``: an edited header, or an answer written under another
learner id), by name; then every cluster of wrong answers
that share a failure key (the engine's counterexample class, never the learners' text: see
``failure_key``), largest first, each with its size, one representative (the first learner by name) and
``[[steps.mistakes]]`` entries an instructor can paste into the lesson so the tutor names the mistake
next time: one ``match`` per distinct answer of the cluster, in canonical form (what ``tutor lint``
asks for), at most ``ENTRIES``.  An answer a mistake the lesson declares already matched gets no entry, and
each entry's ``say`` is about its own answer: the grader's summary of that answer when every learner who gave
it got the same one, else a sentence naming no learner's case (never one learner's text for another answer).
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass
from typing import Any

from tutor.course import toml_value
from tutor.grading.rows import MISMATCH, VERDICTS, Row
from tutor.screen.text import plural
from tutor.storage.files import escape

ENTRIES = 5  # the most [[steps.mistakes]] entries proposed for one cluster
CLUSTERS_SHOWN = 10  # clusters printed in text (JSON has every one)


@dataclass(frozen=True)
class Cluster:
    """Wrong answers that fail the same way: the failure key, the members (by learner), a representative."""

    key: str
    members: tuple[Row, ...]

    @property
    def representative(self) -> Row:
        """The first member by learner name."""
        return self.members[0]

    @property
    def answers(self) -> list[str]:
        """The members' distinct answers (canonical) that no mistake the lesson declares matched, most common
        first: the ones worth an entry."""
        return [a for a, _ in Counter(r.answer for r in self.members if r.answer and not r.mistake).most_common()]

    def said(self, answer: str) -> str:
        """What the entry for ``answer`` says: the grader's summary of that answer when every member who gave it
        got the same one, else a sentence on how many gave it (their variants differ: no one's case fits all)."""
        givers = [r for r in self.members if r.answer == answer]
        told = {r.summary for r in givers}
        say = f"A common mistake: {told.pop()}" if len(told) == 1 else \
            f"A common mistake, made by {plural(len(givers), 'learner')} on different variants, failing the same way."
        return say.replace("{{", "{ {").replace("}}", "} }")  # a lesson text fills {{quantities}}: none here

    def entry(self) -> str:
        """``[[steps.mistakes]]`` entries for the cluster's answers: paste under the graded step."""
        lines = [f"# {plural(len(self.members), 'learner')}: {self.key}"]
        for answer in self.answers[:ENTRIES]:
            lines += ["[[steps.mistakes]]", f"match = {toml_value(answer)}", f"say = {toml_value(self.said(answer))}",
                      ""]
        more = len(self.answers) - ENTRIES
        if more > 0:
            lines.append(f"# and {plural(more, 'other answer')} failing the same way")
        declared = len({r.answer for r in self.members if r.mistake})
        if declared:
            lines.append(f"# {plural(declared, 'answer')} here already matched a mistake the lesson declares")
        return "\n".join(lines).rstrip() + "\n"

    def as_json(self) -> dict[str, Any]:
        """The cluster as JSON: key, size, learners, representative, the answers and the TOML entries."""
        rep = self.representative
        return {"key": self.key, "size": len(self.members), "learners": [r.learner for r in self.members],
                "representative": {"learner": rep.learner, "file": rep.file, "summary": rep.summary,
                                   "counterexample": rep.counterexample},
                "answers": self.answers, "mistakes_toml": self.entry()}


def clusters(rows: list[Row]) -> list[Cluster]:
    """The wrong answers grouped by failure key, largest first (then by key), members by learner."""
    groups: dict[str, list[Row]] = {}
    for row in rows:
        if row.verdict == "incorrect" and row.failure:
            groups.setdefault(row.failure, []).append(row)
    found = [Cluster(key, tuple(sorted(members, key=lambda r: (r.learner, r.file))))
             for key, members in groups.items()]
    return sorted(found, key=lambda c: (-len(c.members), c.key))


def counts(rows: list[Row]) -> dict[str, dict[str, int]]:
    """How many rows per verdict, per declared mistake matched, and per misconception named."""
    verdicts = Counter(r.verdict for r in rows)
    return {"verdicts": {v: verdicts[v] for v in (*VERDICTS, *sorted(set(verdicts) - set(VERDICTS))) if verdicts[v]},
            "mistakes": dict(Counter(r.mistake for r in rows if r.mistake).most_common()),
            "misconceptions": dict(Counter(r.misconception for r in rows if r.misconception).most_common())}


def mismatched(rows: list[Row]) -> list[Row]:
    """The rows whose header names another variant than their learner's, by learner and file."""
    return sorted((r for r in rows if r.verdict == MISMATCH), key=lambda r: (r.learner, r.file))


def summary_json(rows: list[Row]) -> dict[str, Any]:
    """``--summary`` as JSON."""
    return {**counts(rows), "mismatches": [{"learner": r.learner, "file": r.file, "variant": r.variant,
                                            "summary": r.summary} for r in mismatched(rows)],
            "clusters": [c.as_json() for c in clusters(rows)]}


def summary_text(rows: list[Row], width: int = 80) -> str:
    """``--summary`` for the terminal: a histogram of the verdicts (rich), the mistakes and misconceptions
    counted, and the largest clusters with their entries to paste."""
    from rich.console import Console
    from rich.padding import Padding
    from rich.table import Table

    tally = counts(rows)
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, highlight=False, emoji=False, markup=False)
    table = Table(title=f"{plural(len(rows), 'submission')} by verdict", title_justify="left", box=None)
    table.add_column("verdict")
    table.add_column("count", justify="right")
    table.add_column("", no_wrap=True)
    most = max(tally["verdicts"].values(), default=1)
    for verdict, n in tally["verdicts"].items():
        table.add_row(verdict, str(n), "█" * max(1, round(n * 40 / most)))
    console.print(table)
    for what, title in (("mistakes", "declared mistakes matched"), ("misconceptions", "misconceptions named")):
        if tally[what]:
            console.print(f"\n{title}:")
            for name, n in tally[what].items():
                console.print(f"  {n:>5}  {escape(' '.join(name.split()))}", overflow="fold")
    odd = mismatched(rows)
    if odd:
        console.print(f"\n{plural(len(odd), 'file')} naming another variant than the learner's (not graded):")
        for row in odd:
            console.print(f"  {escape(row.learner)}: {escape(row.file)}", overflow="fold")
            console.print(Padding(escape(row.summary), (0, 0, 0, 4)))
    found = clusters(rows)
    console.print(f"\n{plural(len(found), 'cluster')} of wrong answers failing the same way"
                  + (f" (the largest {CLUSTERS_SHOWN} shown; --json has all)" if len(found) > CLUSTERS_SHOWN else "")
                  + (":" if found else "."))
    for number, cluster in enumerate(found[:CLUSTERS_SHOWN], 1):
        rep = cluster.representative
        console.print(f"\n{number}. {plural(len(cluster.members), 'learner')}, e.g. {escape(rep.learner)}: "
                      f"{escape(rep.summary)}", overflow="fold")
        console.print(cluster.entry(), soft_wrap=True)
    return "\n".join(line.rstrip() for line in buffer.getvalue().rstrip().splitlines()) + "\n"
