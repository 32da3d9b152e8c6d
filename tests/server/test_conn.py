"""A connection's bounded send queue: a client that stops reading is closed with 4408."""

from __future__ import annotations

import asyncio

from starlette.types import Message

from protocol.codec import JSON
from server.ws.conn import Conn


class StuckSocket:
    """An ASGI send whose peer stopped reading: every frame's send waits forever; closes are recorded."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: list[int] = []

    async def __call__(self, message: Message) -> None:
        if message["type"] == "websocket.close":
            self.closed.append(message["code"])
            return
        self.sent.append(message["text"])
        await self.stuck()

    async def stuck(self) -> None:
        await asyncio.Event().wait()


async def test_a_full_send_queue_closes_the_connection_4408() -> None:
    ws = StuckSocket()
    conn = Conn(ws, JSON, queue_size=2)
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
    conn = Conn(ws, JSON, queue_size=100, queue_bytes=10)
    conn.send("12345")
    await asyncio.sleep(0)
    conn.send("67890")  # 10 bytes pending: at the bound, not past it
    assert (conn.closing, conn.queued()) == (None, 2)
    conn.send("!")
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert (conn.closing, ws.closed) == (4408, [4408])
    await conn.stop()


async def test_a_normal_close_sends_what_is_queued_first() -> None:
    class Socket(StuckSocket):
        async def stuck(self) -> None:
            pass

    ws = Socket()
    conn = Conn(ws, JSON, queue_size=8)
    conn.send("a")
    conn.send("b")
    conn.close(1000)
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert (ws.sent, ws.closed) == (["a", "b"], [1000])
    await conn.stop()
