"""Tasks per websocket connection, counted in a real server's event loop: one (the server's own task for
the connection) while the client keeps up, and none left once the server closed it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from server.clock import FakeClock
from server.testing import RunningServer, running_server

from .conftest import GAMES
from .wsclient import close_code, hello, open_room, recv, send


@pytest.fixture
def server() -> Iterator[RunningServer]:
    with running_server(games=GAMES, clock=FakeClock()) as running:
        yield running


async def _count() -> int:
    return len(asyncio.all_tasks())


async def tasks_in(loop: asyncio.AbstractEventLoop, expected: int | None = None) -> int:
    """The server loop's task count (the counting task itself left out), polled up to 2 s for
    ``expected`` (the lobby's HTTP requests end a little after their responses)."""
    count = -1
    for _ in range(200):
        count = await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(_count(), loop)) - 1
        if expected is None or count == expected:
            break
        await asyncio.sleep(0.01)
    return count


async def test_each_connection_costs_one_task_and_a_closed_one_none(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    # the room's fan-out task runs once a connection watches the room: open one to learn the loop
    first = await hello(server, room, [tokens[0]])
    assert (await recv(first))["type"] == "welcome"
    await recv(first)
    watch = server.services.hub.watches[room]
    loop = watch.task.get_loop()
    await asyncio.sleep(0.2)  # the lobby's requests are over
    one = await tasks_in(loop)
    conns = [first]
    for token in [[tokens[1]], [], []]:  # the other seat and two spectators
        ws = await hello(server, room, token)
        assert (await recv(ws))["type"] == "welcome"
        await recv(ws)
        await send(ws, {"type": "ping", "n": 1})  # a frame each way through the session
        assert (await recv(ws))["type"] == "pong"
        conns.append(ws)
    assert await tasks_in(loop, one + 3) == one + 3

    # a close from the server's side (here: the fan-out's on a bug) ends the session's read loop too
    seat0 = next(conn for conn in watch.conns if conn.seats == [0])
    loop.call_soon_threadsafe(seat0.close, 1011, "test")
    assert await asyncio.wait_for(close_code(first), 5.0) == 1011
    assert await tasks_in(loop, one + 2) == one + 2
    assert sum(len(w.conns) for w in server.services.hub.watches.values()) == 3
    for ws in conns:
        await ws.close()
