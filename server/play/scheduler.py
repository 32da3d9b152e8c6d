"""The scheduler: due deadlines, server-side bots and abandoned rooms (DESIGN "The server").

Each sweep (`Scheduler.tick`) takes the items due at the clock's time, claims each with a lease (so any
worker may run a scheduler; Redis later) and applies it through the normal commit: a `Timeout` naming
the prompt, the bot's action, or an auto-pass (the seat's ``{"kind": "pass"}``, refused as stale unless
the seat still has the prompt named). A stale item (the prompt changed meanwhile) is refused by the commit,
so each deadline takes effect exactly once. Rooms nobody has been connected to for ``abandon_after``
seconds are closed as abandoned.

Due items fire concurrently, at most ``concurrency`` at once; one room's items fire in their due order
(a bot's action and another seat's deadline of the same room do not race each other). A bot entry that
searches (`games.engine.bots.Bot.searches`) thinks in a process pool of ``thinkers`` processes, off the
event loop; a plain policy is cheap and runs inline. Either sees only its seat's view and prompt (a search:
worlds re-dealt for its seat, never the state) and draws from its own stream ``bot/<seat>/v<version>``.
A bot that raises anything takes its prompt's default (a timeout), logged with its traceback.

While the store is unreachable the sweeps keep ticking; the worker's `server.store.outage.Outage` logs one
line when the store fails and one when a sweep succeeds again (not a traceback per sweep). Items due
meanwhile fire on the first sweep after the outage.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import secrets
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games.engine.bots import Bot, Thought
from games.engine.errors import IllegalAction
from games.engine.plugin import Game
from games.engine.rng import Rng, bot_rng
from games.engine.thinking import bots_of, think
from server.errors import Refused
from server.lineage import die_with_parent
from server.play.deadlines import bot_of
from server.play.step import ActRequest
from server.services import Services
from server.store.model import Deadline, RoomMeta
from server.store.outage import outage_of, unavailable

log = logging.getLogger("boardroom.scheduler")

#: Sweeps for abandoned rooms (a scan of every room) and heartbeats per ``abandon_after``: a room is
#: closed at most this fraction of ``abandon_after`` late, and every watched room is marked seen that
#: often (a sweep per second was a burst of reads of every room, every second, on every worker).
SWEEPS_PER_LIMIT = 10


#: Due items fired at once by one sweep (each is a room's commit, or a search bot thinking meanwhile).
CONCURRENCY = 32
#: Processes a worker's searching bots think in.
THINKERS = 2


def policy_of(game: Game[Any, Any], name: str) -> Bot:
    """The bot entry ``name`` of ``game`` (`games.engine.bots.bots_of`). Raises ``KeyError``."""
    return bots_of(game)[name]


_GAMES: dict[type[Any], Game[Any, Any]] = {}


def think_apart(
    game_type: type[Any], name: str, seat: int, state: bytes, seed: bytes, stream: str
) -> Thought:
    """`games.engine.bots.think` in a pool process: the game by its class (one instance per process),
    the state as its stored bytes."""
    game = _GAMES.get(game_type)
    if game is None:
        game = _GAMES[game_type] = game_type()
    return think(game, bots_of(game)[name], game.decode_state(state), seat, Rng(seed, stream))


class Scheduler:
    """Fires due items of every room in the store; ``worker`` names the lease holder. ``thinkers``: the
    executor of searching bots (default: a pool of `THINKERS` processes, started at the first search and
    shut down by `close`); ``concurrency``: due items fired at once."""

    def __init__(
        self,
        services: Services,
        worker: str | None = None,
        thinkers: Executor | None = None,
        concurrency: int = CONCURRENCY,
    ) -> None:
        self.services = services
        self.worker = worker or secrets.token_hex(6)
        self._last_sweep = -float("inf")
        self._thinkers = thinkers
        self._own_pool = thinkers is None
        self._limit = asyncio.Semaphore(concurrency)

    async def tick(self) -> int:
        """One sweep at the clock's current time; returns how many items committed an action."""
        store, now = self.services.store, self.services.clock.now()
        rooms: dict[str, list[Deadline]] = {}
        for item in await store.due(now):
            rooms.setdefault(item.room, []).append(item)
        applied = sum(await asyncio.gather(*(self._fire_room(items, now) for items in rooms.values())))
        if now - self._last_sweep >= self.services.settings.ttls.abandon_after / SWEEPS_PER_LIMIT:
            self._last_sweep = now
            await self.services.hub.heartbeat()
            await self.abandon(now)
        return applied

    async def _fire_room(self, items: list[Deadline], now: float) -> int:
        """Claim and fire one room's due items in order, within the sweep's concurrency bound."""
        applied = 0
        async with self._limit:
            for item in items:
                if await self.services.store.lease(item, self.worker, now, self.services.settings.ttls.lease):
                    applied += await self.fire(item)
        return applied

    async def fire(self, item: Deadline) -> int:
        """Apply ``item``: 1 if it committed, 0 if it was stale (the prompt moved on) or the room is gone."""
        rooms = self.services.rooms
        try:
            meta = await rooms.meta(item.room)
            if item.kind == "bot":
                action = await self._bot_action(meta, item)
                await rooms.act(ActRequest(item.room, item.seat, action, "bot"))
            elif item.kind == "autopass":  # the seat's own pass, as its player would send it
                await rooms.act(
                    ActRequest(item.room, item.seat, {"kind": "pass"}, "autopass", prompt=item.prompt)
                )
            else:
                timeout = {"kind": "timeout", "prompt": item.prompt}
                await rooms.act(ActRequest(item.room, item.seat, timeout, "timeout"))
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
        name = bot_of(meta, item.seat) or meta.away_bot  # a seat away, played by the room's away bot
        if loaded is None or name is None:
            raise Refused("room/not_started", "no state or no bot")
        state = game.decode_state(loaded.state)
        prompt = game.prompts(state).get(item.seat)
        if prompt is None or prompt.id != item.prompt:
            return {"kind": "timeout", "prompt": item.prompt}  # refused as stale by the commit
        seed = await rooms.seed(item.room)
        rng = bot_rng(seed, item.seat, loaded.version)
        try:
            bot = policy_of(game, name)
            if bot.searches:
                loop = asyncio.get_running_loop()
                args = (type(game), name, item.seat, loaded.state, seed, rng.stream)
                thought = await loop.run_in_executor(self._pool(), think_apart, *args)
            else:
                thought = think(game, bot, state, item.seat, rng)
        except Exception as exc:
            # any failure of a bot (a policy bug, a broken pool): the seat takes its default, so the room
            # moves on instead of re-firing the same failing item after every lease
            if isinstance(exc, BrokenProcessPool):
                self.close()  # a pool process died: the next search starts a fresh pool
            log.warning("bot %r failed in room %s: it takes its default", name, item.room, exc_info=True)
            return {"kind": "timeout", "prompt": item.prompt}
        return thought.action

    def _pool(self) -> Executor:
        if self._thinkers is None:
            # spawn, not fork: the worker has threads (the store's, uvicorn's) a fork would copy half-held
            context = multiprocessing.get_context("spawn")
            # a pool process ends with its worker, even one killed by SIGKILL (else it stays, orphaned)
            self._thinkers = ProcessPoolExecutor(THINKERS, mp_context=context, initializer=die_with_parent)
        return self._thinkers

    def close(self) -> None:
        """Shut down the pool of searching bots this scheduler started (a search in flight is cancelled)."""
        if self._own_pool and self._thinkers is not None:
            self._thinkers.shutdown(wait=False, cancel_futures=True)
            self._thinkers = None

    async def aclose(self) -> None:
        """`close`, waiting (off the loop) until the pool's processes and its management thread ended: a
        pool shut down without waiting can fail at interpreter exit, its wake-up pipe already closed."""
        pool, self._thinkers = self._thinkers, None
        if self._own_pool and pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)

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
        something) until cancelled; a failing sweep is logged (a store outage once, by
        `server.store.outage`)."""
        try:
            await self._sweep()
        finally:
            await self.aclose()

    async def _sweep(self) -> None:
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
