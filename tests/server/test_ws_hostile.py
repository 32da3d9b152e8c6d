"""Websocket attacks a tester made, over real sockets: frames nested past the decoder's stack, msgpack
actions JSON cannot hold, a connection that never says hello, a client that stops reading, and the
reason every close carries."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server.clock import FakeClock
from server.settings import Limits, Settings
from server.testing import RunningServer, running_server

from .conftest import GAMES
from .wsclient import hello, open_room, recv, send

DEPTH = 30_000


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running_server(
        Settings(limits=Limits(hello_timeout=0.5)), games=GAMES, clock=FakeClock()
    ) as running:
        yield running


async def joined(server: RunningServer, **kw: Any) -> Any:
    """A seat-0 connection to a fresh fixture-hands room, past its welcome and snapshot."""
    room, _, tokens = await open_room(server)
    ws = await hello(server, room, [tokens[0]], **kw)
    assert (await recv(ws))["type"] == "welcome"
    await ws.recv()
    return ws


async def closed(ws: Any) -> tuple[int | None, str | None]:
    """The close code and reason the server sent."""
    try:
        while True:
            await ws.recv()
    except ConnectionClosed as exc:
        return (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (None, None)


class TestDeepNesting:
    async def test_a_deeply_nested_json_act_is_malformed_and_the_connection_stays(
        self, server: RunningServer
    ) -> None:
        ws = await joined(server)
        await ws.send('{"type":"act","id":"d","seat":0,"action":' + "[" * DEPTH + "]" * DEPTH + "}")
        error = await recv(ws)
        assert (error["type"], error["code"]) == ("error", "frame/malformed")
        await send(ws, {"type": "ping", "n": 1})
        assert await recv(ws) == {"type": "pong", "n": 1}
        await ws.close()

    async def test_a_deeply_nested_msgpack_act_is_malformed_and_the_connection_stays(
        self, server: RunningServer
    ) -> None:
        room, _, tokens = await open_room(server)
        ws = await connect(server.ws_url, subprotocols=["boardroom.v1.msgpack"])  # type: ignore[list-item]
        await ws.send(msgspec.msgpack.encode({"type": "hello", "v": 1, "room": room, "tokens": [tokens[0]]}))
        assert msgspec.msgpack.decode(await ws.recv())["type"] == "welcome"
        await ws.recv()
        head = b"".join(msgspec.msgpack.encode(x) for x in ("type", "act", "id", "d", "seat", 0, "action"))
        await ws.send(b"\x84" + head + b"\x91" * DEPTH + b"\x90")
        assert msgspec.msgpack.decode(await ws.recv())["code"] == "frame/malformed"
        await ws.send(msgspec.msgpack.encode({"type": "ping", "n": 2}))
        assert msgspec.msgpack.decode(await ws.recv()) == {"type": "pong", "n": 2}
        await ws.close()


class TestCloses:
    async def test_a_connection_without_hello_is_closed_4400_after_the_hello_timeout(
        self, server: RunningServer
    ) -> None:
        async with connect(server.ws_url) as ws:
            assert await asyncio.wait_for(closed(ws), 5.0) == (4400, "no hello within 0.5 s")

    @pytest.mark.parametrize(
        ("frame", "expected"),
        [
            ({"type": "ping"}, (4400, "the first frame must be a hello")),
            (
                {"type": "hello", "v": 9, "room": "r", "tokens": []},
                (4400, "unsupported protocol major 9; this server speaks 1"),
            ),
            ({"type": "hello", "v": 1, "room": "nope", "tokens": []}, (4404, "room not found")),
            (
                {"type": "hello", "v": 1, "room": "r", "tokens": [], "since": "1"},
                (4400, "invalid hello: Expected `int | null`, got `str` - at `$.since`"),
            ),
            (
                {"type": "hello", "v": 1, "room": "r", "tokens": [], "foo": 1},
                (4400, "invalid hello: Object contains unknown field `foo` - at `$.foo`"),
            ),
            (
                {"type": "hello", "v": 1, "tokens": []},
                (4400, "invalid hello: Object missing required field `room` - at `$.room`"),
            ),
        ],
    )
    async def test_each_close_carries_a_reason(
        self, server: RunningServer, frame: dict[str, Any], expected: tuple[int, str]
    ) -> None:
        async with connect(server.ws_url) as ws:
            await send(ws, frame)
            assert await closed(ws) == expected

    async def test_a_bad_token_and_an_oversized_frame_close_with_reasons(self, server: RunningServer) -> None:
        room, _, _ = await open_room(server)
        bad = await hello(server, room, ["not-a-token"])
        assert await closed(bad) == (4401, "a token is not valid for this room")
        ws = await joined(server)
        await ws.send("x" * 70_000)
        # uvicorn (ws_max_size = max_frame) refuses it before the session does, with its own reason
        assert await closed(ws) == (1009, "frame with 70000 bytes exceeds limit of 65536 bytes")

    async def test_a_flood_closes_4429_with_a_reason(self) -> None:
        limits = Limits(frames_per_second=1.0, frame_burst=1.0, flood_after=1)
        with running_server(Settings(limits=limits), games=GAMES, clock=FakeClock()) as server:
            ws = await joined(server)
            for _ in range(4):
                await send(ws, {"type": "ping"})
            assert await closed(ws) == (4429, "flood: frames kept coming past the rate limit")


async def test_a_client_that_stops_reading_is_closed_4408_with_a_bounded_queue() -> None:
    """A tiny receive buffer, ``sync`` every 10 ms, nothing read: the frames pending for it never exceed
    the send queue's bound, and it is closed 4408 once they would."""
    limits = Limits(
        send_queue=32, send_buffer=4096, frames_per_second=1000.0, syncs_per_second=1000.0, sync_burst=1000.0
    )
    with running_server(Settings(limits=limits), games=GAMES, clock=FakeClock()) as server:
        await stop_reading_until_closed(server, 32)


async def stop_reading_until_closed(server: RunningServer, queue: int) -> None:
    """A client with a 4 KB receive buffer asks ``sync`` every 10 ms and reads nothing: the frames
    pending for it peak at exactly ``queue`` (the server's ``send_queue``) and it is closed 4408."""
    room, _, tokens = await open_room(server, "gregs", 3)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    ws = await connect(server.ws_url, sock=sock, max_queue=1)
    await send(ws, {"type": "hello", "v": 1, "room": room, "tokens": tokens})
    hub, peak, gone = server.services.hub, 0, False
    # without a small kernel send buffer the ~4 MB loopback buffer absorbs ~700 syncs' frames first
    for _ in range(300):
        await send(ws, {"type": "sync"})
        await asyncio.sleep(0.01)
        conns = [c for w in hub.watches.values() for c in w.conns]
        peak = max([peak, *(c.queued() for c in conns)])
        if peak and not conns:
            gone = True
            break
    assert (gone, peak) == (True, queue)
    assert (await closed(ws))[0] == 4408
