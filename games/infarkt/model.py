"""Infarkt's typed values: options, state, actions (wire form), window payloads, effects, events, the view.

Wire forms are tagged by ``kind``: ``{"kind": "choose", "value": "A"}``. Card ids are strings
(``goods-beer-1``, ``medicine-statins-3``, ``event-divorce-2``); places are ids (``work``, ``home``);
tracks are lists of six values in `games.infarkt.cards.TRACKS` order; seats are indexes 0..n-1.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine import commitments as cm
from games.engine import windows as wn
from games.engine.model import ActionStruct, EventStruct, TimedOut

Phase = Literal["round", "offer", "events", "placement", "actions", "worsening", "over"]
Expansion = Literal["black_market", "nightlife", "flirt", "family", "career"]


# ---- options and state ----------------------------------------------------------------------------------
#: INF-27: the variant a number of expansions makes.
VARIANT_OF: dict[int, Literal["base", "advanced", "extreme"]] = {
    0: "base",
    1: "advanced",
    2: "extreme",
    3: "extreme",
}


class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Room options (INF-8, INF-22…28): ``variant`` ``base`` (six places), ``advanced`` (one expansion
    replaces the Gym) or ``extreme`` (two or three expansions replace it), with the chosen
    ``expansions``; ``afterlife``: the afterlife variant; ``sequential_placement``: players place in
    turn order, visibly; ``round_limit``: rounds after which a guard ends the game.

    ``variant`` left out (``null``) follows the expansions: none ``base``, one ``advanced``, two or three
    ``extreme`` (INF-27). Raises ``ValueError`` (``msgspec.ValidationError`` when converted) naming the
    option's path for repeated expansions, more than three, or a given variant that disagrees."""

    variant: Literal["base", "advanced", "extreme"] | None = None
    expansions: tuple[Expansion, ...] = ()
    afterlife: bool = False
    sequential_placement: bool = False
    round_limit: Annotated[int, msgspec.Meta(ge=1, le=1000)] = 100

    def __post_init__(self) -> None:
        count = len(self.expansions)
        if len(set(self.expansions)) != count:
            raise ValueError("an expansion is named twice - at `$.expansions`")
        if count > 3:
            raise ValueError(f"at most 3 expansions, not {count} - at `$.expansions`")
        implied = VARIANT_OF[count]
        if self.variant is None:
            msgspec.structs.force_setattr(self, "variant", implied)
        elif self.variant != implied:
            wanted = " or ".join(str(n) for n, v in VARIANT_OF.items() if v == self.variant)
            raise ValueError(
                f"variant {self.variant!r} takes {wanted} expansions, not {count}"
                " (leave the variant out to follow the expansions) - at `$.variant`"
            )


class Player(msgspec.Struct):
    """One player: ``tracks`` (six values 0..10), ``money``, ``cards`` (goods and medicines, face up),
    ``diary`` (events taken), tokens, ``died`` (0 alive, else the death step's number, INF-17),
    ``figures`` (places not yet resolved this round), the round's restrictions (INF-20) and
    ``medicine_since_offer`` (INF-21). ``medicines_used`` counts the medicines it has used (prompt ids)."""

    tracks: list[int]
    money: int
    cards: list[str] = []
    diary: list[str] = []
    family: int = 0
    career: int = 0
    died: int = 0
    figures: list[str] = []
    no_work: bool = False
    no_home: bool = False
    medicine_since_offer: bool = False
    medicines_used: int = 0


class Decision(msgspec.Struct, omit_defaults=True):
    """The decision the game waits for outside windows, with the partial choice so far (all public):
    ``step`` (``pick``, ``remove``, ``place``, ``resolve``, ``option``, ``spree``, ``keep_medicine``,
    ``take``, ``give``, ``card``, ``serve``), the ``place`` and ``option`` being resolved, ``chosen``
    cards (cook or party), ``taken``/``given`` cards of a market swap, ``pairs`` the swap's size."""

    seat: int
    step: str
    place: str = ""
    option: str = ""
    chosen: list[str] = []
    taken: list[str] = []
    given: list[str] = []
    pairs: int = 0


class Item(msgspec.Struct):
    """One application to ``seat``: six track changes and a money change (clamped at 0)."""

    seat: int
    deltas: list[int]
    money: int = 0


class Hit(msgspec.Struct, tag="hit", tag_field="kind"):
    """A card or action effect on one player, behind its medicine window (INF-19). ``source`` is the
    card id or action id; ``host`` the party's host (or nightlife's inviter) when a death here shocks
    the ``guests`` too (INF-15, INF-23), else -1."""

    item: Item
    source: str
    host: int = -1
    guests: list[int] = []


