"""The nullity of the classic board from polynomials over GF(2), as bit-packed ints (bit i = coefficient of x^i).

With ``f_0 = 1, f_1 = x, f_{j+1} = x f_j + f_{j-1}`` over GF(2), the nullity
of the m x n board is ``deg gcd(f_m(x), f_n(x + 1))`` (Sutner's theorem; for
squares, ``deg gcd(f_n(x), f_n(x + 1))``).

>>> poly_nullity(5, 5)
2
>>> poly_nullity(4, 4)
4
"""

from __future__ import annotations


def f_poly(n: int, shift: bool = False) -> int:
    """``f_n(x)`` (or ``f_n(x + 1)`` if ``shift``) over GF(2), bit i = coefficient of x^i."""
    x = 0b11 if shift else 0b10
    prev, cur = 1, x
    if n == 0:
        return prev
    for _ in range(n - 1):
        prev, cur = cur, poly_mul(cur, x) ^ prev
    return cur


def poly_mul(a: int, b: int) -> int:
    """The product of two GF(2) polynomials given as ints."""
    out = 0
    while b:
        if b & 1:
            out ^= a
        a <<= 1
        b >>= 1
    return out


def poly_mod(a: int, b: int) -> int:
    """The remainder of ``a`` divided by ``b`` over GF(2), as ints."""
    db = b.bit_length()
    while a.bit_length() >= db:
        a ^= b << (a.bit_length() - db)
    return a


def poly_gcd(a: int, b: int) -> int:
    """The gcd of two GF(2) polynomials given as ints."""
    while b:
        a, b = b, poly_mod(a, b)
    return a


def poly_nullity(m: int, n: int) -> int:
    """The nullity of the classic m x n board: ``deg gcd(f_m(x), f_n(x + 1))``."""
    return poly_gcd(f_poly(m), f_poly(n, shift=True)).bit_length() - 1
