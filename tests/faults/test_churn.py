"""Churn (issue 4, item 4): many rooms created, played and finished through three workers; afterwards no
subscription is left (in any worker, nor on Redis), no key is left but those under their TTL, and the
workers' live objects do not grow per finished room (counts after a full garbage collection, not
timings or RSS).

CI plays ``BOARDROOM_CHURN_ROOMS`` rooms (default 300, in waves of 50 at once); the issue's full run:

    BOARDROOM_CHURN_ROOMS=2000 pytest -q tests/faults/test_churn.py -s

prints the figures (objects per worker before and after, growth per room, the types that grew most).
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from clients.sdk import Lobby
from games.catalog import with_fixtures
from games.engine import Game
from server.store.redis import INDEX_TAG, RedisStore
from tests.faults.cluster import Cluster
from tests.faults.play import Tracked, open_room, play
from tests.redis.support import URL

BIDS: Game[Any, Any] = with_fixtures()["fixture-commit"]
ROOMS = int(os.environ.get("BOARDROOM_CHURN_ROOMS", "300"))
WAVE = 50
WARM_UP = 2 * WAVE

#: Live objects a worker may gain per finished room (after warm-up): a leak of one object per room
#: (a dict entry holding a struct, a task, a subscription) shows as at least 1.
GROWTH_PER_ROOM = 0.5


async def one_room(lobbies: list[Lobby], cluster: Cluster, k: int) -> str:
    """Create, play and finish one 2-seat room of sealed bids; seats on two different workers."""
    room, tokens = await open_room(
        lobbies[k % 3 :] + lobbies[: k % 3], "fixture-commit", 2, options={"cards": 3}
    )
    conns = [Tracked(cluster.ws_url((k + i) % 3), room, [t]) for i, t in enumerate(tokens)]
    try:
        await asyncio.gather(*(conn.connect(30.0) for conn in conns))
        outcomes = await play(conns, BIDS, 120.0)
        assert outcomes[0] is not None
    finally:
        await asyncio.gather(*(conn.close() for conn in conns))
    return room


async def waves(lobbies: list[Lobby], cluster: Cluster, first: int, last: int) -> None:
    for start in range(first, last, WAVE):
        await asyncio.gather(*(one_room(lobbies, cluster, k) for k in range(start, min(start + WAVE, last))))


async def settled(cluster: Cluster) -> list[dict[str, Any]]:
    """Each worker's counts once its connections and subscriptions are gone (sockets close async).
    ``objects`` is the least of eight samples over 12 s: the scheduler's abandon sweep holds every room's
    metadata for a moment each second, and a websocket that closed abruptly keeps its close-handshake timer
    and waiters for up to the web server's close timeout (10 s); neither is a leak."""
    for _ in range(100):
        counts = [worker.counts() for worker in cluster.workers]
        if all(c["subscriptions"] == 0 and c["channels"] == 0 and c["hub"]["conns"] == 0 for c in counts):
            break
        await asyncio.sleep(0.1)
    for _ in range(8):
        await asyncio.sleep(1.5)
        for i, worker in enumerate(cluster.workers):
            sample = worker.counts(by_type=True)
            if sample["objects"] < counts[i].get("objects", 1 << 62) or "types" not in counts[i]:
                counts[i] = sample
    return counts


def grown(before: dict[str, Any], after: dict[str, Any]) -> list[tuple[int, str]]:
    """The types whose live objects grew most between two samples (what a failure names)."""
    b, a = before["types"], after["types"]
    return sorted(((a.get(t, 0) - b.get(t, 0), t) for t in set(a) | set(b)), reverse=True)[:8]


async def test_churn_of_finished_rooms_leaves_no_subscription_no_key_without_ttl_and_no_object_growth(
    prefix: str, store: RedisStore, tmp_path: Path
) -> None:
    with Cluster(URL, prefix, 3, tmp_path, extra=["--ttl", "600"]) as cluster:
        lobbies = [Lobby(worker.url, timeout=60.0) for worker in cluster.workers]
        await waves(lobbies, cluster, 0, WARM_UP)
        before = await settled(cluster)
        await waves(lobbies, cluster, WARM_UP, ROOMS)
        after = await settled(cluster)
        for lobby in lobbies:
            await lobby.close()
        growth = [
            (a["objects"] - b["objects"]) / (ROOMS - WARM_UP) for a, b in zip(after, before, strict=True)
        ]
        print(
            f"\nchurn of {ROOMS} rooms: objects before {[b['objects'] for b in before]}, after "
            f"{[a['objects'] for a in after]}, growth per room {[round(g, 3) for g in growth]}, grown "
            f"{[grown(b, a)[:8] for a, b in zip(after, before, strict=True)]}"
        )
        for counts in after:
            assert counts["subscriptions"] == 0 and counts["channels"] == 0
            assert counts["hub"] == {"rooms": 0, "conns": 0}
            assert counts["sizes"] == dict.fromkeys(counts["sizes"], 0), counts["sizes"]
        assert max(growth) < GROWTH_PER_ROOM, [grown(b, a) for a, b in zip(after, before, strict=True)]
        await check_redis_left(store, prefix)


async def check_redis_left(store: RedisStore, prefix: str) -> None:
    """No channel of the prefix has a subscriber; every key has a TTL but the room list's, which lists
    exactly the rooms still readable (all finished); the due index is gone (no running room)."""
    assert await store.redis.pubsub_channels(prefix + "*") == []
    keys = sorted([key.decode() async for key in store.redis.scan_iter(match=prefix + "*", count=1000)])
    lists = store.lists
    assert f"{prefix}{INDEX_TAG}:due" not in keys
    without_ttl = {key for key in keys if await store.redis.pttl(key) < 0}
    listing = {lists.key(cls, game) for cls in ("all", "finished") for game in (None, "fixture-commit")}
    assert without_ttl == {lists.listed_key, *listing}
    rooms = {room.decode() for room in await store.redis.zrange(lists.key("all", None), 0, -1)}
    assert len(rooms) == ROOMS
    assert rooms == {room.decode() for room in await store.redis.zrange(lists.key("finished", None), 0, -1)}
    assert {key.split("{", 1)[1].split("}", 1)[0] for key in keys if key not in without_ttl} == rooms
