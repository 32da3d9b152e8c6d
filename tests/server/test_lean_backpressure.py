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
import struct
import time

import pytest

from server.settings import Settings
from server.testing import running_server
from server.ws import lean
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


def test_a_peer_flooding_pings_without_reading_gets_no_unbounded_pongs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(lean, "CONTROL_BURST", 10**9)  # the flood close (below) would end it at once
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


def _frames(sock: socket.socket, seconds: float) -> list[tuple[int, bytes]]:
    """The server's frames (opcode, payload; unmasked, each under 126 bytes) until it closes or
    ``seconds`` pass."""
    sock.settimeout(seconds)
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except (TimeoutError, ConnectionResetError):
        pass
    frames, at = [], 0
    while at + 2 <= len(data):
        size = data[at + 1] & 0x7F
        frames.append((data[at] & 0x0F, data[at + 2 : at + 2 + size]))
        at += 2 + size
    return frames


def test_a_peer_sending_pings_past_the_burst_is_closed_4429_and_answered_no_more() -> None:
    with running_server(Settings(), games=GAMES) as server:
        sock = _upgraded(server.port)
        try:
            sock.sendall(PING * lean.CONTROL_BURST)
            within = _frames(sock, 1.0)
            sock.sendall(PING * 10)
            past = _frames(sock, 3.0)
        finally:
            sock.close()
    assert within == [(0xA, b"x" * 125)] * lean.CONTROL_BURST  # every ping of the burst answered
    assert past == [(0x8, struct.pack("!H", 4429) + b"flood: pings kept coming past the rate limit")]
