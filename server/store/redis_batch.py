"""Auto-pipelining for the Redis store's hot path: commands that callers submit while a pipeline is in
flight leave together in the next one.

On this machine a Redis round trip costs tens of µs of redis-py's Python work (packing, the pool, the
parser) and Redis itself far less, so the action path pays per round trip, not per command. The loads
and commits of all rooms that act at the same moment share one: one pipeline in flight per worker, the
next one collecting whatever arrived meanwhile. At low load each batch holds one caller (no added
latency), which sends it from its own task (no task and no wake-up of the batcher's per command);
under load a batch holds many.

The batches go out on one connection of the batcher's own, with redis-py's connection and reply parsing
but without its pipeline execution: that checks a connection out of the (blocking) pool and back in for
every pipeline, which cost as much CPU as the socket I/O itself (a one-command round trip: ~70 µs of
CPU through ``Pipeline.execute``, ~40 µs on the connection directly).

Each command keeps its own atomicity (a commit is one Lua script); the batch is not a transaction, and
needs none: the version compare-and-set inside the commit script decides, as without batching.

On a Redis Cluster (`ClusterBatcher`) a batch is one redis-py cluster pipeline: it splits the commands by
the node that holds their slot, sends to the nodes at once and follows ``MOVED``/``ASK`` redirections.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple, TypeVar, cast

import hiredis
import redis.asyncio as aioredis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import ResponseError
from redis.exceptions import TimeoutError as RedisTimeoutError


class PackedConnection(aioredis.Connection):
    """redis-py's asyncio TCP connection with commands packed by hiredis's C packer.

    redis-py's asyncio connection packs in Python (an encode and a bytes join per argument): ~10 times
    hiredis's time for a commit's 25 arguments, 5 % of a worker's CPU under load. The sync client uses
    hiredis when it is installed; the asyncio one does not, hence this class."""

    def pack_command(self, *args: Any) -> list[bytes]:
        # as redis-py: a command name with spaces ("SCRIPT LOAD") is sent as separate words
        if isinstance(args[0], str):
            args = (*args[0].encode().split(), *args[1:])
        elif b" " in args[0]:
            args = (*args[0].split(), *args[1:])
        try:
            return [hiredis.pack_command(args)]
        except TypeError:  # an argument hiredis does not take: redis-py's encoder raises its DataError
            return super().pack_command(*args)


#: Seconds a pipeline may take before its callers get ``TimeoutError`` (a Redis that hangs with its
#: sockets open). One deadline per pipeline instead of redis-py's per-command socket timeout.
DEADLINE = 5.0

T = TypeVar("T")

#: A worker's Redis client: one server (or a primary with replicas) or a Redis Cluster.
Client = aioredis.Redis | RedisCluster

#: ``add(pipe)`` queues one caller's commands on the shared pipeline.
Adder = Callable[[Any], None]


class Item(NamedTuple):
    """One submission: ``add`` queues ``size`` commands whose keys are all in the slot of ``key``; the
    replies go to ``future`` (``None``: a command sent along whose reply nobody waits for)."""

    add: Adder
    size: int
    future: asyncio.Future[list[Any]] | None
    key: str


class Batch:
    """Submissions waiting for the next pipeline."""

    __slots__ = ("items",)

    def __init__(self) -> None:
        self.items: list[Item] = []


class Batcher:
    """One worker's auto-pipeline over ``redis`` (a client with a connection pool)."""

    def __init__(self, redis: Client) -> None:
        self.redis = redis
        self._waiting = Batch()
        self._task: asyncio.Task[None] | None = None
        self._busy = False  # a pipeline is in flight (its caller's, or the drain task's)
        self._conn: aioredis.Connection | None = None
        #: pipelines sent and commands in them (the batching factor is commands / pipelines)
        self.pipelines = 0
        self.commands = 0

    async def run(
        self, key: str, add: Adder, count: int, then: Adder | None = None, then_key: str = ""
    ) -> list[Any]:
        """Queue ``count`` commands (``add`` puts them on a pipeline; their keys share ``key``'s slot)
        and return their replies in order. ``then`` queues one more command right behind them (on
        ``then_key``) whose reply and failure are dropped. A command's error is returned in its place
        (as redis-py's ``raise_on_error=False``); a lost connection raises for every caller of that
        pipeline (on a Redis Cluster: of that node)."""
        future: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        self._waiting.items.append(Item(add, count, future, key))
        if then is not None:
            self._waiting.items.append(Item(then, 1, None, then_key))
        if self._busy:  # a pipeline is in flight: this submission leaves with the next one
            return await future
        # Nothing in flight: the caller sends its pipeline and reads the replies in its own task, with
        # no task of the batcher's and no second wake-up; what arrives meanwhile leaves with the next
        # pipeline, from a drain task started only then (under load).
        self._busy = True
        batch, self._waiting = self._waiting, Batch()
        try:
            await self._send(batch.items)
        except BaseException:  # cancelled mid-pipeline: its own reply was failed, and nobody reads it
            if future.done() and not future.cancelled():
                future.exception()
            raise
        finally:
            if self._waiting.items:
                self._task = asyncio.ensure_future(self._drain())
            else:
                self._busy = False
        return future.result()

    async def _drain(self) -> None:
        try:
            while self._waiting.items:
                batch, self._waiting = self._waiting, Batch()
                await self._send(batch.items)
        finally:
            self._task = None
            self._busy = False

    async def _send(self, items: list[Item]) -> None:
        pipe = self.redis.pipeline(transaction=False)  # only collects the commands and their options
        for item in items:
            item.add(pipe)
        self.pipelines += 1
        self.commands += len(pipe)
        try:
            async with asyncio.timeout(DEADLINE):
                replies = await self._execute(pipe)
        except BaseException as exc:  # the connection failed: every caller of this pipeline sees it
            _fail(items, _no_reply(exc) if isinstance(exc, Exception) else ConnectionError(str(exc)))
            if not isinstance(exc, Exception):
                raise
            return
        _deliver(items, replies)

    async def _execute(self, pipe: Any) -> list[Any]:
        """Send the commands of ``pipe`` at once and read the replies in order, each through redis-py's
        reply callbacks; an error reply is returned in its command's place."""
        stack = pipe.command_stack
        redis = cast(aioredis.Redis, self.redis)  # a cluster's batches go through `ClusterBatcher`
        conn = self._conn
        if conn is None:
            conn = self._conn = redis.connection_pool.make_connection()
        try:
            await conn.send_packed_command(conn.pack_commands([args for args, _ in stack]))
            replies: list[Any] = []
            for args, options in stack:
                try:
                    replies.append(await redis.parse_response(conn, args[0], **options))
                except ResponseError as exc:
                    replies.append(exc)
            return replies
        except BaseException:
            # replies may be left unread on the socket: the next batch starts on a new connection
            self._conn = None
            await asyncio.shield(conn.disconnect())
            raise

    async def aclose(self) -> None:
        """Close the batcher's connection (the client's pool is closed by its owner)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.disconnect()


def _deliver(items: list[Item], replies: list[Any]) -> None:
    """Hand each item its replies (in the order the items queued their commands)."""
    at = 0
    for item in items:
        if item.future is not None and not item.future.done():
            item.future.set_result(replies[at : at + item.size])
        at += item.size


def _no_reply(exc: Exception) -> Exception:
    """``exc``, or redis-py's ``TimeoutError`` for our deadline's (as its socket timeout would raise)."""
    if isinstance(exc, TimeoutError):
        return RedisTimeoutError(f"no reply from Redis within {DEADLINE} s")
    return exc


async def timed(call: Awaitable[T]) -> T:
    """``call`` (a command or a pipeline outside the auto-pipeline) within the auto-pipeline's
    `DEADLINE`: the client has no socket timeout (`server.store.bus_redis.redis_pair`), so a Redis that hangs
    with its sockets open (stopped, or a frozen Cluster node) held ``GET /api/rooms`` as long as it hung.
    Raises redis-py's ``TimeoutError`` past it."""
    try:
        async with asyncio.timeout(DEADLINE):
            return await call
    except TimeoutError as exc:
        raise _no_reply(exc) from None


