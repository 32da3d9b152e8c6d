"""What the Redis store guarantees beyond the shared contract: the Lua commit under real concurrency, the
time to live of finished and abandoned rooms, the key layout, and no key left behind."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator

import pytest
from redis.crc import key_slot

from games.engine.model import only
from server.store import Commit, Deadline, LogEvent, LogStep, RoomMeta, RoomState, Schedule, SeatRecord
from server.store.listing import RoomQuery
from server.store.redis import RedisStore
from server.store.redis_scripts import SCRIPTS, source
from tests.redis.support import ScratchRedisStore, scratch_store

TTL = 120.0


@pytest.fixture
async def store() -> AsyncIterator[ScratchRedisStore]:
    made = scratch_store(ttl=TTL)
    yield made
    await made.aclose()


def meta(room: str = "r1") -> RoomMeta:
    return RoomMeta(room=room, game="fixture-hands", seats=[SeatRecord(0), SeatRecord(1)], host_hash="h")


def commit(
    expect: int, seat: int = 0, action_id: str | None = None, digest: str = "d", room: str = "r1"
) -> Commit:
    step = LogStep(expect + 1, seat, {"kind": "draw"}, 10.0, [LogEvent({"kind": "drew"}, only(seat))])
    return Commit(room, expect, f"s{expect + 1}".encode(), step, Schedule(expect + 1), action_id, digest)


async def started(store: RedisStore, room: str = "r1", deadline: float | None = None) -> None:
    assert await store.create_room(meta(room), b"seed")
    stored = await store.get_meta(room)
    assert stored is not None
    stored.status = "running"
    items = [] if deadline is None else [Deadline(room, 0, "t0", deadline)]
    assert await store.start_room(stored, RoomState(b"s0", 0, "e1"), Schedule(0, items))


async def prefixed_keys(store: RedisStore) -> list[str]:
    return sorted([k.decode() async for k in store.redis.scan_iter(match=store.prefix + "*")])


class TestLuaCommit:
    async def test_of_many_concurrent_commits_of_one_version_exactly_one_wins(
        self, store: ScratchRedisStore
    ) -> None:
        await started(store)
        results = await asyncio.gather(
            *(store.commit(commit(0, seat=i % 2, action_id=f"a{i}")) for i in range(24))
        )
        statuses = sorted(r.status for r in results)
        assert statuses == ["committed"] + ["conflict"] * 23
        assert [s.version for s in await store.get_log("r1")] == [1]
        loaded = await store.get_state("r1")
        assert loaded is not None and (loaded.version, loaded.state) == (1, b"s1")

    async def test_concurrent_repeats_of_one_action_id_apply_once_and_return_the_stored_result(
        self, store: ScratchRedisStore
    ) -> None:
        await started(store)
        await store.commit(commit(0))
        results = await asyncio.gather(*(store.commit(commit(1, action_id="same")) for _ in range(16)))
        assert sorted((r.status, r.version) for r in results) == [("committed", 2)] + [("duplicate", 2)] * 15
        stored = await store.get_action("r1", 0, "same")
        assert stored is not None and (stored.digest, stored.version) == ("d", 2)
        assert len(await store.get_log("r1")) == 2

    async def test_the_log_stream_keeps_each_step_under_its_version(self, store: ScratchRedisStore) -> None:
        await started(store)
        await store.commit(commit(0))
        await store.commit(commit(1, seat=1))
        entries = await store.redis.xrange(store.keys("r1")[3])
        assert [entry_id for entry_id, _ in entries] == [b"1-0", b"2-0"]


class TestExpiry:
    async def test_a_finished_room_gets_the_ttl_on_every_key_and_leaves_the_due_index(
        self, store: ScratchRedisStore
    ) -> None:
        await started(store, deadline=5.0)
        assert await store.due(6.0) == [Deadline("r1", 0, "t0", 5.0)]
        await store.touch("r1", 1.0)
        last = commit(0)
        last.finished = True
        await store.commit(last)
        room_keys = [k for k in await prefixed_keys(store) if "{r1}" in k]
        ttls = [await store.redis.pttl(k) for k in room_keys]
        names = [k.rsplit(":", 1)[1] for k in room_keys]
        assert names == ["log", "meta", "sched", "seed", "seen", "state"]
        assert all(TTL * 1000 - 5000 < t <= TTL * 1000 for t in ttls)
        assert await store.due(100.0) == []

    async def test_an_abandoned_room_expires_and_a_later_touch_keeps_its_ttl(
        self, store: ScratchRedisStore
    ) -> None:
        await started(store)
        stored = await store.get_meta("r1")
        assert stored is not None
        stored.status = "abandoned"
        assert await store.put_meta(stored)
        await store.touch("r1", 3.0)
        seen_ttl = await store.redis.pttl(store.keys("r1")[8])
        assert TTL * 1000 - 5000 < seen_ttl <= TTL * 1000

    async def test_a_running_room_has_no_ttl(self, store: ScratchRedisStore) -> None:
        await started(store)
        await store.commit(commit(0))
        assert await store.redis.pttl(store.keys("r1")[2]) == -1

    async def test_an_expired_room_leaves_the_room_list(self, store: ScratchRedisStore) -> None:
        await started(store, "gone")
        await started(store, "kept")
        for key in store.keys("gone")[:9]:
            await store.redis.delete(key)  # as its TTL would
        assert [m.room for m in await store.list_rooms()] == ["kept"]
        lists = store.lists
        assert await store.redis.zrange(lists.key("all", None), 0, -1) == [b"kept"]
        assert await store.redis.zrange(lists.key("running", "fixture-hands"), 0, -1) == [b"kept"]
        assert list(await store.redis.hgetall(lists.listed_key)) == [b"kept"]


class TestKeys:
    async def test_every_key_of_a_room_carries_its_hash_tag(self, store: ScratchRedisStore) -> None:
        await started(store, deadline=5.0)
        await store.commit(commit(0, action_id="a"))
        await store.lease(Deadline("r1", 0, "t0", 5.0), "w", 1.0, 5.0)
        room_keys = [k for k in await prefixed_keys(store) if "{~rooms}" not in k]
        assert room_keys and all(k.startswith(store.prefix + "{r1}:") for k in room_keys)

    async def test_purging_the_prefix_leaves_zero_keys(self, store: ScratchRedisStore) -> None:
        for room in ("a", "b", "c"):
            await started(store, room, deadline=5.0)
            await store.commit(commit(0, action_id="x", room=room))
        # acts, log, meta, sched, seed, state; the room list (the listed hash, ``all`` and ``running`` of
        # every game and of the game); the due index (the start's deadlines: a commit without deadlines
        # leaves the entry, `due` drops it once its time has passed)
        assert len(await prefixed_keys(store)) == 3 * 6 + 5 + 1
        await store.purge()
        assert await prefixed_keys(store) == []


class TestClusterSafety:
    """Every script touches the keys of one room only (one Redis Cluster slot); the cross-room due index
    is written around the scripts and repaired from the rooms' own deadlines."""

    def test_every_script_receives_only_the_nine_keys_of_one_slot(self, store: ScratchRedisStore) -> None:
        for name in SCRIPTS:
            used = {int(n) for n in re.findall(r"KEYS\[(\d+)\]", source(name))}
            assert used <= set(range(1, 10)), name
        for room in ("r1", "a}b", "{x}", "~rooms"):
            assert len({key_slot(key.encode()) for key in store.keys(room)}) == 1, room

    async def test_a_deadline_whose_index_entry_was_lost_is_found_after_reindex(
        self, store: ScratchRedisStore
    ) -> None:
        """A worker that died between a commit and its index write: the sweep's `reindex` restores it."""
        await started(store)  # no deadline: no index entry
        deadline = Deadline("r1", 1, "t1", 8.0)
        later = commit(0)
        later.schedule = Schedule(1, [deadline])
        assert (await store.commit(later)).status == "committed"
        await store.redis.zrem(store.due_key, "r1")  # the index write that never happened
        assert await store.due(9.0) == []
        await store.reindex(["r1"])
        assert await store.due(9.0) == [deadline]

    async def test_an_entry_pointing_at_nothing_due_is_moved_to_the_rooms_next_deadline(
        self, store: ScratchRedisStore
    ) -> None:
        """A commit's ``ZADD ... LT`` keeps an earlier entry (the start's deadline at 5 s); at 6 s nothing
        is due, and the entry moves to the room's real next deadline, which then fires."""
        await started(store, deadline=5.0)
        deadline = Deadline("r1", 1, "t1", 20.0)
        later = commit(0)
        later.schedule = Schedule(1, [deadline])
        assert (await store.commit(later)).status == "committed"
        assert await store.redis.zscore(store.due_key, "r1") == 5.0
        assert await store.due(6.0) == []
        assert await store.redis.zscore(store.due_key, "r1") == 20.0
        assert await store.due(21.0) == [deadline]

    async def test_a_finished_room_leaves_the_due_index(self, store: ScratchRedisStore) -> None:
        await started(store, deadline=5.0)
        last = commit(0)
        last.finished = True
        assert (await store.commit(last)).status == "committed"
        assert await store.redis.zscore(store.due_key, "r1") is None


