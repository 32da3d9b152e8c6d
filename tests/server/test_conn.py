"""A connection's bounded send queue: a client that stops reading is closed with 4408."""

from __future__ import annotations

import asyncio
from typing import Any

from protocol.codec import JSON
from server.ws.conn import Conn


class StuckSocket:
    """A websocket whose peer stopped reading: every send waits forever; closes are recorded."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: list[int] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed.append(code)


async def test_a_full_send_queue_closes_the_connection_4408() -> None:
    ws = StuckSocket()
    conn = Conn(ws, JSON, queue_size=2)  # type: ignore[arg-type]
    for n in range(3):  # one is being written (stuck, still pending), one waits, the third overflows
        conn.send(f"frame {n}")
        await asyncio.sleep(0)
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert (conn.closing, ws.closed, ws.sent) == (4408, [4408], ["frame 0"])
    conn.send("after")
    assert conn.queued() == 2
    await conn.stop()


async def test_the_bytes_pending_are_bounded_too() -> None:
    ws = StuckSocket()
    conn = Conn(ws, JSON, queue_size=100, queue_bytes=10)  # type: ignore[arg-type]
    conn.send("12345")
    await asyncio.sleep(0)
    conn.send("67890")  # 10 bytes pending: at the bound, not past it
    assert (conn.closing, conn.queued()) == (None, 2)
    conn.send("!")
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert (conn.closing, ws.closed) == (4408, [4408])
    await conn.stop()


async def test_a_normal_close_sends_what_is_queued_first() -> None:
    sent: list[Any] = []

    class Socket(StuckSocket):
        async def send_text(self, text: str) -> None:
            sent.append(text)

    ws = Socket()
    conn = Conn(ws, JSON, queue_size=8)  # type: ignore[arg-type]
    conn.send("a")
    conn.send("b")
    conn.close(1000)
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert (sent, ws.closed) == (["a", "b"], [1000])
    await conn.stop()
