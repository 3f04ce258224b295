"""Why questions work and plans cannot be shorter: sympy logic, the Random bound, the proofs.

Questions as sympy boolean expressions: translation, simplified equivalent, truth table.

Each atom becomes a symbol (``A is True`` -> ``A_True``, ``ja means yes`` ->
``ja_yes``), ``you`` becomes the asked god, and ``would you say ja to (P)``
becomes ``P xor you_False xor not ja_yes`` - the proposition "you would say
ja".  The answer a god who is not Random gives is "ja" exactly when
``Q xor you_False xor not ja_yes`` holds for the question Q, so sympy can show
that for the embedded question the two xors cancel and the answer is "ja"
exactly when P holds.  sympy is imported lazily, inside these functions.

Lower bounds, exact: ``first_worst_branch`` (what Random leaves after the best
first question) and ``impossibility`` (why one question fewer than the
shortest plan cannot work: counting, Random, and an exhaustive search).

Role sets that no number of questions solves: ``inseparable_pair`` finds two
worlds whose Random gods cover every god (such worlds always answer alike, and
without such a pair enough questions always succeed), ``never_proof`` states
it in one line.  ``model`` states what every verdict assumes, and
``OUTSIDE_MODEL`` cites the published variants where two questions suffice.
"""

from __future__ import annotations

from typing import Any

from tutor.bits import members
from tutor.puzzles.gods.engine.solver import Solver
from tutor.puzzles.gods.rules.lang import (
    Bin,
    InWorlds,
    Means,
    Node,
    Not,
    Role,
    Say,
    You,
    first_word_mask,
    truth_mask,
)
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet
from tutor.text import plural


def symbol_name(god: str, role: str) -> str:
    """``A_True``: the symbol for "god is role"."""
    return f"{god}_{role}"


def to_sympy(node: Node, u: Universe, asked: str) -> Any:
    """The proposition as a sympy boolean expression over the world's atoms."""
    import sympy

    def lang(word: str) -> Any:
        ja_yes = sympy.Symbol("ja_yes")
        return ja_yes if word == "ja" else sympy.Not(ja_yes)

    def go(n: Node) -> Any:
        match n:
            case Role(god, role):
                return sympy.Symbol(symbol_name(god, role))
            case You(role):
                return sympy.Symbol(symbol_name(asked, role))
            case Means(word, meaning):
                return lang(word) if meaning == "yes" else sympy.Not(lang(word))
            case Say(word, body):
                return says(go(body), word, u, asked)
            case InWorlds(patterns):
                terms = []
                for p in patterns:
                    parts = [sympy.Symbol(symbol_name(g, r)) for g, r in p.roles]
                    if p.ja is not None:
                        parts.append(lang("ja") if p.ja == "yes" else sympy.Not(lang("ja")))
                    terms.append(sympy.And(*parts))
                return sympy.Or(*terms)
            case Not(body):
                return sympy.Not(go(body))
            case Bin(op, left, right):
                combine = {"and": sympy.And, "or": sympy.Or, "xor": sympy.Xor, "iff": sympy.Equivalent}[op]
                return combine(go(left), go(right))
        raise TypeError(f"not a question: {n!r}")

    return go(node)


def says(truth: Any, word: str, u: Universe, asked: str) -> Any:
    """The expression "the asked god (if not Random) would answer ``word``" to a proposition."""
    import sympy

    affirm = sympy.Xor(truth, sympy.Symbol(symbol_name(asked, "False")))
    if word in ("ja", "da"):
        affirm = sympy.Xor(affirm, sympy.Not(sympy.Symbol("ja_yes")))
    return affirm if word in ("ja", "yes") else sympy.Not(affirm)


def simplify(expr: Any) -> Any:
    """sympy's simplified form (left as is when it has too many symbols to simplify quickly)."""
    import sympy

    if len(expr.free_symbols) > 10:
        return expr
    simpler = sympy.simplify_logic(expr, force=True)
    return simpler if sympy.count_ops(simpler) <= sympy.count_ops(expr) else expr


def valuation(u: Universe, i: int) -> dict[Any, bool]:
    """The truth of every atom in world ``i``, for substitution into an expression."""
    import sympy

    w = u.worlds[i]
    out: dict[Any, bool] = {}
    for g, role in zip(u.gods, w.roles, strict=True):
        for r in ("True", "False", "Random"):
            out[sympy.Symbol(symbol_name(g, r))] = role == r
    out[sympy.Symbol("ja_yes")] = w.ja_yes is not False
    return out


