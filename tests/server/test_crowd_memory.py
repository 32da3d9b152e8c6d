"""Memory of a crowd of spectators (docs/benchmarks.md "A crowd of spectators"): what a connection holds
while it is open, counted in live objects, and that nothing of it is left once it closed; after the
crowd left, the allocator is asked to give the pages back (`server.ops.trimmer.Trimmer`)."""

from __future__ import annotations

import asyncio
import gc
import types
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
import starlette
from starlette.websockets import WebSocket
from websockets.asyncio.client import ClientConnection

import server as server_package
from server.ops import trimmer as trimmer_module
from server.ops.trimmer import Trimmer
from server.settings import Settings
from server.testing import RunningServer, running_server
from server.ws.conn import Conn
from server.ws.session import Session
from tests.polling import until
from tests.server.wsclient import hello, open_room, recv

from .conftest import GAMES

CROWD = 60
SERVER = Path(server_package.__file__).parent
STARLETTE = Path(starlette.__file__).parent


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[RunningServer]:
    monkeypatch.setattr(trimmer_module, "TRIM_DELAY", 0.0)
    monkeypatch.setattr(trimmer_module, "TRIM_SPACING", 0.0)
    monkeypatch.setattr(trimmer_module, "TRIM_GAP", 0.0)
    with running_server(Settings(), games=GAMES) as running:
        running.services.trimmer.every = CROWD
        yield running


def live() -> Counter[str]:
    """Live objects of the server's per-connection classes, and coroutines of the server and of
    Starlette (the test's own client coroutines are neither)."""
    gc.collect()
    counts: Counter[str] = Counter()
    for obj in gc.get_objects():
        if isinstance(obj, (Session, Conn, WebSocket)):
            counts[type(obj).__name__] += 1
        elif isinstance(obj, types.CoroutineType):
            path = Path(obj.cr_code.co_filename)
            if path.is_relative_to(SERVER):
                counts["server coroutine"] += 1
            elif path.is_relative_to(STARLETTE):
                counts["starlette coroutine"] += 1
    return counts


async def gather(server: RunningServer, room: str) -> list[ClientConnection]:
    async def spectator() -> ClientConnection:
        ws = await hello(server, room, [])
        assert [(await recv(ws))["type"] for _ in range(2)] == ["welcome", "snapshot"]
        return ws

    return list(await asyncio.gather(*(spectator() for _ in range(CROWD))))


async def until_gone(server: RunningServer) -> None:
    await until(lambda: server.services.hub.counts()["conns"] == 0 and live()["Session"] == 0, 4.0, 0.02)


async def test_a_spectator_holds_its_session_and_eight_coroutines_and_leaves_nothing(
    server: RunningServer,
) -> None:
    room, _, _ = await open_room(server)
    await until_gone(server)
    before = live()
    for cycle in range(3):
        crowd = await gather(server, room)
        during = live() - before
        # the websocket protocol's run of the app and its receive (`server.ws.lean`), the app's dispatch,
        # the session's run (the connection counter, the worker's connection cap) and its inner run,
        # guard, serve and receive loop, and the room's one fan-out task; none of Starlette's middleware
        # or router (12 coroutines a connection) stays
        alive = {"Session": CROWD, "Conn": CROWD, "WebSocket": CROWD, "server coroutine": 8 * CROWD + 1}
        assert during == Counter(alive), cycle
        await asyncio.gather(*(ws.close() for ws in crowd))
        await until_gone(server)
        assert live() - before == Counter(), cycle
    assert server.services.hub.counts() == {"rooms": 0, "conns": 0}
    await asyncio.sleep(0.05)
    assert server.services.trimmer.trims == 3  # one after each crowd left


async def test_the_trimmer_trims_once_per_every_ended_connections(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(trimmer_module, "TRIM_DELAY", 0.0)
    monkeypatch.setattr(trimmer_module, "TRIM_SPACING", 0.0)
    monkeypatch.setattr(trimmer_module, "TRIM_GAP", 0.0)
    calls: list[int] = []
    trimmer = Trimmer(every=3, trim=lambda: calls.append(1))
    for _ in range(5):
        trimmer.ended()
    await asyncio.sleep(0.01)
    assert (trimmer.trims, len(calls)) == (1, 1)
    trimmer.ended()
    await asyncio.sleep(0.01)
    assert (trimmer.trims, len(calls)) == (1, 1)  # one ended since the trim, not 3
