"""Infarkt's state and options: the table, the players, the decision under way and the queue of
effects behind their windows (INF-19, INF-25).

Card ids are strings (``goods-beer-1``, ``medicine-statins-3``, ``event-divorce-2``); places are ids
(``work``, ``home``); tracks are lists of six values in `games.infarkt.cards.TRACKS` order; seats are
indexes 0..n-1. Infarkt refuses with the engine's codes only (``action/bad_choice``, ``commit/already``),
so it declares none of its own.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine import commitments as cm
from games.engine import windows as wn
from games.infarkt.actions import Payload

Phase = Literal["round", "offer", "events", "placement", "actions", "worsening", "over"]
Expansion = Literal["black_market", "nightlife", "flirt", "family", "career"]


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
    """One application to ``seat``: six track changes and a money change (clamped at 0); ``causes``:
    the worsening rows behind it (INF-18), told with its change."""

    seat: int
    deltas: list[int]
    money: int = 0
    causes: list[str] = []


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


class State(msgspec.Struct):
    """The whole table. Piles are drawn from their end (the top). ``offer``: the event offer; ``market``
    the Market's offer; ``black_market`` its offer (INF-22); ``set_aside`` INF-28's events; ``spree``
    the three cards a shopping-spree buyer looks at (hidden but from ``decision.seat``);
    ``top_known_by``: the seats that know the goods pile's top card (INF-12); ``preview`` the
    afterlife player's cards (hidden but from ``afterlife``); ``pickers``/``actors`` the seats still to
    pick or act this round; ``deaths`` the death steps so far; ``cancel`` the family answers of the
    pending batch; ``placements`` the hidden commitments (INF-8); ``announce`` is true until the first
    action, whose events begin with round 1's start as setup laid it (`games.infarkt.flow.opening`)."""

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
    announce: bool = False