def evaluate(expr: Any, u: Universe, i: int) -> bool:
    """The expression's truth in world ``i``."""
    import sympy

    value = expr.xreplace(valuation(u, i))
    return bool(value == sympy.true)


def explain(node: Node, u: Universe, asked: str) -> dict[str, Any]:
    """Everything the tutor shows about one question: expressions and the truth table.

    ``proposition`` is the sympy form of the question, ``answer`` the
    condition under which the asked god (if not Random) answers with the first
    word, each with its simplified form; ``table`` one row per world, the
    truth value computed by sympy and the answer from the bit-set semantics.
    """
    g = u.god_index(asked)
    prop = to_sympy(node, u, asked)
    ans = says(prop, u.words[0], u, asked)
    truth = truth_mask(node, u, g)
    first = first_word_mask(node, u, g)
    rand = u.random(g)
    rows = []
    for i, w in enumerate(u.worlds):
        holds = evaluate(prop, u, i)
        answer = (f"{u.words[0]} or {u.words[1]}" if rand >> i & 1
                  else u.words[first >> i & 1 ^ 1])
        rows.append({"world": w.as_json(u.gods), "holds": holds, "holds_bits": bool(truth >> i & 1),
                     "answer": answer})
    return {
        "proposition": str(prop),
        "proposition_simplified": str(simplify(prop)),
        "answer_condition": str(ans),
        "answer_simplified": str(simplify(ans)),
        "table": rows,
    }


def simplify_in_worlds(expr: Any, u: Universe, worlds: int, asked: str | None = None) -> Any:
    """The simplest equivalent of ``expr`` *within* the given worlds (a bit set).

    Plain ``simplify_logic`` treats ``A_True`` and ``A_False`` as independent,
    so "A is True xor A is False" stays put although it always holds.  Here
    every combination of the expression's atoms that no world in ``worlds``
    produces is a don't-care, and so are the worlds where ``asked`` is Random
    (his answer is either word there, so the condition does not matter).  The
    result is the condition a learner reads off the truth table.
    """
    import sympy

    symbols = sorted(expr.free_symbols, key=str)
    if not symbols or len(symbols) > 10:
        return expr
    g = None if asked is None else u.god_index(asked)
    care = worlds & ~(u.random(g) if g is not None else 0)
    seen = set()
    for i, _ in enumerate(u.worlds):
        if care >> i & 1:
            val = valuation(u, i)
            seen.add(tuple(val[s] for s in symbols))
    if not seen:
        return expr
    possible = sympy.Or(*(sympy.And(*(s if bit else sympy.Not(s) for s, bit in zip(symbols, row, strict=True)))
                          for row in sorted(seen)))
    return sympy.simplify_logic(expr, force=True, dontcare=sympy.Not(possible))


def answer_condition(u: Universe, god: str, question: Node, start: WorldSet) -> str:
    """When ``god`` answers the first word (ja, or yes), simplified within the start worlds.

    "always" or "never" when the condition is constant there; otherwise sympy's
    simplest form, with the worlds where ``god`` is Random as don't-cares.
    """
    import sympy

    simple = simplify_in_worlds(says(to_sympy(question, u, god), u.words[0], u, god), u, start, god)
    return "always" if simple == sympy.true else "never" if simple == sympy.false else str(simple)


# -- lower bounds and the proof that one question fewer fails ---------------------------------


