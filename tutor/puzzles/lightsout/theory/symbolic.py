"""The press matrix as a textbook shows it: the matrix over GF(k), its reduced row echelon form, pivots and a
null-space basis, by exact byte-packed elimination (``engine.packed``), and Sutner's polynomials from sympy.

The elimination is the engine's own packed GF(p) arithmetic run to the reduced form; the tests check
every figure against sympy's ``DomainMatrix`` (a second, independent route).  sympy is imported inside
``sympy_polys`` only, so ``tutor --help`` stays fast."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.errors import InvalidParams
from tutor.puzzles.lightsout.engine import packed
from tutor.puzzles.lightsout.rules.grid import Rules, press_matrix

MAX_SYMBOLIC_CELLS = 400  # a 400 x 400 matrix is already 160,000 entries to print; the elimination takes ms

Matrix = list[list[int]]  # rows of entries 0..k-1: [[1, 1], [1, 1]]


@dataclass(frozen=True)
class SymbolicView:
    """The press matrix A over GF(k) with its reduced row echelon form (zero rows kept) and null space; its
    pivots, rank and free columns are the packed elimination's (``echelon``)."""

    matrix: Matrix
    rref: Matrix
    echelon: packed.Echelon
    null_space: Matrix  # one vector per free column: 1 there, minus that column of rref(A) at the pivots

    @property
    def pivots(self) -> tuple[int, ...]:
        """The pivot columns, in order."""
        return self.echelon.pivots

    @property
    def rank(self) -> int:
        """The number of pivots."""
        return self.echelon.rank

    @property
    def free(self) -> list[int]:
        """The columns without a pivot."""
        return self.echelon.free


def check_symbolic(rules: Rules) -> None:
    """Refuse a board too large for the symbolic view (before any work)."""
    if rules.cells > MAX_SYMBOLIC_CELLS:
        raise InvalidParams(f"--symbolic is limited to {MAX_SYMBOLIC_CELLS} cells, not {rules.cells}")


def symbolic_view(rules: Rules) -> SymbolicView:
    """The press matrix, its reduced form over GF(k), pivots and null space (packed elimination)."""
    check_symbolic(rules)
    n, k = rules.cells, rules.states
    mat = press_matrix(rules)
    rows = [packed.pack(r) for r in mat]
    ech = packed.rref(rows, n, k)
    reduced = [packed.unpack(r, n) for r in ech.rows] + [[0] * n for _ in range(n - ech.rank)]
    null = [packed.unpack(v, n) for v in packed.nullspace(rows, n, k)]
    return SymbolicView(mat, reduced, ech, null)


def sympy_polys(m: int, n: int) -> dict[str, Any]:
    """``f_m(x)``, ``f_n(x + 1)`` and their gcd as sympy polynomials over GF(2)."""
    import sympy

    x = sympy.Symbol("x")
    prev, cur = sympy.Poly(1, x, modulus=2), sympy.Poly(x, x, modulus=2)
    fs = [prev, cur]
    for _ in range(max(m, n)):
        prev, cur = cur, sympy.Poly(x, x, modulus=2) * cur + prev
        fs.append(cur)
    fm = fs[m]
    fn_shift = sympy.Poly(fs[n].as_expr().subs(x, x + 1), x, modulus=2)
    g = sympy.gcd(fm, fn_shift)
    return {"f_m": fm, "f_n_shifted": fn_shift, "gcd": g, "nullity": g.degree() if not g.is_zero else 0}


def matrix_text(mat: Matrix) -> str:
    """A small integer matrix as bracketed rows: ``[1 1 0]`` per line."""
    return "\n".join("[" + " ".join(str(v) for v in row) + "]" for row in mat)


def textbook(rules: Rules, view: SymbolicView, max_matrix_cells: int = 16) -> str:
    """The symbolic view as text: A, rref(A) over GF(k), a null-space basis, the polynomials."""
    lines = [f"Press matrix A of the {rules.describe()} board (cell i = row-major number, from 0):"]
    if rules.cells <= max_matrix_cells:
        lines.append(matrix_text(view.matrix))
        lines.append(f"\nrref(A) over GF({rules.states}):")
        lines.append(matrix_text(view.rref))
    else:
        lines.append(f"  ({rules.cells} x {rules.cells}: too wide to print; showing its facts)")
    lines.append(f"pivot columns: {list(view.pivots)}")
    lines.append(f"rank {view.rank}, nullity {rules.cells - view.rank}, free columns: {view.free}")
    if view.null_space:
        spans = ", ".join("(" + ", ".join(map(str, v)) + ")^T" for v in view.null_space)
        lines.append(f"null space N(A) = span{{ {spans} }}  (each vector is a quiet pattern)")
    else:
        lines.append("null space: {0} (every board has exactly one solution)")
    if rules.classic:
        polys = sympy_polys(rules.rows, rules.cols)
        lines.append(
            f"\nf_{rules.rows}(x) = {polys['f_m'].as_expr()},  "
            f"f_{rules.cols}(x+1) = {polys['f_n_shifted'].as_expr()}  (over GF(2))"
        )
        lines.append(f"gcd = {polys['gcd'].as_expr()}, degree {polys['nullity']} = nullity")
    return "\n".join(lines)
