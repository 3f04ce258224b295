"""The parsing toolkit (tutor/grammar/) and the three learner languages on it: one wording for every failure,
what was expected in each language's own words, limits refused before the work they guard, no exception but one
line of InvalidNotation whatever the text, and no lark until a parser is needed."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tutor.errors import IllegalMove, InvalidNotation, TooLarge
from tutor.grammar import END, Language, Nesting, NotationError, Reading, arithmetic, join_or
from tutor.grammar.arithmetic import ExpressionError, evaluate
from tutor.grammar.formula import Binary, Call, Neg, Num, Var
from tutor.puzzles.coins.rules import formula as coins_formula
from tutor.puzzles.coins.rules import group as coins_group
from tutor.puzzles.coins.rules import notation as coins_notation
from tutor.puzzles.coins.rules import touch as coins_touch
from tutor.puzzles.gods.limits import QUESTION_DEPTH, QUESTION_TOKENS
from tutor.puzzles.gods.rules import formula as gods_formula
from tutor.puzzles.gods.rules import lang
from tutor.puzzles.gods.rules import tree as gods_tree
from tutor.puzzles.gods.rules import worlds as gods_worlds
from tutor.puzzles.gods.rules.lang import QuestionError, QuestionTooLarge, parse_asked, parse_question
from tutor.puzzles.gods.rules.worlds import universe
from tutor.puzzles.lightsout.rules import formula as lights_formula
from tutor.puzzles.lightsout.rules import notation as lights_notation
from tutor.puzzles.lightsout.rules import presses as lights_presses
from tutor.puzzles.lightsout.rules.grid import Rules as LightsRules
from tutor.puzzles.wythoff.rules import Rules as WythoffRules
from tutor.puzzles.wythoff.rules import formula, read_sum_move
from tutor.puzzles.wythoff.rules import notation as wythoff_notation
from tutor.puzzles.wythoff.rules.formula import FormulaError, parse_conjecture, parse_formula

U = universe()
LANGUAGES = [arithmetic.NUMBERS, formula.FORMULAS, lang.QUESTIONS, lights_formula.FORMULAS, gods_formula.FORMULAS,
             coins_formula.FORMULAS, coins_group.GROUPS, lights_notation.SIZES, lights_notation.BOARDS,
             lights_presses.PRESSES, coins_notation.MOVES, wythoff_notation.NOTATION, gods_tree.PLANS,
             gods_worlds.ROLE_LISTS, coins_touch.TOUCHES]


def message(read: Any, text: str) -> str:
    with pytest.raises(NotationError) as err:
        read(text)
    return str(err.value)


# -- one wording, with line and column ---------------------------------------------------------------

@pytest.mark.parametrize(("read", "text", "expected"), [
    (evaluate, "2^^3", "'2^^3': unexpected '^' at column 3 (expected a number, '(' or '-')"),
    (evaluate, "2 +", "'2 +': a number is missing at the end (column 4)"),
    (evaluate, "(2 + 3", "'(2 + 3': ')' is missing at the end (column 7, to close the '(' at column 1)"),
    (evaluate, "2 +\n 3 3", r"'2 +\n 3 3': unexpected '3' at line 2, column 4 (expected '+', '-', '*', '/', '^' "
                            "or the end)"),
    (evaluate, "2 +\n(3 *", r"'2 +\n(3 *': a number is missing at the end (line 2, column 5)"),
    (evaluate, "((1)", "'((1)': ')' is missing at the end (column 5, to close the '(' at column 1)"),
    (parse_formula, "floor(k*x)", "'floor(k*x)': unknown name 'x' at column 9 (allowed: k, phi, pi, floor, "
                                  "ceiling, sqrt)"),
    (parse_formula, "k 2", "'k 2': unexpected '2' at column 3 (expected '+', '-', '*', '/', '^', a name, '(' or "
                           "the end)"),
    (parse_formula, "floor(k", "'floor(k': ')' is missing at the end (column 8, to close the '(' at column 6)"),
    (parse_conjecture, "floor(k*phi),\n  floor(k*x)", r"'floor(k*phi),\n  floor(k*x)': unknown name 'x' at line 2, "
                                                       "column 11 (allowed: k, phi, pi, floor, ceiling, sqrt)"),
    (gods_formula.parse_conjecture, "r < n -", "'r < n -': a number or n, t, f or r is missing at the end (column 8)"),
    (gods_formula.parse_conjecture, "r < n m", "'r < n m': unknown name 'm' at column 7 (allowed: n (gods), t, f, "
                                               "r (how many are True, False, Random), numbers, + - * / ^, n!, "
                                               "floor(...), ceiling(...), log2(...), min(a, b), max(a, b); a condition "
                                               "compares two of these (< <= = != >= >) and joins comparisons with and, "
                                               "or, not)"),
    (lambda t: parse_question(t, U), "A is Tru", "'A is Tru': unexpected 'Tru' at column 6 (expected a role "
                                                 "(True, False or Random) or 'not')"),
    (lambda t: parse_question(t, U), "A is True and\nB is", r"'A is True and\nB is': a role (True, False or "
                                                            "Random) is missing at the end (line 2, column 5)"),
    (lambda t: parse_question(t, U), "world in {A=True", "'world in {A=True': '}' is missing at the end (column 17, "
                                                        "to close the '{' at column 10)"),
    (lambda t: parse_asked(t, U), "ask B: A is True $", "'ask B: A is True $': unexpected '$' at column 18 "
                                                        "(expected 'and', 'or', 'xor', 'iff', '?' or the end)"),
])
def test_every_language_says_where_in_one_wording(read: Any, text: str, expected: str) -> None:
    assert message(read, text) == expected


def test_the_column_counts_from_the_start_of_its_line() -> None:
    with pytest.raises(QuestionError) as err:
        parse_question("A is True\n  and B is Tru", U)
    assert "at line 2, column 12" in str(err.value) and err.value.column == len("A is True\n  and B is ")


@pytest.mark.parametrize("language", LANGUAGES, ids=lambda lang_: lang_.noun)
def test_every_terminal_has_words_a_learner_reads(language: Language) -> None:
    """No lark name (LPAR, __ANON_0, $END) ever reaches a message: every terminal is said in the language's words."""
    for name in [*language.terminals(), END]:
        words = language.say({name})
        assert words != name and "__" not in words and "$" not in words, (name, words)


