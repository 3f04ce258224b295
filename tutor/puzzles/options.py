"""Typed inputs: puzzle parameters, question arguments, play settings and command options.

Every input the tutor takes by name is declared once as an ``Option``: its
type, default, help and allowed values.  The same declaration validates a
lesson's TOML table, the command line's flags and a test's dict, so a value is
refused with the same message wherever it comes from.

Vocabulary:

* ``Option("coins", int, 4, "number of positions N", minimum=1)`` - one input.
* ``Args`` - validated values of a tuple of options, immutable and hashable,
  remembering which ones the caller set (``args.given``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.errors import InvalidNotation, InvalidParams
from tutor.limits import INT_DIGITS, Limit


@dataclass(frozen=True)
class Option:
    """One declared input: name, type (int, str or bool), default, help and allowed values.

    ``positional`` and ``readable`` shape the command line only: a positional
    option is an argument rather than a ``--flag``; a readable one may be given
    as ``-`` (standard input) or ``@PATH`` (a file), and a readable positional
    one also as ``--file PATH``.  The command line reads the text; engines never do.
    """

    name: str
    type: type
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    positional: bool = False
    readable: bool = False
    metavar: str | None = None
    limit: Limit | None = None  # a maximum from the limits table (docs/limits.md), named when it refuses
    shown: Callable[[Any], str] | None = None  # how a value reads in a lesson's text (the gods' "True and False")

    def __post_init__(self) -> None:
        if self.limit is not None and self.maximum is None:
            object.__setattr__(self, "maximum", self.limit.value)

    @property
    def flag(self) -> str:
        """The command-line flag: ``min_total`` -> ``--min-total``."""
        return "--" + self.name.replace("_", "-")

    def coerce(self, value: Any, where: str) -> Any:
        """``value`` checked against this option (numeric text from flags becomes an int).

        ``where`` says whose option it is, for the error: "puzzle 'coins'".
        """
        what = f"{self.kind_word} {self.name!r} of {where}"
        if value is None and self.default is None:
            return None  # an optional text not given (a command decides whether it needs it)
        if self.type is bool:
            if not isinstance(value, bool):
                raise InvalidParams(f"{what} must be true or false, not {value!r}")
        elif self.type is int:
            if isinstance(value, str):
                value = parse_int(value, what)
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidParams(f"{what} must be a whole number, not {value!r}")
            if self.minimum is not None and value < self.minimum:
                raise InvalidParams(f"{what} must be at least {self.minimum}, not {value!r}")
            if self.limit is not None:
                self.limit.check(value, f"{what} is {value}")
            if self.maximum is not None and value > self.maximum:
                raise InvalidParams(f"{what} must be at most {self.maximum}, not {value!r}")
        elif self.type is str and not isinstance(value, str):
            raise InvalidParams(f"{what} must be text, not {value!r}")
        if self.choices is not None and value not in self.choices:
            options = ", ".join(repr(c) for c in self.choices)
            raise InvalidParams(f"{what} must be one of {options}, not {value!r}")
        return value

    @property
    def kind_word(self) -> str:
        """How errors name this option."""
        return "option" if self.positional else "parameter"


def parse_int(text: str, what: str) -> int:
    """A whole number written in ASCII digits with an optional sign; ``InvalidParams`` otherwise.

    >>> parse_int(" -12 ", "x")
    -12
    """
    body = text.strip()
    digits = body[1:] if body[:1] in "+-" else body
    if not (digits.isascii() and digits.isdecimal()):
        raise InvalidParams(f"{what} must be a whole number, not {text[:40]!r}" + ("..." if len(text) > 40 else ""))
    INT_DIGITS.check(len(digits), f"{what} has {len(digits):,} digits")
    return int(body)


class Args(Mapping[str, Any]):
    """Validated values of a tuple of options: an immutable, hashable mapping.

    ``given`` names the options the caller set explicitly (the rest hold defaults),
    for commands whose output depends on what was asked for.
    """

    __slots__ = ("_given", "_values")

    def __init__(self, values: Mapping[str, Any] | None = None, given: frozenset[str] = frozenset()) -> None:
        self._values = dict(values or {})
        self._given = given

    @property
    def given(self) -> frozenset[str]:
        """The names set explicitly."""
        return self._given

    def __getitem__(self, key: str) -> Any:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(tuple(sorted(self._values.items())))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mapping) and dict(self.items()) == dict(other.items())

    def __repr__(self) -> str:
        return f"Args({self._values!r})"


NO_ARGS = Args()


def required_text(args: Args, name: str, what: str = "answer") -> str:
    """The text option ``name``, or ``InvalidNotation`` saying how to give it."""
    value = args[name]
    if value is None:
        raise InvalidNotation(f"no {what} given: pass it as one argument (in quotes if it has spaces), with --file "
                              "PATH, or - to read standard input; the command's --help says what it is")
    return str(value)


def resolve(options: Sequence[Option], raw: Mapping[str, Any], where: str, *, strict: bool = True) -> Args:
    """Validate ``raw`` against ``options``, fill defaults, and return ``Args``.

    With ``strict``, a name no option declares raises ``InvalidParams``;
    without, such names are ignored (a quantity takes what it declares from a
    lesson step's arguments and leaves the rest to the step's other parts).
    """
    known = {o.name: o for o in options}
    if strict:
        for key in raw:
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise InvalidParams(f"unknown parameter {key!r} for {where} (known: {names})")
    values = {}
    for option in options:
        value = raw.get(option.name, option.default)
        values[option.name] = option.coerce(value, where)
    return Args(values, frozenset(k for k in raw if k in known))
