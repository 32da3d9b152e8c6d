"""iGranie z Gruzem's typed values: options, state, actions (wire form), plays, events, the view, codes.

Wire forms are tagged by ``kind``: ``{"kind": "eat", "count": 1}``. Card ids are strings (``res-plan-1``,
``spc-contract``, ``hiv``, ``wrk-bonus-2``, ``chl-mom-1``); spaces are ``start``, ``work-7``,
``sidegig-2``; seats are indexes 0..n-1.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine import declare
from games.engine import windows as wn
from games.engine.model import ActionStruct, EventStruct

Phase = Literal[
    "choose", "first_loop", "rent", "roll", "forest", "ability", "split", "shop", "food", "bank",
    "discard", "pick", "over",
]  # fmt: skip
Good = Literal["food", "money", "cards"]

declare(
    {
        "igranie/not_your_card": "that card is not in your hand or cannot be used that way now",
    }
)


# ---- options ----------------------------------------------------------------------------------------
class Options(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Room options (house rules of the rulebook, IGR Options). ``first_player``: ``random``, ``seat0`` or
    a seat number as a string; ``removed_cards``: ids of Event or ordinary Resourcefulness cards left in
    the box."""

    rent: Annotated[int, msgspec.Meta(ge=3, le=4)] = 4
    double_portion_after_hunger: bool = False
    random_discard_by_left_neighbour: bool = False
    abilities_once_per_game: bool = False
    removed_cards: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=40)]], msgspec.Meta(max_length=60)
    ] = []
    continue_after_death: bool = False
    first_player: Annotated[str, msgspec.Meta(pattern="^(seat0|random|[0-9])$")] = "random"
    allow_two_players: bool = False


# ---- state ------------------------------------------------------------------------------------------
class Player(msgspec.Struct):
    """One seat's character. ``hand`` is hidden from the others; ``specials`` lie face up (HIV too);
    ``space`` is ``None`` once dead; ``next_loop`` the Large Loop entered next from Start (IGR-2);
    ``enter`` the Small Loop the next move goes into (IGR-6, 7); ``uses``/``used_month`` count each
    Ability's uses and the month (0..5) of its last one (IGR-36); ``death`` the step it died in."""

    character: str = ""
    food: int = 5
    money: int = 5
    hand: list[str] = []
    specials: list[str] = []
    space: str | None = "start"
    next_loop: str = "work"
    enter: str | None = None
    skip: bool = False
    hunger: bool = False
    hunger_turn: int = -1
    debt: bool = False
    rent_release: int = 0
    bank_money: int = 0
    bank_food: int = 0
    uses: dict[str, int] = {}
    used_month: dict[str, int] = {}
    turns: int = 0
    stole_round: int = 0
    defended_round: int = 0
    tough: bool = False
    dead: bool = False
    death: int = 0
    cause: str = ""


class Contest(msgspec.Struct):
    """A Fridge theft (IGR-18): ``attacker``, ``defender``, their modified ``dice`` (attacker's first,
    empty until rolled), ``gave_up``."""

    attacker: int
    defender: int
    dice: list[int] = []
    gave_up: bool = False


class Offer(msgspec.Struct):
    """An offer waiting for answers: a Special card trade (IGR-27), Lena's barter (IGR-33) or Staff."""

    kind: Literal["trade", "barter", "staff"]
    source: int
    seats: list[int]
    card: str = ""
    good: str = ""
    count: int = 0
    accepted: list[int] = []


class Turn(msgspec.Struct):
    """The active turn's bookkeeping: the movement ``die`` and final ``move``, the Small Loop the move
    went through, the Ability used, Food ``eaten``, trade ``offers`` made, ``split`` goods to share
    (Calling Mom), ``discards`` the neighbour still picks."""

    die: int = 0
    die_total: int = 0
    move: int = 0
    loop: str | None = None
    ability: str = ""
    eaten: int = 0
    offers: int = 0
    split: int = 0
    discards: int = 0
    left: str = ""
    reversed: bool = False


