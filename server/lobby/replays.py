"""Replays of finished rooms: the spectators' view at any version, recomputed from the room's seed and
action log (`games.engine.Match` replays a log to the identical state), for
``GET /api/rooms/{room}/replay/{version}`` (docs/api.md, "Replays").

A replay never shows what a spectator did not see: the view is the game's spectator view
(``view(state, None)``) and the events those a spectator received (`server.ws.steps.missed`).

Cost: a call past the furthest version replayed so far plays the log on to it, keeping the state
every `CHECKPOINT` versions (encoded, `Game.encode_state`), in a thread; any other call decodes the
kept state at or below its version and plays at most `CHECKPOINT` - 1 actions. So a viewer stepping
through a game pays one action per step, and a jump to the end of a long game pays its whole log once
(`python -m clients.bench.replays`: docs/benchmarks.md, "Replays"). `ROOMS` rooms keep their states
(least recently used first out); a finished room's log never changes, so nothing is ever invalidated.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec

from games.engine.match import Match
from protocol.replay import Replay, ReplayEvent
from server.errors import Refused
from server.play.rooms import Rooms
from server.store.model import LogStep
from server.ws.steps import missed

#: Versions between two kept states of a replayed room.
CHECKPOINT = 64
#: Rooms whose checkpoints are kept.
ROOMS = 64
#: Replay calls that may wait for the one computing; one more is refused ``rate/limited``.
WAITING = 8


class Table(msgspec.Struct, frozen=True):
    """What a replay plays: the ``game``, its ``seats``, ``options`` (builtins) and ``seed``."""

    game: Any
    seats: int
    options: Any
    seed: bytes

    def match(self) -> Match:
        """A fresh match of this table at version 0."""
        return Match(self.game, self.seats, self.game.options(self.options), self.seed)


class Kept:
    """A replayed room's kept states: ``states[i]`` is the encoded state at version ``i * CHECKPOINT``,
    up to ``frontier``, the match at the furthest version played so far."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.frontier = table.match()
        self.states = [table.game.encode_state(self.frontier.state)]

    def state_at(self, steps: list[LogStep], version: int) -> Any:
        """The state at ``version`` (not to be changed): past the frontier, the frontier played on to it,
        keeping a state every `CHECKPOINT` versions; else the kept state at or below it, played on (at
        most `CHECKPOINT` - 1 actions)."""
        game, frontier = self.table.game, self.frontier
        if version >= frontier.version:
            for step in steps[frontier.version : version]:
                frontier.act(step.seat, step.action, step.now)
                if frontier.version % CHECKPOINT == 0:
                    self.states.append(game.encode_state(frontier.state))
            frontier.log.clear()  # the steps are in the store's log already
            return frontier.state
        index = version // CHECKPOINT
        state = game.decode_state(self.states[index])
        table = self.table
        match = Match.resume(
            game, table.seats, game.options(table.options), table.seed, state, index * CHECKPOINT
        )
        for step in steps[match.version : version]:
            match.act(step.seat, step.action, step.now)
        return match.state

    def view_at(self, steps: list[LogStep], version: int) -> Any:
        """The spectators' view at ``version``, as builtins."""
        return msgspec.to_builtins(self.table.game.view(self.state_at(steps, version), None))


class Replays:
    """The replay of every finished room of ``rooms`` (see the module docstring)."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        self.kept: OrderedDict[str, Kept] = OrderedDict()
        self.lock = asyncio.Lock()  # one replay computes at a time: the kept states are shared
        self.waiting = 0

    async def at(self, room: str, version: int, computing: Callable[[], object] = lambda: None) -> Replay:
        """The replay of ``room`` at ``version``; ``computing()`` is called once the store's reads are
        done (the lobby lifts its store deadline there: what follows is work, not a wait on the store).
        Raises `Refused`: ``room/not_found``, ``room/not_finished`` (its game goes on),
        ``request/invalid`` (no such version; details: the ``last`` version), ``rate/limited`` (more
        than `WAITING` calls already wait; ``details.retry_after`` 1 s)."""
        meta = await self.rooms.meta(room)
        state = await self.rooms.store.get_state(room)
        if state is None or not state.finished:
            raise Refused("room/not_finished", "replays are of finished rooms")
        if not 0 <= version <= state.version:
            raise Refused("request/invalid", f"no version {version}", {"last": state.version})
        steps = await self.rooms.store.get_log(room, 0)
        if len(steps) < state.version:  # the finished room's log outlived its keeping time
            raise Refused("room/not_found", "this room's log is gone")
        game = self.rooms.game(meta)
        kept = self._kept(room, Table(game, len(meta.seats), meta.options, await self.rooms.seed(room)))
        if self.waiting >= WAITING:
            raise Refused("rate/limited", "too many replays at once; try again", {"retry_after": 1})
        computing()
        self.waiting += 1
        try:
            async with self.lock:
                # a thread: the first call of a long game plays its whole log (docs/api.md, "Replays")
                view = await asyncio.to_thread(kept.view_at, steps, version)
        finally:
            self.waiting -= 1
        events = [ReplayEvent(e.version, e.body) for e in missed(steps[version - 1 : version], None)]
        return Replay(room, meta.game, version, state.version, view, events)  # none at 0: no step made it

    def _kept(self, room: str, table: Table) -> Kept:
        kept = self.kept.get(room)
        if kept is None:
            kept = self.kept[room] = Kept(table)
            if len(self.kept) > ROOMS:
                self.kept.popitem(last=False)
        self.kept.move_to_end(room)
        return kept
