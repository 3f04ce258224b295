"""The reply builder's screen: what a step says to a wrong answer passes the no-give-away rule
(``tutor.puzzles.giveaway``) before the learner reads it, reply by reply and read together with what the step has
already shown (earlier replies and hints: two replies may give the answer away where neither does alone).  A reply
that would give the answer away loses the sentences, clauses or lines that do; one that still does is left out."""

from __future__ import annotations

import re
from collections.abc import Callable

from tutor.screen.shown import Reply, ReplyKind

GivesAway = Callable[[str, str], "str | None"]  # (text, the learner's answer) -> what it gives away, or None
SHOWN = 24  # the replies a step keeps to read new ones with (a learner trying many answers: the latest ones)
CLAUSE = re.compile(r"(?<=[.;:!?])\s+|\s+(?=\()|(?<=\))\s+|\n+")


def clauses(text: str) -> list[tuple[str, str]]:
    """``text`` cut into its sentences, clauses, lines and parenthesised asides, each with the space before it (what
    ``screened`` may leave out; kept parts join back as written, so a list keeps its head on its line).

    >>> [part for _, part in clauses("Not 3: it is less than 1. Try a gcd (like 1618).")]
    ['Not 3:', 'it is less than 1.', 'Try a gcd', '(like 1618).']
    """
    out, start, gap = [], 0, ""
    for match in CLAUSE.finditer(text):
        if text[start:match.start()].strip():
            out.append((gap, text[start:match.start()]))
            gap = ""
        gap += match.group()
        start = match.end()
    if text[start:].strip():
        out.append((gap, text[start:]))
    return out


def adds_away(gives_away: GivesAway, before: str, text: str, learner: str) -> bool:
    """Whether ``text`` gives the answer away, by itself or read after ``before`` (what the learner was already
    shown on the step) when ``before`` alone does not."""
    if gives_away(text, learner):
        return True
    return bool(before.strip()) and bool(gives_away(f"{before}\n{text}", learner)) and not gives_away(before, learner)


def screened(replies: list[Reply], learner: str, before: str, gives_away: GivesAway) -> list[Reply]:
    """``replies`` to the answer ``learner`` as the learner may read them after ``before``: each reply whole when it
    gives nothing away, else its parts that do not (read in order, each after the ones kept), else nothing; a
    refusal is always said, without its example."""
    out = []
    for reply in replies:
        if not adds_away(gives_away, before, reply.text, learner):
            out.append(reply)
            before = f"{before}\n{reply.text}"
            continue
        kept = kept_parts(reply.text, learner, before, gives_away)
        if kept.strip() and not adds_away(gives_away, before, kept, learner):
            out.append(Reply(reply.kind, kept.strip()))
            before = f"{before}\n{kept}"
        elif reply.kind is ReplyKind.ERROR:
            out.append(Reply.error("That cannot be read as an answer here: /hint shows how answers are written."))
    return out


def kept_parts(text: str, learner: str, before: str, gives_away: GivesAway) -> str:
    """The parts of ``text`` (``clauses``) that give nothing away, each read after ``before`` and the parts kept
    before it, joined as written; a part that goes takes with it the parts that continue it (in lower case, or an
    aside in brackets), and the parts of its line before it that are not a whole sentence ("Not 95:", "move to")."""
    parts = clauses(text)
    kept = ""
    dropped: list[bool] = []
    for gap, part in parts:
        joined = gap + part if kept else part
        continues = bool(dropped) and dropped[-1] and (part.lstrip()[:1].islower() or part.lstrip()[:1] == "(")
        gone = continues or adds_away(gives_away, f"{before}\n{kept}", joined, learner) or \
            adds_away(gives_away, before, kept + joined, learner)
        dropped.append(gone)
        kept += "" if gone else joined
    for i in range(len(parts) - 2, -1, -1):  # a part left open (no full stop) goes with the dropped part after it
        gap, part = parts[i + 1][0], parts[i][1]
        dropped[i] = dropped[i] or (dropped[i + 1] and "\n" not in gap and not re.search(r"[.;!?]\W*$", part))
    out = ""
    for (gap, part), gone in zip(parts, dropped, strict=True):
        out += "" if gone else (gap + part if out else part)
    return out


def without_echo(reply: str, wrong: str) -> str:
    """A reply with the learner's own answer taken out (written as they wrote it, or as a number with or without
    thousands commas): repeating what the learner said gives nothing away, even where a later step's answer is
    that same value.

    >>> without_echo("Not right: 15 is not the answer; 15,000 is", "15")
    'Not right: ... is not the answer; 15,000 is'
    """
    forms = {wrong.strip()}
    if wrong.strip().lstrip("-").isdigit():
        number = int(wrong.strip())
        forms |= {str(number), f"{number:,}"}
    for form in sorted(forms - {""}, key=len, reverse=True):
        reply = re.sub(rf"(?<![\w,.]){re.escape(form)}(?![\w]|,\d|\.\d)", "...", reply)
    return reply
