"""Concurrency across three worker processes sharing one Redis (issue 4, item 4): one room's seats on
three workers, 200 rooms of simultaneous commitments racing through different workers, racing seat
claims and racing joins."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import AsyncIterator
from typing import Any

import msgspec

from clients.sdk import Lobby, LobbyError
from games.catalog import with_fixtures
from games.engine import Game
from server.store.redis import RedisStore
from tests.faults.cluster import Cluster
from tests.faults.play import Tracked, check_converged, check_exactly_once, open_room, play

GAMES: dict[str, Game[Any, Any]] = with_fixtures()
GREGS = GAMES["gregs"]
BIDS = GAMES["fixture-commit"]


@contextlib.asynccontextmanager
async def lobbies(cluster: Cluster) -> AsyncIterator[list[Lobby]]:
    """One lobby client per worker."""
    clients = [Lobby(worker.url, timeout=30.0) for worker in cluster.workers]
    try:
        yield clients
    finally:
        for client in clients:
            await client.close()


async def seated(cluster: Cluster, room: str, tokens: list[str], shift: int = 0) -> list[Tracked]:
    """Seat ``i`` connected through worker ``(i + shift) % 3``, each on its own connection."""
    n = len(cluster.workers)
    conns = [Tracked(cluster.ws_url((i + shift) % n), room, [t]) for i, t in enumerate(tokens)]
    await asyncio.gather(*(conn.connect(30.0) for conn in conns))
    return conns


async def close_all(conns: list[Tracked]) -> None:
    await asyncio.gather(*(conn.close() for conn in conns))


async def test_seats_of_one_room_on_three_workers_play_gregs_to_the_end(
    cluster: Cluster, store: RedisStore
) -> None:
    await one_gregs_game_on_three_workers(cluster, store)


async def one_gregs_game_on_three_workers(cluster: Cluster, store: RedisStore) -> None:
    """One Gregs room, seat ``i`` through worker ``i``, played to its outcome; every ack applied once and
    every client's mirror the stored state."""
    async with lobbies(cluster) as lobby:
        room, tokens = await open_room(lobby, "gregs", 3)
        conns = await seated(cluster, room, tokens)
        outcomes = await play(conns, GREGS, 120.0)
        info = await lobby[1].room(room)
    assert info.status == "finished"
    assert outcomes[0] is not None and outcomes == [outcomes[0]] * 3
    await check_exactly_once(store, GREGS, room, conns)
    assert await check_converged(store, GREGS, room, conns) == info.version
    await close_all(conns)


async def test_200_rooms_of_simultaneous_bids_through_three_workers_apply_each_ack_once(
    cluster: Cluster, store: RedisStore
) -> None:
    await simultaneous_bids(cluster, store, 200)


async def simultaneous_bids(cluster: Cluster, store: RedisStore, rooms: int) -> None:
    """Every round all three seats of a room commit at once, each through another worker, so commits
    of one room race across processes (version conflicts, retried on the fresh state)."""
    async with lobbies(cluster) as lobby:
        opened = await gather_bounded(
            [open_room(lobby, "fixture-commit", 3, options={"cards": 3}) for _ in range(rooms)], 20
        )
        tables = await gather_bounded(
            [seated(cluster, room, tokens, shift=k) for k, (room, tokens) in enumerate(opened)], 20
        )
        await asyncio.gather(*(play(conns, BIDS, 240.0) for conns in tables))
    for (room, _), conns in zip(opened, tables, strict=True):
        log = await check_exactly_once(store, BIDS, room, conns)
        assert len(log) == 9  # 3 rounds x 3 bids (CMT-2, CMT-5): none lost, none doubled
        assert await check_converged(store, BIDS, room, conns) == 9
    await asyncio.gather(*(close_all(conns) for conns in tables))


async def gather_bounded(jobs: list[Any], limit: int) -> list[Any]:
    """``asyncio.gather`` with at most ``limit`` jobs running at once, results in order."""
    gate = asyncio.Semaphore(limit)

    async def run(job: Any) -> Any:
        async with gate:
            return await job

    return list(await asyncio.gather(*(run(job) for job in jobs)))