async def test_touch_all_loads_its_script_again_after_redis_lost_it(store: ScratchRedisStore) -> None:
    await started(store)
    await store.redis.script_flush()
    await store.touch_all(["r1"], 4.5)
    assert await store.last_seen("r1") == 4.5


def listed(store: RedisStore, cls: str, game: str | None = None) -> object:
    return store.redis.zrange(store.lists.key(cls, game), 0, -1)


class TestRoomListHints:
    """The room list is written around the room scripts (`server.store.redis_listing`): index writes that
    land out of order or never land are corrected from the rooms' own keys."""

    async def test_an_older_revisions_index_write_landing_last_changes_nothing(
        self, store: ScratchRedisStore
    ) -> None:
        assert await store.create_room(meta(), b"seed")
        early = await store.get_meta("r1")
        assert early is not None
        late = await store.get_meta("r1")
        assert late is not None
        late.seats[0].token_hash = late.seats[1].token_hash = "t"
        assert await store.put_meta(late)  # rev 1: full
        await store.lists.put(early, False, 0)  # rev 0's write (free seats) arriving after rev 1's
        assert (await listed(store, "free"), await listed(store, "open")) == ([], [b"r1"])

    async def test_an_outcome_is_kept_whatever_revision_comes_after(self, store: ScratchRedisStore) -> None:
        await started(store)
        finishing = commit(0)
        finishing.finished = True
        await store.commit(finishing)
        stored = await store.get_meta("r1")
        assert stored is not None
        await store.lists.put(stored, False, stored.rev + 5)  # a later lobby write that knows no outcome
        assert (await listed(store, "running"), await listed(store, "finished")) == ([], [b"r1"])

    async def test_a_lost_index_write_is_repaired_by_the_page_that_finds_the_room_out_of_place(
        self, store: ScratchRedisStore
    ) -> None:
        await started(store)
        finishing = commit(0)
        finishing.finished = True
        await store.commit(finishing)
        stored = await store.get_meta("r1")
        assert stored is not None
        await store.redis.hdel(store.lists.listed_key, "r1")  # as a worker that died before its write
        await store.lists.put(stored, False, 0)  # the list as the start left it
        assert await store.page(RoomQuery(status="running")) == []
        assert (await listed(store, "running"), await listed(store, "finished")) == ([], [b"r1"])

    async def test_a_room_whose_keys_expired_leaves_every_list_when_a_page_passes_over_it(
        self, store: ScratchRedisStore
    ) -> None:
        await started(store, "gone")
        await started(store, "kept")
        for key in store.keys("gone"):
            await store.redis.delete(key)
        assert [m.room for m in await store.page(RoomQuery(limit=1))] == ["kept"]
        assert (await listed(store, "all"), await listed(store, "running", "fixture-hands")) == (
            [b"kept"],
            [b"kept"],
        )
        assert await store.redis.hkeys(store.lists.listed_key) == [b"kept"]

    async def test_the_set_that_was_the_room_list_is_adopted_by_the_sweep_once(
        self, store: ScratchRedisStore
    ) -> None:
        await started(store)
        await store.lists.forget({"r1": "fixture-hands"})
        await store.redis.sadd(store.lists.legacy_key, "r1", "expired")
        assert [m.room for m in await store.list_rooms()] == ["r1"]
        assert (await listed(store, "running"), await store.redis.exists(store.lists.legacy_key)) == (
            [b"r1"],
            0,
        )