def test_groups_are_said_once_and_the_end_last() -> None:
    starts = {"NUMBER", "NUMWORDS", "WORDS", "LOG", "LPAR", "MINUS", "PLUS"}
    assert arithmetic.NUMBERS.say(starts) == "a number, '(' or '-'"
    assert arithmetic.NUMBERS.say({END, "RPAR", "PLUS"}) == "'+', ')' or the end"  # the grammar's order
    assert join_or(["a"]) == "a" and join_or("AB", "and") == "A and B"


# -- any text: a value or one line -----------------------------------------------------------------------

PIECES = ["2", "16", "65,535", "1_000", "k", "phi", "floor", "sqrt", "(", ")", "+", "-", "*", "/", "^", "**", " ",
          "\n", ",", ".", "=", "B_k", "A", "is", "not", "True", "Random", "you", "are", "ja", "means", "yes", "would",
          "say", "to", "if", "I", "asked", "world", "in", "{", "}", "and", "or", "?", "ask", ":", "$", "é", "x",
          "da:", "\n  ", "\t", "#", "├─ ", "let", ";", "{0, 2}", "a1", "X.X/..."]
TEXTS = st.one_of(st.text(max_size=60), st.lists(st.sampled_from(PIECES), max_size=25).map(" ".join),
                  st.lists(st.sampled_from(PIECES), max_size=25).map("".join))
