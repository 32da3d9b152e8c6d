"""Gregs Tagebuch's typed values: options, state, actions (wire form), events, the view, error codes.

Wire forms are tagged by ``kind``: ``{"kind": "reveal", "slot": 2}``. Card ids are strings
(``act-plaster-cast-1``, ``cheese``, ``chr-greg``, ``rank-51``); seats are indexes 0..n-1.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine import declare
from games.engine.model import ActionStruct, EventStruct, TimedOut

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


# ---- actions ------------------------------------------------------------------------------------------
class Choose(ActionStruct, frozen=True, tag="choose"):
    """Take a free character in the setup (GRE-3)."""

    character: str


class Cut(ActionStruct, frozen=True, tag="cut"):
    """Cut the face-down fan: the card at slot ``position`` becomes slot 0 (0 = no cut; GRE-15)."""

    position: int


class Reveal(ActionStruct, frozen=True, tag="reveal"):
    """Reveal the card in fan slot ``slot`` (GRE-12)."""

    slot: int


class Stop(ActionStruct, frozen=True, tag="stop"):
    """End the turn and move by the revealed sum (GRE-13, GRE-18)."""


class Curse(ActionStruct, frozen=True, tag="curse"):
    """The holder hands the curse to seat ``target`` (GRE-18)."""

    target: int


Action = Choose | Cut | Reveal | Stop | Curse


# ---- events -------------------------------------------------------------------------------------------
class Chosen(EventStruct, frozen=True, tag="chosen"):
    seat: int
    character: str


class RowBuilt(EventStruct, frozen=True, tag="row_built"):
    row: list[str]


class FanBuilt(EventStruct, frozen=True, tag="fan_built"):
    """A new fan for ``active``: ``slots`` cards, ``drawn`` of them fresh from the draw pile (GRE-11)."""

    active: int
    holder_turn: bool
    slots: int
    drawn: int


class Reshuffled(EventStruct, frozen=True, tag="reshuffled"):
    """The discard pile (``cards`` of them) became the new draw pile (GRE-11)."""

    cards: int


class CutMade(EventStruct, frozen=True, tag="cut"):
    seat: int
    position: int


class Revealed(EventStruct, frozen=True, tag="revealed"):
    seat: int
    slot: int
    card: str
    value: int


class Moved(EventStruct, frozen=True, tag="moved"):
    """``seat``'s character moved ``by`` places from row index ``start`` to ``end`` (GRE-7)."""

    seat: int
    by: int
    start: int
    end: int


class CursePassed(EventStruct, frozen=True, tag="curse_passed"):
    """The curse went from ``source`` to ``target``: ``reason`` ``cheese`` (GRE-14) or ``chosen`` (GRE-18)."""

    source: int
    target: int
    reason: Literal["cheese", "chosen"]


class Discarded(EventStruct, frozen=True, tag="discarded"):
    """``count`` cards went to the discard pile; ``whole_fan`` after the holder met the cheese (GRE-17, 19).

    The event names no card: the discard pile in the view shows them, unless the same step reshuffled
    them into the draw pile, where they are hidden again (GRE-11).
    """

    count: int
    whole_fan: bool = False


class LastRound(EventStruct, frozen=True, tag="last_round"):
    """``seat``'s character reached rank 1: every seat takes one more turn (GRE-20)."""

    seat: int


class GameEnded(EventStruct, frozen=True, tag="game_end"):
    ranks: list[int]
    winners: list[int]
    reason: str
    guard: bool


EventBody = (
    Chosen
    | RowBuilt
    | FanBuilt
    | Reshuffled
    | CutMade
    | Revealed
    | Moved
    | CursePassed
    | Discarded
    | TimedOut
    | LastRound
    | GameEnded
)


# ---- the view -----------------------------------------------------------------------------------------
class SlotView(msgspec.Struct, frozen=True):
    """A fan slot as everyone sees it: ``card`` and ``value`` once revealed, else both ``None``."""

    slot: int
    card: str | None = None
    value: int | None = None


class View(msgspec.Struct, frozen=True):
    """What every seat and spectator sees (nothing in Gregs is private to one seat).

    ``to_act`` is the one seat prompted now (``None`` once over); ``row`` the character and rank ids left
    to right; ``fan`` the slots in slot order, unrevealed ones hidden; ``draw_count``/``discard`` the piles
    (the discard pile is public, in the order cards went on it); ``revealed_sum`` the places the revealed
    action cards add up to; ``last_round`` true from the moment a character first reached rank 1 and
    ``turns_left`` then the turns still to play, the current one included (GRE-20: ``seats + 1`` while the
    triggering turn goes on, as in the holder's curse phase after their own move triggered the end;
    ``None`` before the last round).
    """

    phase: Phase
    seats: int
    characters: list[str | None]
    row: list[str]
    holder: int
    active: int
    holder_turn: bool
    to_act: int | None
    fan: list[SlotView]
    revealed_sum: int
    draw_count: int
    discard_count: int
    discard: list[str]
    turn: int
    turn_limit: int
    last_round: bool
    turns_left: int | None
