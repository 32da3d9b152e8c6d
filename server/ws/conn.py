"""One websocket connection's sending side: a bounded queue drained by a writer task.

`Conn.send` never awaits: it queues the frame, or — when the frames not yet written to the socket exceed
the bound in frames or bytes because the client stopped reading — marks the connection too slow; it is
closed with 4408 and the client resumes later. A frame counts until the transport took it: the writer
awaits each send, which waits on the transport's flow control (uvicorn pauses writing above its
high-water mark), and the kernel's own send buffer is kept small by the ``send_buffer`` setting
(`limit_send_buffer`), so the bound holds end to end.

Each viewer the connection shows has the last version sent (``versions``), so the hub never sends a step
twice nor skips one silently.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket

from starlette.websockets import WebSocket

from protocol.codec import Codec, Frame
from protocol.fanout import Viewer

log = logging.getLogger("boardroom.ws")

#: Close code for a client that does not drain its queue (protocol/codes.py CLOSES).
TOO_SLOW = 4408


class Conn:
    """A connection to ``room`` showing ``viewers`` (its seats, or ``[None]`` for a spectator)."""

    def __init__(self, ws: WebSocket, codec: Codec, queue_size: int, queue_bytes: int = 1 << 20) -> None:
        self.ws = ws
        self.codec = codec
        self.room = ""
        self.seats: list[int] = []
        self.viewers: list[Viewer] = []
        self.versions: dict[Viewer, int] = {}
        self.closing: int | None = None
        self._reason = ""
        # unbounded itself: `send` bounds what is pending (queued or being written) in frames and bytes
        self._queue: asyncio.Queue[Frame | None] = asyncio.Queue()
        self._max_frames, self._max_bytes = queue_size, queue_bytes
        self._frames = self._bytes = 0
        self._writer = asyncio.ensure_future(self._write())
        self._closer: asyncio.Future[None] | None = None
        self.done = asyncio.Event()

    def send(self, frame: Frame) -> None:
        """Queue one frame (``str``: text, ``bytes``: binary). Past the bound (frames not yet written to
        the socket, or their size: bytes, characters of a text frame) the connection is closed 4408."""
        if self.closing is not None:
            return
        size = len(frame)
        if self._frames >= self._max_frames or self._bytes + size > self._max_bytes:
            self.close(TOO_SLOW, "too slow: the send queue is full")
            return
        self._frames, self._bytes = self._frames + 1, self._bytes + size
        self._queue.put_nowait(frame)

    def close(self, code: int, reason: str = "") -> None:
        """Close with ``code`` and ``reason`` (at most 123 bytes of UTF-8) after the frames already queued
        (a too-slow client gets none of them)."""
        if self.closing is not None:
            return
        self.closing = code
        if code != TOO_SLOW:
            self._reason = reason
            self._queue.put_nowait(None)
            return
        # too slow: drop what is queued and close now
        self._writer.cancel()
        self._closer = asyncio.ensure_future(self._close_now(code, reason))

    async def _write(self) -> None:
        try:
            while True:
                frame = await self._queue.get()
                if frame is None:
                    await self._close_now(self.closing or 1000, self._reason)
                    return
                if isinstance(frame, bytes):
                    await self.ws.send_bytes(frame)
                else:
                    await self.ws.send_text(frame)
                self._frames, self._bytes = self._frames - 1, self._bytes - len(frame)
        except asyncio.CancelledError:
            raise
        except Exception:  # the peer went away mid-send: the reader sees the disconnect
            self.done.set()

    async def _close_now(self, code: int, reason: str = "") -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code, reason), timeout=2.0)
        self.done.set()

    async def stop(self) -> None:
        """Stop the writer (the session ended)."""
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer

    def queued(self) -> int:
        """Frames handed to `send` and not yet written to the socket (the one being written included)."""
        return self._frames


def limit_send_buffer(sock: socket.socket, size: int) -> None:
    """Set ``sock``'s kernel send buffer to ``size`` bytes (the kernel doubles it); 0 leaves it alone.

    Call it on the listening socket: on Linux every accepted connection inherits it. Without it the
    kernel auto-tunes each connection's buffer up to MBs, which a client that stopped reading fills
    before the send queue ever sees a frame pending.
    """
    if size > 0:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, size)
