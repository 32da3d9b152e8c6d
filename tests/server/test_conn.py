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

    async def close(self, code: int = 1000) -> None:
        self.closed.append(code)


async def test_a_full_send_queue_closes_the_connection_4408() -> None:
    ws = StuckSocket()
    conn = Conn(ws, JSON, queue_size=2)  # type: ignore[arg-type]
    for n in range(4):  # one is being written (stuck), two wait in the queue, the fourth overflows
        conn.send(f"frame {n}")
        await asyncio.sleep(0)
    await asyncio.wait_for(conn.done.wait(), 2.0)
    assert (conn.closing, ws.closed, ws.sent) == (4408, [4408], ["frame 0"])
    conn.send("after")
    assert conn.queued() == 2
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