class Step(EventStruct, frozen=True, tag="step"):
    """A pending piece of the turn, queued behind a window (`games.engine.windows`)."""

    name: str
    arg: str = ""


# ---- plays (payloads of window plays) ---------------------------------------------------------------
class CardPlay(EventStruct, frozen=True, tag="card"):
    """A Resourcefulness card played: ``use`` ``modify`` (its modifier on ``side``), ``cancel`` or
    ``reverse``."""

    card: str
    use: Literal["modify", "cancel", "reverse"]
    side: int = 0


class LoopPlay(EventStruct, frozen=True, tag="loop"):
    loop: str
    result: int


class EventPlay(EventStruct, frozen=True, tag="event"):
    card: str


class AbilityPlay(EventStruct, frozen=True, tag="ability"):
    ability: str
    seats: list[int] = []
    amounts: list[int] = []
    goods: list[str] = []


class SpecialPlay(EventStruct, frozen=True, tag="special"):
    card: str
    seat: int | None = None


class AcceptPlay(EventStruct, frozen=True, tag="accept"):
    pass


class GiveUpPlay(EventStruct, frozen=True, tag="give_up"):
    pass


Payload = CardPlay | LoopPlay | EventPlay | AbilityPlay | SpecialPlay | AcceptPlay | GiveUpPlay


class State(msgspec.Struct):
    """The whole table. Decks are drawn from their end; ``serial`` counts applied actions (prompt ids,
    deaths in one step); ``first`` is the first player (IGR-1)."""

    seats: int
    options: Options
    first: int
    players: list[Player]
    work: list[str]
    chillout: list[str]
    res: list[str]
    work_discard: list[str] = []
    chillout_discard: list[str] = []
    res_discard: list[str] = []
    phase: Phase = "choose"
    active: int = 0
    round: int = 1
    serial: int = 0
    turn: Turn = msgspec.field(default_factory=Turn)
    contest: Contest | None = None
    offer: Offer | None = None
    windows: wn.Windows[Step, Payload] = msgspec.field(default_factory=wn.Windows)
    winner: int | None = None
    reason: str = ""


# ---- actions ----------------------------------------------------------------------------------------
Seat = Annotated[int, msgspec.Meta(ge=0, le=9)]
Count = Annotated[int, msgspec.Meta(ge=0, le=99)]
CardId = Annotated[str, msgspec.Meta(max_length=40)]


class Choose(ActionStruct, frozen=True, tag="choose"):
    """IGR-1: take a free character."""

    character: CardId


class FirstLoop(ActionStruct, frozen=True, tag="first_loop"):
    """IGR-2 ruling: Fiefiurka's first Large Loop."""

    loop: Literal["work", "chillout"]


class Roll(ActionStruct, frozen=True, tag="roll"):
    """IGR-3: roll the movement die."""


class Forest(ActionStruct, frozen=True, tag="forest"):
    """IGR-35 Forest Dweller: ``extra`` 1 moves one space further."""

    extra: Annotated[int, msgspec.Meta(ge=0, le=1)]


class Modify(ActionStruct, frozen=True, tag="modify"):
    """IGR-28: play ``card``'s die modifier on ``side`` (0: the mover or attacker, 1: the defender)."""

    card: CardId
    side: Annotated[int, msgspec.Meta(ge=0, le=1)] = 0


class Cancel(ActionStruct, frozen=True, tag="cancel"):
    """IGR-28, 30: play ``card``'s cancel against the play with id ``target``."""

    card: CardId
    target: Annotated[int, msgspec.Meta(ge=0)]


class Reverse(ActionStruct, frozen=True, tag="reverse"):
    """IGR-28: turn the negative loop effect of this window into its positive counterpart."""

    card: CardId


class Special(ActionStruct, frozen=True, tag="special"):
    """IGR-29: a card's own-turn special action (``seat``: the player it takes from)."""

    card: CardId
    seat: Seat | None = None


