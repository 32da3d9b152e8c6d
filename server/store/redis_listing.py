"""The Redis store's room list: sorted sets of room ids (`server.store.listing` classes), read a page at a
time, and counted by their sizes.

Keys (``P`` the prefix; all in the ``{~rooms}`` slot, so the index script runs on one Redis Cluster node):

=================================  ======  ============================================================
``P{~rooms}:list:<class>:<game>``  zset    room ids (score 0, ordered by id): ``class`` one of
                                           `CLASSES`, ``game`` a game id or ``*`` (every game)
``P{~rooms}:listed``               hash    room -> ``<rev>:<finished 0/1>:<game>``: what its lists say
=================================  ======  ============================================================

The lists are written around the room scripts (which touch one room's slot each), never inside them, so
they are a hint the rooms' own keys correct:

- every write carries the metadata revision it follows (``rev``) and an outcome is for ever: the index
  script keeps the latest revision's classes, so index writes of racing lobby writes landing out of order
  never leave a room out of the list it belongs in (``finished`` beats any revision);
- a room's id joins its lists before its creation script runs (an id whose creation failed points at
  nothing and is skipped);
- a page checks each room it read against its metadata and state: a room in a list it no longer belongs
  to (a worker died between a script and its index write) is written again from the truth and skipped,
  and a room whose keys expired or were deleted leaves every list (`forget`). The abandon sweep's
  `RedisLists.every_room` passes over the whole list, so an expired room nobody pages over leaves it
  within a sweep.
"""

from __future__ import annotations

from typing import Any, Protocol

import msgspec
from redis.exceptions import NoScriptError

from server.store.listing import ANY_GAME, CLASSES, STATUSES, RoomQuery, classes_of
from server.store.model import RoomMeta
from server.store.redis_batch import Adder, Batcher, timed

_meta_dec = msgspec.msgpack.Decoder(RoomMeta)

#: KEYS: the ``listed`` hash, then (every game, this game) list keys per class of `CLASSES`. ARGV: room,
#: rev, finished (0/1), game, then one flag per class (1: in it). Returns 1, or 0 when the stored
#: entry is newer (a later revision, or an outcome the write does not know of).
INDEX = """
local room, rev, finished = ARGV[1], tonumber(ARGV[2]), ARGV[3]
local stored = redis.call('HGET', KEYS[1], room)
if stored then
  local srev, sfin = string.match(stored, '^(%d+):(%d):')
  srev = tonumber(srev)
  if sfin == '1' and finished == '0' then return 0 end
  if finished == sfin and rev < srev then return 0 end
  if rev < srev then rev = srev end
end
redis.call('HSET', KEYS[1], room, rev .. ':' .. finished .. ':' .. ARGV[4])
for i = 1, #ARGV - 4 do
  for j = 0, 1 do
    local key = KEYS[2 * i + j]
    if ARGV[4 + i] == '1' then redis.call('ZADD', key, 0, room) else redis.call('ZREM', key, room) end
  end
end
return 1
"""

#: Rooms per read of `RedisLists.every_room`.
SWEEP_PAGE = 1000


class Owner(Protocol):
    """What the room lists use of the Redis store that owns them (`server.store.redis.RedisStore`)."""

    prefix: str
    redis: Any
    batch: Batcher

    def keys(self, room: str) -> list[str]: ...

    async def _one(self, key: str, add: Adder) -> Any: ...