async def test_racing_claims_of_one_seat_through_three_workers_have_exactly_one_winner(
    cluster: Cluster, store: RedisStore
) -> None:
    async with lobbies(cluster) as lobby:
        for _ in range(10):
            created = await lobby[0].create_room("gregs", 3)
            attempts = [lobby[k % 3].claim(created.room, 1, f"racer{k}") for k in range(9)]
            results = await asyncio.gather(*attempts, return_exceptions=True)
            won = [r for r in results if not isinstance(r, BaseException)]
            lost = [r for r in results if isinstance(r, BaseException)]
            assert [c.seat for c in won] == [1]
            assert all(isinstance(e, LobbyError) and e.code == "seat/taken" for e in lost), lost
            meta = await store.get_meta(created.room)
            assert meta is not None and [s.taken for s in meta.seats] == [False, True, False]


async def test_racing_joins_through_three_workers_never_seat_more_players_than_seats(
    cluster: Cluster, store: RedisStore
) -> None:
    async with lobbies(cluster) as lobby:
        for _ in range(10):
            created = await lobby[0].create_room("gregs", 3)
            attempts = [lobby[k % 3].claim(created.room, "any", f"joiner{k}") for k in range(12)]
            results = await asyncio.gather(*attempts, return_exceptions=True)
            won = sorted(r.seat for r in results if not isinstance(r, BaseException))
            codes = {e.code for e in results if isinstance(e, LobbyError)}
            assert won == [0, 1, 2]
            # the last claim started the room in its own write: nobody saw it full and still open
            assert codes == {"room/started"} and len(results) - len(won) == 9
            meta = await store.get_meta(created.room)
            stored = await store.get_state(created.room)
            assert meta is not None and meta.status == "running"
            assert stored is not None and stored.version == 0  # started exactly once
            assert len({s.token_hash for s in meta.seats}) == 3


async def test_actions_sent_through_two_workers_at_once_are_each_acknowledged_by_both(
    cluster: Cluster, store: RedisStore
) -> None:
    """Every round of sealed bids, each seat sends its bid (same id) through two workers at once, and
    the three seats' commits race each other: the worker that lost a seat's commit race to another
    seat's bid retries on a fresh read, where that seat's bid may be applied already through the other
    worker. Every answer must be an ``ack`` (one of them ``duplicate: true``), never the rule error
    ``commit/already`` for the action the client sent."""
    async with lobbies(cluster) as lobby:
        room, tokens = await open_room(lobby, "fixture-commit", 3, options={"cards": 8})
    conns = [Tracked(cluster.ws_url(i), room, tokens) for i in range(3)]  # hot-seat: every seat, each
    await asyncio.gather(*(conn.connect(30.0) for conn in conns))
    for rnd in range(8):  # CMT-2: a bid per seat and round; 16 acts per connection, within its burst
        version = rnd * 3
        await asyncio.gather(*(conn.wait_version(version, 30.0) for conn in conns))
        sends = []
        for seat in range(3):
            bid = {"kind": "bid", "card": min(conns[0].mirrors[seat].view["hands"][seat])}
            frame = msgspec.json.encode({"type": "act", "id": f"b{rnd}-{seat}", "seat": seat, "action": bid})
            sends += [conns[k % 3].send_raw(frame.decode()) for k in (seat, seat + 1)]
        await asyncio.gather(*sends)
        for seat in range(3):
            pair = [conns[seat % 3], conns[(seat + 1) % 3]]
            done = [functools.partial(answered, c, f"b{rnd}-{seat}") for c in pair]
            await asyncio.gather(*(c.wait_until(check, 30.0) for c, check in zip(pair, done, strict=True)))
    assert [(e.code, e.id) for c in conns for e in c.refusals] == []
    acks = sorted((a.id, a.duplicate) for c in conns for a in c.acks)
    assert acks == sorted((f"b{r}-{s}", d) for r in range(8) for s in range(3) for d in (False, True))
    assert (await check_exactly_once(store, BIDS, room, conns))[-1].version == 24
    await close_all(conns)


def answered(conn: Tracked, action_id: str) -> bool:
    return any(a.id == action_id for a in conn.acks) or any(e.id == action_id for e in conn.refusals)
