"""The conversation: ``Session.handle(line) -> replies``, with no I/O inside.

* ``core``     - the Session: it conducts the pieces below and stores what steps record;
* ``navigation`` - moving between lessons and steps; ``ladder`` - hints and solutions; ``undo`` - the undo history;
* ``place``    - where the learner is (the value those pieces pass around);
* ``registry`` - the ``/commands`` registry (``/help``, dispatch, completion); ``handlers`` - what they do;
* ``summary``  - one summary of a learner's progress (``/progress``, ``/lessons``, ``tutor progress``);
* ``saving``   - what the learner hears about saving progress.
"""

from __future__ import annotations

from tutor.screen.shown import Reply
from tutor.session import handlers  # noqa: F401  (registers the commands)
from tutor.session.core import Session
from tutor.session.place import Place
from tutor.session.registry import COMMANDS

__all__ = ["COMMANDS", "Place", "Reply", "Session"]
