"""A learner's records as xAPI 1.0.3 statements (Experience API, ADL), for any learning record store.

One statement per record (xAPI-Data.md, part two, section 2.4):

* ``actor`` - an Agent identified by an account: ``homePage`` ``urn:tutor``, ``name`` the profile id (nothing
  else about the learner leaves the machine);
* ``verb`` - an ADL verb with its ``display``: ``answered`` (an attempt), ``asked`` (a hint rung),
  ``experienced`` (a revealed solution), ``completed`` (a step);
* ``object`` - an Activity per lesson step, ``urn:tutor:lesson:<lesson>:step:<n>``;
* ``result`` - on an attempt: ``success``, ``response`` (the answer), ``duration`` (ISO 8601) and extensions
  for the verdict, misconception, hint rung, revealed solution, variant and skills, and the evidence fields
  (``instance``, ``item``, ``try``, ``aids``: ``tutor.progress.evidence``), without which a statement is refused;
* ``context`` - the lesson as the parent activity, each skill as a category activity, the platform, and the
  exact time as an extension (so an import restores the record exactly);
* ``timestamp`` - ISO 8601 in UTC; ``id`` - the record's key (``tutor.learner.export``), so a store that
  receives a statement twice keeps one.

``from_xapi`` reads such statements back (``tutor progress --import``, ``tutor class``).
"""

from __future__ import annotations

import functools
import heapq
from collections.abc import Iterable, Iterator, Mapping
from datetime import UTC, datetime
from operator import itemgetter
from typing import Any

from tutor.learner.export import (
    AttemptRecord,
    CompletedRecord,
    ExportError,
    HintRecord,
    Json,
    Records,
    SolutionRecord,
    Source,
    evidence_of,
    json_array,
)

HOME = "urn:tutor"  # the actor's account homePage: the profile id is an account of the tutor
ADL = "http://adlnet.gov/expapi/verbs/"
VERBS = ("answered", "asked", "experienced", "completed")  # ADL verbs: attempt, hint, solution, completed step
EXT = "urn:tutor:xapi:"  # extension keys (IRIs): EXT + "misconception", ...
INTERACTION = "http://adlnet.gov/expapi/activities/cmi.interaction"
LESSON_TYPE = "http://adlnet.gov/expapi/activities/lesson"
SKILL_TYPE = "http://adlnet.gov/expapi/activities/objective"
LANG = "en-US"


def activity(lesson: str, step: int | None = None) -> str:
    """The activity id of a lesson, or of one of its steps: ``urn:tutor:lesson:coins-1:step:3``."""
    return f"{HOME}:lesson:{lesson}" + ("" if step is None else f":step:{step}")