READERS = {
    "number": evaluate, "formula": parse_formula, "conjecture": parse_conjecture,
    "lights out formula": lights_formula.parse_formula,
    "question": lambda t: parse_question(t, U), "asked": lambda t: parse_asked(t, U),
    "plain yes/no question": lambda t: parse_question(t, universe(("True", "False", "Random"), True)),
    "lights out size": lights_notation.parse_size, "lights out board": lambda t: lights_notation.parse_board(t, 3),
    "lights out presses": lambda t: lights_presses.parse_presses(t, LightsRules(4, 5)),
    "coin strategy": lambda t: coins_notation.parse_strategy(t, 4),
    "coin move": lambda t: coins_notation.parse_move(t, 3, 3),
    "wythoff positions": wythoff_notation.parse_positions, "wythoff pairs": wythoff_notation.parse_pairs,
    "wythoff move": lambda t: read_sum_move(WythoffRules(), ((3, 4), (5, 5)), t),
    "wythoff move in words": lambda t: read_sum_move(WythoffRules(), ((3, 4),), t),
    "plan for the gods": lambda t: gods_tree.parse_tree(t, U), "roles": gods_worlds.parse_roles,
    "touch strategy": lambda t: coins_touch.parse_touch_strategy(t, 4, 2),
}


@pytest.mark.parametrize("reader", READERS, ids=str)
@given(text=TEXTS)
@example(text="A\nA(")  # a name over a line break, then '(': its quote once kept the line break
def test_any_text_is_a_value_or_one_line_of_invalid_notation(reader: str, text: str) -> None:
    try:
        READERS[reader](text)
    except (InvalidNotation, IllegalMove, TooLarge) as err:
        line = str(err)
        assert line and "\n" not in line and "$END" not in line and "__ANON" not in line


# -- limits refused before the work they guard ----------------------------------------------------------


class Recorder:
    """A language's actions, recording every call (to show that a refusal comes before any)."""

    def __init__(self, actions: object) -> None:
        self.actions, self.calls = actions, 0

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.actions, name)

        def call(*children: Any) -> Any:
            self.calls += 1
            return method(*children)

        return call


def recording(language: Language) -> tuple[Language, Recorder]:
    recorder = Recorder(language.actions)
    copy = Language(noun=language.noun, example=language.example, package=language.package,
                    grammar=language.grammar, start=language.start, spoken=[], actions=recorder,
                    error=language.error, keep=language.keep, brackets=language.brackets)
    return copy, recorder


@pytest.mark.parametrize(("language", "check", "text", "words"), [
    (arithmetic.NUMBERS, arithmetic._check, "(" * 40 + "1" + ")" * 40, "nests deeper than 32 levels"),
    (arithmetic.NUMBERS, arithmetic._check, "-" * 33 + "1", "nests deeper than 32 levels"),
    (arithmetic.NUMBERS, arithmetic._check, "2^" * 40 + "1", "nests deeper than 32 levels"),
    (arithmetic.NUMBERS, arithmetic._check, "1 + " + "9" * 4001, "a number of 4001 digits"),
    (formula.FORMULAS, formula.READER.check, "floor(" * 9 + "k" + ")" * 9, "nests deeper than 16 levels"),
    (formula.FORMULAS, formula.READER.check, "k + " + "1" * 31, "a number of 31 digits"),
    (lang.QUESTIONS, lang._checker(U, "?"), "(" * 41 + "A is True" + ")" * 41, "nests more than 40 levels"),
    (lang.QUESTIONS, lang._checker(U, "?"), "A is True and D is True", "no god 'D'"),
])
def test_limits_are_refused_on_the_tokens_before_any_action(language: Language, check: Any, text: str,
                                                            words: str) -> None:
    copy, recorder = recording(language)
    with pytest.raises((NotationError, TooLarge)) as err:
        Reading(copy, text, check=check).parse(language.start[0])
    assert words in str(err.value) and recorder.calls == 0


def test_the_nesting_limits_are_the_levels_counted_before() -> None:
    """Nesting is read off the tokens as the recursive-descent parsers counted it: 32 levels of number answer, 16
    of formula (a bracket is two levels, a sign or an exponent one, a product ends them)."""
    assert evaluate("(" * 15 + "1" + ")" * 15) == 1 and evaluate("-" * 31 + "1") == -1
    assert evaluate("2*" * 200 + "1") == 2**200 and evaluate("-2*" * 40 + "1") == 2**40  # a product does not nest
    with pytest.raises(ExpressionError, match="nests deeper"):
        evaluate("(" * 16 + "1" + ")" * 16)
    assert parse_formula("(" * 7 + "k" + ")" * 7) == Var("k")
    with pytest.raises(FormulaError, match="nests deeper"):
        parse_formula("(" * 8 + "k" + ")" * 8)
    assert parse_formula("-" * 15 + "k") is not None and parse_formula("2k*" * 50 + "k") is not None
    nesting = Nesting(base=0, bracket=1)
    assert nesting.too_deep([], 0) is None


