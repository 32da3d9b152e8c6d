"""The Redis bus does not read back the commits of its own worker (their wake-up often arrives before the
commit's reply), yet still reads every version committed elsewhere while one of its own was in flight."""

from __future__ import annotations

import asyncio

from server.store import Change
from server.store.bus_redis import RedisBus
from server.store.redis import RedisStore
from tests.polling import until
from tests.redis.test_redis_bus import Worker, advance, numsub, pair, start

__all__ = ["pair"]  # the fixture, imported for pytest


def count_reads(store: RedisStore) -> list[str]:
    """Record every wake-up read (`change_of`) the store makes from now on."""
    reads: list[str] = []
    original = store.change_of

    async def change_of(room: str) -> Change | None:
        reads.append(room)
        return await original(room)

    store.change_of = change_of  # type: ignore[method-assign]
    return reads


async def subscribed(w: Worker, seen: list[Change]) -> None:
    w.bus.subscribe("r1", seen.append)
    await until(lambda: [c.version for c in seen] == [0])
    await until(lambda: not w.bus._fetching)


async def test_own_commits_are_delivered_without_a_wakeup_read(pair: tuple[Worker, Worker]) -> None:
    one, two = pair
    await start(one.store)
    seen: list[Change] = []
    await subscribed(one, seen)
    reads = count_reads(one.store)
    for version in range(20):
        await advance(one.store, version)
    await asyncio.sleep(0.3)  # every wake-up of those commits has arrived
    assert [c.version for c in seen] == list(range(21))
    assert reads == []
    assert one.store.committing == {}
    assert one.bus._announced == {}
    assert await numsub(two, "r1") == 1


async def test_a_wakeup_held_back_by_a_commit_in_flight_is_read_once_it_settles(
    pair: tuple[Worker, Worker],
) -> None:
    one, two = pair
    await start(one.store)
    seen: list[Change] = []
    await subscribed(one, seen)
    reads = count_reads(one.store)
    one.store.committing["r1"] = 1  # as if one's own commit of version 1 were awaiting its reply
    await advance(two.store, 0)  # another worker's commit wins the version
    await until(lambda: one.bus._announced.get("r1") == 1)
    assert [c.version for c in seen] == [0] and reads == []
    one.store._settle("r1")  # the reply (a conflict) is in: the announced version is read
    await until(lambda: [c.version for c in seen] == [0, 1])
    assert reads == ["r1"]
    assert one.store.committing == {} and one.bus._announced == {}


async def test_the_bus_hooks_itself_to_its_store(pair: tuple[Worker, Worker]) -> None:
    one, _ = pair
    assert one.store.settled == one.bus.settled
    assert isinstance(one.bus, RedisBus)


async def test_the_sweep_reads_only_rooms_behind_the_stored_version(pair: tuple[Worker, Worker]) -> None:
    one, _ = pair
    one.bus.sweep = 0.1
    for room in ("r1", "r2"):
        await start(one.store, room)
    seen: list[Change] = []
    one.bus.subscribe("r1", seen.append)
    one.bus.subscribe("r2", seen.append)
    await until(lambda: sorted(c.room for c in seen) == ["r1", "r2"])
    await until(lambda: not one.bus._fetching)
    reads = count_reads(one.store)
    await asyncio.sleep(0.5)  # several sweeps, nothing behind: no room read
    assert reads == []
    one.bus._delivered["r2"] = -1  # as if r2's wake-up of version 0 had been lost
    await until(lambda: reads == ["r2"])
    await until(lambda: [(c.room, c.version) for c in seen][-1] == ("r2", 0))
    assert reads == ["r2"]


async def test_a_commit_of_a_room_only_its_own_worker_watches_publishes_no_wakeup(
    pair: tuple[Worker, Worker],
) -> None:
    """The script publishes only when the channel has a subscriber besides the committing worker's own
    confirmed one: alone, ``one`` receives no wake-up of its 10 commits; once ``two`` watches too, each
    commit wakes both."""
    one, two = pair
    await start(one.store)
    seen: list[Change] = []
    await subscribed(one, seen)
    assert one.bus.listening("r1") and not two.bus.listening("r1")
    for version in range(10):
        await advance(one.store, version)
    await asyncio.sleep(0.2)
    assert (one.bus.wakeups, [c.version for c in seen][-1]) == (0, 10)
    theirs: list[Change] = []
    two.bus.subscribe("r1", theirs.append)
    await until(lambda: two.bus.listening("r1"))
    for version in range(10, 15):
        await advance(one.store, version)
    await until(lambda: [c.version for c in theirs][-1:] == [15] and one.bus.wakeups == 5)
    assert two.bus.wakeups == 5
