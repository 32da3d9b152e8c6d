"""One websocket connection's sending side: a bounded queue drained by a writer task.

`Conn.send` never awaits: it queues the frame, or — when the queue is full because the client stopped
reading — marks the connection too slow; the session then closes it with 4408 and the client resumes
later. Each viewer the connection shows has the last version sent (``versions``), so the hub never sends
a step twice nor skips one silently.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.websockets import WebSocket

from protocol.codec import Codec, Frame
from protocol.fanout import Viewer

log = logging.getLogger("boardroom.ws")

#: Close code for a client that does not drain its queue (protocol/codes.py CLOSES).
TOO_SLOW = 4408


class Conn:
    """A connection to ``room`` showing ``viewers`` (its seats, or ``[None]`` for a spectator)."""

    def __init__(self, ws: WebSocket, codec: Codec, queue_size: int) -> None:
        self.ws = ws
        self.codec = codec
        self.room = ""
        self.seats: list[int] = []
        self.viewers: list[Viewer] = []
        self.versions: dict[Viewer, int] = {}
        self.closing: int | None = None
        self._queue: asyncio.Queue[Frame | None] = asyncio.Queue(queue_size)
        self._writer = asyncio.ensure_future(self._write())
        self._closer: asyncio.Future[None] | None = None
        self.done = asyncio.Event()

    def send(self, frame: Frame) -> None:
        """Queue one frame (``str``: text, ``bytes``: binary); a full queue marks the connection too slow."""
        if self.closing is not None:
            return
        try:
            self._queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.close(TOO_SLOW)

    def close(self, code: int) -> None:
        """Close with ``code`` after the frames already queued (a too-slow client gets none of them)."""
        if self.closing is not None:
            return
        self.closing = code
        if code != TOO_SLOW:
            with contextlib.suppress(asyncio.QueueFull):
                self._queue.put_nowait(None)
                return
        # too slow, or no room left for the close marker: drop what is queued and close now
        self._writer.cancel()
        self._closer = asyncio.ensure_future(self._close_now(code))

    async def _write(self) -> None:
        try:
            while True:
                frame = await self._queue.get()
                if frame is None:
                    await self._close_now(self.closing or 1000)
                    return
                if isinstance(frame, bytes):
                    await self.ws.send_bytes(frame)
                else:
                    await self.ws.send_text(frame)
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away mid-send: the reader sees the disconnect
            self.done.set()

    async def _close_now(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code), timeout=2.0)
        self.done.set()

    async def stop(self) -> None:
        """Stop the writer (the session ended)."""
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer

    def queued(self) -> int:
        return self._queue.qsize()
