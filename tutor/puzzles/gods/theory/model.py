"""The model every verdict is about, and the published variants of the puzzle outside it."""

from __future__ import annotations

from typing import Any

from tutor.puzzles.gods.rules.worlds import Universe

OUTSIDE_MODEL = (
    {"change": "Random as Boolos describes him (a coin in his head decides whether he speaks truly or falsely), "
               "and questions a god cannot answer without contradicting himself (his head explodes)",
     "questions": 2,
     "source": "B. Rabern and L. Rabern, 'A simple solution to the hardest logic puzzle ever', Analysis 68 (2008) "
               "105-112; Boolos's puzzle: G. Boolos, 'The hardest logic puzzle ever', Harvard Review of "
               "Philosophy 6 (1996) 62-65"},
    {"change": "Random answers 'ja' or 'da' at random, as here, but a god may be unable to answer (a question "
               "about Random's future answers, or a self-referential one), and that shows",
     "questions": 2,
     "source": "G. Uzquiano, 'How to solve the hardest logic puzzle ever in two questions', Analysis 70 (2010) 39-44"},
    {"change": "as Uzquiano's, and Random too may stay silent",
     "questions": 3,
     "source": "G. Wheeler and P. Barahona, 'Why the hardest logic puzzle ever cannot be solved in less than three "
               "questions', Journal of Philosophical Logic 41 (2012)"},
)


def model(u: Universe) -> dict[str, Any]:
    """The model every verdict here is about, and the published variants outside it (``OUTSIDE_MODEL``)."""
    first, second = u.words
    language = ("the gods answer in plain yes and no" if u.known_language else
                f"nobody knows which of '{first}' and '{second}' means yes"
                + (", and that must be found as well" if u.identify_language else ""))
    return {
        "random": f"Random answers '{first}' or '{second}' as he likes, whatever the question; a plan must work "
                  "for every choice he could make",
        "answers": f"every question put to a god is answered '{first}' or '{second}': no god stays silent, and "
                   "no question is one a god cannot answer",
        "questions": "a question is any yes/no question about the world, put to one god; which question comes "
                     "next may depend on the answers so far",
        "language": language,
        "outside": [dict(entry) for entry in OUTSIDE_MODEL],
    }


def model_lines(u: Universe) -> list[str]:
    """The model in two lines, and one line per published variant outside it."""
    m = model(u)
    random = f"{m['random']}; " if "Random" in u.roles else ""  # no word about Random where there is none
    lines = [f"Model: {random}{m['answers']}.",
             "Outside this model the classic puzzle changes (with two words, 2 questions give at most 4 answer "
             "sequences for its 6 assignments, so a two-question solution needs a third outcome):"]
    lines += [f"  - {e['change']}: {e['questions']} questions ({e['source']})" for e in OUTSIDE_MODEL]
    return lines
