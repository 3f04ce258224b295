"""Bit sets: a Python int whose bit i is set when item i is in the set.

Engines keep sets of worlds, classes and cells this way (``0b1010`` holds 1 and 3):
union is ``|``, intersection ``&``, size ``int.bit_count``.  This module has the one
helper they share, listing a set's members.
"""

from __future__ import annotations


def members(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, ascending.

    >>> members(0b1010)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