class RedisLists:
    """The room lists of ``store`` (see the module docstring)."""

    def __init__(self, store: Owner) -> None:
        self.store = store
        self.base = f"{store.prefix}{{~rooms}}:"
        self.listed_key = self.base + "listed"
        #: the set of room ids before the lists (read once by `every_room`, then deleted)
        self.legacy_key = self.base + "all"
        self._script = store.redis.register_script(INDEX)

    def key(self, cls: str, game: str | None) -> str:
        return f"{self.base}list:{cls}:{game or ANY_GAME}"

    def _keys(self, game: str) -> list[str]:
        return [self.listed_key, *(self.key(cls, g) for cls in CLASSES for g in (ANY_GAME, game))]

    # ---- writes ----------------------------------------------------------------------------------
    async def put(self, meta: RoomMeta, finished: bool, rev: int | None = None) -> None:
        """``meta``'s room is in the lists of what it is, as of revision ``rev`` (default ``meta.rev``)."""
        classes = classes_of(meta, finished)
        flags = ["1" if cls in classes else "0" for cls in CLASSES]
        keys = self._keys(meta.game)
        args: list[Any] = [meta.room, meta.rev if rev is None else rev, int(finished), meta.game, *flags]

        def add(pipe: Any) -> None:
            pipe.execute_command("EVALSHA", self._script.sha, len(keys), *keys, *args)

        (reply,) = await self.store.batch.run(self.listed_key, add, 1)
        if isinstance(reply, NoScriptError):
            reply = await timed(self.store.redis.eval(INDEX, len(keys), *keys, *args))
        if isinstance(reply, Exception):
            raise reply

    async def forget(self, rooms: dict[str, str]) -> None:
        """Each room of ``rooms`` (room -> its game) leaves every list."""
        if not rooms:
            return

        def add(pipe: Any) -> None:
            pipe.hdel(self.listed_key, *rooms)
            for room, game in rooms.items():
                for key in self._keys(game)[1:]:
                    pipe.zrem(key, room)

        replies = await self.store.batch.run(self.listed_key, add, 1 + len(rooms) * 2 * len(CLASSES))
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply

    # ---- reads -----------------------------------------------------------------------------------
    async def page(self, query: RoomQuery) -> list[RoomMeta]:
        """At most ``query.limit`` rooms of ``query``'s list after ``query.after``, each checked against its
        own keys: a read of the list, then one pipeline per ``limit`` ids (more only to replace rooms
        found out of place)."""
        cls = query.list_class()
        if cls is None:
            return []
        key, after = self.key(cls, query.game), query.after
        found: list[RoomMeta] = []
        while len(found) < query.limit:
            want = query.limit - len(found)
            ids = await self._ids(key, after, want)
            found += await self._checked(ids, cls)
            if len(ids) < want:
                break
            after = ids[-1]
        return found

    async def _ids(self, key: str, after: str, count: int) -> list[str]:
        """At most ``count`` ids of list ``key`` after ``after``."""
        start = f"({after}" if after else "-"
        found = await self.store._one(key, lambda pipe: pipe.zrangebylex(key, start, "+", 0, count))
        return [_text(room) for room in found]

    async def _checked(self, rooms: list[str], cls: str) -> list[RoomMeta]:
        """The rooms of ``rooms`` that belong in list ``cls``; the others are listed again from their
        keys, or forgotten when their keys are gone."""
        if not rooms:
            return []
        async with self.store.redis.pipeline(transaction=False) as pipe:
            pipe.hmget(self.listed_key, rooms)
            for room in rooms:
                keys = self.store.keys(room)
                pipe.hget(keys[0], "body")
                pipe.hget(keys[2], "finished")
            replies = await timed(pipe.execute())
        listed, found, gone = replies[0], [], {}
        for i, room in enumerate(rooms):
            body, finished = replies[1 + 2 * i], replies[2 + 2 * i] == b"1"
            entry = _entry(listed[i])
            if body is None:
                if entry is not None and (entry[0] > 0 or entry[1]):  # rev 0: maybe being created
                    gone[room] = entry[2]
                continue
            meta = _meta_dec.decode(body)
            if entry is None or entry[:2] != (meta.rev, finished):
                await self.put(meta, finished)
            if cls in classes_of(meta, finished):
                found.append(meta)
        await self.forget(gone)
        return found

    async def every_room(self) -> list[RoomMeta]:
        """Every room (the abandon sweep's list), `SWEEP_PAGE` at a time, each checked as a page's are."""
        await self._adopt_legacy()
        rooms: list[RoomMeta] = []
        while True:
            batch = await self.page(RoomQuery(rooms[-1].room if rooms else "", SWEEP_PAGE))
            rooms += batch
            if len(batch) < SWEEP_PAGE:
                return rooms

    async def _adopt_legacy(self) -> None:
        """List the rooms of the set that was the room list before these lists, once."""
        redis = self.store.redis
        legacy = [_text(r) for r in await timed(redis.smembers(self.legacy_key))]
        for start in range(0, len(legacy), SWEEP_PAGE):
            chunk = legacy[start : start + SWEEP_PAGE]
            async with redis.pipeline(transaction=False) as pipe:
                for room in chunk:
                    pipe.hget(self.store.keys(room)[0], "body")
                    pipe.hget(self.store.keys(room)[2], "finished")
                replies = await timed(pipe.execute())
            for body, finished in zip(replies[::2], replies[1::2], strict=True):
                if body is not None:
                    await self.put(_meta_dec.decode(body), finished == b"1")
        if legacy:
            await timed(redis.delete(self.legacy_key))

    async def counts(self) -> dict[str, int]:
        """Rooms per listed status, by the sizes of the lists of every game (one pipeline)."""

        def add(pipe: Any) -> None:
            for status in STATUSES:
                pipe.zcard(self.key(status, None))

        replies = await self.store.batch.run(self.listed_key, add, len(STATUSES))
        for reply in replies:
            if isinstance(reply, Exception):
                raise reply
        return {status: int(n) for status, n in zip(STATUSES, replies, strict=True)}


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def _entry(value: bytes | None) -> tuple[int, bool, str] | None:
    """A ``listed`` hash value as (rev, finished, game)."""
    if value is None:
        return None
    rev, finished, game = value.decode().split(":", 2)
    return int(rev), finished == "1", game
