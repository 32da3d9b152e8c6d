"""A worker killed with ``kill -9`` (issue 4, item 4): its clients reconnect to another worker, resend
their unanswered actions under the same ids and play on; a deadline of a room whose clients were all on
the killed worker still fires, exactly once, from another worker."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import itertools
import re
from pathlib import Path
from typing import Any

from clients.commands.play import play as play_command
from clients.sdk import Lobby
from games.catalog import shipped
from games.engine import Game
from server.store.redis import RedisStore
from tests.faults.cluster import Cluster, Worker
from tests.faults.play import Tracked, check_converged, check_exactly_once, open_room, play
from tests.redis.support import URL

GREGS: Game[Any, Any] = shipped()["gregs"]

#: Short timers (seconds) for every timer class Gregs names, so deadlines fall within the test.
SHORT = {name: 1.5 for name in ("setup", "turn", "cut", "curse", "reaction", "commit")}


async def test_kill_9_of_a_worker_mid_game_its_clients_resume_elsewhere_and_no_action_is_lost(
    cluster: Cluster, store: RedisStore
) -> None:
    """Seat 1 of six rooms plays through worker 1; the worker is killed right as one of those seats
    sends an action, and every seat-1 client is sent to worker 2 (as a load balancer would)."""
    lobbies = [Lobby(worker.url, timeout=30.0) for worker in cluster.workers]
    rooms = [await open_room(lobbies, "gregs", 3) for _ in range(6)]
    tables = [[Tracked(cluster.ws_url(i), room, [t]) for i, t in enumerate(tokens)] for room, tokens in rooms]
    await asyncio.gather(*(conn.connect(30.0) for conns in tables for conn in conns))
    in_flight: list[str] = []

    def kill_worker_1(conn: Tracked, action_id: str) -> None:
        if in_flight or conn.mirrors[1].version < 6:
            return
        in_flight.append(action_id)
        cluster.workers[1].kill()
        for conns in tables:
            conns[1].urls = [cluster.ws_url(2)]  # as a load balancer would: every reconnect lands there

    for conns in tables:
        conns[1].on_act = kill_worker_1
    outcomes = await asyncio.gather(*(play(conns, GREGS, 120.0) for conns in tables))
    assert in_flight and not cluster.workers[1].alive
    for (room, _), conns, seen in zip(rooms, tables, outcomes, strict=True):
        assert seen[0] is not None and seen == [seen[0]] * 3
        assert conns[1].welcomes >= 2  # reconnected (to worker 2)
        await check_exactly_once(store, GREGS, room, conns)
        await check_converged(store, GREGS, room, conns)
    killer = next(c for conns in tables for c in conns if in_flight[0] in c.sent)
    assert [a.id for a in killer.acks].count(in_flight[0]) == 1
    for conns in tables:
        await asyncio.gather(*(conn.close() for conn in conns))
    for lobby in lobbies:
        await lobby.close()


async def test_deadline_fires_exactly_once_after_the_worker_holding_the_rooms_clients_died(
    prefix: str, store: RedisStore, tmp_path: Path
) -> None:
    """Every client of the room is on worker 0, which is killed before the first deadline; workers 1
    and 2 both sweep the schedule, and each timeout takes effect once, on time."""
    # seats away after two timeouts keep the room's 1.5 s timers (the default would take them at once),
    # so every firing stands a timer apart from the one before
    flags = ["--lease", "2", "--away-seconds", "5"]
    with Cluster(URL, prefix, 3, tmp_path, extra=flags) as cluster:
        lobby = Lobby(cluster.url(0), timeout=30.0)
        room, tokens = await open_room([lobby], "gregs", 3, timers=SHORT)
        conns = [Tracked(cluster.ws_url(0), room, [token]) for token in tokens]
        await asyncio.gather(*(conn.connect(30.0) for conn in conns))
        cluster.workers[0].kill()
        for conn in conns:
            conn.urls = [cluster.ws_url(1)]
        await asyncio.gather(*(conn.wait_version(3, timeout=30.0) for conn in conns))
        await asyncio.sleep(2 * 2 + 0.5)  # past another lease: a second firing would have landed
        log = await check_exactly_once(store, GREGS, room, conns, timeouts=True)
        fired = [(step.seat, step.action["prompt"]) for step in log]
        assert all(step.action["kind"] == "timeout" for step in log)
        assert len(set(fired)) == len(fired) >= 3  # no deadline applied twice
        await check_converged(store, GREGS, room, conns)
        meta = await store.get_meta(room)
        assert meta is not None
        times = [meta.created, *(step.now for step in log)]
        assert all(later - earlier >= 1.5 - 0.01 for earlier, later in itertools.pairwise(times))
        for conn in conns:
            await conn.close()
        await lobby.close()


class KillAt(io.StringIO):
    """``boardroom play``'s output that kills ``worker`` (``kill -9``) once a line shows version
    ``version``, first noting how many connections the worker's hub held (``held``)."""

    def __init__(self, worker: Worker, version: int) -> None:
        super().__init__()
        self.worker, self.version = worker, version
        self.held: int | None = None

    def write(self, text: str) -> int:
        shown = re.match(r"v(\d+) ", text)
        if shown and int(shown[1]) >= self.version and self.held is None:
            self.held = self.worker.counts()["hub"]["conns"]
            self.worker.kill()
        return super().write(text)


