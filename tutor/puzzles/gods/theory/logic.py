"""Questions as sympy boolean expressions: translation, simplified equivalent, truth table.

Each atom becomes a symbol (``A is True`` -> ``A_True``, ``ja means yes`` ->
``ja_yes``), ``you`` becomes the asked god, and ``would you say ja to (P)``
becomes ``P xor you_False xor not ja_yes`` - the proposition "you would say
ja".  The answer a god who is not Random gives is "ja" exactly when
``Q xor you_False xor not ja_yes`` holds for the question Q, so sympy can show
that for the embedded question the two xors cancel and the answer is "ja"
exactly when P holds.  sympy is imported lazily, inside these functions.
"""

from __future__ import annotations

from typing import Any

from tutor.puzzles.gods.rules.meaning import first_word_mask, truth_mask
from tutor.puzzles.gods.rules.question import Bin, InWorlds, Means, Node, Not, Role, Say, You
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet


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
