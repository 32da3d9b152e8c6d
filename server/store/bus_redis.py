"""The Redis bus: how a change committed by any worker reaches this worker's viewers of the room.

One pub/sub connection per worker. A room's channel is subscribed when its first local subscriber
arrives and unsubscribed when the last one leaves (the hub subscribes once per watched room, so this
counts the rooms this worker's connections watch). A message on a channel is only a wake-up carrying the
new version: the worker reads the room's stored version (`RedisStore.change_of`, one round trip) and
hands that `Change` to the subscribers. Reads of one room are coalesced (a burst of wake-ups costs one
or two reads) and a change is delivered only if it is newer than the last one delivered; subscribers
fill any gap from the log themselves.

Reconciling against the store also happens when Redis confirms a subscription (which closes the race
with a commit between the subscriber's first read and the ``SUBSCRIBE``), after a reconnect (every
watched room is subscribed again, and each confirmation reconciles it) and every ``sweep`` seconds.

Changes committed by this worker are delivered at once through `publish` (the commit reports its change
and `server.play.rooms.Rooms` publishes it), without waiting for their own wake-up, which is then skipped
as not newer; such a change is delivered even when a reconciliation delivered its version first, since it
may carry the acting connection's ack (`Change.origin`; the subscriber skips versions it showed). The
commit script does not even publish it when no other connection listens on the channel (it compares
``PUBSUB NUMSUB`` with this worker's own confirmed subscription, `listening`; a worker that subscribes
later reconciles on its confirmation, so a skipped wake-up is never missed). The wake-up often arrives
before the commit's reply is handled: while this worker has a commit of the room in flight, a wake-up only
records the version it announced, and `settled` (the store calls it when the reply is in) reads the room
only if that version was not delivered by then (the commit lost to another worker's, or a later one
landed); it looks once the current callback is over, so the caller of the commit has published what it
reported.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from server.store.bus import Callback
from server.store.model import Change, closed_change
from server.store.outage import outage_of
from server.store.redis import RedisStore
from server.store.redis_batch import Client, PackedConnection

log = logging.getLogger("boardroom.bus")

#: Seconds between two reconnection attempts after the pub/sub connection failed.
RETRY = 0.5


class RedisBus:
    """The `server.store.bus.Bus` over Redis pub/sub for ``store``'s rooms. ``sweep``: seconds between two
    reconciliations of every watched room (a safety net: pub/sub may drop a message)."""

    def __init__(self, store: RedisStore, sweep: float = 15.0) -> None:
        self.store = store
        self.sweep = sweep
        self.pubsub = store.redis.pubsub()
        self._subs: dict[str, dict[int, Callback]] = {}
        self._delivered: dict[str, int] = {}
        self._next = 0
        self._fetching: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._wake = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self._sweeping: asyncio.Task[None] | None = None
        self._channels: set[str] = set()  # subscribed on Redis right now (confirmed or sent)
        self._confirmed: set[str] = set()  # rooms whose subscription Redis confirmed on this connection
        #: wake-up messages received (tests count them)
        self.wakeups = 0
        self._resets = 0  # reconnections (on a Redis Cluster, each tries another node)
        self._dirty: set[str] = set()  # rooms whose channel may need a (un)subscribe on Redis
        self._announced: dict[str, int] = {}  # wake-ups held back while a local commit is in flight
        self._lost: BaseException | None = None  # why the pub/sub connection failed, until it answers again
        # the worker's one outage log (shared with its sessions and scheduler): a line when Redis is
        # lost and one when it answers again, not one per reconnect attempt or per room
        self._outage = outage_of(store)
        store.settled = self.settled  # the bus holds wake-ups back only if the store reports replies
        store.listening = self.listening

    # ---- the Bus protocol ------------------------------------------------------------------------
    def publish(self, change: Change) -> None:
        """Deliver a change this worker committed to its local subscribers (other workers get the
        script's wake-up), even one not newer than the last delivered (see the module's docstring)."""
        self._deliver(change, own=True)

    def subscribe(self, room: str, callback: Callback) -> int:
        """Call ``callback`` (on the event loop) with each newer change of ``room``. Must be called on
        the event loop; the first subscriber of a room subscribes its channel."""
        self._next += 1
        subs = self._subs.get(room)
        if subs is None:
            subs = self._subs[room] = {}
            self._changed(room)
        subs[self._next] = callback
        self._ensure_reader()
        return self._next

    def unsubscribe(self, room: str, handle: int) -> None:
        subs = self._subs.get(room)
        if subs is None:
            return
        subs.pop(handle, None)
        if not subs:
            del self._subs[room]
            self._delivered.pop(room, None)
            self._announced.pop(room, None)
            self._changed(room)

    def _changed(self, room: str) -> None:
        self._dirty.add(room)
        self._wake.set()

    def subscriptions(self) -> int:
        """Live local subscriptions (tests assert none are left over)."""
        return sum(len(subs) for subs in self._subs.values())

    def listening(self, room: str) -> bool:
        """Whether Redis confirmed this worker's subscription to ``room``'s channel (so a commit script
        counts it among the channel's subscribers, `RedisStore._own_subscriptions`)."""
        return room in self._confirmed

    def channels(self) -> int:
        """Rooms subscribed on Redis (after the reader caught up with `subscribe`/`unsubscribe`)."""
        return len(self._channels)

    async def ping(self) -> None:
        """Raise unless wake-ups can be heard: while rooms are watched, the reader's pub/sub connection
        must not have failed since it last answered; with none, Redis must answer ``PING`` (a bus with
        nothing to listen to holds no connection of its own to judge by)."""
        if self._subs:
            if self._lost is not None:
                raise self._lost
            return
        await self.store.redis.ping()

    # ---- delivery --------------------------------------------------------------------------------
    def _deliver(self, change: Change, own: bool = False) -> None:
        subs = self._subs.get(change.room)
        delivered = self._delivered.get(change.room, -1)
        if not subs or (not change.closed and not own and change.version <= delivered):
            return
        self._delivered[change.room] = max(change.version, delivered)
        for callback in list(subs.values()):
            callback(change)

    def settled(self, room: str) -> None:
        """This worker's commit of ``room`` got its reply (committed, refused or failed): read the room
        if a wake-up announced a version that has not been delivered since."""
        if room in self._announced:
            # the commit's caller publishes what it reported right after this returns (no await in
            # between): look after it did, not before (a read per commit for a version about to come)
            asyncio.get_running_loop().call_soon(self._held_back, room)

    def _held_back(self, room: str) -> None:
        announced = self._announced.pop(room, None)
        if announced is not None and announced > self._delivered.get(room, -1):
            self._reconcile(room)

    def _reconcile(self, room: str) -> None:
        """Read ``room``'s stored version soon (one read in flight per room; a wake-up meanwhile reads
        once more afterwards)."""
        if room not in self._subs:
            return
        if room in self._fetching:
            self._again.add(room)
            return
        self._fetching[room] = asyncio.ensure_future(self._fetch(room))

    async def _fetch(self, room: str) -> None:
        try:
            while True:
                self._again.discard(room)
                try:
                    change = await self.store.change_of(room)
                except (RedisConnectionError, RedisTimeoutError) as exc:
                    self._outage.failed(exc, refused=False)
                    log.debug("reading room %s failed; the reconnect reconciles it", room)
                    return
                if change is not None:
                    self._deliver(change)
                if room not in self._again:
                    return
        finally:
            self._fetching.pop(room, None)

    # ---- the reader ------------------------------------------------------------------------------
    def _ensure_reader(self) -> None:
        if self._reader is None or self._reader.done():
            self._reader = asyncio.ensure_future(self._read_forever())

    async def _read_forever(self) -> None:
        while True:
            try:
                await self._read(self._outage.now())
            except (RedisConnectionError, RedisTimeoutError, OSError) as exc:
                self._outage.failed(exc, refused=False)
                self._lost = exc
                log.debug("redis pub/sub connection lost (%s); reconnecting", exc)
                self._channels.clear()
                self._confirmed.clear()
                self._dirty.update(self._subs)  # every watched room is subscribed again
                self._wake.set()
                await self._reset()
                await asyncio.sleep(RETRY)

    async def _reset(self) -> None:
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        redis = self.store.redis
        nodes = redis.get_nodes() if isinstance(redis, RedisCluster) else []
        if nodes:  # a Cluster's nodes all hear every PUBLISH: try the next (the last may be down for good)
            self._resets += 1
            self.pubsub = redis.pubsub(node=nodes[self._resets % len(nodes)])
        else:
            self.pubsub = redis.pubsub()

    async def _read(self, started: float) -> None:
        """Read wake-ups until the connection fails; ``started``: when this connection was attempted
        (once it answers, an outage that began before is over)."""
        swept = time.monotonic()
        await self.store.connect()
        while True:
            if self._wake.is_set():
                await self._sync_channels()
            if self._channels:
                message = await self.pubsub.get_message(timeout=0.05)
                self._outage.recovered(started)
                self._lost = None
                if message is not None:
                    self._on_message(message)
                    continue
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.sweep)
            if time.monotonic() - swept >= self.sweep:
                swept = time.monotonic()
                self._start_sweep()

    def _start_sweep(self) -> None:
        """Compare every watched room's stored version with the last delivered (one short read each, in
        shared pipelines) and read only the rooms behind: a full `change_of` of every room every few
        seconds was most of an idle worker's CPU at thousands of rooms."""
        if self._subs and (self._sweeping is None or self._sweeping.done()):
            self._sweeping = asyncio.ensure_future(self._sweep(list(self._subs)))

    async def _sweep(self, rooms: list[str]) -> None:
        try:
            versions = await self.store.versions(rooms)
        except (RedisConnectionError, RedisTimeoutError) as exc:
            self._outage.failed(exc, refused=False)
            log.debug("the sweep's read failed; the reconnect reconciles every room")
            return
        for room, version in zip(rooms, versions, strict=True):
            if version is not None and version > self._delivered.get(room, -1):
                self._reconcile(room)

    async def _sync_channels(self) -> None:
        """Subscribe the channels of newly watched rooms and unsubscribe those nobody watches (only the
        rooms changed since the last call: the cost is per change, not per watched room)."""
        self._wake.clear()
        dirty, self._dirty = self._dirty, set()
        added: list[str] = []
        removed: list[str] = []
        for room in dirty:
            channel = self.store.channel(room)
            if room in self._subs and channel not in self._channels:
                added.append(channel)
            elif room not in self._subs and channel in self._channels:
                removed.append(channel)
        try:
            if added:
                await self.pubsub.subscribe(*added)
                self._channels.update(added)
            if removed:
                self._confirmed.difference_update(self.store.room_of(c) for c in removed)
                await self.pubsub.unsubscribe(*removed)
                self._channels.difference_update(removed)
        except BaseException:
            self._dirty |= dirty  # retried after the reconnect (which marks every room anyway)
            raise

    def _on_message(self, message: dict[str, Any]) -> None:
        channel = message["channel"].decode()
        room = self.store.room_of(channel)
        if message["type"] == "subscribe":
            if channel in self._channels:  # not unsubscribed since it was sent
                self._confirmed.add(room)
            self._reconcile(room)  # a commit may have landed before the subscription took effect
        elif message["type"] == "unsubscribe":
            self._confirmed.discard(room)
        elif message["type"] == "message":
            self.wakeups += 1
            if message["data"] == b"closed":  # the room was deleted (`RedisStore.delete_room`)
                self._deliver(closed_change(room))
                return
            version = int(message["data"])
            if version <= self._delivered.get(room, -1):
                return
            if self.store.committing.get(room):  # likely our own commit: `settled` decides
                self._announced[room] = max(version, self._announced.get(room, -1))
            else:
                self._reconcile(room)

    async def aclose(self) -> None:
        """Stop reading and close the pub/sub connection (the store closes its own pool)."""
        tasks = [t for t in (self._reader, self._sweeping, *self._fetching.values()) if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()


#: Redis connections of one worker's pool; more concurrent commands wait up to `POOL_WAIT` seconds for one.
POOL_SIZE = 100
POOL_WAIT = 20.0
#: Seconds to open a connection; a pooled connection idle this long is pinged before its next use.
CONNECT_TIMEOUT = 5.0
HEALTH_CHECK = 15.0


def redis_pair(url: str, prefix: str, ttl: float, cluster: bool = False) -> tuple[RedisStore, RedisBus]:
    """A worker's store and bus over the Redis at ``url`` (connections open lazily, on first use);
    ``cluster``: ``url`` is a node of a Redis Cluster (`cluster_client`).

    The pool blocks when all `POOL_SIZE` connections are busy: redis-py's default pool raises
    ``MaxConnectionsError`` at once past 100, which failed every session of a burst of rooms.

    No per-command socket timeout: redis-py runs every send under ``asyncio.wait_for`` (a task per
    command on Python 3.11) when one is set, ~15 % of a round trip's CPU. Failures are still detected: a
    Redis that dies or restarts closes its sockets (the command raises ``ConnectionError`` at once), TCP
    keepalive finds a vanished host, idle connections are pinged before reuse, and the hot path's
    pipelines carry one deadline each (`server.store.redis_batch.DEADLINE`) for a Redis that hangs."""
    client: Client = cluster_client(url) if cluster else server_client(url)
    store = RedisStore(client, prefix, ttl)
    bus = RedisBus(store)
    store.bus = bus
    return store, bus


def server_client(url: str) -> aioredis.Redis:
    """A client of one Redis server with a blocking pool of `POOL_SIZE` connections, commands packed by
    hiredis on plain TCP (`PackedConnection`)."""
    pool = aioredis.BlockingConnectionPool.from_url(
        url,
        max_connections=POOL_SIZE,
        timeout=POOL_WAIT,
        socket_timeout=None,
        socket_connect_timeout=CONNECT_TIMEOUT,
        socket_keepalive=True,
        health_check_interval=HEALTH_CHECK,
    )
    if pool.connection_class is aioredis.Connection:  # plain TCP (not TLS, not a Unix socket)
        pool.connection_class = PackedConnection
    return aioredis.Redis.from_pool(pool)


def cluster_client(url: str) -> RedisCluster:
    """A Redis Cluster client that learns the nodes and slots from the node at ``url``, with the single
    server's connection settings. At most `POOL_SIZE` connections per node (redis-py's cluster client
    refuses more at once rather than waiting: the hot path shares one pipeline per node through the
    auto-pipeline, so a worker needs a few). No retries: redis-py retries a failed pipeline after closing
    every connection of the client, which failed the commands of the healthy nodes too; a failed command
    is an outage answer (`server.store.outage`), resent by the client, and the auto-pipeline reads the node
    map again (`ClusterBatcher`). Pub/sub stays classic (``PUBLISH`` reaches every node): the bus listens
    on one node."""
    return RedisCluster.from_url(
        url,
        retry=Retry(NoBackoff(), 0),
        max_connections=POOL_SIZE,
        socket_timeout=None,
        socket_connect_timeout=CONNECT_TIMEOUT,
        socket_keepalive=True,
        health_check_interval=HEALTH_CHECK,
    )
