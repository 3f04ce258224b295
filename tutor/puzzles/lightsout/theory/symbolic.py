"""The press matrix seen through sympy: the matrix over GF(k), its reduced row echelon form and null space, and
Sutner's polynomials, printed as a textbook would.  sympy is imported inside functions so ``tutor --help``
stays fast."""

from __future__ import annotations

from typing import Any

from tutor.puzzles.lightsout.rules.grid import Rules, press_matrix

MAX_SYMBOLIC_CELLS = 400  # sympy matrices beyond this are slow and unreadable


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


def _domain_matrix(rules: Rules) -> Any:
    from sympy import GF, Matrix
    from sympy.polys.matrices import DomainMatrix

    return DomainMatrix.from_Matrix(Matrix(press_matrix(rules))).convert_to(GF(rules.states))


def _to_matrix(dm: Any, k: int) -> Any:
    from sympy import Matrix

    rows, cols = dm.shape
    dense = dm.to_Matrix()
    return Matrix(rows, cols, lambda i, j: int(dense[i, j]) % k)


def sympy_view(rules: Rules) -> dict[str, Any]:
    """The press matrix, its reduced form over GF(k), pivots, rank and null space (sympy)."""
    from sympy import Matrix

    if rules.cells > MAX_SYMBOLIC_CELLS:
        raise ValueError(f"symbolic view limited to {MAX_SYMBOLIC_CELLS} cells")
    k = rules.states
    dm = _domain_matrix(rules)
    reduced, pivots = dm.rref()
    null = dm.nullspace()  # rows of this DomainMatrix span the null space
    null_vectors = [_to_matrix(null, k).row(i).T for i in range(null.shape[0])]
    return {
        "matrix": Matrix(press_matrix(rules)),
        "rref": _to_matrix(reduced, k),
        "pivots": tuple(int(p) for p in pivots),
        "rank": len(pivots),
        "null_space": null_vectors,
    }


def matrix_text(mat: Any) -> str:
    """A small integer matrix as bracketed rows: ``[1 1 0]`` per line."""
    return "\n".join("[" + " ".join(str(int(v)) for v in mat.row(i)) + "]" for i in range(mat.rows))


def textbook(rules: Rules, max_matrix_cells: int = 16) -> str:
    """The symbolic view as text: A, rref(A) over GF(k), a null-space basis, the polynomials."""
    lines = [f"Press matrix A of the {rules.describe()} board (cell i = row-major number, from 0):"]
    view = sympy_view(rules)
    if rules.cells <= max_matrix_cells:
        lines.append(matrix_text(view["matrix"]))
        lines.append(f"\nrref(A) over GF({rules.states}):")
        lines.append(matrix_text(view["rref"]))
    else:
        lines.append(f"  ({rules.cells} x {rules.cells}: too wide to print; showing its facts)")
    lines.append(f"pivot columns: {list(view['pivots'])}")
    free = [j for j in range(rules.cells) if j not in set(view["pivots"])]
    lines.append(f"rank {view['rank']}, nullity {rules.cells - view['rank']}, free columns: {free}")
    if view["null_space"]:
        spans = ", ".join("(" + ", ".join(str(int(e)) for e in v) + ")^T" for v in view["null_space"])
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