def test_question_size_limits_are_refused_as_both_kinds_of_error() -> None:
    reading = Reading(lang.QUESTIONS, "not " * 5000 + "A is True", limit=QUESTION_TOKENS.value,
                      too_many=lambda: QuestionTooLarge("too many"))
    with pytest.raises(QuestionTooLarge):
        reading.parse("question")
    assert len(reading.tokens) == QUESTION_TOKENS.value  # lexing stopped at the limit
    for text in ("not " * 2001 + "A is True", "not " * 41 + "A is True", "A is True and " * 41 + "A is True",
                 "would you say ja to (" * 41 + "A is True" + ")" * 41):
        with pytest.raises(QuestionTooLarge) as err:
            parse_question(text, U)
        assert isinstance(err.value, TooLarge) and "over the limit question_" in str(err.value)
    assert parse_question("not " * (QUESTION_DEPTH.value - 1) + "A is True", U) is not None


def test_deep_hostile_text_never_recurses() -> None:
    """The LALR parser and the checks are iterative: a text nested as deep as its length allows is refused by
    its limit, even under a tiny recursion limit (run in a fresh process, the parsers built first)."""
    code = """
import sys
from tutor.grammar.arithmetic import evaluate
from tutor.puzzles.wythoff.rules.formula import parse_conjecture
from tutor.puzzles.gods.rules.lang import parse_question
from tutor.puzzles.gods.rules.worlds import universe
from tutor.errors import TutorError
u = universe()
evaluate("1"), parse_conjecture("k"), parse_question("A is True", u)
sys.setrecursionlimit(120)
for read, text in ((evaluate, "(" * 5999 + "1"), (evaluate, "-" * 5999 + "1"), (evaluate, "2^" * 2999 + "1"),
                   (parse_conjecture, "(" * 199 + "k"), (lambda t: parse_question(t, u), "not " * 1999 + "A is True"),
                   (lambda t: parse_question(t, u), "(" * 1990 + "A is True")):
    try:
        read(text)
    except TutorError:
        pass
print("ok")
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "ok", run.stderr[-2000:]


def test_importing_the_languages_does_not_import_lark() -> None:
    code = ("import sys, tutor, tutor.grammar.arithmetic, tutor.puzzles.wythoff.rules.formula, "
            "tutor.puzzles.gods.rules.lang, tutor.session, tutor.shell.repl; print('lark' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "False", run.stderr[-2000:]


# -- the formula kernel the four conjecture languages share --------------------------------------------

FAMILY_FORMULAS = [(coins_formula.parse_formula, "N"), (lights_formula.parse_formula, "n"),
                   (lambda t: gods_formula.parse_conjecture(t).amount, "n"), (parse_formula, "k")]


@pytest.mark.parametrize(("read", "name"), FAMILY_FORMULAS)
def test_every_family_builds_its_formulas_from_the_kernel_nodes(read: Any, name: str) -> None:
    """``floor(-x + 2*x)`` is the same tree in every family (the kernel's nodes), whatever its own grammar."""
    x = Var(name.lower())
    expected = Call("floor", (Binary("+", Neg(x), Binary("*", Num(2), x)),))
    assert read(f"floor(-{name} + 2*{name})") == expected


@pytest.mark.parametrize(("read", "name"), FAMILY_FORMULAS)
@pytest.mark.parametrize(("text", "words"), [
    ("floor {x}", "'floor {x}': floor needs parentheses at column 1 (as in floor(...))"),
    ("{x} + zeta", "'{x} + zeta': unknown name 'zeta' at column 5 (allowed: "),
    ("{x} +", "'{x} +': "),
])
def test_every_family_refuses_alike_with_the_column(read: Any, name: str, text: str, words: str) -> None:
    said = message(read, text.format(x=name))
    assert said.startswith(words.format(x=name)) and "\n" not in said
    assert "column" in said
