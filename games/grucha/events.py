"""Grucha's events, tagged by ``kind`` and all public (none names a card hidden from anyone at the time),
and the view a seat sees."""

from __future__ import annotations

from typing import Literal

import msgspec

from games.engine.model import EventStruct, GameEnded, TimedOut
from games.grucha.model import Group, Phase


class RoundStarted(EventStruct, frozen=True, tag="round_started"):
    """Round ``round`` dealt by ``dealer``: 13 cards each, ``stock`` left; ``first`` plays (GRU-2)."""

    round: int
    dealer: int
    first: int
    stock: int


class Drew(EventStruct, frozen=True, tag="drew"):
    """``seat`` drew ``count`` cards: ``reason`` ``draw`` (GRU-8) or ``penalty`` (GRU-11). The cards are
    in the drawer's view only."""

    seat: int
    count: int
    reason: Literal["draw", "penalty"]


class Submitted(EventStruct, frozen=True, tag="submitted"):
    """``seat``'s accepted submission: ``count`` cards added (at least 1), the new ``table`` and the
    ``added`` ids (GRU-9); ``went_out`` when it empties the hand (GRU-13: a `WentOut` follows).
    What the submission rearranged (GRU-10, GRU-6): ``regrouped``, the table cards now lying with other
    table cards than before (moved to another group, a group split or joined), in table order; and
    ``jokers``, the table jokers that stand for another card now, each with ``joker_as[i]``, the name of
    the card it stands for (``AH``, as `Group.jokers` has it: no card id)."""

    seat: int
    count: int
    table: list[Group]
    added: list[str]
    went_out: bool = False
    regrouped: list[str] = []
    jokers: list[str] = []
    joker_as: list[str] = []


class TurnEnded(EventStruct, frozen=True, tag="turn_ended"):
    """``seat`` ended the turn, ``grucha`` when called (GRU-11, after a `Called`); ``passed`` for GRU-14's
    pass (after a `Passed`)."""

    seat: int
    grucha: bool = False
    passed: bool = False


class Called(EventStruct, frozen=True, tag="called"):
    """``seat`` called GRUCHA ending its turn with one card (GRU-11); its `TurnEnded` follows."""

    seat: int


class Passed(EventStruct, frozen=True, tag="passed"):
    """``seat`` passed with an empty stock, the ``passes``-th pass in a row (GRU-14); its `TurnEnded`
    follows."""

    seat: int
    passes: int


class WentOut(EventStruct, frozen=True, tag="went_out"):
    """``seat`` has no cards left: round ``round`` is over (GRU-13); it scores 0, ``total`` in all."""

    seat: int
    round: int
    total: int


class Blocked(EventStruct, frozen=True, tag="blocked"):
    """Round ``round`` is over: every seat passed in a row with an empty stock (GRU-14)."""

    round: int


class Revealed(EventStruct, frozen=True, tag="revealed"):
    """At a round's end ``seat`` shows its remaining ``cards`` (hand order, never empty) to everyone,
    scoring ``points`` (GRU-13 values), ``total`` in all."""

    seat: int
    cards: list[str]
    points: int
    total: int


class RoundEnded(EventStruct, frozen=True, tag="round_ended"):
    """Round ``round`` ended: ``reason`` ``out`` (``went_out`` has no cards, GRU-13) or ``blocked``
    (everyone passed with an empty stock, GRU-14; ``went_out`` is ``null``); ``hands`` every seat's
    remaining cards, shown to everyone (GRU-13); ``scores`` this round, ``totals`` after it. The next
    round is dealt in a later step, once every seat is `Ready` (or its ``reveal`` timer has run out)."""

    round: int
    reason: Literal["out", "blocked"]
    went_out: int | None
    scores: list[int]
    totals: list[int]
    hands: list[list[str]] = []


class Ready(EventStruct, frozen=True, tag="ready"):
    """``seat`` is done reading the round's end (GRU-13)."""

    seat: int


EventBody = (
    RoundStarted
    | Drew
    | Submitted
    | Called
    | Passed
    | TurnEnded
    | TimedOut
    | WentOut
    | Blocked
    | Revealed
    | RoundEnded
    | Ready
    | GameEnded
)


# ---- the view -----------------------------------------------------------------------------------------
class View(msgspec.Struct, frozen=True):
    """What one seat sees. ``seat`` is the viewer (``None``: a spectator); ``hand`` its own cards in hand
    order (empty for a spectator); ``to_act`` the seat whose turn it is (``None`` outside phase
    ``play``); ``hand_sizes`` every seat's count; ``table`` every group in canonical order with its
    jokers' meanings; ``drew``/``added`` the current turn; ``totals`` and ``ranks`` the standings
    (lowest total ranks 1); ``history`` each finished round's scores; ``revealed`` every
    seat's remaining cards once the round has ended (phases ``scores`` and ``over``, GRU-13), else
    empty; ``ready`` the seats done reading it."""

    phase: Phase
    seats: int
    seat: int | None
    round: int
    dealer: int
    active: int
    to_act: int | None
    hand: list[str]
    hand_sizes: list[int]
    stock_count: int
    table: list[Group]
    drew: bool
    added: int
    passes: int
    opened: list[bool]
    totals: list[int]
    ranks: list[int]
    history: list[list[int]]
    rounds: int | None
    point_limit: int | None
    time_limit_minutes: int | None
    started: float | None
    opening_min_points: int
    jokers_must_be_minority: bool
    end_reason: str | None
    revealed: list[list[str]]
    ready: list[bool]
