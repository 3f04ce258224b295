"""A terminal tutor for search-and-reasoning puzzles, with exact checking."""

__version__ = "0.1.0"
