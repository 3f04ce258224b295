"""What makes an item fresh for a learner: the answers they have given and been shown on a skill.

A review or a practice item must not be passable from memory.  ``Seen`` holds, for one skill, the answers the
learner typed (most recent first) and the answers they were shown (the lesson questions' own answers, as the
engine gives them); an item is *fresh* when its answer is none of those, and none of the learner's own answers
would be judged right on it (``Seen.admits``; the judging is the caller's, through the engine).  Pure: the records
come in as values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tutor.progress.records import AttemptRecord
from tutor.screen.shown import Drawn, text_of

REMEMBERED = 30  # the learner's latest distinct answers on a skill an item must not accept


def plain(text: str) -> str:
    """An answer as compared here: its words joined by single spaces, letter case ignored.

    >>> plain("  Yes \\n"), plain("1,  2")
    ('yes', '1, 2')
    """
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Seen:
    """The answers a learner gave on a skill (latest first, at most ``REMEMBERED``) and the answers shown to them."""

    given: tuple[str, ...] = ()
    shown: frozenset[str] = frozenset()

    def admits(self, answer: Drawn | None, accepts: Callable[[str], bool]) -> bool:
        """Whether an item whose answer is ``answer`` (None: it has none to show) is fresh: that answer is not one
        given or shown, and ``accepts`` (the item judging a text as a whole answer) takes none of them.

        >>> Seen(("7",), frozenset({"12"})).admits("9", lambda text: text == "9")
        True
        >>> Seen(("7",), frozenset({"12"})).admits("12", lambda text: text == "12")
        False
        >>> Seen(("9.0",)).admits("9", lambda text: float(text) == 9)
        False
        """
        if answer is not None and plain(text_of(answer)) in {*self.shown, *map(plain, self.given)}:
            return False
        return not any(accepts(text) for text in (*self.given, *self.shown))


    def plus(self, answer: str) -> Seen:
        """These answers and ``answer``, just given (not stored yet), as the latest.

        >>> Seen(("7",)).plus("9").given
        ('9', '7')
        """
        return Seen((answer.strip(), *self.given)[:REMEMBERED], self.shown)


NOTHING = Seen()


def given_answers(records: Iterable[AttemptRecord], skill: str) -> tuple[str, ...]:
    """The distinct answers the learner typed on ``skill``, latest first (at most ``REMEMBERED``)."""
    latest = sorted((r for r in records if skill in r.skills and r.answer.strip()), key=lambda r: -r.at)
    return tuple(dict.fromkeys(r.answer.strip() for r in latest))[:REMEMBERED]