async def test_play_with_two_urls_ends_the_game_on_the_second_when_the_first_is_killed(
    cluster: Cluster, store: RedisStore
) -> None:
    """``boardroom play --url A --url B``: every client starts on A; A is killed mid-game; the clients
    resume on B and the game ends there (it waited for ``--timeout`` with the room orphaned)."""
    out = KillAt(cluster.workers[0], 6)
    args = argparse.Namespace(
        game="gregs", bots=3, url=[cluster.url(0), cluster.url(1)], seed="1", policy="random", encoding="json"
    )
    args.timeout, args.options = 120.0, None
    assert await play_command(args, out) == 0
    assert out.held == 4  # three players and the spectator were on A
    assert not cluster.workers[0].alive
    lines = out.getvalue().splitlines()
    room = re.fullmatch(r"room ([\w-]+): gregs with 3 bots \(random\)", lines[0])
    assert room is not None and lines[-2].startswith("outcome: winners ")
    stored = await store.get_state(room[1])
    assert stored is not None and stored.finished


#: Seconds within which the SDK's clients must have left a frozen worker: its pings (4 s, 4 s without a
#: pong) move them in about 8 s; websockets' own keepalive (20 + 20 s) held them 40 to 47 s.
FROZEN_BOUND = 25.0


async def test_clients_of_a_frozen_worker_reconnect_elsewhere_within_the_sdks_ping_bound(
    cluster: Cluster, store: RedisStore
) -> None:
    """Worker 0 stops answering (SIGSTOP: its sockets stay open, nothing is closed): every SDK client
    on it notices by its own pings and resumes on worker 1, its fallback, within `FROZEN_BOUND`."""
    lobbies = [Lobby(worker.url, timeout=30.0) for worker in cluster.workers]
    rooms = [await open_room(lobbies, "gregs", 3) for _ in range(2)]
    ws = [cluster.ws_url(0), cluster.ws_url(1)]
    conns = [Tracked(ws[0], room, [t], fallbacks=ws[1:]) for room, tokens in rooms for t in tokens]
    await asyncio.gather(*(conn.connect(30.0) for conn in conns))
    assert [conn.url for conn in conns] == [ws[0]] * 6
    cluster.workers[0].freeze()
    try:
        moved = 0
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(FROZEN_BOUND):
                while moved < len(conns):
                    await asyncio.sleep(0.2)
                    moved = sum(c.online and c.url == ws[1] and c.welcomes == 2 for c in conns)
        assert moved == 6
        for (room, _), table in zip(rooms, (conns[:3], conns[3:]), strict=True):
            await check_converged(store, GREGS, room, table)
    finally:
        cluster.workers[0].thaw()
    await asyncio.gather(*(conn.close() for conn in conns))
    for lobby in lobbies:
        await lobby.close()
