"""A real server on a free TCP port for the end-to-end tests, and helpers to fill and play rooms.

The server is uvicorn serving `server.app.create_app` in a thread of the test process (its own event
loop, real sockets); clients talk to it only through HTTP and websockets. One server serves the whole
session; tests that need other limits start their own with `running_server`.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import msgspec
import pytest
import uvicorn

from clients.sdk import Connection, Lobby
from games.catalog import shipped
from games.engine import Game, Rng, random_policy
from server.app import create_app
from server.process.serving import uvicorn_config
from server.settings import Limits, Settings

GAME: Game[Any, Any] = shipped()["gregs"]

#: Limits of the shared test server: a small resume gap so a "long" disconnect stays short, and no
#: per-client bucket for room creation and listing (every test makes rooms from this one address).
TEST_LIMITS = Limits(
    resume_gap=4, creates_per_second=1e6, create_burst=1e6, lists_per_second=1e6, list_burst=1e6
)


class Server(msgspec.Struct):
    """A running server: ``http`` base URL and ``ws`` websocket URL."""

    http: str
    ws: str


@contextlib.contextmanager
def running_server(settings: Settings, **app: Any) -> Iterator[Server]:
    """Serve ``settings``'s app (``app``: more `create_app` arguments) on a free port in a thread until
    the block ends."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    # as `boardroom serve` configures it: the HTTP deadlines, pings, connection cap, trusted proxies
    config = uvicorn_config(create_app(settings, **app), settings, log_level="warning", lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.01)
    try:
        yield Server(f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}/ws")
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    with running_server(Settings(limits=TEST_LIMITS, timers={"turn": 600.0, "cut": 600.0})) as running:
        yield running


@pytest.fixture
async def lobby(server: Server) -> AsyncIterator[Lobby]:
    async with Lobby(server.http) as client:
        yield client


class Room(msgspec.Struct):
    """A started room: its id, host token and one seat token per seat."""

    room: str
    host: str
    tokens: list[str]


async def new_room(lobby: Lobby, seats: int = 4) -> Room:
    """A Gregs room with every seat claimed (it starts by itself when the last seat is filled)."""
    created = await lobby.create_room("gregs", seats)
    tokens = [(await lobby.claim(created.room, seat, f"p{seat}")).token for seat in range(seats)]
    return Room(created.room, created.host_token, tokens)


def choose(conn: Connection, seat: int, salt: str = "") -> dict[str, Any] | None:
    """A random legal action of ``seat`` from its mirror (``None``: nothing to do now)."""
    from clients.sdk.bot import engine_prompt

    mirror = conn.mirrors.get(seat)
    if mirror is None or mirror.prompt is None or mirror.outcome is not None:
        return None
    view = msgspec.convert(mirror.view, GAME.View)
    return random_policy(view, engine_prompt(mirror.prompt), Rng(b"e2e", f"{salt}/{seat}/v{mirror.version}"))


def prompted(conn: Connection) -> int | None:
    """The first seat of ``conn`` with a prompt now (``None``: none)."""
    for seat in conn.seats:
        mirror = conn.mirrors.get(seat)
        if mirror is not None and mirror.prompt is not None and mirror.outcome is None:
            return seat
    return None


async def play_steps(conn: Connection, steps: int, salt: str = "") -> int:
    """Play ``steps`` actions (fewer if the game ends) with a connection holding every seat; returns the
    version reached."""
    for _ in range(steps):
        seat = prompted(conn)
        if seat is None:
            break
        action = choose(conn, seat, salt)
        assert action is not None
        ack = await conn.act(seat, action)
        await conn.wait_version(ack.version)
    return max(m.version for m in conn.mirrors.values())


async def settle(*conns: Connection, version: int, timeout: float = 10.0) -> None:
    """Wait until every connection's mirrors show ``version``."""
    await asyncio.gather(*(c.wait_version(version, timeout) for c in conns))
