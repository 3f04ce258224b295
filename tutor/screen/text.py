"""Small helpers for text a learner reads."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

TYPE_CHECKING = False  # ``typing.TYPE_CHECKING`` without importing typing: ``tutor --help`` never imports it
if TYPE_CHECKING:
    from typing import TextIO


def sequence_text(items: Sequence[str], limit: int = 12) -> str:
    """Join items with spaces, eliding the middle of long sequences for display.

    >>> sequence_text([str(i) for i in range(20)], limit=4)
    '0 1 ... (16 more) ... 18 19'
    """
    if len(items) <= limit:
        return " ".join(items)
    head = " ".join(items[: limit // 2])
    tail = " ".join(items[-(limit // 2) :])
    return f"{head} ... ({len(items) - limit} more) ... {tail}"


def shorten(text: str, width: int = 60) -> str:
    """``text`` quoted as ``repr`` does, cut to about ``width`` characters, with its length when cut.

    >>> shorten("0123 02", 20), shorten("x" * 100, 10)
    ("'0123 02'", "'xxxxxxxxxx'... (100 characters)")
    """
    if len(text) <= width:
        return repr(text)
    return f"{text[:width]!r}... ({len(text):,} characters)"


def shorten_path(path: str, width: int = 60) -> str:
    """A file or folder name quoted as ``repr`` does; a long one loses its middle, never its last part (which file).

    >>> shorten_path("/tmp/class/l0.tsv"), shorten_path("/" + "d" * 80 + "/exports/l0.tsv", 30)
    ("'/tmp/class/l0.tsv'", "'/ddddddd.../exports/l0.tsv'")
    """
    if len(path) <= width:
        return repr(path)
    tail = path[-(width // 2):]
    tail = tail[tail.find("/"):] if "/" in tail else tail
    head = path[: max(1, width - len(tail) - 3)]
    return repr(f"{head}...{tail}")


def one_line(message: str, width: int = 800) -> str:
    """A message as one line: line breaks become spaces, and the middle of a long one is elided.

    >>> one_line("a\\nb"), len(one_line("x" * 5000)) < 900
    ('a b', True)
    """
    flat = " ".join(message.splitlines())
    if len(flat) <= width:
        return flat
    keep = width // 2
    return f"{flat[:keep]} [...] {flat[-keep:]}"


def number_text(value: int) -> str:
    """A whole number as the tutor writes it everywhere: digits alone up to four (``1618``), grouped in threes
    from five on (``65,535``), so a lesson and a verdict never show one number two ways.

    >>> number_text(1618), number_text(65535), number_text(-12345)
    ('1618', '65,535', '-12,345')

    Past 60 digits a number is shown as what it is, never a wall of digits (``/show`` gives them):

    >>> number_text(2**1000), number_text(3**200 - 1)
    ('2^1000, a 302-digit number', '3^200 - 1, a 96-digit number')
    >>> number_text(2**1000 + 12345)
    'a 302-digit number, 10715086...68081721'
    """
    if value.bit_length() > 13_000:  # past Python's 4,300-digit conversion: only its size is told
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    digits = str(abs(value))
    if len(digits) > LONG_DIGITS:
        sign, form = "-" if value < 0 else "", power_form(abs(value))
        size = f"a {len(digits)}-digit number"
        return f"{sign}{form}, {size}" if form else f"{sign}{size}, {digits[:8]}...{digits[-8:]}"
    return f"{value:,}" if abs(value) >= 10_000 else str(value)


LONG_DIGITS = 60  # past this many digits a number is shown as what it is (a power) and its length


def power_form(value: int) -> str | None:
    """``value`` as a power of a small base, or one off it (``2^1000``, ``3^200 - 1``), or None."""
    for base in range(2, 37):
        exponent = round(math.log(value, base))
        for near, said in ((0, ""), (1, " - 1"), (-1, " + 1")):
            if base ** exponent - near == value:
                return f"{base}^{exponent}{said}"
    return None


NONE_WORDS = frozenset({"none", "nothing", "no positions", "no pairs", "no totals", "no numbers", "empty", "-"})


def is_none(text: str) -> bool:
    """Whether a list answer says the list is empty (``none``, ``nothing``, ...): the word its format gives one.

    >>> is_none(" None. "), is_none("(1, 2)")
    (True, False)
    """
    return " ".join(text.lower().strip().rstrip(".!").split()) in NONE_WORDS


def plural(count: int, word: str, many: str | None = None) -> str:
    """``count`` and ``word`` in the right number: "1 move", "3 moves", "2 boxes" with ``many="boxes"``.

    >>> plural(1, "move"), plural(0, "move"), plural(2, "arrangement"), plural(3, "body", "bodies")
    ('1 move', '0 moves', '2 arrangements', '3 bodies')
    >>> plural(65535, "move")
    '65,535 moves'
    """
    return f"{count:,} {word if count == 1 else many or word + 's'}"


def percent(share: float) -> str:
    """A share as a whole percent, rounded down, so a share just under a target never reads as the target.

    >>> percent(0.9479), percent(0.95), percent(1.0), percent(0.004)
    ('94%', '95%', '100%', '0%')
    """
    return f"{math.floor(round(share * 100, 6))}%"


# Control characters a terminal acts on: C0 (but line feed and tab), DEL, C1 (U+0080-U+009F: U+009B is a CSI),
# and the bidirectional overrides that reorder what is read (U+202A-U+202E, U+2066-U+2069).
CONTROLS = {c: f"\\x{c:02x}" for c in (*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F)}
CONTROLS.update({c: f"\\u{c:04x}" for c in (*range(0x80, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A))})


def visible(text: str) -> str:
    """``text`` safe to print: every control character a terminal would act on (ESC and so every escape
    sequence, BEL, carriage return, U+009B, bidirectional overrides) is written as a visible escape; line feeds
    and tabs stay.  Everything the tutor shows passes here; only its own styling emits escape codes.

    >>> visible("hello \\x1b]0;PWNED\\x07 \\u009b2J\\nnext")
    'hello \\\\x1b]0;PWNED\\\\x07 \\\\u009b2J\\nnext'
    """
    return text.translate(CONTROLS)


def controls_in(text: str) -> list[tuple[int, int, str]]:
    """Where ``text`` holds characters ``visible`` escapes: (line, column, escape), 1-based; a lone carriage
    return before a line feed (a Windows line end) is not one.

    >>> controls_in("ok\\r\\nsay = 'a\\x1b[2J'")
    [(2, 9, '\\\\x1b')]
    """
    found = []
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), 1):
        found += [(number, column, CONTROLS[ord(c)]) for column, c in enumerate(line, 1) if ord(c) in CONTROLS]
    return found


class Visible(io.TextIOBase):
    """A text stream that passes everything written through ``visible`` to the stream it wraps (``raw``); the
    command line wraps standard output and standard error in one, and only the tutor's own styling (rich,
    prompt_toolkit) writes to ``raw``."""

    def __init__(self, raw: TextIO) -> None:
        super().__init__()
        self.raw = raw

    def write(self, text: str) -> int:
        self.raw.write(visible(text))
        return len(text)

    def flush(self) -> None:
        self.raw.flush()

    def isatty(self) -> bool:
        return self.raw.isatty()

    def fileno(self) -> int:
        return self.raw.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.raw, "encoding", None) or "utf-8"

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return getattr(self.raw, "errors", None)

    def reconfigure(self, **settings: object) -> None:
        """As ``TextIOWrapper.reconfigure``, on the wrapped stream."""
        change = getattr(self.raw, "reconfigure", None)
        if change is not None:
            change(**settings)


def raw_stream(stream: TextIO) -> TextIO:
    """The stream a ``Visible`` wraps (the stream itself otherwise): where the tutor's own styling is written."""
    return stream.raw if isinstance(stream, Visible) else stream
