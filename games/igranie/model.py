"""iGranie z Gruzem's options, state (with the plays a window holds) and refusal codes; the actions are
in `games.igranie.actions`, the events and the view in `games.igranie.events`.

Card ids are strings (``res-plan-1``, ``spc-contract``, ``hiv``, ``wrk-bonus-2``, ``chl-mom-1``); spaces
are ``start``, ``work-7``, ``sidegig-2``; seats are indexes 0..n-1.
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine import declare
from games.engine import windows as wn
from games.engine.model import EventStruct

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
    the box; ``weeks``: the game's length in weeks (rounds), the rulebook's 24 (IGR-21, 24) or a short game
    of 6 or 12, which ends after its last week and ranks as IGR-24 does."""

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
    weeks: Literal[6, 12, 24] = 24


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