def iso(at: float) -> str:
    """Unix seconds as an ISO 8601 timestamp in UTC, to the millisecond: ``2025-03-01T09:30:00.250Z``."""
    return datetime.fromtimestamp(at, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def duration(seconds: float) -> str:
    """Seconds as an ISO 8601 duration (xAPI keeps 0.01 s): ``PT12.5S``."""
    return f"PT{round(max(seconds, 0.0), 2):g}S"


def statement(profile: str, verb: str, lesson: str, step: int, at: float, key: str,
              result: dict[str, Json] | None = None, skills: tuple[str, ...] = ()) -> dict[str, Json]:
    """One statement about a lesson step (see the module docstring).  Its parts that depend only on the learner,
    the verb, the lesson step or the skills are made once and shared by the statements they are alike in (an
    export of 200,000 attempts repeats a few of them): read them, never change them."""
    activities = {"parent": parent(lesson), "category": categories(skills)} if skills else {"parent": parent(lesson)}
    out: dict[str, Json] = {
        "id": key,
        "actor": actor(profile),
        "verb": verb_of(verb),
        "object": step_object(lesson, step),
        "context": {"platform": "tutor", "language": LANG, "contextActivities": activities,
                    "extensions": {EXT + "at": at, EXT + "lesson": lesson, EXT + "step": step}},
        "timestamp": iso(at),
        "version": "1.0.3",
    }
    if result is not None:
        out["result"] = result
    return out


@functools.lru_cache(maxsize=64)
def actor(profile: str) -> dict[str, Json]:
    """The learner as an Agent identified by an account of the tutor."""
    return {"objectType": "Agent", "account": {"homePage": HOME, "name": profile}}


@functools.lru_cache(maxsize=len(VERBS))
def verb_of(verb: str) -> dict[str, Json]:
    """An ADL verb with its display."""
    return {"id": ADL + verb, "display": {LANG: verb}}


@functools.lru_cache(maxsize=1024)
def step_object(lesson: str, step: int) -> dict[str, Json]:
    """The activity of a lesson step."""
    return {"objectType": "Activity", "id": activity(lesson, step),
            "definition": {"name": {LANG: f"{lesson}, step {step}"}, "type": INTERACTION, "interactionType": "fill-in"}}


@functools.lru_cache(maxsize=256)
def parent(lesson: str) -> list[Json]:
    """The lesson as the parent activity of its steps."""
    return [{"objectType": "Activity", "id": activity(lesson), "definition": {"type": LESSON_TYPE}}]


@functools.lru_cache(maxsize=256)
def categories(skills: tuple[str, ...]) -> list[Json]:
    """Each skill as a category activity."""
    return [{"objectType": "Activity", "id": f"{HOME}:skill:{name}",
             "definition": {"type": SKILL_TYPE, "name": {LANG: name}}} for name in skills]


def attempt_result(a: AttemptRecord) -> dict[str, Json]:
    """An attempt's ``result``: success, response, duration and the learner-model extensions."""
    return {"success": a.correct, "response": a.answer, "duration": duration(a.seconds),
            "extensions": {EXT + "verdict": a.verdict, EXT + "misconception": a.misconception,
                           EXT + "hint-rung": a.hint, EXT + "revealed": a.revealed, EXT + "variant": a.variant,
                           EXT + "skills": list(a.skills), EXT + "seconds": a.seconds,
                           EXT + "instance": a.instance, EXT + "item": a.item, EXT + "try": a.nth,
                           EXT + "aids": list(a.aids)}}


def each_statement(records: Source) -> Iterator[dict[str, Json]]:
    """Every record as a statement, in time order (each table is in time order: merged, never all held)."""
    p = records.profile
    kinds: tuple[Iterable[tuple[float, dict[str, Json]]], ...] = (
        ((a.at, statement(p, "answered", a.lesson, a.step, a.at, a.key, attempt_result(a), a.skills))
         for a in records.attempts),
        ((h.at, statement(p, "asked", h.lesson, h.step, h.at, h.key, {"extensions": {EXT + "hint-rung": h.level}}))
         for h in records.hints),
        ((s.at, statement(p, "experienced", s.lesson, s.step, s.at, s.key, {"extensions": {EXT + "revealed": True}}))
         for s in records.solutions),
        ((c.at, statement(p, "completed", c.lesson, c.step, c.at, c.key,
                          {"completion": True, "extensions": {EXT + "how": c.how}})) for c in records.completed))
    for _, made in heapq.merge(*kinds, key=itemgetter(0)):  # stable: attempts first among records of one moment
        yield made


def statements(records: Source) -> list[dict[str, Json]]:
    """Every record as a statement, in time order."""
    return list(each_statement(records))


def xapi_chunks(records: Source) -> Iterator[str]:
    """``to_xapi`` in pieces, a statement at a time (the text is the same)."""
    return json_array(each_statement(records), "")


def to_xapi(records: Source) -> str:
    """The xAPI export: a JSON array of statements (what a learning record store's statements resource takes)."""
    return "".join(xapi_chunks(records))


# -- reading statements back ----------------------------------------------------------------------------------


def from_xapi(data: Json, where: str) -> Records:
    """Statements written by ``to_xapi`` read back into records; ``ExportError`` naming ``where`` and the
    statement if one is not of this tutor's making."""
    items = data.get("statements") if isinstance(data, dict) else data
    if not isinstance(items, list):
        raise ExportError(f"{where}: 'statements' is not a list")
    profiles: set[str] = set()
    kinds: dict[str, list[Any]] = {verb: [] for verb in VERBS}
    for number, item in enumerate(items, 1):
        try:
            verb, profile, record = read_statement(item)
        except (KeyError, TypeError, ValueError) as err:
            problem = f"no {err.args[0]!r}" if isinstance(err, KeyError) else str(err)
            raise ExportError(f"{where}: statement {number} is not one of this tutor's ({problem})") from None
        profiles.add(profile)
        kinds[verb].append(record)
    if len(profiles) > 1:
        raise ExportError(f"{where} holds statements of {len(profiles)} learners; export one learner per file")

    def ordered(verb: str) -> tuple[Any, ...]:
        return tuple(sorted(kinds[verb], key=lambda r: r.at))

    return Records(next(iter(profiles), ""), ordered("answered"), ordered("asked"), ordered("experienced"),
                   ordered("completed"))


def read_statement(item: Mapping[str, Json]) -> tuple[str, str, Any]:
    """A statement's verb, actor's profile id and record."""
    if not isinstance(item, Mapping):
        raise ValueError("not a JSON object")
    verb_id = str(item["verb"]["id"])
    verb = verb_id.removeprefix(ADL)
    if verb not in VERBS or not verb_id.startswith(ADL):
        raise ValueError(f"verb {verb_id!r} is not one the tutor writes")
    account = item["actor"]["account"]
    if account["homePage"] != HOME:
        raise ValueError(f"actor's homePage {account['homePage']!r} is not {HOME!r}")
    ext = item["context"]["extensions"]
    lesson, step, at = ext[EXT + "lesson"], ext[EXT + "step"], ext[EXT + "at"]
    if not isinstance(lesson, str) or isinstance(step, bool) or not isinstance(step, int) \
            or step < 1 or isinstance(at, bool) or not isinstance(at, int | float):
        raise ValueError("its lesson, step or time is not of the right type")
    result = item.get("result", {})
    extra = result.get("extensions", {})
    record: Any
    if verb == "answered":
        skills = extra.get(EXT + "skills", [])
        if not isinstance(skills, list) or not all(isinstance(s, str) for s in skills):
            raise ValueError("its skills are not a list of names")
        misconception = extra.get(EXT + "misconception")
        if misconception is not None and not isinstance(misconception, str):
            raise ValueError("its misconception is not a name")
        record = AttemptRecord(lesson, step, str(result["response"]), bool(result["success"]),
                               str(extra.get(EXT + "verdict", "")), float(extra.get(EXT + "seconds", 0.0)),
                               float(at), tuple(skills), misconception,
                               int(extra.get(EXT + "hint-rung", 0)), bool(extra.get(EXT + "revealed", False)),
                               str(extra.get(EXT + "variant", "")), str(extra[EXT + "instance"]),
                               *evidence_of({"item": extra[EXT + "item"], "nth": extra[EXT + "try"],
                                             "aids": extra[EXT + "aids"]}))
    elif verb == "asked":
        record = HintRecord(lesson, step, int(extra[EXT + "hint-rung"]), float(at))
    elif verb == "experienced":
        record = SolutionRecord(lesson, step, float(at))
    else:
        record = CompletedRecord(lesson, step, str(extra.get(EXT + "how", "answered")), float(at))
    return verb, str(account["name"]), record
