"""The scheduler: due deadlines, server-side bots and abandoned rooms (DESIGN "The server").

Each sweep (`Scheduler.tick`) takes the items due at the clock's time, claims each with a lease (so any
worker may run a scheduler; Redis later) and applies it through the normal commit: a `Timeout` naming
the prompt, the bot's action, or an auto-pass (the seat's ``{"kind": "pass"}``, refused as stale unless
the seat still has the prompt named). A stale item (the prompt changed meanwhile) is refused by the commit,
so each deadline takes effect exactly once. Rooms nobody has been connected to for ``abandon_after``
seconds are closed as abandoned.

While the store is unreachable the sweeps keep ticking; the worker's `server.outage.Outage` logs one line
when the store fails and one when a sweep succeeds again (not a traceback per sweep). Items due
meanwhile fire on the first sweep after the outage.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from games.engine.bots import random_policy
from games.engine.errors import IllegalAction
from games.engine.plugin import Game, Policy
from games.engine.rng import Rng
from server.deadlines import bot_of
from server.errors import Refused
from server.outage import outage_of, unavailable
from server.services import Services
from server.store.model import Deadline, RoomMeta

log = logging.getLogger("boardroom.scheduler")

#: Sweeps for abandoned rooms (a scan of every room) and heartbeats per ``abandon_after``: a room is
#: closed at most this fraction of ``abandon_after`` late, and every watched room is marked seen that
#: often (a sweep per second was a burst of reads of every room, every second, on every worker).
SWEEPS_PER_LIMIT = 10


def policy_of(game: Game[Any, Any], name: str) -> Policy:
    """The bot policy ``name`` of ``game`` (``random``: the engine's). Raises ``KeyError``."""
    if name == "random":
        return game.bots().get("random", random_policy)
    return game.bots()[name]


class Scheduler:
    """Fires due items of every room in the store; ``worker`` names the lease holder."""

    def __init__(self, services: Services, worker: str | None = None) -> None:
        self.services = services
        self.worker = worker or secrets.token_hex(6)
        self._last_sweep = -float("inf")

    async def tick(self) -> int:
        """One sweep at the clock's current time; returns how many items committed an action."""
        store, now = self.services.store, self.services.clock.now()
        applied = 0
        for item in await store.due(now):
            if await store.lease(item, self.worker, now, self.services.settings.ttls.lease):
                applied += await self.fire(item)
        if now - self._last_sweep >= self.services.settings.ttls.abandon_after / SWEEPS_PER_LIMIT:
            self._last_sweep = now
            await self.services.hub.heartbeat()
            await self.abandon(now)
        return applied

    async def fire(self, item: Deadline) -> int:
        """Apply ``item``: 1 if it committed, 0 if it was stale (the prompt moved on) or the room is gone."""
        rooms = self.services.rooms
        try:
            meta = await rooms.meta(item.room)
            if item.kind == "bot":
                action = await self._bot_action(meta, item)
                await rooms.act(item.room, item.seat, action, None, "bot")
            elif item.kind == "autopass":  # the seat's own pass, as its player would send it
                await rooms.act(item.room, item.seat, {"kind": "pass"}, None, "autopass", prompt=item.prompt)
            else:
                await rooms.act(
                    item.room, item.seat, {"kind": "timeout", "prompt": item.prompt}, None, "timeout"
                )
        except (IllegalAction, Refused) as exc:
            log.debug("stale scheduler item %s: %s", item, exc)
            return 0
        return 1

    async def _bot_action(self, meta: RoomMeta, item: Deadline) -> dict[str, Any]:
        """The bot's action for ``item``: its policy sees only its seat's view and prompt, and draws from
        its own stream ``bot/<seat>/v<version>``. A prompt that moved on gives a stale timeout."""
        rooms = self.services.rooms
        game = rooms.game(meta)
        loaded = await rooms.store.get_state(item.room)
        name = bot_of(meta, item.seat)
        if loaded is None or name is None:
            raise Refused("room/not_started", "no state or no bot")
        state = game.decode_state(loaded.state)
        prompt = game.prompts(state).get(item.seat)
        if prompt is None or prompt.id != item.prompt:
            return {"kind": "timeout", "prompt": item.prompt}  # refused as stale by the commit
        rng = Rng(await rooms.seed(item.room), f"bot/{item.seat}/v{loaded.version}")
        try:
            return policy_of(game, name)(game.view(state, item.seat), prompt, rng)
        except (KeyError, ValueError):
            log.warning("bot %r cannot act in room %s: its seat takes its default", name, item.room)
            return {"kind": "timeout", "prompt": item.prompt}

    async def abandon(self, now: float) -> int:
        """Close rooms nobody has been connected to for ``abandon_after`` seconds; returns how many."""
        store, limit = self.services.store, self.services.settings.ttls.abandon_after
        # a room younger than the limit cannot be abandoned yet (it was last seen after its creation):
        # skip it without reading, else every sweep costs two round trips per room in the store
        listed = await store.list_rooms()
        await store.reindex([m.room for m in listed if m.status == "running"])
        old = [m for m in listed if m.status != "abandoned" and now - m.created > limit]
        # read together: the Redis store sends them in shared pipelines, not one round trip per room
        seen = await asyncio.gather(*(store.last_seen(meta.room) for meta in old))
        closed = 0
        for meta, last in zip(old, seen, strict=True):
            if now - (last or meta.created) <= limit:
                continue
            loaded = await store.get_state(meta.room)
            if loaded is not None and loaded.finished:
                continue
            meta.status = "abandoned"
            if await store.put_meta(meta):
                closed += 1
        return closed

    async def run(self) -> None:
        """Sweep every ``settings.tick`` seconds of real time (at once again after a sweep that applied
        something) until cancelled; a failing sweep is logged (a store outage once, by `server.outage`)."""
        outage = outage_of(self.services.store)
        while True:
            started = outage.now()
            try:
                applied = await self.tick()
            except Exception as exc:
                if unavailable(exc):
                    outage.failed(exc, refused=False)
                else:
                    log.exception("scheduler sweep failed")
                applied = 0
            else:
                outage.recovered(started)
            # a sweep that applied something may have made the next bot move due at once
            await asyncio.sleep(0 if applied else self.services.settings.tick)
