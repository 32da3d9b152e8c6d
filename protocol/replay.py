"""The answer of ``GET /api/rooms/{room}/replay/{version}`` (docs/api.md, "Replays"), a wire type of
the lobby API: its schema is ``protocol/schema/replay.json``."""

from __future__ import annotations

from typing import Any

import msgspec


class ReplayEvent(msgspec.Struct, frozen=True):
    """One event a spectator received: the ``version`` its step produced and its ``body`` (the game's
    ``$defs.event``)."""

    version: int
    body: dict[str, Any]


class Replay(msgspec.Struct, frozen=True):
    """A finished room's spectators' view at one version.

    - ``room``, ``game``: the room and its game id.
    - ``version``: the version shown, 0 (after setup) to ``last``, the room's final version.
    - ``view``: the spectators' view at ``version`` (the game's ``$defs.view``), exactly what a spectator
      held at that version.
    - ``events``: what a spectator received with the step that produced ``version`` (none at 0).
    """

    room: str
    game: str
    version: int
    last: int
    view: Any
    events: list[ReplayEvent]
