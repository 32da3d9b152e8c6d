"""A session's size check of each received frame, in bytes (UTF-8 for text), against ``max_frame``:
1 to 4 bytes a character, so a text frame is encoded only when its length in characters cannot tell."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.types import Message

from protocol.codec import JSON
from server.services import Services
from server.settings import Limits, Settings
from server.ws.conn import Conn
from server.ws.session import Session

from .conftest import GAMES

LIMIT = 12


class Socket:
    """Enough of Starlette's WebSocket for a `Session` whose frames come from ``messages``."""

    def __init__(self, messages: list[Message]) -> None:
        self.messages = messages
        self.closed: list[int] = []

    async def receive(self) -> Message:
        return self.messages.pop(0)

    async def send(self, message: Message) -> None:
        if message["type"] == "websocket.close":
            self.closed.append(message["code"])


async def received(message: dict[str, Any]) -> tuple[Any, list[int]]:
    """What `Session._receive` makes of ``message``, and the close codes sent."""
    services = Services(Settings(limits=Limits(max_frame=LIMIT)), GAMES)
    ws = Socket([message])
    session = Session(ws, services)  # type: ignore[arg-type]
    session.conn = Conn(ws.send, JSON, queue_size=8)
    data = await session._receive()
    if session.conn.closing is not None:
        await session.conn.done.wait()
    return data, ws.closed


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("a" * LIMIT, True),
        ("a" * (LIMIT + 1), False),
        ("é" * (LIMIT // 2), True),  # 12 bytes
        ("é" * (LIMIT // 2) + "a", False),  # 7 characters, 13 bytes
        ("€" * (LIMIT // 3), True),  # 12 bytes
        ("😀" * (LIMIT // 4) + "a", False),  # 4 characters, 13 bytes
        ("😀" * (LIMIT // 4), True),
    ],
)
async def test_a_text_frame_is_measured_in_utf8_bytes(text: str, kept: bool) -> None:
    data, closed = await received({"type": "websocket.receive", "text": text})
    assert (data, closed) == ((text, []) if kept else (None, [1009]))


@pytest.mark.parametrize(("size", "kept"), [(LIMIT, True), (LIMIT + 1, False)])
async def test_a_binary_frame_is_measured_in_bytes(size: int, kept: bool) -> None:
    data, closed = await received({"type": "websocket.receive", "bytes": b"x" * size})
    assert (data, closed) == ((b"x" * size, []) if kept else (None, [1009]))


async def test_a_disconnect_is_no_frame() -> None:
    assert await received({"type": "websocket.disconnect", "code": 1000}) == (None, [])
