"""How the gods quantities' reasons write what they count: objects listed one per line, powers of two, plans."""

from __future__ import annotations

from tutor.maths.bits import members
from tutor.puzzles.gods.rules.worlds import Universe, WorldSet

LISTED = 24  # a refutation lists at most this many objects
BIG = 60  # 2^k is written out only below this


def gods_named(gods: str) -> str:
    """The gods' roles as lesson text names them, from the canonical roles text.

    >>> gods_named("True,False,Random"), gods_named("True,Random"), gods_named("True,False,False,Random")
    ('True, False and Random', 'True and Random', 'True, False, False and Random')
    """
    roles = [r.strip() for r in gods.split(",")]
    return roles[0] if len(roles) == 1 else f"{', '.join(roles[:-1])} and {roles[-1]}"


def listing(items: list[str]) -> str:
    """One object per preformatted line (elided past ``LISTED``)."""
    lines = ["    " + x for x in items[:LISTED]]
    if len(items) > LISTED:
        lines.append("    ...")
    return "\n".join(lines)


def identity_texts(u: Universe, s: WorldSet) -> list[str]:
    """What must be told apart in ``s``, in world order: assignments, or worlds when ja must be found."""
    out: list[str] = []
    for i in members(s):
        w = u.worlds[i]
        text = w.text(u.gods) if u.identify_language else " ".join(
            f"{g}={r}" for g, r in zip(u.gods, w.roles, strict=True))
        if text not in out:
            out.append(text)
    return out


def refute_count(objects: list[str], wrong: int, noun: str, many: str, note: str = "", where: str = "",
                 made: str = "") -> str:
    """Why ``wrong`` is not how many ``objects`` there are, without saying how many there are.

    ``note`` says what a related wrong count counted instead; ``where`` qualifies the count ("after 'ja'");
    ``made`` says how one object is made, which a count too high (or one short) is answered with, with one of
    them to show the form: listing every object would let the learner count them off the screen.
    """
    n = len(objects)
    head = f"Not {wrong}{where}:"
    note = f" {note}" if note else ""
    if wrong < 0:
        return f"{head} a count is never negative, and here is one {noun} already:\n{listing(objects[:1])}"
    if wrong == 0:
        return f"{head} there is at least one:\n{listing(objects[:1])}"
    how = f" {made}" if made else ""
    if wrong < n - 1:
        return f"{head} there are more than {wrong}.{note} These {many} are all different:\n" \
            f"{listing(objects[:wrong + 1])}"
    if wrong < n:  # listing one more than the learner's count would list them all, which is the answer
        return (f"{head} there are more.{note}{how} Go through them in order, one god's role at a time, so that "
                f"none is left out. One of them, for the form:\n{listing(objects[:1])}")
    return f"{head} there are fewer.{note}{how} One of them, for the form:\n{listing(objects[:1])}"


def twins(u: Universe, s: WorldSet) -> str:
    """Two worlds of ``s`` with the same roles and both meanings of ja ('' when there are none)."""
    for i in members(s):
        for j in members(s):
            if i < j and u.worlds[i].roles == u.worlds[j].roles:
                return f"{u.world_text(i)} and {u.world_text(j)}"
    return ""


def role_texts(u: Universe) -> list[str]:
    """Every assignment of roles, in world order."""
    return identity_texts(u, u.full) if not u.identify_language else list(dict.fromkeys(
        " ".join(f"{g}={r}" for g, r in zip(u.gods, w.roles, strict=True)) for w in u.worlds))


def negative(wrong: int, what: str) -> str | None:
    """The refutation of a negative count, or None."""
    return f"Not {wrong}: a number of {what} is never negative." if wrong < 0 else None


def power(k: int) -> str:
    """``2^k = N`` (just ``2^k`` when N is huge)."""
    return f"2^{k} = {1 << k:,}" if k < BIG else f"2^{k}"


def indented(text: str) -> str:
    """A plan or a table as preformatted lines."""
    return "\n".join("  " + line for line in text.splitlines())
