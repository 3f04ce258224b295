"""What a question says, so that a learner's answer may echo it: "4 worlds", "yes, it can", "it's a loss".

A learner answers in the question's own words: "How many worlds are there now?" gets "4 worlds" or "there are
four", "Can five coins be won?" gets "no, it can't", and "Is (1, 2) a win or a loss?" gets "a loss".  A
``Wording`` keeps the words of one question, so that the words a learner puts around an answer are read when they
echo the question (or are the small words of any sentence), and a refusal can say what the question counts
("type how many worlds, like 7") with an example that is not the answer.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")
FILLERS = frozenset({"a", "an", "the", "of", "them", "it", "its", "it's", "is", "are", "was", "be", "there", "they",
    "their", "that", "this", "these", "those", "so", "i", "think", "guess", "answer", "in", "all", "total",
    "altogether", "than", "just", "only", "then", "well", "ok", "okay", "can", "could", "does", "do", "did", "will",
    "would", "has", "have", "should", "must"})
HOW_MANY = re.compile(r"how many (?:more |different |\*?\w+\*? of (?:those |these |the |them )?)?\*?([a-z]+)\*?",
                      re.IGNORECASE)
NUMBER_OF = re.compile(r"(?:number|count) of ([a-z]+)", re.IGNORECASE)
NOT_NOUNS = frozenset({"them", "those", "these", "of", "the", "such", "ways"})
EXAMPLES = (12, 7, 20, 30, 5, 9, 40)  # example numbers for a refusal, the first that is not near the answer


def words_of(text: str) -> list[str]:
    """The words of ``text``, lower case (``"It's 4 Worlds"``: ``["it's", "worlds"]``)."""
    return WORD.findall(text.lower().replace("’", "'"))


def forms(word: str) -> set[str]:
    """A word and its singular or plural (``worlds``: ``world``; ``press``: ``presses``)."""
    out = {word, word + "s", word + "es"}
    if word.endswith("es"):
        out.add(word[:-2])
    if word.endswith("s"):
        out.add(word[:-1])
    return out


@dataclass(frozen=True)
class Wording:
    """The words of one question, and what a how-many question counts (``noun``, None if it says no noun)."""

    words: frozenset[str] = frozenset()
    noun: str | None = None

    @classmethod
    def of(cls, question: str) -> Wording:
        """The wording of ``question`` (its text as the learner reads it)."""
        found = HOW_MANY.search(question) or NUMBER_OF.search(question)
        noun = found.group(1).lower() if found and found.group(1).lower() not in NOT_NOUNS else None
        return cls(frozenset(w for word in words_of(question) for w in forms(word)), noun)

    def echoes(self, text: str) -> bool:
        """Whether every word of ``text`` is a word of the question (in either number) or a small word."""
        said = words_of(text)
        return bool(said) and all(w in self.words or w in FILLERS for w in said)

    def foreign(self, text: str) -> list[str]:
        """The words of ``text`` that are neither the question's nor small words."""
        return [w for w in words_of(text) if w not in self.words and w not in FILLERS]

    def how_many(self, example: int) -> str:
        """What to type, said in the question's terms: ``how many worlds, as a whole number like 7``."""
        if self.noun:
            return f"how many {self.noun}, as a whole number like {example}"
        return f"the whole number, like {example}"


def example_number(avoid: Iterable[int]) -> int:
    """A number to show in a refusal that is not the answer, nor one step from it (its neighbours, its double
    or half): the first of ``EXAMPLES`` away from every value in ``avoid``.

    >>> example_number([12]), example_number([6, 7])
    (7, 20)
    """
    near = {n for value in avoid for n in (value - 1, value, value + 1, 2 * value, value // 2)}
    return next(e for e in EXAMPLES if e not in near)


NEGATIONS = frozenset({"not", "no", "never", "can't", "cannot", "isn't", "aren't", "doesn't", "don't", "won't",
                       "wouldn't", "couldn't", "nobody", "none", "neither", "nothing", "nope", "nah"})
NAMING = frozenset({"god", "gods", "option", "choice", "surely", "definitely", "probably", "only"})


def claim(text: str, meanings: dict[str, frozenset[str]], wording: Wording, negative: frozenset[str] = frozenset()
          ) -> str | None:
    """The one meaning ``text`` claims, in the question's words, or None: exactly one meaning's words appear, the
    other words are the question's or small words, and a negation agrees with it (``yes, it can``, ``no, it
    can't``, ``C is not Random`` for "Which god is surely not Random?"; never ``yes, it can't``).  ``negative``
    names the meanings that say no themselves.

    >>> yes_no = {"yes": frozenset({"yes", "yeah"}), "no": frozenset({"no", "nope"})}
    >>> asked = Wording.of("Can five coins be won?")
    >>> claim("Yes, it can.", yes_no, asked), claim("no it can't", yes_no, asked, frozenset({"no"}))
    ('yes', 'no')
    >>> claim("yes it can't", yes_no, asked), claim("yes or no", yes_no, asked), claim("yes, pigs fly", yes_no, asked)
    (None, None, None)
    """
    said = words_of(text)
    found = [m for m, words in meanings.items() if words & set(said)]
    if len(found) != 1:
        return None
    meaning = found[0]
    rest = [w for w in said if w not in meanings[meaning]]
    if any(w not in wording.words and w not in FILLERS and w not in NEGATIONS and w not in NAMING for w in rest):
        return None
    if meaning in negative:
        return meaning
    negated = any(w in NEGATIONS or w.endswith("n't") for w in rest)
    asked_negated = any(w in NEGATIONS for w in wording.words)
    plain = all(w in FILLERS or w in NAMING for w in rest)
    return meaning if negated == asked_negated or (plain and not negated) else None
