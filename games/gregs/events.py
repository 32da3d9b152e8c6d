"""Gregs Tagebuch's events and its view: what every seat and spectator is told and shown.

Events are tagged by ``kind`` (``{"kind": "moved", "seat": 1, "by": 3, "start": 2, "end": 5}``) and all
go to everyone: no event names a card that is not face up. The game's end is the engine's `GameEnded`
(GRE-20, 21), a timeout's default the engine's `TimedOut`.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from games.engine.model import EventStruct, GameEnded, TimedOut
from games.gregs.model import Phase


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


class RevealingOver(EventStruct, frozen=True, tag="revealing_over"):
    """``seat`` did not stop: a rule ended the revealing, ``rule`` names it (for a link to its text).
    ``reason`` ``cheese``: a player without the curse revealed the cheese, the turn ends (GRE-14);
    ``holder_cheese``: the holder revealed it, the turn ends with curse and place kept (GRE-17);
    ``only_cheese``: the holder revealed every action card of the fan, the cheese alone is face down, so
    the holder moves and hands the curse on (GRE-18)."""

    seat: int
    reason: Literal["cheese", "holder_cheese", "only_cheese"]
    rule: str


class LastRound(EventStruct, frozen=True, tag="last_round"):
    """``seat``'s character reached rank 1: every seat takes one more turn (GRE-20)."""

    seat: int


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
    | RevealingOver
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
