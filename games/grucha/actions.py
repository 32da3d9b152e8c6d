"""Grucha's actions in wire form, tagged by ``kind``: ``{"kind": "submit", "groups": [{"cards": ["7S-a",
"7H-b", "JK-a1"], "jokers": {"JK-a1": "7D"}}]}`` (card ids: see `games.grucha.cards`)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from games.engine.model import ActionStruct
from games.engine.plugin import FreeForm

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


#: GRU-9: the one free-form kind, as ``GET /api/games`` lists it (README "Actions").
SUBMIT = FreeForm(
    "GRU-9: the complete new table: every group on the table after the play, those already there (as"
    " they stay or reshaped) and those laid from the hand; `cards` are card ids, `jokers` names the card"
    " a joker stands for (GRU-6). Re-submitting the view's `table` groups keeps their meanings.",
    {"kind": "submit", "groups": [{"cards": ["7S-a", "JK-b1", "9S-b"], "jokers": {"JK-b1": "8S"}}]},
)
