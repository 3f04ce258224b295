"""Tab completion for the REPL: commands, lesson ids, and moves for the current step."""

from __future__ import annotations

from collections.abc import Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from tutor.session import COMMANDS, Session

COMMAND_NAMES = sorted(COMMANDS)


class TutorCompleter(Completer):
    """Completes ``/commands``, lesson ids after ``/open``, and moves everywhere else."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def get_completions(self, document: Document, _complete_event: CompleteEvent) -> Iterable[Completion]:
        """Yield completions for the text before the cursor."""
        text = document.text_before_cursor
        if text.startswith("/"):
            if " " not in text:
                for name in COMMAND_NAMES:
                    if name.startswith(text.lower()):
                        yield Completion(name, start_position=-len(text), display_meta=COMMANDS[name].help)
                return
            command, _, arg = text.partition(" ")
            if command.lower() == "/open":
                for lesson in self.session.catalog.ordered():
                    if lesson.id.startswith(arg.strip()):
                        yield Completion(lesson.id, start_position=-len(arg.lstrip()), display_meta=lesson.title)
            return
        word = document.get_word_before_cursor(WORD=True)
        for move in self.session.completions():
            if move.startswith(word) and move != word:
                yield Completion(move, start_position=-len(word))

