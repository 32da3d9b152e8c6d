"""``--websockets picows`` (`server.ws.picows`) keeps what the worker relies on of uvicorn's websockets,
over real sockets: the frame limit (1009), the pings, the send queue's bound (4408), the connection cap
(1013), the subprotocols, the trusted proxies' client address, and SIGTERM's bye 1001. Each test runs on
both implementations, so a difference between them fails here."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import msgspec
import pytest
from websockets.asyncio.client import connect
from websockets.frames import Frame, Opcode

from protocol.codec import MSGPACK_SUBPROTOCOL
from server.clock import FakeClock
from server.settings import Limits, Settings
from server.testing import RunningServer, running_server
from server.ws.session import FULL_REASON

from .conftest import GAMES
from .test_ops import free_port, serve
from .test_ws_hostile import closed, joined, stop_reading_until_closed
from .wsclient import hello, open_room, recv, send

pytest.importorskip("picows")

IMPLEMENTATIONS = ["uvicorn", "picows"]


@pytest.fixture(params=IMPLEMENTATIONS)
def websockets(request: pytest.FixtureRequest) -> str:
    impl: str = request.param
    return impl


def server_with(websockets: str, **limits: Any) -> Any:
    return running_server(
        Settings(limits=Limits(**limits), websockets=websockets),  # type: ignore[arg-type]
        games=GAMES,
        clock=FakeClock(),
    )


@pytest.fixture
def server(websockets: str) -> Iterator[RunningServer]:
    with server_with(websockets) as running:
        yield running


async def test_an_action_is_acked_and_its_update_reaches_both_seats(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    seats = [await hello(server, room, [token]) for token in tokens]
    snapshots = []
    for ws in seats:
        assert (await recv(ws))["type"] == "welcome"
        snapshots.append(await recv(ws))
    index, prompt = next((i, s["prompt"]) for i, s in enumerate(snapshots) if s.get("prompt"))
    kind = next(k for k in prompt["kinds"] if prompt["choices"].get(k))
    action = {"kind": kind, **prompt["choices"][kind][0]}
    await send(seats[index], {"type": "act", "id": "a1", "seat": index, "action": action})
    frames = [await recv(seats[index]), await recv(seats[index])]
    assert sorted(f["type"] for f in frames) == ["ack", "update"]
    assert (await recv(seats[1 - index]))["type"] == "update"
    for ws in seats:
        await ws.close()


async def test_the_msgpack_subprotocol_is_negotiated(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    async with connect(server.ws_url, subprotocols=[MSGPACK_SUBPROTOCOL]) as ws:  # type: ignore[list-item]
        hi = {"type": "hello", "v": 1, "room": room, "tokens": [tokens[0]]}
        await ws.send(msgspec.msgpack.encode(hi))
        welcome = msgspec.msgpack.decode(await asyncio.wait_for(ws.recv(), 5))
        assert (ws.subprotocol, welcome["type"], welcome["seats"]) == (MSGPACK_SUBPROTOCOL, "welcome", [0])


async def test_a_frame_over_max_frame_closes_1009(server: RunningServer) -> None:
    ws = await joined(server)
    await ws.send("x" * 70_000)
    assert (await closed(ws))[0] == 1009


def _raw(ws: Any, opcode: Opcode, data: bytes, fin: bool = True) -> None:
    """Write one client frame as given, below the websockets client's own checks."""
    ws.transport.write(Frame(opcode, data, fin).serialize(mask=True, extensions=[]))


async def test_a_message_in_fragments_over_max_frame_closes_1009_before_its_end(
    server: RunningServer,
) -> None:
    ws = await joined(server)
    _raw(ws, Opcode.TEXT, b"x" * 40_000, fin=False)
    _raw(ws, Opcode.CONT, b"x" * 40_000, fin=False)  # 80,000 bytes of a message: over the 65,536
    assert (await closed(ws))[0] == 1009  # closed without waiting for the final fragment


async def test_invalid_utf8_in_a_text_message_closes_1007(server: RunningServer) -> None:
    ws = await joined(server)
    _raw(ws, Opcode.TEXT, b'{"type": "ping", "n": "\xc3', fin=False)
    _raw(ws, Opcode.CONT, b'\x28"}')
    assert (await closed(ws))[0] == 1007


