"""The Redis bus between two workers on one prefix: a commit on one wakes the other, which reads the stored
version; subscriptions are reference-counted down to zero; a lost connection is reconciled."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import msgspec
import pytest
import redis.asyncio as aioredis

from server.store import Change, Commit, LogStep, RoomMeta, RoomState, Schedule, SeatRecord
from server.store.bus_redis import RedisBus
from tests.polling import until
from tests.redis.support import URL, ScratchRedisStore, need_redis, new_prefix


class Worker(msgspec.Struct):
    store: ScratchRedisStore
    bus: RedisBus


async def worker(prefix: str) -> Worker:
    store = ScratchRedisStore(aioredis.Redis.from_url(URL), prefix, 60.0)
    bus = RedisBus(store, sweep=60.0)
    store.bus = bus
    return Worker(store, bus)


@pytest.fixture
async def pair() -> AsyncIterator[tuple[Worker, Worker]]:
    need_redis()
    prefix = new_prefix()
    one, two = await worker(prefix), await worker(prefix)
    yield one, two
    for w in (one, two):
        await w.bus.aclose()
        await w.store.aclose()


async def start(store: ScratchRedisStore, room: str = "r1") -> None:
    seats = [SeatRecord(0), SeatRecord(1)]
    assert await store.create_room(
        RoomMeta(room=room, game="fixture-hands", seats=seats, host_hash="h"), b"s"
    )
    stored = await store.get_meta(room)
    assert stored is not None
    stored.status = "running"
    assert await store.start_room(stored, RoomState(b"s0", 0, "e1"), Schedule(0))


async def advance(store: ScratchRedisStore, expect: int, room: str = "r1") -> None:
    step = LogStep(expect + 1, 0, {"kind": "draw"}, 1.0)
    result = await store.commit(Commit(room, expect, f"s{expect + 1}".encode(), step, Schedule(expect + 1)))
    assert result.status == "committed" and result.change is not None
    if store.bus is not None:  # as `Rooms` does: the commit reports, its caller publishes at once
        store.bus.publish(result.change)


async def numsub(w: Worker, room: str) -> int:
    [(_, count)] = await w.store.redis.pubsub_numsub(w.store.channel(room))
    return int(count)


class TestWakeUps:
    async def test_a_commit_on_one_worker_reaches_the_other_as_the_stored_version(
        self, pair: tuple[Worker, Worker]
    ) -> None:
        one, two = pair
        await start(one.store)
        seen: list[Change] = []
        two.bus.subscribe("r1", seen.append)
        await until(lambda: [c.version for c in seen] == [0])  # the subscription reconciles at once
        await advance(one.store, 0)
        await until(lambda: len(seen) == 2)
        last = seen[-1]
        assert (last.version, last.state, last.epoch, last.finished) == (1, b"s1", "e1", False)
        assert last.step is not None and (last.step.version, last.step.action) == (1, {"kind": "draw"})

    async def test_the_committing_worker_delivers_its_own_change_once(
        self, pair: tuple[Worker, Worker]
    ) -> None:
        one, _ = pair
        await start(one.store)
        seen: list[int] = []
        one.bus.subscribe("r1", lambda c: seen.append(c.version))
        await until(lambda: seen == [0])
        await advance(one.store, 0)
        await advance(one.store, 1)
        await asyncio.sleep(0.2)  # the wake-ups of both commits arrive and are skipped as not newer
        assert seen == [0, 1, 2]


class TestSubscriptions:
    async def test_subscriptions_are_counted_per_room_and_return_to_zero(
        self, pair: tuple[Worker, Worker]
    ) -> None:
        one, _ = pair
        handles = [one.bus.subscribe("r1", lambda c: None) for _ in range(3)]
        other = one.bus.subscribe("r2", lambda c: None)
        await until(lambda: one.bus.channels() == 2)
        assert (one.bus.subscriptions(), await numsub(one, "r1")) == (4, 1)
        for handle in handles:
            one.bus.unsubscribe("r1", handle)
        one.bus.unsubscribe("r2", other)
        await until(lambda: one.bus.channels() == 0)
        await asyncio.sleep(0.1)
        assert (one.bus.subscriptions(), await numsub(one, "r1"), await numsub(one, "r2")) == (0, 0, 0)


class TestReconnect:
    async def test_a_lost_pubsub_connection_resubscribes_and_reconciles_missed_commits(
        self, pair: tuple[Worker, Worker]
    ) -> None:
        one, two = pair
        await start(one.store)
        seen: list[int] = []
        two.bus.subscribe("r1", lambda c: seen.append(c.version))
        await until(lambda: seen == [0])
        connection = two.bus.pubsub.connection
        assert connection is not None
        await connection.disconnect()
        await advance(one.store, 0)
        await advance(one.store, 1)
        await until(lambda: seen[-1:] == [2])
        assert await numsub(two, "r1") == 1
        await advance(one.store, 2)
        await until(lambda: seen[-1:] == [3])
