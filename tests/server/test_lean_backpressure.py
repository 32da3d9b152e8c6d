"""A peer that sends and never reads (`server.ws.lean`): each ping it sends is answered with a pong, so
answering every one while the answers pile up let it grow the worker's memory by what it uploads (a
new user flooded pings into a socket it never read and took a worker from 58 MB to 300 MB). Once the
transport's buffer is past its high-water mark, only the last ping is answered, when writing resumes
(RFC 6455 5.5.3): the buffer stays within a bound whatever the peer sends."""

from __future__ import annotations

import base64
import gc
import os
import socket
import time

from server.settings import Settings
from server.testing import running_server
from server.ws.lean import LeanWebSocket

from .conftest import GAMES

#: A masked ping of 125 bytes (a zero mask: the payload goes as is).
PING = bytes([0x89, 0x80 | 125]) + b"\0\0\0\0" + b"x" * 125
#: What the flood tries to upload: 8 MB of pings (~63,000), whose pongs would buffer ~8 MB unread.
FLOOD = 8 * 1024 * 1024


def _upgraded(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)  # the 101 only: nothing after it is read
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return sock


def _flood(sock: socket.socket, seconds: float) -> int:
    """Sends pings for at most ``seconds`` or `FLOOD` bytes; the bytes the kernel took."""
    sock.settimeout(0.5)
    sent, chunk, end = 0, PING * 256, time.monotonic() + seconds
    while sent < FLOOD and time.monotonic() < end:
        try:
            sent += sock.send(chunk)
        except TimeoutError:
            continue  # the worker stopped reading: the kernel's buffers are full
    return sent


def _buffered() -> list[int]:
    gc.collect()
    return [o.transport.get_write_buffer_size() for o in gc.get_objects() if type(o) is LeanWebSocket]


def test_a_peer_flooding_pings_without_reading_gets_no_unbounded_pongs() -> None:
    with running_server(Settings(), games=GAMES) as server:
        sock = _upgraded(server.port)
        try:
            sent = _flood(sock, 4.0)
            time.sleep(0.3)  # the worker reads what the kernel holds for it, up to its pause
            (buffered,) = _buffered()
            # the pongs written before the pause: at most the high-water mark (64 KiB) and the answers
            # to one read's worth of pings (256 KiB); answering each, ~all of the 8 MB would wait here
            assert (sent >= FLOOD, buffered < 512 * 1024) == (True, True), (sent, buffered)
        finally:
            sock.close()