class Use(ActionStruct, frozen=True, tag="use"):
    """IGR-11, 36: use an Ability with its choices (recipients, amounts, goods)."""

    ability: Annotated[str, msgspec.Meta(max_length=20)]
    seats: Annotated[list[Seat], msgspec.Meta(max_length=2)] = []
    amounts: Annotated[list[Annotated[int, msgspec.Meta(ge=0, le=4)]], msgspec.Meta(max_length=2)] = []
    goods: Annotated[list[CardId], msgspec.Meta(max_length=2)] = []


class Done(ActionStruct, frozen=True, tag="done"):
    """End the current phase (no Ability, shopping done, nothing more to deposit, no barter)."""


class Split(ActionStruct, frozen=True, tag="split"):
    """IGR-31 Calling Mom: share the rolled goods."""

    food: Count
    money: Count
    cards: Count


class Buy(ActionStruct, frozen=True, tag="buy"):
    """IGR-12: buy ``count`` Food or Resourcefulness cards at 1 Money each."""

    good: Literal["food", "cards"]
    count: Annotated[int, msgspec.Meta(ge=1, le=99)]


class OfferTrade(ActionStruct, frozen=True, tag="offer"):
    """IGR-27: offer Special ``card`` to seat ``to`` for ``count`` of ``good`` (``food``, ``money``,
    ``cards``) or for their Special card ``good``."""

    card: CardId
    to: Seat
    good: CardId
    count: Annotated[int, msgspec.Meta(ge=0, le=3)] = 1


class Accept(ActionStruct, frozen=True, tag="accept"):
    """Accept the offer of this window (Staff, Bartering, a trade)."""


class GiveUp(ActionStruct, frozen=True, tag="give_up"):
    """IGR-18: the defender gives the Food up without rolling."""


class Eat(ActionStruct, frozen=True, tag="eat"):
    """IGR-17, 19: eat ``count`` Food from your own shelf."""

    count: Annotated[int, msgspec.Meta(ge=1, le=2)] = 1


class Steal(ActionStruct, frozen=True, tag="steal"):
    """IGR-17, 18: attempt a Fridge theft from seat ``target``'s shelf."""

    target: Seat


class Starve(ActionStruct, frozen=True, tag="starve"):
    """IGR-17: eat nothing (only with no Food you may eat)."""


class Nag(ActionStruct, frozen=True, tag="nag"):
    """IGR-34 Scrawny Nag: skip the whole Food phase in a first-week round."""


class Deposit(ActionStruct, frozen=True, tag="deposit"):
    """IGR-14, 22: put ``count`` Money or Food into the Dream Bank."""

    good: Literal["food", "money"]
    count: Annotated[int, msgspec.Meta(ge=1, le=15)]


class Discard(ActionStruct, frozen=True, tag="discard"):
    """IGR-15: discard ``card`` over the hand limit."""

    card: CardId


class Pick(ActionStruct, frozen=True, tag="pick"):
    """IGR-15 option: the left neighbour draws the face-down card at ``slot`` to discard it."""

    slot: Annotated[int, msgspec.Meta(ge=0, le=99)]


class Barter(ActionStruct, frozen=True, tag="barter"):
    """IGR-33, 37: Lena settles her rent and that of ``seats`` who accept, for ``count`` of ``good``."""

    seats: Annotated[list[Seat], msgspec.Meta(max_length=2)] = []
    good: Literal["food", "money", "cards"] = "food"
    count: Annotated[int, msgspec.Meta(ge=0, le=2)] = 0


Action = (
    Choose | FirstLoop | Roll | Forest | Modify | Cancel | Reverse | Special | Use | Done | Split | Buy
    | OfferTrade | Accept | GiveUp | Eat | Steal | Starve | Nag | Deposit | Discard | Pick | Barter | wn.Pass
)  # fmt: skip


def kind_name(action: msgspec.Struct) -> str:
    """An action's ``kind`` tag."""
    return str(action.__struct_config__.tag)
