"""A game played in memory from its log: the reference loop for bots, conformance and replay.

The server does the same per action against a store (decode, `advance`, encode, commit); this module is the
store-less version, so a room's log (seat, action in wire form, time) replays to the identical state.
"""

from __future__ import annotations

from typing import Any

import msgspec

from games.engine.model import Ctx, Event
from games.engine.plugin import Game, advance
from games.engine.rng import Rng


class LogEntry(msgspec.Struct, frozen=True):
    """One applied action: the acting ``seat``, the ``action`` as sent (``{"kind": ...}``) and the server
    time ``now`` in seconds. The action at index i turned state version i into i + 1."""

    seat: int
    action: dict[str, Any]
    now: float = 0.0


def setup_ctx(seed: bytes, now: float = 0.0) -> Ctx:
    """The context of a room's ``setup`` (its own stream, apart from every action's)."""
    return Ctx(Rng(seed, "setup"), now)


class Match:
    """One game in memory: ``state`` at ``version`` (= number of applied actions) and its ``log``."""

    def __init__(self, game: Game[Any, Any], seats: int, options: Any, seed: bytes, now: float = 0.0) -> None:
        self.game = game
        self.seats = seats
        self.options = options
        self.seed = seed
        self.state = game.setup(seats, options, setup_ctx(seed, now))
        self.version = 0
        self.log: list[LogEntry] = []

    def act(self, seat: int, action: dict[str, Any], now: float = 0.0) -> list[Event[Any]]:
        """Apply one wire-form action atomically: on `IllegalAction` nothing changes (it propagates)."""
        parsed = self.game.convert_action(action)
        draft = self.game.copy(self.state)
        stepped = advance(self.game, draft, seat, parsed, Ctx.for_step(self.seed, self.version, now))
        self.state = draft
        self.version += 1
        self.log.append(LogEntry(seat, action, now))
        return stepped.events

    @classmethod
    def resume(
        cls, game: Game[Any, Any], seats: int, options: Any, seed: bytes, state: Any, version: int
    ) -> Match:
        """The match at ``state``, which is version ``version`` of a room seeded ``seed``, to play on
        from there (a kept state of a replay); its ``log`` holds only what is played from now on."""
        match = cls.__new__(cls)
        match.game, match.seats, match.options, match.seed = game, seats, options, seed
        match.state, match.version, match.log = state, version, []
        return match

    @classmethod
    def replay(
        cls, game: Game[Any, Any], seats: int, options: Any, seed: bytes, log: list[LogEntry]
    ) -> Match:
        """The match that ``log`` produces from a fresh setup. Raises what a refused entry raises."""
        match = cls(game, seats, options, seed)
        for entry in log:
            match.act(entry.seat, entry.action, entry.now)
        return match