def _fail(items: list[Item], exc: Exception) -> None:
    for item in items:
        if item.future is not None and not item.future.done():
            item.future.set_exception(exc)


class ClusterBatcher(Batcher):
    """The auto-pipeline over a Redis Cluster: a batch is split by the node serving each submission's
    key, and each node's part goes out as a redis-py cluster pipeline (redirections followed), all at
    once. A node that fails fails only its own part: the rooms of the other nodes go on, and a
    command sent along (a commit's due index entry) never fails its commit. The client is made without
    retries (`server.store.bus_redis.cluster_client`): redis-py's retry of a failed pipeline closes every
    connection of the client, which failed the parts of the healthy nodes too. The node map is read
    again instead, at most every `REFRESH` seconds, after a part failed to reach its node."""

    REFRESH = 1.0

    def __init__(self, redis: RedisCluster) -> None:
        super().__init__(redis)
        self.cluster = redis
        self._refreshed = 0.0

    async def _send(self, items: list[Item]) -> None:
        try:
            async with asyncio.timeout(DEADLINE):
                await self.cluster.initialize()  # the node map, on first use (a no-op afterwards)
        except Exception as exc:  # no node answers: every caller sees it (as an outage)
            _fail(items, _no_reply(exc))
            return
        parts: dict[str, list[Item]] = {}
        for item in items:
            try:
                node = self.cluster.get_node_from_key(item.key)
            except Exception as exc:  # no node serves the slot now
                _fail([item], exc)
                continue
            parts.setdefault(node.name if node is not None else "", []).append(item)
        await asyncio.gather(*(self._send_part(part) for part in parts.values()))

    async def _send_part(self, items: list[Item]) -> None:
        pipe = self.cluster.pipeline(transaction=False)
        for item in items:
            item.add(pipe)
        self.pipelines += 1
        self.commands += sum(item.size for item in items)
        try:
            async with asyncio.timeout(DEADLINE):
                replies: list[Any] = await pipe.execute(raise_on_error=False)
        except Exception as exc:  # the node could not be reached (or is down): its callers see it
            _fail(items, _no_reply(exc))
            self._refresh()
            return
        _deliver(items, replies)

    def _refresh(self) -> None:
        now = time.monotonic()
        if now - self._refreshed >= self.REFRESH:
            self._refreshed = now
            task = asyncio.ensure_future(self.cluster.nodes_manager.initialize())
            task.add_done_callback(lambda t: t.cancelled() or t.exception())  # a failed read: next time

    async def aclose(self) -> None:
        """Nothing of its own to close: the cluster client's node connections carry the batches."""
