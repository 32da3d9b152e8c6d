"""Gregs Tagebuch's state, its options and its refusal codes (``gregs/*``).

Card ids are strings (``act-plaster-cast-1``, ``cheese``, ``chr-greg``, ``rank-51``); seats are indexes
0..n-1. The actions are in `games.gregs.actions`, the events and the view in `games.gregs.events`.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine import declare

Phase = Literal["choose", "cut", "reveal", "curse", "over"]

declare(
    {
        "gregs/character_taken": "that character is taken or does not exist",
        "gregs/no_slot": "the fan has no slot with that number",
        "gregs/slot_revealed": "that slot of the fan is already revealed",
        "gregs/must_reveal": "at least one card must be revealed before stopping",
        "gregs/holder_needs_three": "the curse holder must reveal at least three cards before stopping",
        "gregs/bad_target": "the curse must go to another seat at the table",
        "gregs/bad_cut": "the cut position must be a slot of the fan",
    }
)


# ---- options and state ----------------------------------------------------------------------------------
class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Room options. ``start``: ``"seat0"``, ``"random"`` or a seat number as its digits (``"2"``, not
    ``"02"``; GRE-5); ``offer_cut``: prompt the holder's right-hand neighbour for a cut (GRE-15);
    ``turn_limit``: turns after which the game ends as a guard (GRE-21)."""

    # the pattern refuses junk at room creation; a seat number past the table's last seat is refused by
    # `setup`, which the lobby's dry run calls with the room's seat count
    start: Annotated[str, msgspec.Meta(pattern="^(seat0|random|[0-9]|[1-9][0-9])$")] = "seat0"
    offer_cut: bool = False
    turn_limit: Annotated[int, msgspec.Meta(ge=1, le=10_000)] = 200


class Slot(msgspec.Struct):
    """One card of the fan: its ``card`` id and whether it is ``revealed`` (GRE-12)."""

    card: str
    revealed: bool = False


class State(msgspec.Struct):
    """The whole table. ``row`` lists character and rank card ids left to right (GRE-6); ``fan`` the
    current turn's slots in their secret order (GRE-11); ``draw`` is drawn from its end; ``turn`` counts
    finished turns; ``turns_left`` is set once the last round began (GRE-20): the turns still to play, the
    current one included (``seats + 1`` for the rest of the triggering turn, 1 in the game's last turn)."""

    seats: int
    options: Options
    start: int
    phase: Phase = "choose"
    characters: list[str | None] = []
    row: list[str] = []
    draw: list[str] = []
    discard: list[str] = []
    fan: list[Slot] = []
    holder: int = 0
    active: int = 0
    holder_turn: bool = False
    turn: int = 0
    triggered_by: int | None = None
    turns_left: int | None = None
    guard: bool = False
