"""Names vulture cannot see used: called by frameworks, by name, or kept as documented data.

Run: vulture tutor vulture_whitelist.py --ignore-decorators "@*.register,@*.add" (the test suite does).
Registered quantities, answer kinds and commands are found through their registries; puzzle families through
the tutor.puzzles entry points, and each family package names its Puzzle class in ``__all__`` (so no family
is named here).
"""

import sqlite3

import re2
from prompt_toolkit.buffer import Buffer

from tutor import cli, commands, completer
from tutor.course import model, schema
from tutor.puzzles import base
from tutor.session import answers as session_answers

commands.cmd_start, commands.cmd_lint, commands.cmd_progress  # argparse handlers, looked up by name
commands.cmd_new, commands.cmd_preview, commands.cmd_grade, commands.cmd_schema
cli.main  # the console script
completer.TutorCompleter.get_completions  # prompt_toolkit calls it
model.Lesson.tags  # a documented lesson key, kept for instructors' tools
base.Puzzle.samples, base.Sample.random_games  # read by the conformance suite
base.Puzzle.limits  # read by the test that docs/limits.md lists every limit
session_answers.Answering.expected  # the REPL's status and the tests read it

re2.Options.case_sensitive, re2.Options.log_errors  # RE2 reads the options it is given
sqlite3.Connection.text_factory  # SQLite calls it for every text column

Buffer.cursor_position  # prompt_toolkit moves the cursor when it is set (Ctrl-C in a tree)
schema.StepFile.ask, schema.LessonFile.allow_unsolvable  # model fields: msgspec and the JSON Schema read them
