"""A host closes its room (docs/api.md ``DELETE /api/rooms/{room}``): its viewers get ``bye`` 4404
``closed`` and are closed with 4404, the room answers ``room/not_found``, and on Redis no key of it is
left; a wrong token is 401 ``auth/bad_token`` and changes nothing. On Redis the viewer watches through
another worker than the one that closes the room (the wake-up crosses pub/sub)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import httpx
import pytest
import redis

from clients.sdk import Lobby, LobbyError
from server.clock import FakeClock
from server.settings import Settings
from server.testing import RunningServer, running_server
from tests.redis.support import URL, need_redis, new_prefix, purge_prefix
from tests.server.wsclient import close_code, hello, open_room, recv

from .conftest import GAMES

BYE = {"type": "bye", "code": 4404, "reason": "closed"}


@pytest.fixture(params=["memory", "redis"])
def workers(request: pytest.FixtureRequest) -> Iterator[tuple[RunningServer, RunningServer, str | None]]:
    """The worker viewers connect to, the worker the host talks to, and the Redis prefix (or ``None``)."""
    if request.param == "memory":
        with running_server(Settings(), games=GAMES, clock=FakeClock()) as server:
            yield server, server, None
        return
    need_redis()
    prefix = new_prefix()
    settings = Settings(store="redis", redis_url=URL, redis_prefix=prefix)
    try:
        with running_server(settings, games=GAMES) as one, running_server(settings, games=GAMES) as other:
            yield one, other, prefix
    finally:
        purge_prefix(prefix)


def keys_of(prefix: str, room: str) -> list[bytes]:
    """Every key under ``prefix`` that holds ``room``: its own keys, and the room list and due index
    entries naming it."""
    with redis.Redis.from_url(URL) as client:
        own = list(client.scan_iter(match=f"{prefix}{{{room}}}*", count=1000))
        holding = []
        for key in client.scan_iter(match=prefix + "{~rooms}*", count=1000):
            kind = client.type(key)
            found = client.zscore(key, room) if kind == b"zset" else client.hexists(key, room)
            if found not in (None, False):
                holding.append(key)
    return own + holding


async def test_a_host_closes_its_room_viewers_get_bye_and_nothing_of_it_is_left(
    workers: tuple[RunningServer, RunningServer, str | None],
) -> None:
    viewing, hosting, prefix = workers
    room, host, tokens = await open_room(viewing, "fixture-hands", 2, timers={"turn": 600})
    seat = await hello(viewing, room, [tokens[0]])
    spectator = await hello(viewing, room, [])
    for ws in (seat, spectator):
        assert [(await recv(ws))["type"] for _ in range(2)] == ["welcome", "snapshot"]
    async with httpx.AsyncClient(base_url=hosting.url) as http:
        wrong = await http.delete(f"/api/rooms/{room}", headers={"Authorization": f"Bearer {tokens[0]}"})
        assert (wrong.status_code, wrong.json()["code"]) == (401, "auth/bad_token")
        if prefix is not None:
            assert len(keys_of(prefix, room)) > 0
        assert (await http.get(f"/api/rooms/{room}")).json()["status"] == "running"
        closed = await http.delete(f"/api/rooms/{room}", headers={"Authorization": f"Bearer {host}"})
        assert (closed.status_code, closed.json()) == (200, {"room": room})
        for ws in (seat, spectator):
            assert await recv(ws) == BYE
            assert await asyncio.wait_for(close_code(ws), 5.0) == 4404
        gone = await http.get(f"/api/rooms/{room}")
        assert (gone.status_code, gone.json()["code"]) == (404, "room/not_found")
        again = await http.delete(f"/api/rooms/{room}", headers={"Authorization": f"Bearer {host}"})
        assert (again.status_code, again.json()["code"]) == (404, "room/not_found")
        assert room not in [r["room"] for r in (await http.get("/api/rooms")).json()]
    if prefix is not None:
        assert keys_of(prefix, room) == []
    assert viewing.services.hub.counts() == {"rooms": 0, "conns": 0}


async def test_a_closed_room_takes_no_more_connections(
    workers: tuple[RunningServer, RunningServer, str | None],
) -> None:
    viewing, hosting, _ = workers
    room, host, tokens = await open_room(viewing)
    async with httpx.AsyncClient(base_url=hosting.url) as http:
        await http.delete(f"/api/rooms/{room}", headers={"Authorization": f"Bearer {host}"})
    ws = await hello(viewing, room, [tokens[0]])
    assert await asyncio.wait_for(close_code(ws), 5.0) == 4404


async def test_the_sdk_lists_rooms_with_free_seats_and_closes_a_room(
    workers: tuple[RunningServer, RunningServer, str | None],
) -> None:
    viewing, _, _ = workers
    async with Lobby(viewing.url) as lobby:
        waiting = await lobby.create_room("fixture-hands", 2)
        await lobby.claim(waiting.room)
        full = await lobby.create_room("fixture-hands", 2)
        for _ in range(2):
            await lobby.claim(full.room)
        assert [r["room"] for r in await lobby.rooms(free_seats=True)] == [waiting.room]
        await lobby.close_room(waiting.room, waiting.host_token)
        assert await lobby.rooms(free_seats=True) == []
        with pytest.raises(LobbyError) as refused:
            await lobby.close_room(full.room, "wrong")
        assert (refused.value.status, refused.value.code) == (401, "auth/bad_token")
