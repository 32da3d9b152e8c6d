"""Infarkt's actions, their wire form tagged by ``kind``: ``{"kind": "choose", "value": "A"}``,
``{"kind": "place", "places": ["work", "home", "gym"]}``, ``{"kind": "medicine", "card":
"medicine-statins-1"}``, ``{"kind": "family", "cancel": [0, 0, 0, 2, 0, 0]}`` and the windows'
``{"kind": "pass"}``. ``Payload`` is what a window records of a play (INF-19, INF-25)."""

from __future__ import annotations

from games.engine import windows as wn
from games.engine.model import ActionStruct


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
