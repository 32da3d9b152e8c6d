"""Grucha's typed values: options, state, actions (wire form), events, the view, error codes.

Wire forms are tagged by ``kind``: ``{"kind": "submit", "groups": [{"cards": ["7S-a", "7H-b", "JK-a1"],
"jokers": {"JK-a1": "7D"}}]}``. Card ids: see `games.grucha.cards`; seats are indexes 0..n-1.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import UNSET, UnsetType

from games.engine import declare
from games.engine.model import ActionStruct, EventStruct, TimedOut
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


# ---- actions ------------------------------------------------------------------------------------------
CardId = Annotated[str, msgspec.Meta(max_length=16)]


class SubmittedGroup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One group of a submission: ``cards`` (ids, any order), optional ``jokers`` id -> name (``8S``)
    for jokers whose meaning the player chooses (GRU-6), and optional ``kind`` (``run``/``set``) for
    the reading the player chooses. A view's `Group` is a valid submitted group as it is, so a client
    may send the table back with its changes (``kind`` given and not readable so: ``invalid_group``,
    reason ``kind_meaning``)."""

    cards: Annotated[list[CardId], msgspec.Meta(max_length=120)]
    jokers: Annotated[dict[CardId, CardId], msgspec.Meta(max_length=16)] = {}
    kind: Literal["run", "set"] | None = None


class Submit(ActionStruct, frozen=True, tag="submit"):
    """The complete new table (GRU-9): free-form, not among the prompt's finite choices."""

    groups: Annotated[list[SubmittedGroup], msgspec.Meta(max_length=120)]


class Draw(ActionStruct, frozen=True, tag="draw"):
    """Draw one card from the stock (GRU-8)."""


class End(ActionStruct, frozen=True, tag="end"):
    """End the turn ("JUŻ"), with the ``grucha`` call when one card is left (GRU-11)."""

    grucha: bool = False


class Pass(ActionStruct, frozen=True, tag="pass"):
    """Pass with an empty stock, nothing played (GRU-14)."""


class Next(ActionStruct, frozen=True, tag="next"):
    """Done reading the round's end (GRU-13): the next round is dealt once every seat is done."""


Action = Submit | Draw | End | Pass | Next


# ---- events -------------------------------------------------------------------------------------------
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
    ``added`` ids (GRU-9); ``went_out`` when it empties the hand (GRU-13: a `WentOut` follows)."""

    seat: int
    count: int
    table: list[Group]
    added: list[str]
    went_out: bool = False


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


class MatchEnded(EventStruct, frozen=True, tag="game_end"):
    """GRU-15: ``ranks`` by total (lowest first, equal totals share), ``reason`` ``rounds``, ``points``
    or ``time``."""

    ranks: list[int]
    winners: list[int]
    reason: str


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
    | MatchEnded
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
