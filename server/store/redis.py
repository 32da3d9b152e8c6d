"""The Redis store: rooms shared by every worker. Same contract as `MemoryStore` (one suite runs both).

Keys (``P`` the configurable prefix, ``R`` the room id; the ``{R}`` hash tag puts a room's keys in one
Redis Cluster slot, so each room's scripts touch one shard):

==================  ======  ===================================================================
``P{R}:meta``       hash    ``body`` (MessagePack `RoomMeta`), ``rev``, ``status``
``P{R}:seed``       string  the secret seed
``P{R}:state``      hash    ``state`` bytes, ``version``, ``epoch``, ``finished`` (0/1)
``P{R}:log``        stream  one entry per version, id ``<version>-0``, field ``s``: MessagePack `LogStep`
                            (the action, its server time ``now``, the events with their audiences)
``P{R}:acts``       hash    ``<seat>:<action id>`` -> ``<version>:<digest>``
``P{R}:sched``      string  MessagePack `Schedule`
``P{R}:dl``         zset    the schedule's deadlines (MessagePack `Deadline`) by due time, seconds
``P{R}:leases``     hash    deadline -> ``<expiry seconds>|<worker>``
``P{R}:seen``       string  last `touch` time, seconds
``P{R}:ch``         channel the room's wake-ups (the new version, ASCII)
``P{~rooms}:due``   zset    running room -> its earliest deadline, seconds
``P{~rooms}:...``           the room list: sorted sets of ids per filter (`server.store.redis_listing`)
==================  ======  ===================================================================

Cross-room structures: the room list and the due index are keys of their own slot, written around the
room scripts (which touch one slot each, as a Redis Cluster requires), never inside them:

- the room list is a hint each page checks against the rooms it reads (`server.store.redis_listing`);
- the due index is a hint, the room's own ``dl`` key the truth. A commit sends ``ZADD ... LT`` of its
  earliest deadline in the same pipeline as its script (a lost race leaves an entry too early, never
  too late); a finished or abandoned room is removed after its script. `due` repairs an entry that
  points at nothing due (to the room's true earliest deadline, or away), checking ``dl`` again after
  its write so a commit in between is never lost; `reindex` (the scheduler's abandon sweep) adds the
  entry of any running room a worker failed to index (it died between the script and the index).

Finished and abandoned rooms get a time to live (``ttl`` seconds) on all their keys at once; the room
list drops ids whose metadata expired when a page or the abandon sweep reads them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from redis.asyncio.cluster import RedisCluster
from redis.commands.core import AsyncScript
from redis.exceptions import NoScriptError

from server.store.base import Publisher
from server.store.listing import RoomQuery
from server.store.model import (
    ActionResult,
    Change,
    Commit,
    CommitResult,
    Current,
    Deadline,
    Loaded,
    LogStep,
    RoomMeta,
    RoomState,
    Schedule,
    closed_change,
)
from server.store.outage import unavailable
from server.store.redis_batch import Adder, Batcher, Client, ClusterBatcher, timed
from server.store.redis_listing import RedisLists
from server.store.redis_scripts import KEY_NAMES, SCRIPTS, source

_enc = msgspec.msgpack.Encoder()
_meta_dec = msgspec.msgpack.Decoder(RoomMeta)
_step_dec = msgspec.msgpack.Decoder(LogStep)
_sched_dec = msgspec.msgpack.Decoder(Schedule)
_deadline_dec = msgspec.msgpack.Decoder(Deadline)

#: The prefix's own hash tag for the cross-room keys ("~" cannot start a room id we generate).
INDEX_TAG = "{~rooms}"


class RedisStore:
    """Rooms in Redis under ``prefix``. ``bus`` (a `Publisher`) gets a start and a deletion locally; a
    commit reports its change to its caller, which publishes it so this worker fans out without waiting
    for its own wake-up; other workers are woken by the scripts' ``PUBLISH``. ``ttl``: seconds a
    finished or abandoned room stays readable."""

    def __init__(
        self,
        redis: Client,
        prefix: str = "boardroom:",
        ttl: float = 3600.0,
        bus: Publisher | None = None,
    ) -> None:
        self.redis = redis
        self.prefix = prefix
        self.ttl_ms = max(1, int(ttl * 1000))
        self.bus = bus
        #: the due index (zset: room -> its earliest deadline, seconds)
        self.due_key = f"{prefix}{INDEX_TAG}:due"
        self._scripts: dict[str, AsyncScript] = {
            name: redis.register_script(source(name)) for name in SCRIPTS
        }
        #: the hot path (`load`, `commit`) shares pipelines between concurrent actions
        self.batch = ClusterBatcher(redis) if isinstance(redis, RedisCluster) else Batcher(redis)
        #: room -> this worker's commits of it awaiting their reply (the bus holds back wake-ups then)
        self.committing: dict[str, int] = {}
        #: called with the room when one of those commits got its reply (`RedisBus.settled`)
        self.settled: Callable[[str], None] | None = None
        #: whether this worker's subscription to a room's channel is confirmed (`RedisBus.listening`)
        self.listening: Callable[[str], bool] | None = None
        #: the room list
        self.lists = RedisLists(self)

    # ---- keys ------------------------------------------------------------------------------------
    def keys(self, room: str) -> list[str]:
        """The nine keys every script receives for ``room`` (`KEY_NAMES` order), all in its slot."""
        base = f"{self.prefix}{{{room}}}:"
        return [base + name for name in KEY_NAMES]

    def channel(self, room: str) -> str:
        """The pub/sub channel of ``room``'s wake-ups."""
        return f"{self.prefix}{{{room}}}:ch"

    def room_of(self, channel: str) -> str:
        """The room of a channel name made by `channel`."""
        return channel[len(self.prefix) + 1 : -len("}:ch")]

    async def connect(self) -> None:
        """Learn a Redis Cluster's nodes and slots if not yet known (redis-py otherwise does on the first
        command; pub/sub needs them before). Nothing to do for one server."""
        if isinstance(self.redis, RedisCluster):
            await self.redis.initialize()

    async def ping(self) -> None:
        """Raise unless Redis serves this store's keys: a read of the due index (a Redis Cluster answers
        ``PING`` even while it refuses every key with ``CLUSTERDOWN``)."""
        await self.redis.exists(self.due_key)

    async def _run(self, name: str, room: str, args: Sequence[Any]) -> Any:
        # every script shares the auto-pipeline: a burst of room setups (create, claims, start) costs a
        # few pipelines, not a round trip each
        return await self._batched(name, room, args)

    async def _one(self, key: str, add: Adder) -> Any:
        """One command on ``key`` through the auto-pipeline (``add`` queues it); its error is raised."""
        (reply,) = await self.batch.run(key, add, 1)
        if isinstance(reply, Exception):
            raise reply
        return reply

    async def _batched(self, name: str, room: str, args: Sequence[Any], then: Adder | None = None) -> Any:
        """`_run` through the auto-pipeline: ``EVALSHA``, or ``EVAL`` when Redis lost the script (a
        restart, a failover, ``SCRIPT FLUSH``). ``then`` adds one command on the due index right behind
        it (its reply and failure are dropped)."""
        script, keys = self._scripts[name], self.keys(room)

        def add(pipe: Any) -> None:
            # as a raw command: redis-py's cluster pipeline refuses its ``evalsha`` method (our scripts
            # are single-slot, which its routing of ``EVALSHA`` by the keys handles)
            pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, *args)

        (reply,) = await self.batch.run(keys[0], add, 1, then, self.due_key)
        if isinstance(reply, NoScriptError):  # EVAL caches it on the room's node (``SCRIPT LOAD`` goes
            # to every node of a Redis Cluster, and fails while one is down)
            return await timed(self.redis.eval(source(name), len(keys), *keys, *args))
        if isinstance(reply, Exception):
            raise reply
        return reply

    # ---- lobby metadata --------------------------------------------------------------------------
    async def create_room(self, meta: RoomMeta, seed: bytes) -> bool:
        first = msgspec.structs.replace(meta, rev=0)
        await self.lists.put(first, False)  # listed first: a room is never missing from its lists
        body = _enc.encode(first)
        return bool(await self._run("create", meta.room, [body, seed, meta.status]))

    async def get_meta(self, room: str) -> RoomMeta | None:
        key = self.keys(room)[0]
        body = await self._one(key, lambda pipe: pipe.hget(key, "body"))
        return None if body is None else _meta_dec.decode(_b(body))

    async def put_meta(self, meta: RoomMeta) -> bool:
        if not await self._run("put_meta", meta.room, self._meta_args(meta)):
            return False
        if meta.status == "abandoned":
            await self._index(meta.room, b"")
        await self.lists.put(meta, False, meta.rev + 1)
        return True

    def _meta_args(self, meta: RoomMeta) -> list[Any]:
        body = _enc.encode(msgspec.structs.replace(meta, rev=meta.rev + 1))
        return [meta.rev, body, meta.status, self.ttl_ms]

    async def list_rooms(self) -> list[RoomMeta]:
        return await self.lists.every_room()

    async def delete_room(self, room: str) -> bool:
        meta = await self.get_meta(room)
        if meta is None or not await self._run("delete", room, [self.channel(room)]):
            return False
        await self._index(room, b"")
        await self.lists.forget({room: meta.game})
        self._publish(closed_change(room))
        return True

    async def page(self, query: RoomQuery) -> list[RoomMeta]:
        return await self.lists.page(query)

    async def room_counts(self) -> dict[str, int]:
        return await self.lists.counts()

    # ---- state -----------------------------------------------------------------------------------
    async def start_room(self, meta: RoomMeta, state: RoomState, schedule: Schedule) -> bool:
        args = [
            *self._meta_args(meta),
            state.state,
            state.version,
            state.epoch,
            int(state.finished),
            _enc.encode(schedule),
            self.channel(meta.room),
            *_deadline_args(schedule),
        ]
        started, *earliest = await self._run("start", meta.room, args)
        if not started:
            return False
        await self._index(meta.room, earliest[0])
        await self.lists.put(meta, state.finished, meta.rev + 1)
        change = Change(meta.room, state.version, state.epoch, state.state, schedule, None, state.finished)
        self._publish(change)
        return True

    async def get_seed(self, room: str) -> bytes | None:
        key = self.keys(room)[1]
        seed = await self._one(key, lambda pipe: pipe.get(key))
        return None if seed is None else _b(seed)

    async def get_state(self, room: str) -> RoomState | None:
        key = self.keys(room)[2]
        fields = await self._one(key, lambda pipe: pipe.hmget(key, ["state", "version", "epoch", "finished"]))
        return _state([None if f is None else _b(f) for f in fields])

    async def commit(self, commit: Commit) -> CommitResult:
        field = "" if commit.action_id is None else f"{commit.step.seat}:{commit.action_id}"
        args = [
            commit.expect,
            commit.state,
            int(commit.finished),
            field,
            commit.digest,
            _enc.encode(commit.step),
            _enc.encode(commit.schedule),
            self.channel(commit.room),
            self.ttl_ms,
            "" if commit.meta_rev is None else commit.meta_rev,
            self._own_subscriptions(commit.room),
            *_deadline_args(commit.schedule),
        ]
        room = commit.room
        earliest = None if commit.finished else min((d.due for d in commit.schedule.deadlines), default=None)
        # the due index in the same pipeline: if the commit loses, the entry is merely early (`due`)
        index = None if earliest is None else self._due_entry(room, earliest)
        self.committing[room] = self.committing.get(room, 0) + 1
        try:
            status, version, *rest = await self._batched("commit", room, args, index)
            if status.decode() != "committed":
                return CommitResult(status.decode(), int(version))
            if commit.finished:
                await self._index(room, b"")
                await self.lists.put(commit.meta or await self._meta_of(room), True, 0)
        finally:  # the bus looks at the wake-ups it held back once the caller published (`RedisBus.settled`)
            self._settle(room)
        return CommitResult("committed", int(version), commit.change(int(version), rest[0].decode()))

    async def _meta_of(self, room: str) -> RoomMeta:
        meta = await self.get_meta(room)
        if meta is None:
            raise LookupError(f"room {room} committed without metadata")
        return meta

    def _own_subscriptions(self, room: str) -> int | str:
        """The commit script's count of this worker's own subscriptions to ``room``'s channel: the
        wake-up goes out only when another connection listens (this worker fans out its own commits
        itself, and reading back its own wake-up was ~4 % of its CPU per action). ``""`` (always
        publish) on a Redis Cluster, where ``PUBSUB NUMSUB`` counts one node's subscribers only."""
        if self.listening is None or isinstance(self.redis, RedisCluster):
            return ""
        return 1 if self.listening(room) else 0

    def _due_entry(self, room: str, due: float) -> Adder:
        """Queues ``room``'s due index entry at ``due`` unless it is already earlier (``ZADD ... LT``)."""
        return lambda pipe: pipe.zadd(self.due_key, {room: due}, lt=True)

    async def _index(self, room: str, earliest: bytes | str) -> None:
        """``room``'s due index entry after a script that returned its ``earliest`` due ('' or b'':
        none; the room closed or has no deadline now)."""
        if earliest:
            await self._one(self.due_key, self._due_entry(room, float(earliest)))
        else:
            due_key = self.due_key
            await self._one(due_key, lambda pipe: pipe.zrem(due_key, room))

    def _settle(self, room: str) -> None:
        left = self.committing.pop(room) - 1
        if left:
            self.committing[room] = left
        elif self.settled is not None:
            self.settled(room)

    def _publish(self, change: Change) -> None:
        if self.bus is not None:
            self.bus.publish(change)

    async def get_log(self, room: str, since: int = 0) -> list[LogStep]:
        start = f"{since + 1}-0" if since >= 0 else "-"
        key = self.keys(room)[3]
        entries: Any = await self._one(key, lambda pipe: pipe.xrange(key, start, "+"))
        return [_step_dec.decode(fields[b"s"]) for _, fields in entries]

    async def current(self, room: str, since: int = 0) -> Current:
        reply = await self._batched("current", room, [max(since, 0)])
        state = _state(reply[:4]) if reply else None
        if state is None:
            return Current()
        schedule = None if reply[4] is None else _sched_dec.decode(reply[4])
        return Current(state, schedule, [_step_dec.decode(step) for step in reply[5:]])

    async def get_action(self, room: str, seat: int, action_id: str) -> ActionResult | None:
        key, field = self.keys(room)[4], f"{seat}:{action_id}"
        known = await self._one(key, lambda pipe: pipe.hget(key, field))
        return None if known is None else _action_result(known)

    async def load(self, room: str, seat: int, action_id: str | None) -> Loaded:
        keys = self.keys(room)

        def add(pipe: Any) -> None:
            pipe.hget(keys[0], "body")
            pipe.hmget(keys[2], ["state", "version", "epoch", "finished"])
            pipe.get(keys[5])
            if action_id is not None:
                pipe.hget(keys[4], f"{seat}:{action_id}")

        replies = await self.batch.run(keys[0], add, 3 if action_id is None else 4)
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        body, fields, sched, *known = replies
        if body is None:
            return Loaded(None)
        return Loaded(
            _meta_dec.decode(_b(body)),
            _state(fields),
            None if sched is None else _sched_dec.decode(_b(sched)),
            _action_result(known[0]) if known and known[0] is not None else None,
        )

    async def change_of(self, room: str) -> Change | None:
        """The room's current version as a `Change` (with the step that produced it), read atomically by
        one script through the auto-pipeline; ``None`` before the start. What a worker delivers after a
        wake-up or a reconnect."""
        reply = await self._batched("change_of", room, [])
        if not reply:
            return None
        state = _state(reply[:4])
        if state is None:
            return None
        sched, last = reply[4], reply[5]
        schedule = _sched_dec.decode(sched) if sched is not None else Schedule(state.version)
        step = _step_dec.decode(last) if last is not None else None
        if step is not None and step.version != state.version:
            step = None
        return Change(room, state.version, state.epoch, state.state, schedule, step, state.finished)

    async def versions(self, rooms: list[str]) -> list[int | None]:
        """Each room's stored version (``None`` before the start or once expired), one ``HGET`` per room
        in one pipeline of its own: the bus's periodic sweep. Not through the auto-pipeline, whose one
        batch in flight would hold every commit behind a thousand reads (25 ms at 1,000 rooms)."""
        if not rooms:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.hget(self.keys(room)[2], "version")
            replies = await timed(pipe.execute())
        return [None if reply is None else int(reply) for reply in replies]

    # ---- scheduler -------------------------------------------------------------------------------
    async def get_schedule(self, room: str) -> Schedule | None:
        key = self.keys(room)[5]
        sched = await self._one(key, lambda pipe: pipe.get(key))
        return None if sched is None else _sched_dec.decode(_b(sched))

    async def put_schedule(self, room: str, schedule: Schedule) -> bool:
        args = [schedule.version, _enc.encode(schedule), *_deadline_args(schedule)]
        written, *earliest = await self._run("put_schedule", room, args)
        if written:
            await self._index(room, earliest[0])
        return bool(written)

    async def due(self, now: float, limit: int = 100) -> list[Deadline]:
        index = self.due_key
        # every tick of every worker: through the auto-pipeline, as the hot path
        found: list[Any] = await self._one(
            index, lambda pipe: pipe.zrangebyscore(index, "-inf", repr(now), 0, limit)
        )
        rooms = [_b(r).decode() for r in found]
        if not rooms:
            return []
        # each room's reads through the auto-pipeline (one round trip with the actions of the moment): on
        # a Redis Cluster a node that is down then fails only its own rooms' deadlines
        reads = await asyncio.gather(*(self._due_of(room, now) for room in rooms), return_exceptions=True)
        items: list[Deadline] = []
        stale: dict[str, float | None] = {}
        for room, read in zip(rooms, reads, strict=True):
            if isinstance(read, BaseException):
                if not unavailable(read):  # a bug, not a node that is down
                    raise read
                continue
            members, leases, first = read
            if not members:  # the entry points at nothing due: the room moved on, closed, or lost a race
                stale[room] = first[0][1] if first else None
            items.extend(_deadline_dec.decode(m) for m in members if not _leased(leases.get(m), now))
        if stale:
            await self._repair(stale)
        items.sort(key=lambda item: item.due)
        return items[:limit]

    async def _due_of(self, room: str, now: float) -> list[Any]:
        """``room``'s deadlines due at ``now``, its leases and its first deadline (with its due time)."""
        keys = self.keys(room)

        def add(pipe: Any) -> None:
            pipe.zrangebyscore(keys[6], "-inf", repr(now))
            pipe.hgetall(keys[7])
            pipe.zrange(keys[6], 0, 0, withscores=True)

        replies = await self.batch.run(keys[0], add, 3)
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        return replies

    async def _repair(self, earliest: dict[str, float | None]) -> None:
        """Set each room's due index entry to its ``earliest`` deadline (or remove it: ``None``), then read
        the rooms' deadlines again and lower the entries of those that got an earlier one meanwhile: a
        commit's own index write may have landed before this one."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for room, due in earliest.items():
                if due is None:
                    pipe.zrem(self.due_key, room)
                else:
                    pipe.zadd(self.due_key, {room: due})
            for room in earliest:
                pipe.zrange(self.keys(room)[6], 0, 0, withscores=True)
            replies = await timed(pipe.execute())
        await self._lower(list(earliest), replies[len(earliest) :])

    async def reindex(self, rooms: list[str]) -> None:
        """Make sure each running room of ``rooms`` has a due index entry no later than its earliest
        deadline (a worker that died between a commit and its index write left it out)."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for room in rooms:
                pipe.zrange(self.keys(room)[6], 0, 0, withscores=True)
            firsts = await timed(pipe.execute())
        await self._lower(rooms, firsts)

    async def _lower(self, rooms: list[str], firsts: list[Any]) -> None:
        """``ZADD ... LT`` each room's first deadline (``ZRANGE ... WITHSCORES`` replies) into the index."""
        entries = {room: first[0][1] for room, first in zip(rooms, firsts, strict=True) if first}
        if entries:
            await timed(self.redis.zadd(self.due_key, entries, lt=True))

    async def lease(self, item: Deadline, worker: str, now: float, seconds: float) -> bool:
        args = [_enc.encode(item), worker, repr(now), repr(now + seconds)]
        return bool(await self._run("lease", item.room, args))

    async def touch(self, room: str, now: float) -> None:
        await self._batched("touch", room, [repr(now)])

    async def touch_all(self, rooms: list[str], now: float) -> None:
        """One pipeline of its own, not through the auto-pipeline: a thousand touches there would hold
        every commit behind them. Loads the script and sends again if Redis lost it."""
        if not rooms:
            return
        script = self._scripts["touch"]
        for _ in range(2):
            async with self.redis.pipeline(transaction=False) as pipe:
                for room in rooms:
                    keys = self.keys(room)
                    pipe.execute_command("EVALSHA", script.sha, len(keys), *keys, repr(now))
                replies = await timed(pipe.execute(raise_on_error=False))
            if not any(isinstance(reply, NoScriptError) for reply in replies):
                break
            await timed(self.redis.script_load(script.script))
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply

    async def last_seen(self, room: str) -> float | None:
        key = self.keys(room)[8]
        seen = await self._one(key, lambda pipe: pipe.get(key))
        return None if seen is None else float(seen)

    # ---- housekeeping ----------------------------------------------------------------------------
    async def purge(self) -> int:
        """Delete every key under this store's prefix (a test's tear-down); returns how many."""
        deleted = 0
        async for key in self.redis.scan_iter(match=_glob_escape(self.prefix) + "*", count=500):
            deleted += await self.redis.delete(key)
        return deleted

    async def aclose(self) -> None:
        """Close the auto-pipeline's connection and the connection pool."""
        await self.batch.aclose()
        await self.redis.aclose()


def _deadline_args(schedule: Schedule) -> list[Any]:
    """The schedule's deadlines as flat (member, due) script arguments."""
    args: list[Any] = []
    for item in schedule.deadlines:
        args += [_enc.encode(item), repr(item.due)]
    return args


def _action_result(known: object) -> ActionResult:
    """An ``acts`` hash value (``<version>:<digest>``) as an `ActionResult`."""
    version, digest = _b(known).decode().split(":", 1)
    return ActionResult(digest, int(version))


def _state(fields: list[bytes | None]) -> RoomState | None:
    state, version, epoch, finished = fields
    if state is None or version is None:
        return None
    return RoomState(state, int(version), (epoch or b"").decode(), finished == b"1")


def _b(value: object) -> bytes:
    """A reply as bytes (the store's client never decodes replies: states and steps are binary)."""
    if not isinstance(value, bytes):
        raise TypeError(f"expected a bytes reply, got {type(value).__name__}")
    return value


def _leased(held: bytes | None, now: float) -> bool:
    return held is not None and float(held.split(b"|", 1)[0]) > now


def _glob_escape(text: str) -> str:
    return "".join("\\" + c if c in "[]*?\\" else c for c in text)
