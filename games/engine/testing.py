"""What every game's rule tests need, in one place: a match in memory, one wire action applied with its
event bodies returned, and the tags of those bodies. Pure like the rest of the engine (no test
framework here); each game's test helpers (``tests/games/<game>/helpers.py``) build on it.
"""

from __future__ import annotations

from typing import Any

from games.engine.match import Match
from games.engine.plugin import Game


def new_match(game: Game[Any, Any], seats: int, seed: bytes, **options: Any) -> Match:
    """A fresh `Match` of ``game`` at ``seats`` seats with ``options`` (JSON data; defaults filled in)."""
    return Match(game, seats, game.options(options), seed)


def act(match: Match, seat: int, kind: str, now: float = 0.0, **fields: Any) -> list[Any]:
    """Apply one wire action ``{"kind": kind, **fields}`` of ``seat`` at server time ``now`` (seconds):
    the event bodies (tagged Structs) of the step. Raises `IllegalAction` as `Match.act`."""
    return [e.body for e in match.act(seat, {"kind": kind, **fields}, now)]


def kinds(bodies: list[Any]) -> list[str]:
    """The tags of event bodies, in order (``["revealed", "moved"]``)."""
    return [b.__struct_config__.tag for b in bodies]


def of_kind(bodies: list[Any], tag: str) -> list[Any]:
    """The bodies tagged ``tag``, in order."""
    return [b for b in bodies if b.__struct_config__.tag == tag]
