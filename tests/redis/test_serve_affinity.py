"""``boardroom serve --workers 2 --redis``: the supervisor hands each connection whose URL names a room
(``/ws?room=``) to the worker the room hashes to, as a real process tree on real sockets.

Which worker holds a connection is read from ``/proc`` as in `tests.redis.test_serve_workers`. A
room's connections all land on one worker, and the rooms of one rendezvous slot
(`server.process.routing.owner`) on one and the same worker; the lobby and probes answer; a worker
killed with SIGKILL has its rooms served by the other at once, and by its replacement once that is
ready; a client that sends nothing is closed after 5 s while one whose request line trickles in is
served; a burst for a worker that takes none for a while waits for it; and 200 connections of every
kind leave the supervisor with the file descriptors it had."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import time
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from server.process.intake import PEEK_TIMEOUT
from server.process.routing import owner as slot_of
from tests.polling import eventually
from tests.redis.support import need_redis, new_prefix
from tests.redis.test_multiworker import free_port
from tests.redis.test_serve_workers import open_room, owner, served, workers

pytestmark = pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")

#: Rooms opened at most until each of the two slots owns one.
ROOMS = 40
#: Connections of one burst: more than a worker's channel holds.
BURST = 600


@pytest.fixture
def prefix() -> str:
    need_redis()
    return new_prefix()


async def spectator(port: int, room: str) -> ClientConnection:
    """A welcomed spectator of ``room`` whose URL names it."""
    ws = await connect(f"ws://127.0.0.1:{port}/ws?room={room}")
    await ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": []}))
    assert json.loads(await asyncio.wait_for(ws.recv(), 5.0))["type"] == "welcome"
    return ws


async def holder(port: int, room: str, pids: list[int]) -> int:
    """The worker of ``pids`` that serves a new spectator of ``room`` (closed again)."""
    ws = await spectator(port, room)
    try:
        [pid] = owner(port, ws, pids)
        return pid
    finally:
        await ws.close()


async def all_ready(port: int, pids: list[int]) -> None:
    """Wait until every worker of ``pids`` takes connections: websockets without a room go to the ready
    workers in turn, so each one is seen holding one."""
    seen: set[int] = set()
    for _ in range(100):
        async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
            seen |= set(owner(port, ws, pids))
        if seen == set(pids):
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"only workers {seen} of {pids} took connections")


def gone(pid: int) -> bool:
    """``pid`` ended (a zombie or reaped): its file descriptors are closed."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def fds(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


@pytest.mark.parametrize("websockets", ["uvicorn", "picows"])
async def test_a_rooms_connections_share_the_worker_of_its_slot_and_the_lobby_answers(
    prefix: str, websockets: str
) -> None:
    if websockets == "picows":
        pytest.importorskip("picows")
    port = free_port()
    with served(port, prefix, "--websockets", websockets) as proc:
        pids = workers(proc.pid, port)
        await all_ready(port, pids)
        worker_of_slot: dict[int, set[int]] = {0: set(), 1: set()}
        for _ in range(ROOMS):
            room = await open_room(port)
            conns = [await spectator(port, room) for _ in range(4)]
            held = {pid for ws in conns for pid in owner(port, ws, pids)}
            assert len(held) == 1, f"room {room} on workers {held}"
            worker_of_slot[slot_of(room, [0, 1])] |= held
            for ws in conns:
                await ws.close()
            if all(worker_of_slot.values()):
                break
        assert len(worker_of_slot[0]) == len(worker_of_slot[1]) == 1
        assert worker_of_slot[0] | worker_of_slot[1] == set(pids)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            assert (await http.get("/healthz")).json() == {"ok": True}
            assert (await http.get("/metrics")).status_code == 200
            assert (await http.get("/api/games")).status_code == 200


async def test_a_killed_workers_rooms_go_to_the_other_then_to_its_replacement(prefix: str) -> None:
    port = free_port()
    with served(port, prefix) as proc:
        pids = workers(proc.pid, port)
        await all_ready(port, pids)
        room = await open_room(port)
        killed = await holder(port, room, pids)
        [kept] = [pid for pid in pids if pid != killed]
        os.kill(killed, signal.SIGKILL)
        eventually(lambda: gone(killed), 5.0)  # a connection handed to it meanwhile would die with it
        assert await holder(port, room, [kept]) == kept  # before any replacement is up
        eventually(lambda: len(workers(proc.pid, port)) == 2, 20.0)
        [fresh] = [pid for pid in workers(proc.pid, port) if pid != kept]

        await all_ready(port, [kept, fresh])
        assert await holder(port, room, [kept, fresh]) == fresh  # the slot's rooms are its again
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0


async def test_a_silent_client_is_closed_and_a_trickling_request_line_is_served(prefix: str) -> None:
    port = free_port()
    with served(port, prefix):
        with socket.create_connection(("127.0.0.1", port)) as silent:
            silent.settimeout(PEEK_TIMEOUT + 3)
            start = time.monotonic()
            assert silent.recv(1) == b""
            assert PEEK_TIMEOUT - 0.5 <= time.monotonic() - start <= PEEK_TIMEOUT + 2
        with socket.create_connection(("127.0.0.1", port)) as slow:
            for piece in (b"GET /hea", b"lthz?room=x HT", b"TP/1.1\r\nHost: a\r\n\r\n"):
                slow.sendall(piece)
                await asyncio.sleep(0.3)
            slow.settimeout(5)
            assert slow.recv(4096).startswith(b"HTTP/1.1 200 OK\r\n")


async def test_200_connections_leave_the_supervisor_its_file_descriptors(prefix: str) -> None:
    port = free_port()
    with served(port, prefix) as proc:
        room = await open_room(port)
        await (await spectator(port, room)).close()  # every lazy part of the path is set up
        before = fds(proc.pid)
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
            for i in range(200):
                kind = i % 4
                if kind == 0:
                    await (await spectator(port, room)).close()
                elif kind == 1:
                    assert (await http.get("/healthz", headers={"connection": "close"})).status_code == 200
                elif kind == 2:  # closed before a byte
                    socket.create_connection(("127.0.0.1", port)).close()
                else:  # closed in the middle of its request line
                    with socket.create_connection(("127.0.0.1", port)) as half:
                        half.sendall(b"GET /ws?ro")
        eventually(lambda: fds(proc.pid) == before, 10.0)
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0


async def test_a_burst_for_a_stopped_worker_waits_for_it_beyond_what_its_channel_holds(prefix: str) -> None:
    """600 connections for a worker stopped with SIGSTOP: more than its channel's buffer takes (about 278
    descriptors), so the rest wait in the supervisor; once it runs again every one is answered."""
    port = free_port()
    with served(port, prefix) as proc:
        pids = workers(proc.pid, port)
        await all_ready(port, pids)
        room = await open_room(port)
        busy = await holder(port, room, pids)
        request = f"GET /healthz?room={room} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".encode()
        os.kill(busy, signal.SIGSTOP)
        try:
            burst = []
            for _ in range(BURST):
                sock = socket.create_connection(("127.0.0.1", port))
                sock.sendall(request)
                burst.append(sock)
            await asyncio.sleep(1.0)  # the supervisor has handed or queued them all
        finally:
            os.kill(busy, signal.SIGCONT)
        answers = []
        for sock in burst:
            with sock:
                sock.settimeout(10)
                answers.append(sock.recv(64).split(b"\r\n", 1)[0])
        assert answers == [b"HTTP/1.1 200 OK"] * BURST
