"""The conformance suite for puzzle families, importable without pytest.

``python -m tutor.testing NAME`` runs it on an installed family (exit 0 pass,
1 fail, 2 unknown family); the tutor's own tests run the same checks over every
registered family.  A plug-in's tests can call it too::

    from tutor import puzzles
    from tutor.testing import run_all

    assert all(o.passed is not False for o in run_all(puzzles.get("nim")))
"""

from tutor.testing.conformance import CHECKS, Nonconformance, Outcome, run_all, run_check

__all__ = ["CHECKS", "Nonconformance", "Outcome", "run_all", "run_check"]
