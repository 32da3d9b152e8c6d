"""Infarkt's events (all sent to everyone, tagged by ``kind``) and the view.

Card ids are strings (``goods-beer-1``); tracks are lists of six values in `games.infarkt.cards.TRACKS`
order; seats are indexes 0..n-1.
"""

from __future__ import annotations

import msgspec

from games.engine import commitments as cm
from games.engine import windows as wn
from games.engine.model import EventStruct, GameEnded, TimedOut
from games.infarkt.actions import Payload
from games.infarkt.model import Decision, Phase, Player


class RoundStarted(EventStruct, frozen=True, tag="round_started"):
    round: int
    start: int


class OfferLaid(EventStruct, frozen=True, tag="offer_laid"):
    """INF-7, INF-27, INF-28: the event offer, from ``source`` ``deck``, ``set_aside`` or ``afterlife``."""

    cards: list[str]
    source: str


class Picked(EventStruct, frozen=True, tag="picked"):
    """``seat`` took event ``card`` (``None``: every card was forbidden to it, INF-7)."""

    seat: int
    card: str | None


class StartPassed(EventStruct, frozen=True, tag="start_passed"):
    seat: int


class Committed(EventStruct, frozen=True, tag="committed"):
    """``seat`` has placed its figures (nothing of where: INF-8)."""

    seat: int


class Placed(EventStruct, frozen=True, tag="placed"):
    """The figures of every living seat, revealed at once (or one seat's in sequential placement)."""

    placements: dict[int, list[str]]


class Chosen(EventStruct, frozen=True, tag="chosen"):
    """``seat`` answered decision ``step`` with ``value`` (a spree's returned card is not named);
    ``place``: the place whose action ``value`` is (step ``option``: ``A`` at ``supermarket``), else
    ``""``."""

    seat: int
    step: str
    value: str
    place: str = ""


class Changed(EventStruct, frozen=True, tag="changed", omit_defaults=True):
    """``seat``'s tracks changed by ``deltas`` (as applied, after the limits) and money by ``money``,
    from ``source`` (a card id, an action id, ``worsening``, ``funeral``, a medicine, ``death``: the
    dead's money to the bank). Every change of a seat's money is one of these (an action's price too).
    ``lost``: per track, the part of the effect beyond the track's end that had no effect (INF-1: a
    track already at 0 or 10), empty when nothing was lost; ``causes``: the rows of the worsening table
    that gave this change (INF-18, ids of ``worsening.json``), empty for any other source;
    ``money_lost``: the part of a price the seat could not pay (money never goes below 0: a card's
    money -2 with 1 left pays 1 and loses -1), 0 when all of it was paid."""

    seat: int
    deltas: list[int]
    money: int
    source: str
    lost: list[int] = []
    causes: list[str] = []
    money_lost: int = 0


class Moved(EventStruct, frozen=True, tag="moved"):
    """``cards`` (face up) went from ``source`` to ``target`` (``hand:<seat>``, a pile, an offer);
    ``count`` cards when they are not named (face down)."""

    cards: list[str]
    source: str
    target: str
    count: int = 0


class Reshuffled(EventStruct, frozen=True, tag="reshuffled"):
    pile: str
    cards: int


class Tokens(EventStruct, frozen=True, tag="tokens"):
    """``seat``'s ``token`` (``family``/``career``) count changed by ``delta``: bought, taken or lost by an
    event, spent on the next ``changed`` of that seat (INF-25), returned at death."""

    seat: int
    token: str
    delta: int


class Died(EventStruct, frozen=True, tag="died", omit_defaults=True):
    """``seats`` died in death step ``step`` (INF-17: the game's deaths counted from 1, a later one
    ranking higher); ``graves``: for each of ``seats``, the track that reached the grave (INF-4: the first
    at 10 in track order; empty in a log written before it was told)."""

    seats: list[int]
    step: int
    graves: list[str] = []


EventBody = (
    RoundStarted
    | OfferLaid
    | Picked
    | StartPassed
    | Committed
    | Placed
    | Chosen
    | Changed
    | Moved
    | Reshuffled
    | Tokens
    | Died
    | TimedOut
    | GameEnded
)


class View(msgspec.Struct, omit_defaults=True):
    """What ``seat`` (``None``: a spectator) sees: every player (all public, INF-2), the offers, pile
    sizes and the discard piles, the decision with its partial choice, the windows, and of the hidden
    things only its own: ``placements.mine`` (INF-8), ``goods_top`` (the card it returned on top,
    INF-12), ``spree`` (the cards it looks at) and ``preview`` (its afterlife cards, INF-27)."""

    seat: int | None
    phase: Phase
    round: int
    round_limit: int
    start: int
    places: list[str]
    players: list[Player]
    offer: list[str]
    market: list[str]
    black_market: list[str]
    set_aside: list[str]
    goods_count: int
    medicines_count: int
    events_count: int
    goods_discard: list[str]
    medicines_discard: list[str]
    events_discard: list[str]
    family_supply: int
    career_supply: int
    placements: cm.CommitmentsView[list[str]]
    windows: list[wn.Window[Payload]]
    top_known_by: list[int]
    spree_count: int
    preview_count: int
    afterlife: int
    decision: Decision | None = None
    goods_top: str | None = None
    spree: list[str] | None = None
    preview: list[str] | None = None
