"""The chase: the last row it leaves, and how many presses it makes."""

from __future__ import annotations

from tutor.puzzles.answers import Quantities, Value
from tutor.puzzles.lightsout.engine.chase import chase
from tutor.puzzles.lightsout.rules import LightsGame
from tutor.puzzles.lightsout.rules.notation import press_names
from tutor.puzzles.lightsout.teach.quantities.words import count, fixed_explanation, line_by_line
from tutor.puzzles.lightsout.teach.verdicts import need_chase, residue_text
from tutor.puzzles.options import Args

QUANTITIES = Quantities()


@QUANTITIES.register("residue", "the last row left after chasing the board",
                     explain=fixed_explanation("The last row left after chasing the board from row 1 down."),
                     refute=line_by_line("The residue"))
def residue(game: LightsGame, args: Args) -> str:
    """In board notation: ``X...X``."""
    need_chase(game.rules, "answer kind 'chase'")
    return residue_text(game.rules, game.lights)


def explain_chase_presses(game: LightsGame, args: Args, value: Value) -> str:
    return f"The chase presses {press_names(chase(game.rules, game.lights).cells(), 24)}: {value}."


def refute_chase_presses(game: LightsGame, args: Args, value: Value, wrong: Value) -> str:
    return count(wrong, value, "A number of presses",
                  f"Row by row, the chase presses under each light: "
                  f"{press_names(chase(game.rules, game.lights).cells(), 24)}")


@QUANTITIES.register("chase_presses", "how many presses the chase makes",
                     explain=explain_chase_presses, refute=refute_chase_presses)
def chase_presses(game: LightsGame, args: Args) -> int:
    """Every press of the chase from row 2 down, repeats counted."""
    need_chase(game.rules, "answer kind 'chase'")
    return chase(game.rules, game.lights).count
