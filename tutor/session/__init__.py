"""The conversation: ``Session.handle(line) -> replies``, with no I/O inside.

* ``core``     - the Session: where the learner is, undo, navigation, storing what steps record;
* ``registry`` - the ``/commands`` registry (``/help``, dispatch, completion); ``handlers`` - what they do;
* ``summary``  - one summary of a learner's progress (``/progress``, ``/lessons``, ``tutor progress``);
* ``saving``   - what the learner hears about saving progress.
"""

from __future__ import annotations

from tutor.session import handlers  # noqa: F401  (registers the commands)
from tutor.session.core import Place, Session
from tutor.session.registry import COMMANDS
from tutor.shown import Reply

__all__ = ["COMMANDS", "Place", "Reply", "Session"]
