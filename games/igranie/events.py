"""iGranie z Gruzem's events (tagged ``kind``), their union with the engine's `TimedOut` and `GameEnded`
(whose ``reason`` is the game's word: ``dream_bank``, ``round_24``, ``death``, ``no_survivor``), and the
`View` a seat receives."""

from __future__ import annotations

import msgspec

from games.engine import windows as wn
from games.engine.model import EventStruct, GameEnded, TimedOut
from games.igranie.model import Contest, Offer, Payload, Phase, Turn


# ---- events -----------------------------------------------------------------------------------------
class Chosen(EventStruct, frozen=True, tag="chosen"):
    seat: int
    character: str


class Rolled(EventStruct, frozen=True, tag="rolled"):
    """``seat`` rolled ``dice`` for ``what`` (``move``, ``theft``, ``mom``, ``gm``, ``staff``)."""

    seat: int
    what: str
    dice: list[int]


class Played(EventStruct, frozen=True, tag="played"):
    """``seat`` made play ``play`` in window ``window``: ``what`` (``modify``, ``cancel``, ``reverse``,
    ``special``, ``ability``, ``accept``, ``give_up``, ``event``, ``loop``), naming ``card`` when one is
    played or drawn, and the ``target`` play of a cancel."""

    seat: int
    play: int
    window: int
    what: str
    card: str = ""
    side: int = 0
    target: int | None = None


class Passed(EventStruct, frozen=True, tag="passed"):
    seat: int


class Cancelled(EventStruct, frozen=True, tag="cancelled"):
    """Play ``play`` was cancelled and has no effect (IGR-30, last in, first out)."""

    play: int


class Moved(EventStruct, frozen=True, tag="moved"):
    """``seat``'s figure went along ``path`` (the spaces entered, in order; ``pushed``: by a push)."""

    seat: int
    path: list[str]
    pushed: bool = False


class Changed(EventStruct, frozen=True, tag="changed"):
    """``seat``'s ``what`` (``money``, ``food``, ``cards``, ``bank_money``, ``bank_food``, ``hunger``,
    ``debt``, ``skip``, ``rent_release``, ``special``, ``tough``) changed by ``delta`` for ``reason``;
    ``cards`` names the cards when the viewer may see them (own draws, face-up cards, discards)."""

    seat: int
    what: str
    delta: int
    reason: str
    cards: list[str] = []


class TheftSettled(EventStruct, frozen=True, tag="theft_settled"):
    """IGR-18: ``totals`` (attacker's first) after the window; ``winner`` the seat that won. ``tie``: the
    totals are equal, so the side ahead before the last card played won (the rule's ruling), which
    the log says, since "5 against 5, seat 1 wins" reads as a mistake without it."""

    attacker: int
    defender: int
    totals: list[int]
    winner: int
    tie: bool = False


class RentDue(EventStruct, frozen=True, tag="rent_due"):
    """IGR-20: ``seat`` owed ``owed`` and paid ``paid`` (``settled``: current rent waived)."""

    seat: int
    owed: int
    paid: int
    settled: str = ""


class Died(EventStruct, frozen=True, tag="died"):
    """IGR-25: ``cause`` ``starvation``, ``homelessness`` or ``cold``."""

    seat: int
    cause: str


class TurnBegan(EventStruct, frozen=True, tag="turn_began"):
    seat: int
    round: int


EventBody = (
    Chosen | Rolled | Played | Passed | Cancelled | Moved | Changed | TheftSettled | RentDue | Died
    | TurnBegan | TimedOut | GameEnded
)  # fmt: skip


# ---- the view ---------------------------------------------------------------------------------------
class PlayerView(msgspec.Struct, frozen=True):
    """Everything public about one seat (IGR Hidden information): its hand only as a size."""

    character: str
    food: int
    money: int
    hand_size: int
    specials: list[str]
    space: str | None
    next_loop: str
    enter: str | None
    skip: bool
    hunger: bool
    debt: bool
    rent_release: int
    bank_money: int
    bank_food: int
    uses: dict[str, int]
    used_month: dict[str, int]
    tough: bool
    dead: bool
    cause: str


class View(msgspec.Struct, frozen=True):
    """What one seat sees: every player's public facts, its own ``hand`` (``None`` for a spectator),
    deck sizes, the face-up discard piles, the windows (all plays are public), the contest, the offer
    and the turn's bookkeeping."""

    phase: Phase
    seats: int
    round: int
    month: int
    first: int
    active: int
    players: list[PlayerView]
    hand: list[str] | None
    decks: dict[str, int]
    work_discard: list[str]
    chillout_discard: list[str]
    res_discard: list[str]
    windows: list[wn.Window[Payload]]
    contest: Contest | None
    offer: Offer | None
    turn: Turn
    rent: int
    winner: int | None
    reason: str
    #: the game's length (option ``weeks``, IGR-21, 24)
    weeks: int = 24
    #: IGR-18: the contest's running totals (attacker's first): its dice with the modifiers of the
    #: plays standing so far in its window (all public); empty when no contest has been rolled
    contest_totals: list[int] = []
