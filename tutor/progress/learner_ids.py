"""Who the learner is to their instructor: the learner id and course seed, kept in the profile.

``tutor --learner ID --seed N`` draws the learner's variants from their id and the course seed (``tutor.submission.
variant_owner``), and ``/submit`` writes the id.  Both are stored in the progress database's profile (``learner`` and
``seed``), so later runs, ``tutor`` alone included, draw the same variants: a new ``--learner`` replaces both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tutor.progress.events import Profiled

if TYPE_CHECKING:
    from tutor.progress import Progress


def learner_and_seed(progress: Progress, given: str = "", seed: int | None = None) -> tuple[str, int | None]:
    """The learner id and course seed to use: ``given`` and ``seed`` (``tutor --learner ID [--seed N]``), both stored
    for later runs; with no id given, the stored one ("": none) with ``seed``, else the seed stored with it.

    >>> from tutor.progress import Progress
    >>> store = Progress(None)
    >>> learner_and_seed(store), learner_and_seed(store, "ada", 7), learner_and_seed(store)
    (('', None), ('ada', 7), ('ada', 7))
    >>> learner_and_seed(store, seed=3), learner_and_seed(store, "bo"), learner_and_seed(store)
    (('ada', 3), ('bo', None), ('bo', None))
    """
    if not given:
        stored, kept = progress.profile_value("learner"), progress.profile_value("seed")
        return stored, seed if seed is not None or not stored or not kept.isdigit() else int(kept)
    for key, value in (("learner", given), ("seed", "" if seed is None else str(seed))):
        if value != progress.profile_value(key) and not progress.readonly:
            progress.record(Profiled("", 0, key=key, value=value))
    return given, seed