async def test_issue_21_7_an_invalid_utf8_message_is_one_log_line_without_a_traceback(
    server: RunningServer,
) -> None:
    """uvicorn's own websockets logged a whole traceback per such message: the client's fault."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("uvicorn.error")
    logger.addHandler(handler)
    try:
        ws = await joined(server)
        _raw(ws, Opcode.TEXT, b'{"type": "ping", "n": "\xff"}')
        assert (await closed(ws))[0] == 1007
    finally:
        logger.removeHandler(handler)
    bad = [r for r in records if "UTF-8" in r.getMessage()]
    assert [(r.exc_info, logging.Formatter().format(r).count("\n")) for r in bad] == [(None, 0)] * len(bad)


async def test_a_close_without_a_status_code_is_answered_without_one(server: RunningServer) -> None:
    ws = await joined(server)
    _raw(ws, Opcode.CLOSE, b"")
    assert await closed(ws) == (1005, "")  # "no status": a close code 0 would fail the client 1002


async def test_a_connection_past_the_cap_closes_1013(websockets: str) -> None:
    with server_with(websockets, max_connections=1) as server:
        first = await joined(server)
        second = await connect(server.ws_url)  # closed right after the handshake
        assert await closed(second) == (1013, FULL_REASON)
        await first.close()


async def test_a_websocket_that_never_answers_a_ping_is_closed(websockets: str) -> None:
    with server_with(websockets, ping_interval=0.3, ping_timeout=0.3, hello_timeout=60.0) as server:
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(
            b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        received = b""
        async with asyncio.timeout(10):  # no hello, no pong: closed after about 0.6 s
            while data := await reader.read(65536):
                received += data
        writer.close()
    head, _, frames = received.partition(b"\r\n\r\n")
    assert (head.startswith(b"HTTP/1.1 101 "), frames[:1]) == (True, b"\x89")  # a ping first


async def test_a_client_that_stops_reading_is_closed_4408_with_a_bounded_queue(websockets: str) -> None:
    limits = {"send_queue": 32, "send_buffer": 4096, "frames_per_second": 1000.0}
    with server_with(websockets, syncs_per_second=1000.0, sync_burst=1000.0, **limits) as server:
        await stop_reading_until_closed(server, 32)


async def test_behind_a_trusted_proxy_the_client_is_the_forwarded_address(websockets: str) -> None:
    """Failed token checks count per client: two forwarded clients each get their own budget."""
    limits = {"token_failures_per_second": 0.001, "token_failure_burst": 1.0}
    with server_with(websockets, **limits) as server:
        room, _, _ = await open_room(server)
        codes = []
        for client in ["10.0.0.1", "10.0.0.1", "10.0.0.2"]:
            ws = await hello(server, room, ["not-a-token"], additional_headers={"X-Forwarded-For": client})
            codes.append((await closed(ws))[0])
        assert codes == [4401, 4429, 4401]


@pytest.mark.parametrize("websockets", IMPLEMENTATIONS)
async def test_sigterm_says_bye_1001_then_closes_1001(websockets: str) -> None:
    port = free_port()
    proc = serve(port, "--websockets", websockets, "--shutdown-grace", "3", "--fixtures")
    try:
        server: Any = SimpleNamespace(url=f"http://127.0.0.1:{port}", ws_url=f"ws://127.0.0.1:{port}/ws")
        room, _, tokens = await open_room(server)
        ws = await hello(server, room, [tokens[0]])
        assert (await recv(ws))["type"] == "welcome"
        await recv(ws)
        proc.send_signal(signal.SIGTERM)
        assert (await recv(ws)) == {"type": "bye", "code": 1001, "reason": "shutdown"}
        assert (await closed(ws))[0] == 1001
        assert proc.wait(20) == -signal.SIGTERM
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_the_setting_is_a_flag_and_a_variable() -> None:
    code = "from clients.cli import main; raise SystemExit(main())"
    env = {**os.environ, "BOARDROOM_WEBSOCKETS": "sockets"}
    out = subprocess.run(
        [sys.executable, "-c", code, "serve", "--port", "1"], env=env, capture_output=True, text=True
    )
    assert out.returncode == 2
    assert out.stderr.startswith("boardroom serve: BOARDROOM_WEBSOCKETS:")
