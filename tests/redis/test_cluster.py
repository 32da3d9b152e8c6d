"""The Redis store and bus on a Redis Cluster of three primaries (the private `redis_cluster`): each room's
keys stay on the one node of its slot while rooms spread over every node; a commit through one worker
wakes another worker's viewers whichever node holds the room; scripts lost on every node are loaded
again. (The store contract suite also runs against the cluster.)"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import AsyncIterator

import msgspec
import pytest
import redis
from redis.asyncio.cluster import RedisCluster

from server.store import Change
from server.store.bus_redis import RedisBus, cluster_client
from server.store.outage import unavailable
from server.store.redis import RedisStore
from tests.faults.cluster import free_port
from tests.polling import until
from tests.redis.support import ScratchRedisStore, new_prefix
from tests.redis.test_redis_bus import advance, start

#: Fixed room ids: their slots (CRC16 of the id, the hash tag) fall on all three nodes.
ROOMS = [f"room-{i}" for i in range(12)]


class Worker(msgspec.Struct):
    store: ScratchRedisStore
    bus: RedisBus


@pytest.fixture
async def pair(redis_cluster: str) -> AsyncIterator[tuple[Worker, Worker]]:
    """Two workers (a store and a bus each, as `redis_pair` builds them) on one prefix of the cluster."""
    prefix = new_prefix()
    workers = []
    for _ in range(2):
        store = ScratchRedisStore(cluster_client(redis_cluster), prefix, 60.0)
        bus = RedisBus(store, sweep=60.0)
        store.bus = bus
        workers.append(Worker(store, bus))
    yield workers[0], workers[1]
    for w in workers:
        await w.bus.aclose()
        await w.store.aclose()


def node_of_keys(cluster: RedisCluster, prefix: str) -> dict[str, set[int]]:
    """Room id -> the ports of the nodes holding any of its keys (read from each node directly)."""
    holders: dict[str, set[int]] = defaultdict(set)
    for node in cluster.get_primaries():
        with redis.Redis(host=node.host, port=node.port) as client:
            for key in client.scan_iter(match=prefix + "{*", count=1000):
                room = key.decode()[len(prefix) + 1 :].split("}", 1)[0]
                holders[room].add(node.port)
    return holders


async def test_each_rooms_keys_sit_on_one_node_and_the_rooms_on_all_three(
    pair: tuple[Worker, Worker],
) -> None:
    one, _ = pair
    for room in ROOMS:
        await start(one.store, room)
        await advance(one.store, 0, room)
    cluster = one.store.redis
    assert isinstance(cluster, RedisCluster)
    holders = node_of_keys(cluster, one.store.prefix)
    room_holders = {room: ports for room, ports in holders.items() if room != "~rooms"}
    assert sorted(room_holders) == sorted(ROOMS)
    assert all(len(ports) == 1 for ports in room_holders.values())
    assert len(set().union(*room_holders.values())) == 3
    assert [r.room for r in await one.store.list_rooms()] == sorted(ROOMS)


async def test_a_commit_through_one_worker_wakes_the_others_viewers_on_every_node(
    pair: tuple[Worker, Worker],
) -> None:
    """Classic pub/sub: the bus listens on one node, and each script's ``PUBLISH`` on the node of its room
    reaches it through the cluster."""
    one, two = pair
    seen: dict[str, list[int]] = {room: [] for room in ROOMS}
    for room in ROOMS:
        await start(one.store, room)
        two.bus.subscribe(room, lambda change, room=room: seen[room].append(change.version))
    await until(lambda: all(versions == [0] for versions in seen.values()))
    await until(lambda: two.bus.channels() == len(ROOMS))
    for version in (1, 2):
        for room in ROOMS:
            await advance(one.store, version - 1, room)
        await until(lambda v=version: all(versions[-1] == v for versions in seen.values()))
    assert all(versions == [0, 1, 2] for versions in seen.values())


async def test_scripts_lost_on_every_node_are_loaded_again_by_commits_and_heartbeats(
    pair: tuple[Worker, Worker],
) -> None:
    one, two = pair
    for room in ROOMS[:6]:
        await start(one.store, room)
    cluster = one.store.redis
    assert isinstance(cluster, RedisCluster)
    await cluster.execute_command("SCRIPT FLUSH", target_nodes=RedisCluster.ALL_NODES)
    touch = one.store._scripts["touch"].sha
    assert await cluster.script_exists(touch) == [False]
    await one.store.touch_all(ROOMS[:6], 123.0)
    assert [await one.store.last_seen(room) for room in ROOMS[:6]] == [123.0] * 6
    await cluster.execute_command("SCRIPT FLUSH", target_nodes=RedisCluster.ALL_NODES)
    changes: list[Change] = []
    two.bus.subscribe(ROOMS[0], changes.append)
    await asyncio.gather(*(advance(one.store, 0, room) for room in ROOMS[:6]))
    assert [(await one.store.get_state(room)) is not None for room in ROOMS[:6]] == [True] * 6
    await until(lambda: [c.version for c in changes][-1:] == [1])


async def test_a_cluster_that_never_answered_is_an_outage_not_a_hang() -> None:
    """No node at the URL: the first command (which must learn the node map first) fails as an outage
    (`server.store.outage.unavailable`) instead of leaving its caller waiting forever."""
    store = RedisStore(cluster_client(f"redis://127.0.0.1:{free_port()}"), new_prefix())
    try:
        with pytest.raises(Exception) as raised:
            await asyncio.wait_for(store.get_meta("r1"), 10.0)
        assert unavailable(raised.value), repr(raised.value)
    finally:
        await store.aclose()
