"""Names vulture cannot see used: called by frameworks, by name, or kept as documented data.

Run: vulture tutor vulture_whitelist.py --ignore-decorators "@*.register,@*.add,@command" (the test suite does).
Registered quantities, answer kinds and commands are found through their registries; puzzle families through
the tutor.puzzles entry points, and each family package names its Puzzle class in ``__all__`` (so no family
is named here).
"""

import sqlite3

import re2
from lark.parsers.lalr_parser_state import ParseConf
from prompt_toolkit.buffer import Buffer

from tutor import cli, course, puzzles
from tutor.course import lesson, schema
from tutor.course.steps import Step
from tutor.grammar import arithmetic
from tutor.learner import export_xapi
from tutor.progress import Progress
from tutor.puzzles import base
from tutor.puzzles.coins.rules import formula as coins_formula
from tutor.puzzles.coins.rules import touch as coins_touch
from tutor.puzzles.gods.rules import condition, lang
from tutor.puzzles.gods.rules import formula as gods_formula
from tutor.puzzles.lightsout.rules import presses as lights_presses
from tutor.puzzles.wythoff.rules import formula
from tutor.puzzles.wythoff.rules import notation as wythoff_notation
from tutor.screen import text
from tutor.shell import completer, history

Progress.export_json  # the store's raw rows as text: tests read them
cli.main  # the console script
text.Visible.writable  # the io protocol: print() and rich ask a stream whether it is writable
completer.TutorCompleter.get_completions  # prompt_toolkit calls it
lesson.Lesson.tags  # a documented lesson key, kept for instructors' tools
base.Puzzle.samples, base.Sample.random_games  # read by the conformance suite
base.Puzzle.limits  # read by the test that docs/limits.md lists every limit

re2.Options.case_sensitive, re2.Options.log_errors  # RE2 reads the options it is given
sqlite3.Connection.text_factory  # SQLite calls it for every text column

Buffer.cursor_position  # prompt_toolkit moves the cursor when it is set (Ctrl-C in a tree)
schema.AskBase.ask, schema.LessonFile.allow_unsolvable  # model fields: msgspec and the JSON Schema read them

# lark calls a language's actions by the names in its grammar (after '->') as it parses (tutor/grammar/)
arithmetic._Actions.minus, arithmetic._Actions.subtract, arithmetic._Actions.divide
arithmetic._Actions.raise_to, arithmetic._Actions.spoken, arithmetic._Actions.factorial
arithmetic._Actions.log2
formula._Actions.variable, formula._Actions.constant, formula._Actions.call
formula._Actions.implicit, formula._Actions.claim
coins_formula._Actions.boolean, coins_formula._Actions.logic
coins_touch._Actions.braces, coins_touch._Actions.always
ParseConf.callbacks  # Reading._replay empties them, so a replay to find what was expected runs no action
lang._Actions.negation, lang._Actions.you, lang._Actions.means, lang._Actions.would, lang._Actions.counterfactual
lang._Actions.spoken_role, lang._Actions.spoken_you
condition._Actions.exclusive
gods_formula._Actions.logic, gods_formula._Actions.comparison, gods_formula._Actions.mixed
lights_presses._Actions.row_first, lights_presses._Actions.bracketed, lights_presses._Actions.none
wythoff_notation._Actions.on_board, wythoff_notation._Actions.pile_name
formula.parse_formula  # one formula without a target: tests and lesson checks read lessons' formulas with it
history.BoundedHistory.load_history_strings, history.BoundedHistory.store_string  # prompt_toolkit calls them
Step.on_screen  # the question on screen (a practice step's item): the course sweeps in tests read it
puzzles.unregister  # the counterpart of register, for tests and embedding: a registered family can be forgotten
export_xapi.statements  # every statement at once (the export streams them): the xAPI tests validate each
course.__getattr__  # PEP 562: Python calls it for the names tutor.course imports when first used
