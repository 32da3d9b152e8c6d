"""Gregs Tagebuch's actions in wire form, tagged by ``kind``: ``{"kind": "reveal", "slot": 2}``.

Card ids are strings (``chr-greg``); seats are indexes 0..n-1. The refusals of each are in
`games.gregs.rules` (codes declared in `games.gregs.model`).
"""

from __future__ import annotations

from games.engine.model import ActionStruct


class Choose(ActionStruct, frozen=True, tag="choose"):
    """Take a free character in the setup (GRE-3)."""

    character: str


class Cut(ActionStruct, frozen=True, tag="cut"):
    """Cut the face-down fan: the card at slot ``position`` becomes slot 0 (0 = no cut; GRE-15)."""

    position: int


class Reveal(ActionStruct, frozen=True, tag="reveal"):
    """Reveal the card in fan slot ``slot`` (GRE-12)."""

    slot: int


class Stop(ActionStruct, frozen=True, tag="stop"):
    """End the turn and move by the revealed sum (GRE-13, GRE-18)."""


class Curse(ActionStruct, frozen=True, tag="curse"):
    """The holder hands the curse to seat ``target`` (GRE-18)."""

    target: int


Action = Choose | Cut | Reveal | Stop | Curse
