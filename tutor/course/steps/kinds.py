"""The kinds of step, each declared once: a step class registered with ``@register`` names the schema model of its
``[[steps]]`` tables (``model``) and which tables are its (``claim``).  Every list of kinds is read from here: the
models a table is validated as and the JSON Schema and docs tables are made of (``models``), the dispatch from a
table to its model (``model_of``) and from a model to its class (``kind_of``), the words for which steps take a key
(``taken_by``) and the answers kinds claim (``claimed``).

Which kind a table is (``ordered``): first a kind claiming a key no other kind's model has (``say``, ``practice``),
then one claiming some values of a shared key (``answer = "number"``), last the one claiming any other value of it
(``answer = "strategy"``: one of the puzzle's answer kinds); in registration order within each.
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from tutor.course.schema import StepFile, struct_fields
from tutor.course.steps.base import Step
from tutor.errors import LessonError

K = TypeVar("K", bound=type[Step[Any]])
_KINDS: dict[type[StepFile], type[Step[Any]]] = {}  # each kind's model and class, in registration order


def register(kind: K) -> K:
    """Declare ``kind`` a kind of step (a class decorator); ``TypeError`` if its declaration clashes with another's:
    its model taken, its claim's key not a key of its model, or a table two kinds would claim."""
    model, claim = kind.__dict__.get("model"), kind.__dict__.get("claim")
    if model is None or claim is None:
        raise TypeError(f"{kind.__name__}: a kind of step names its own 'model' and 'claim'")
    if model in _KINDS:
        raise TypeError(f"{kind.__name__}: model {model.__name__} is {_KINDS[model].__name__}'s already")
    if claim.key not in _keys(model):
        raise TypeError(f"{kind.__name__}: claims key {claim.key!r}, which {model.__name__} does not take")
    for other in _KINDS.values():
        both = (other.claim.values, claim.values)
        if other.claim.key == claim.key and (set(both[0]) & set(both[1]) or both == ((), ())):
            raise TypeError(f"{kind.__name__}: claims the tables {other.__name__} claims ({claim.key!r})")
    _KINDS[model] = kind
    return kind


def all_kinds() -> tuple[type[Step[Any]], ...]:
    """Every kind, in registration order (the order ``tutor new`` writes their examples in)."""
    return tuple(_KINDS.values())


def models() -> tuple[type[StepFile], ...]:
    """Every kind's model, in registration order."""
    return tuple(_KINDS)


def kind_of(file: StepFile) -> type[Step[Any]]:
    """The step class a validated ``[[steps]]`` table is built as."""
    return _KINDS[type(file)]


def ordered() -> tuple[type[Step[Any]], ...]:
    """The kinds in the order a table is matched against their claims (the module's docstring)."""
    return _ordered(all_kinds())


@cache
def _ordered(every: tuple[type[Step[Any]], ...]) -> tuple[type[Step[Any]], ...]:
    def rank(kind: type[Step[Any]]) -> int:
        if kind.claim.values:
            return 1
        return 0 if sum(kind.claim.key in _keys(k.model) for k in every) == 1 else 2

    return tuple(sorted(every, key=rank))


def model_of(raw: Any, where: str) -> type[StepFile]:
    """The model of one ``[[steps]]`` table: text (``say``) or a question (``ask``), of the kind that claims it."""
    if not isinstance(raw, dict):
        raise LessonError(f"{where}: expected a table, got {type(raw).__name__}")
    if ("say" in raw) == ("ask" in raw):
        raise LessonError(f"{where}: a step has exactly one of 'say' (text) or 'ask' (a question)")
    every = ordered()
    found = next((kind for kind in every if kind.claim.matches(raw)), None)
    if found is None:
        raise LessonError(f"{where}: missing key {every[-1].claim.key!r}")
    return found.model


def claimed(key: str) -> tuple[str, ...]:
    """The values of ``key`` that kinds claim (``answer``: number, choice, play)."""
    return tuple(v for kind in all_kinds() if kind.claim.key == key for v in kind.claim.values)


def taken_by(key: str) -> str | None:
    """Which steps take ``key``, in the words of "only ... steps take 'goal'" (None: every step takes it, or none)."""
    return _taken(all_kinds()).get(key)


@cache
def _taken(every: tuple[type[Step[Any]], ...]) -> dict[str, str]:
    """Each key some kinds take and others do not, and those kinds in words: by a key they all require and no
    other kind takes ("ask" steps), else by their claims' names ("number, choice and practice")."""
    takers: dict[str, list[type[Step[Any]]]] = {}
    for kind in every:
        for key in _keys(kind.model):
            takers.setdefault(key, []).append(kind)
    required = {key for key, group in takers.items()
                if all(key in _keys(k.model, required=True) for k in group)}
    out = {}
    for key, group in takers.items():
        if len(group) == len(every):
            continue
        common = next((k for k in takers if k in required and takers[k] == group), None)
        names = [common] if common else list(dict.fromkeys(n for kind in group for n in kind.claim.names))
        out[key] = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return out


def _keys(model: type[StepFile], required: bool = False) -> tuple[str, ...]:
    """The keys a model takes (those it requires)."""
    return tuple(f.encode_name for f in struct_fields(model) if f.required or not required)
