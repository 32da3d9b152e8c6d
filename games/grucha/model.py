"""Grucha's state, options and refusal codes (GRU-1, 2, 15 and the spec's options); the actions are in
`games.grucha.actions`, the events and the view in `games.grucha.events`. Card ids: see
`games.grucha.cards`; seats are indexes 0..n-1.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, UnsetType

from games.engine import declare
from games.grucha.cards import MAX_JOKERS_PER_DECK

#: ``play``: turns; ``scores``: a round's end on show, every hand revealed, until every seat is ready
#: for the next deal (GRU-13); ``over``: the match has ended (GRU-15).
Phase = Literal["play", "scores", "over"]

declare(
    {
        "grucha/duplicate_card": "the submission names one card twice",
        "grucha/not_in_hand": "a card of the submission is neither on the table nor in your hand",
        "grucha/table_card_missing": "a card that was on the table is missing from the submission (GRU-10)",
        "grucha/nothing_added": "the submission adds no card from your hand (GRU-9)",
        "grucha/invalid_group": "a group of the submission is not a valid run or set (GRU-3…7)",
        "grucha/opening": "the first submission of a round does not meet the opening minimum",
        "grucha/no_draw": "no card can be drawn now (GRU-8, 14)",
        "grucha/cannot_end": "a turn that neither added nor drew a card cannot end (GRU-12)",
        "grucha/bad_call": "GRUCHA may be called only when ending with exactly one card in hand (GRU-11)",
        "grucha/no_pass": "passing is allowed only with an empty stock and nothing played (GRU-14)",
    }
)


# ---- options and state ----------------------------------------------------------------------------------
#: The point limit when no other end is chosen (GRU-15).
DEFAULT_POINT_LIMIT = 100


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Room options (GRU-1, 2, 15 and the spec's options). The match ends after the first round that
    meets any end condition set: ``rounds`` played, a total strictly over ``point_limit``, or
    ``time_limit_minutes`` of wall clock since the first action; at least one must be set (``null``
    switches a condition off). ``point_limit`` left out is 100 points, unless ``rounds`` or
    ``time_limit_minutes`` is given: then it is off (GRU-15's ruling: the rulebook picks one end), and
    only a ``point_limit`` given beside them keeps the points. Raises ``ValueError`` when no end is set."""

    rounds: Annotated[int, msgspec.Meta(ge=1, le=1000)] | None = None
    point_limit: Annotated[int, msgspec.Meta(ge=0, le=100_000)] | UnsetType | None = UNSET
    time_limit_minutes: Annotated[int, msgspec.Meta(ge=1, le=10_080)] | None = None
    jokers_per_deck: Annotated[int, msgspec.Meta(ge=0, le=MAX_JOKERS_PER_DECK)] = 2
    rotate_dealer: bool = False
    opening_min_points: Annotated[int, msgspec.Meta(ge=0, le=1000)] = 0
    jokers_must_be_minority: bool = False

    def __post_init__(self) -> None:
        if self.point_limit is UNSET:
            other_end = self.rounds is not None or self.time_limit_minutes is not None
            msgspec.structs.force_setattr(self, "point_limit", None if other_end else DEFAULT_POINT_LIMIT)
        if self.rounds is None and self.limit is None and self.time_limit_minutes is None:
            raise ValueError("set at least one of rounds, point_limit, time_limit_minutes")

    @property
    def limit(self) -> int | None:
        """The point limit in force (GRU-15): ``point_limit`` once resolved; ``None`` when off."""
        return None if isinstance(self.point_limit, UnsetType) else self.point_limit


class Group(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One table group: ``kind`` (``run``/``set``), ``cards`` in canonical order, ``jokers`` id -> the
    name each joker stands for now (GRU-6)."""

    kind: Literal["run", "set"]
    cards: list[str]
    jokers: dict[str, str] = {}


class State(msgspec.Struct):
    """The whole table. ``stock`` is drawn from its end; ``drew``/``added`` describe the current turn
    (cards added by accepted submissions); ``steps`` counts the turn's accepted actions (prompt ids);
    ``passes`` counts passes in a row with an empty stock (GRU-14); ``history`` holds each finished
    round's scores; ``started`` is the server time of the first applied action (GRU-15); ``ready``
    marks the seats done reading a round's end (phase ``scores``, GRU-13); ``announce`` is true until the
    first action, whose events begin with round 1's deal (dealt by ``setup``, which has no events)."""

    seats: int
    options: Options
    phase: Phase = "play"
    round: int = 1
    dealer: int = 0
    active: int = 0
    hands: list[list[str]] = []
    stock: list[str] = []
    table: list[Group] = []
    drew: bool = False
    added: int = 0
    steps: int = 0
    turn: int = 0
    passes: int = 0
    opened: list[bool] = []
    totals: list[int] = []
    history: list[list[int]] = []
    started: float | None = None
    end_reason: str | None = None
    ready: list[bool] = []
    announce: bool = False
