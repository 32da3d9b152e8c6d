"""iGranie z Gruzem's actions, the wire forms a seat sends (tagged ``kind``): ``{"kind": "eat", "count":
1}``. Card ids are strings (``res-plan-1``, ``spc-contract``); seats are indexes 0..n-1. Every kind lists
its legal payloads in the prompt's ``choices`` (`games.igranie.choices`)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine import windows as wn
from games.engine.model import ActionStruct

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