class Batch(msgspec.Struct, tag="batch", tag_field="kind"):
    """Applications made at once (a card, worsening, a funeral), behind the family question (INF-25)
    unless ``asked``; deaths it causes share one death step (INF-17). ``warn``: the seats still to be
    asked alone in a medicine window before it (INF-19 ruling: a funeral's and a party's rule effects)."""

    items: list[Item]
    source: str
    host: int = -1
    guests: list[int] = []
    asked: bool = False
    warn: list[int] = []


class Step(msgspec.Struct, tag="step", tag_field="kind"):
    """A continuation of an action after its effects: ``name`` for ``seat`` with an ``arg``."""

    name: str
    seat: int
    arg: str = ""


class Worsen(msgspec.Struct, tag="worsen", tag_field="kind"):
    """INF-18: the worsening step, computed when it is reached (after its medicine window)."""


Effect = Hit | Batch | Step | Worsen


# ---- actions ------------------------------------------------------------------------------------------
class Choose(ActionStruct, frozen=True, tag="choose"):
    """Answer the current decision with ``value``: a card id, a place, an option word or ``seat_<n>``."""

    value: str


class PlaceFigures(ActionStruct, frozen=True, tag="place"):
    """INF-8: the three different ``places`` of this round's figures."""

    places: list[str]


class UseMedicine(ActionStruct, frozen=True, tag="medicine"):
    """INF-13: use medicine ``card`` on yourself, at any prompt."""

    card: str


class FamilyAnswer(ActionStruct, frozen=True, tag="family"):
    """INF-25: discard one family token per point cancelled, ``cancel`` per track."""

    cancel: list[int]


Action = Choose | PlaceFigures | UseMedicine | FamilyAnswer | wn.Pass
Payload = UseMedicine | FamilyAnswer


class State(msgspec.Struct):
    """The whole table. Piles are drawn from their end (the top). ``offer``: the event offer; ``market``
    the Market's offer; ``black_market`` its offer (INF-22); ``set_aside`` INF-28's events; ``spree``
    the three cards a shopping-spree buyer looks at (hidden but from ``decision.seat``);
    ``top_known_by``: the seats that know the goods pile's top card (INF-12); ``preview`` the
    afterlife player's cards (hidden but from ``afterlife``); ``pickers``/``actors`` the seats still to
    pick or act this round; ``deaths`` the death steps so far; ``cancel`` the family answers of the
    pending batch; ``placements`` the hidden commitments (INF-8)."""

    seats: int
    options: Options
    places: list[str]
    players: list[Player]
    start: int
    phase: Phase = "round"
    round: int = 1
    goods: list[str] = []
    goods_discard: list[str] = []
    medicines: list[str] = []
    medicines_discard: list[str] = []
    events: list[str] = []
    events_discard: list[str] = []
    set_aside: list[str] = []
    offer: list[str] = []
    market: list[str] = []
    black_market: list[str] = []
    spree: list[str] = []
    spree_top: str = ""
    spree_knowers: list[int] = []
    top_known_by: list[int] = []
    preview: list[str] = []
    afterlife: int = -1
    pickers: list[int] = []
    actors: list[int] = []
    decision: Decision | None = None
    decisions: int = 0
    deaths: int = 0
    family_supply: int = 12
    career_supply: int = 13
    cancel: dict[int, list[int]] = {}
    placements: cm.Commitments[list[str]] = msgspec.field(default_factory=cm.Commitments)
    windows: wn.Windows[Effect, Payload] = msgspec.field(default_factory=wn.Windows)
    guard: bool = False


# ---- events -------------------------------------------------------------------------------------------
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
    """``seat`` answered decision ``step`` with ``value`` (a spree's returned card is not named)."""

    seat: int
    step: str
    value: str


class Changed(EventStruct, frozen=True, tag="changed"):
    """``seat``'s tracks changed by ``deltas`` (as applied, after the limits) and money by ``money``,
    from ``source`` (a card id, an action id, ``worsening``, ``funeral``, a medicine, ``death``: the
    dead's money to the bank). Every change of a seat's money is one of these (an action's price too)."""

    seat: int
    deltas: list[int]
    money: int
    source: str


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


class Died(EventStruct, frozen=True, tag="died"):
    """``seats`` died in death step ``step`` (INF-17)."""

    seats: list[int]
    step: int


class GameEnded(EventStruct, frozen=True, tag="game_end"):
    ranks: list[int]
    winners: list[int]
    reason: str
    guard: bool


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


# ---- the view -----------------------------------------------------------------------------------------
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