def first_worst_branch(solver: Solver) -> int:
    """The fewest possibilities the worse answer to the best first question can leave.

    Asking god g, the r possibilities where g is Random reach both answers and
    the other n - r are split by the question, at best evenly; any split is
    some question (a set of worlds), so the best is min over g of
    r + ceil((n - r) / 2).  Exact, not just a bound.
    """
    n = solver.all_items.bit_count()
    return min(r.bit_count() + (n - r.bit_count() + 1) // 2 for r in solver.rand)


def impossibility(solver: Solver, k: int) -> list[str]:
    """Why ``k - 1`` questions cannot suffice: counting, the Random argument, and the exhaustive search."""
    u = solver.u
    n = len(u.identities)
    k1 = k - 1
    out = []
    if n > (1 << k1):
        out.append(f"counting: with {plural(k1, 'question')} there are at most {plural(1 << k1, 'answer sequence')}, "
                   f"but {n} possibilities")
    if k1 >= 1 and "Random" in u.roles:
        worst = []
        for g, name in enumerate(u.gods):
            r = solver.rand[g].bit_count()
            rest = n - r
            worst.append((r + (rest + 1) // 2, name, r))
        if all(w > (1 << (k1 - 1)) for w, _, _ in worst):
            w, name, r = min(worst)
            out.append(f"Random: whoever is asked first, the possibilities where that god is Random "
                       f"reach both answers, so one answer leaves at least {w} (asking {name}: {r} with "
                       f"{name} Random plus half of the rest), more than the {1 << (k1 - 1)} that "
                       f"{plural(k1 - 1, 'question')} can separate")
    fresh = Solver(u, prune=False)
    found = fresh.solvable(fresh.all_items, k1)
    out.append(f"exhaustive: the memoised search over every god and every split finds "
               f"{'a' if found else 'no'} {k1}-question plan even without the counting bounds "
               f"({plural(len(fresh.memo), 'state')}, {plural(fresh.moves, 'question')} examined)")
    return out


def insufficient(solver: Solver, items: int, m: int) -> str:
    """The strongest short reason why ``m`` questions cannot tell the identities ``items`` apart (the caller
    knows they cannot): counting, else the Random argument, else the exhaustive search's certificate."""
    u = solver.u
    n = items.bit_count()
    if m <= 0:
        return f"with no question at all, {n} possibilities are still open"
    if n > 1 << m:
        return (f"counting: with {plural(m, 'question')} there are at most {1 << m} answer sequences, but "
                f"{n} possibilities to tell apart")
    worst = min(((items & r).bit_count() + ((items & ~r).bit_count() + 1) // 2, name, (items & r).bit_count())
                for name, r in zip(u.gods, solver.rand, strict=True))
    w, name, r = worst
    if w > 1 << (m - 1):
        return (f"Random: whoever is asked first, the possibilities where that god is Random reach both answers, "
                f"so one answer leaves at least {w} (asking {name}: {r} with {name} Random plus half of the rest), "
                f"more than the {1 << (m - 1)} that {plural(m - 1, 'question')} can separate")
    fresh = Solver(u, prune=False)
    found = fresh.solvable(items, m)
    assert not found, "insufficient() is only asked about a length that does not suffice"
    return (f"exhaustive: the search over every god and every split finds no {m}-question plan "
            f"({plural(len(fresh.memo), 'state')}, {plural(fresh.moves, 'question')} examined)")


# -- the model, and what lies outside it ------------------------------------------------------

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


# -- why some role sets can never be solved ------------------------------------------------------


def random_gods(u: Universe, world: int) -> list[str]:
    """The gods who are Random in ``world``."""
    return [g for g, role in zip(u.gods, u.worlds[world].roles, strict=True) if role == "Random"]


def inseparable_pair(u: Universe, start: WorldSet) -> tuple[int, int] | None:
    """Two worlds of ``start`` that name different identities and whose Random gods cover every god.

    Such worlds can never be told apart: whichever god is asked is Random in
    one of them, and Random may give the word the other world gives, so the
    two always answer alike.  Conversely, with no such pair enough questions
    always suffice: two identities left have a god Random in neither, and a
    question to him separates them, shrinking both branches.  So None means
    "solvable with enough questions".  Worlds with the same meaning of "ja"
    are preferred (the shorter statement).
    """
    everyone = set(u.gods)
    found: tuple[int, int] | None = None
    worlds = members(start)
    for n, i in enumerate(worlds):
        for j in worlds[n + 1:]:
            if u.identity[i] != u.identity[j] and set(random_gods(u, i)) | set(random_gods(u, j)) == everyone:
                if u.worlds[i].ja_yes == u.worlds[j].ja_yes:
                    return (i, j)
                found = found or (i, j)
    return found


def never_proof(u: Universe, pair: tuple[int, int]) -> str:
    """The one-line proof that the gods can never be identified, naming the two worlds."""
    i, j = pair
    first, second = random_gods(u, i), random_gods(u, j)
    return (f"no number of questions suffices: the worlds {u.world_text(i)} and {u.world_text(j)} can never be "
            f"told apart - whoever is asked is Random in one of them ({', '.join(first) or 'nobody'} in the first, "
            f"{', '.join(second) or 'nobody'} in the second), and Random may give the word the other world gives, "
            "so the two worlds can always answer alike")
