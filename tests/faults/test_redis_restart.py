"""Redis killed (``kill -9``) and restarted mid-game (issue 4, item 4). The tests' own ``redis-server``
on a free port, append-only with ``appendfsync always``, in a temporary directory — never the shared
one. Workers reconnect, resubscribe and reconcile; every client converges to the stored state; no
acknowledged action is lost (each is in the log at the version its ack named) and none is doubled."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from clients.sdk import Lobby
from games.catalog import shipped
from games.engine import Game
from tests.faults.cluster import Cluster, RedisServer
from tests.faults.play import Tracked, check_converged, check_exactly_once, open_room, play, store_for
from tests.redis.support import new_prefix

GREGS: Game[Any, Any] = shipped()["gregs"]

#: Seconds Redis stays down.
OUTAGE = 1.0


async def test_redis_killed_and_restarted_mid_game_loses_no_acknowledged_action(tmp_path: Path) -> None:
    data = tmp_path / "redis"
    data.mkdir()
    prefix = new_prefix()
    with RedisServer(data) as server, Cluster(server.url, prefix, 3, tmp_path) as cluster:
        store = store_for(server.url, prefix)
        lobbies = [Lobby(worker.url, timeout=30.0) for worker in cluster.workers]
        rooms = [await open_room(lobbies, "gregs", 3) for _ in range(4)]
        tables = [
            [Tracked(cluster.ws_url((i + k) % 3), room, [t]) for i, t in enumerate(tokens)]
            for k, (room, tokens) in enumerate(rooms)
        ]
        await asyncio.gather(*(conn.connect(30.0) for conns in tables for conn in conns))
        acked_before: list[int] = []
        restarted: list[asyncio.Task[None]] = []

        async def restart() -> None:
            await asyncio.sleep(OUTAGE)
            await asyncio.to_thread(server.start)

        def kill_redis(conn: Tracked, action_id: str) -> None:
            if restarted or conn.mirrors[conn.seats[0]].version < 8:
                return
            acked_before.append(sum(len(c.acks) for conns in tables for c in conns))
            server.kill()
            restarted.append(asyncio.ensure_future(restart()))

        for conns in tables:
            for conn in conns:
                conn.on_act = kill_redis
        outcomes = await asyncio.gather(*(play(conns, GREGS, 120.0) for conns in tables))
        await restarted[0]
        assert acked_before[0] >= 8
        for (room, _), conns, seen in zip(rooms, tables, outcomes, strict=True):
            assert seen[0] is not None and seen == [seen[0]] * 3
            await check_exactly_once(store, GREGS, room, conns)
            await check_converged(store, GREGS, room, conns)
            stored = await store.get_state(room)
            assert stored is not None and {c.epoch for c in conns} == {stored.epoch}
        # the action in flight was answered store/unavailable and resent under its id by the SDK (the
        # connection stays open), and the resends met no rate limit (a bot playing faster than its
        # connection's action rate may meet one in normal play: the SDK waits and resends)
        refusals = [e for conns in tables for c in conns for e in c.refusals]
        resent = {e.id for e in refusals if e.code == "store/unavailable"}
        assert resent and {e.code for e in refusals} <= {"store/unavailable", "rate/limited"}
        assert [e.id for e in refusals if e.code == "rate/limited" and e.id in resent] == []
        for conns in tables:
            await asyncio.gather(*(conn.close() for conn in conns))
        for lobby in lobbies:
            await lobby.close()
        await store.aclose()
