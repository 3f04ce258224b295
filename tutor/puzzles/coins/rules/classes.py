"""Classes of tables under the Devil's turns, computed on whole numpy arrays: no Python loop runs over tables.

A table's code is sum d_p K**p.  Turning it by r is a cyclic shift of its base-K digits: with
code = high * K**(N - r) + low, the turned code is low * K**r + high, one vector operation over every
table at once.  A reflection is a turn of the reversed digits (reversing is N vector operations), so
the orbit minimum - the class representative - costs about 4 x turns vector operations over K**N codes.

Vocabulary (N = 4, K = 2):
    Codes = numpy int64 array   # [0, 1, ..., 15]: tables
    Digits = numpy array        # shape (len(codes), N): digit p of each code in column p
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np


def class_total(n: int, k: int, dihedral: bool) -> int:
    """Burnside's count of classes (a turn by r fixes K**gcd(r, N) tables), without enumerating anything.

    >>> class_total(20, 2, True), class_total(8, 2, False), class_total(3, 3, False)
    (27012, 36, 11)
    """
    total = sum(k ** gcd(r, n) for r in range(n))
    if not dihedral:
        return total // n
    total += n * k ** ((n + 1) // 2) if n % 2 else (n // 2) * (k ** (n // 2 + 1) + k ** (n // 2))
    return total // (2 * n)


def rotate(codes: np.ndarray, n: int, k: int, r: int) -> np.ndarray:
    """Every code turned by r: the digit at position p moves to position (p + r) mod N.

    >>> import numpy as np
    >>> rotate(np.array([0b0011, 0b1000]), 4, 2, 1).tolist()
    [6, 1]
    """
    r %= n
    if not r:
        return codes.copy()
    cut = k ** (n - r)
    return (codes % cut) * k**r + codes // cut


def reverse(codes: np.ndarray, n: int, k: int) -> np.ndarray:
    """Every code with its digits read backwards: position p moves to N - 1 - p.

    >>> import numpy as np
    >>> reverse(np.array([0b0001, 0b0110]), 4, 2).tolist()
    [8, 6]
    """
    out = codes * 0
    rest = codes.copy()
    for _ in range(n):
        out = out * k + rest % k
        rest //= k
    return out


def turned(codes: np.ndarray, n: int, k: int, dihedral: bool) -> list[np.ndarray]:
    """The codes under every turn, in the order of ``Model.group``: rotations by 0 .. N - 1, then the reflections
    p -> r - p for r = 0 .. N - 1 (a reflection by r is the reversed digits turned by r + 1)."""
    out = [rotate(codes, n, k, r) for r in range(n)]
    if dihedral:
        back = reverse(codes, n, k)
        out += [rotate(back, n, k, r + 1) for r in range(n)]
    return out


def digits_of(codes: np.ndarray, n: int, k: int) -> np.ndarray:
    """The digits of every code, one row per code (int32).

    >>> import numpy as np
    >>> digits_of(np.array([5, 7]), 3, 3).tolist()
    [[2, 1, 0], [1, 2, 0]]
    """
    import numpy as np

    out = np.empty((len(codes), n), dtype=np.int32)
    rest = np.asarray(codes, dtype=np.int64).copy()
    for p in range(n):
        out[:, p] = rest % k
        rest //= k
    return out


def canonical(n: int, k: int, dihedral: bool) -> tuple[np.ndarray, np.ndarray]:
    """The class of every table (intp indices into the representatives, as numpy gathers want them) and the
    representatives (the smallest code of each class, ascending).

    >>> cls, reps = canonical(3, 2, False)
    >>> cls.tolist(), reps.tolist()
    ([0, 1, 1, 2, 1, 2, 2, 3], [0, 1, 3, 7])
    """
    import numpy as np

    codes = np.arange(k**n, dtype=np.int64)
    canon = codes.copy()
    for r in range(1, n):
        np.minimum(canon, rotate(codes, n, k, r), out=canon)
    if dihedral:
        back = reverse(codes, n, k)
        for r in range(n):
            np.minimum(canon, rotate(back, n, k, r), out=canon)
    reps = np.flatnonzero(canon == codes)  # a representative is its own minimum, and flatnonzero sorts
    index = np.zeros(len(codes), dtype=np.intp)
    index[reps] = np.arange(len(reps), dtype=np.intp)
    return index[canon], reps.astype(np.int64)


def names(cls: np.ndarray, reps: np.ndarray, n: int, k: int, dihedral: bool) -> list[str]:
    """Each class shown as the first of its tables in reading order (position 0 first): "HHHT", not "THHH".

    With at most 10 faces a name is one character per position, so reading order is the numeric order of the
    reversed code, and reversing maps a class onto a class: the first name of the class of t is the reversed
    representative of the class of reverse(t).  With more faces digits have different widths, so the names of
    every turned copy are compared as strings.

    >>> cls, reps = canonical(4, 2, False)
    >>> names(cls, reps, 4, 2, False)
    ['HHHH', 'HHHT', 'HHTT', 'HTHT', 'HTTT', 'TTTT']
    """
    import numpy as np

    if k <= 10:
        first = reps[cls[reverse(reps, n, k)]]  # the smallest reversed code of each class
        chars = np.frombuffer(b"HT" if k == 2 else b"0123456789", dtype=np.uint8)
        rows = chars[digits_of(first, n, k)[:, ::-1]]
        return np.ascontiguousarray(rows).view(f"S{n}").ravel().astype(f"U{n}").tolist()
    words = np.array([str(d) for d in range(k)])
    best = None
    for codes in turned(reps, n, k, dihedral):
        digits = digits_of(codes, n, k)
        text = words[digits[:, 0]]
        for p in range(1, n):
            text = np.strings.add(text, words[digits[:, p]])
        best = text if best is None else np.where(text < best, text, best)
    assert best is not None
    return [str(name) for name in best.tolist()]


def predecessor_table(cls: np.ndarray, reps: np.ndarray, orbit: np.ndarray, n: int, k: int) -> np.ndarray:
    """P[j, c] (intp, so gathering by it converts nothing): the class of rep(c) minus the j-th turned copy of a
    move, digit by digit mod K (``orbit`` holds the copies' codes).  Coins subtract by exclusive or; with more
    faces the codes are subtracted as numbers and every borrow given back: where a digit of rep(c) is below the
    move's, K**(p + 1) is added.

    >>> import numpy as np
    >>> cls, reps = canonical(2, 3, False)
    >>> predecessor_table(cls, reps, np.array([1, 3]), 2, 3).tolist()  # minus 10 and minus 01
    [[2, 0, 1, 1, 3, 4], [2, 4, 5, 1, 2, 4]]
    """
    import numpy as np

    if k == 2:
        return np.ascontiguousarray(cls[reps[None, :] ^ orbit[:, None]])
    columns = np.ascontiguousarray(digits_of(reps, n, k).T.astype(np.int16 if k < 1 << 15 else np.int32))
    codes = reps[None, :] - orbit[:, None]
    borrow = np.empty(len(reps), dtype=np.int64)
    for j, amounts in enumerate(digits_of(orbit, n, k).tolist()):
        for p, amount in enumerate(amounts):
            if amount:  # only where the move adds something can a digit borrow
                np.multiply(columns[p] < amount, k ** (p + 1), out=borrow)
                codes[j] += borrow
    return np.ascontiguousarray(cls[codes])


def differences(tables: np.ndarray, reps: np.ndarray, n: int, k: int) -> np.ndarray:
    """D[i, j]: the move that takes ``reps[i]`` to ``tables[j]``, their digits subtracted mod K (coins: exclusive or).

    >>> import numpy as np
    >>> differences(np.array([0, 4, 8]), np.array([1, 5]), 2, 3).tolist()  # 00, 11, 22 from 10 and from 21
    [[2, 3, 7], [7, 2, 3]]
    """
    import numpy as np

    if k == 2:
        return reps[:, None] ^ tables[None, :]
    ahead, behind = digits_of(tables, n, k), digits_of(reps, n, k)
    out = np.zeros((len(reps), len(tables)), dtype=np.int64)
    for p in range(n):
        out += (ahead[None, :, p] - behind[:, None, p]) % k * k**p
    return out


def copies(moves: np.ndarray, n: int, k: int, dihedral: bool) -> np.ndarray:
    """How many distinct turned copies each move (as a code) has: the rows of its per-move table.

    >>> import numpy as np
    >>> copies(np.array([0b0001, 0b0101, 0b1111, 0b0011]), 4, 2, False).tolist()
    [4, 2, 1, 4]
    """
    import numpy as np

    every = np.sort(np.stack(turned(moves, n, k, dihedral)), axis=0)
    return 1 + (every[1:] != every[:-1]).sum(axis=0)
