"""The theory of Lights Out: press matrices, reduced forms and null spaces over GF(k),
and the nullity from polynomials over GF(2).

Two textbook views of the numbers the engine computes:

* ``symbolic``    - the press matrix, its reduced row echelon form over GF(k) and a
  null-space basis (byte-packed elimination, checked against sympy's ``DomainMatrix``
  in the tests), printed as a textbook would;
* ``polynomials`` - for the classic rules, with ``f_0 = 1, f_1 = x, f_{j+1} = x f_j + f_{j-1}``
  over GF(2), the nullity of the m x n board is ``deg gcd(f_m(x), f_n(x + 1))``
  (Sutner's theorem; for squares, ``deg gcd(f_n(x), f_n(x + 1))``).  The
  polynomials are computed twice: with sympy ``Poly(..., modulus=2)`` for the
  display (``symbolic``), and as bit-packed ints (bit i = coefficient of x^i) for speed.

The names below are the theory's interface.
"""

from __future__ import annotations

from tutor.puzzles.lightsout.theory.polynomials import f_poly, poly_gcd, poly_nullity
from tutor.puzzles.lightsout.theory.symbolic import (
    MAX_SYMBOLIC_CELLS,
    SymbolicView,
    check_symbolic,
    matrix_text,
    symbolic_view,
    sympy_polys,
    textbook,
)

__all__ = ["MAX_SYMBOLIC_CELLS", "SymbolicView", "check_symbolic", "f_poly", "matrix_text", "poly_gcd",
           "poly_nullity", "symbolic_view", "sympy_polys", "textbook"]
