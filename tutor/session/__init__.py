"""The conversation: ``Session.handle(line) -> replies``, with no I/O inside.

* ``state``   - replies, the learner's place (an undo snapshot), the shared state;
* ``answers`` - judging answers, games move by move, hints and solutions;
* ``core``    - the Session: commands, navigation, lessons.
"""

from __future__ import annotations

from tutor.session.core import Session
from tutor.session.state import COMMANDS, Place, Reply

__all__ = ["COMMANDS", "Place", "Reply", "Session"]
