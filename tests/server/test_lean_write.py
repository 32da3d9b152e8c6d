"""The default websocket protocol (`server.ws.lean`) takes the session's frames by ``write_now``: no ASGI
message and no coroutine per frame while the transport takes them; the ASGI ``send`` carries only the
accept and the close, and a paused transport, a close or a lost peer send the frame back to it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from server.clock import FakeClock
from server.testing import RunningServer, running_server
from server.ws.lean import LeanWebSocket

from .conftest import GAMES
from .wsclient import hello, open_room, recv, send


@pytest.fixture
def sends(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The types of the ASGI messages every `LeanWebSocket` was sent, in order."""
    seen: list[str] = []
    original = LeanWebSocket.send

    async def counted(self: LeanWebSocket, message: dict[str, Any]) -> None:
        seen.append(message["type"])
        await original(self, message)

    monkeypatch.setattr(LeanWebSocket, "send", counted)
    return seen


@pytest.fixture
def server(sends: list[str]) -> Iterator[RunningServer]:
    with running_server(games=GAMES, clock=FakeClock()) as running:
        yield running


async def test_frames_of_a_session_skip_the_asgi_send(server: RunningServer, sends: list[str]) -> None:
    room, _, tokens = await open_room(server)
    ws = await hello(server, room, [tokens[0]])
    assert (await recv(ws))["type"] == "welcome"
    await recv(ws)
    for n in range(1, 4):
        await send(ws, {"type": "ping", "n": n})
        assert await recv(ws) == {"type": "pong", "n": n}
    await ws.close()
    assert sends == ["websocket.accept"]  # welcome, the first update and three pongs went by write_now


class _Transport:
    def __init__(self) -> None:
        self.written: list[bytes] = []
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written.append(data)

    def is_closing(self) -> bool:
        return self.closing


def _opened() -> tuple[LeanWebSocket, _Transport]:
    from websockets.protocol import OPEN
    from websockets.server import ServerProtocol

    sock = LeanWebSocket.__new__(LeanWebSocket)
    transport = _Transport()
    sock.transport = transport
    sock.conn = ServerProtocol(state=OPEN)
    sock.disconnected = False
    sock._writable = None
    return sock, transport


def test_write_now_frames_text_and_binary_unmasked() -> None:
    sock, transport = _opened()
    assert (sock.write_now("hé"), sock.write_now(b"\x01\x02")) == (True, True)
    assert transport.written == [b"\x81\x03h\xc3\xa9", b"\x82\x02\x01\x02"]  # RFC 6455 5.2: FIN + opcode


@pytest.mark.parametrize("state", ["paused", "closing", "peer closed", "gone", "not accepted"])
def test_write_now_refuses_and_writes_nothing_when_send_would_wait_or_raise(state: str) -> None:
    sock, transport = _opened()
    if state == "paused":
        sock._writable = object()  # type: ignore[assignment]  # a future while the transport paused
    elif state == "closing":  # the app's close went out
        sock.conn.send_close(1000)
        sock.conn.data_to_send()
    elif state == "peer closed":  # the peer's close answered, the transport closing, not yet lost
        transport.closing = True
    elif state == "gone":
        sock.disconnected = True
    else:  # still the handshake's protocol
        from websockets.server import ServerProtocol

        sock.conn = ServerProtocol()
    assert (sock.write_now("a"), transport.written) == (False, [])
