"""``boardroom serve --workers 2 --redis``: two worker processes on one port, as a real process tree.

Which worker holds a connection is read from ``/proc`` (no endpoint tells): the server side of each
client's TCP connection (``/proc/net/tcp``) is a socket inode, found among one child's open files.
Both workers answer websockets (a ``/ws`` without ``?room=`` goes to each in turn); SIGTERM to the
parent (or a terminal's Ctrl-C, to the whole process group) tells every connected client ``bye`` 1001
and ends every process with status 0; a worker killed with SIGKILL is replaced and the port keeps
serving; two workers without Redis are refused with one line and status 2."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.polling import eventually
from tests.redis.support import URL, need_redis, new_prefix, purge_prefix
from tests.redis.test_multiworker import free_port, wait_healthy

pytestmark = pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")

CODE = "from clients.cli import main; raise SystemExit(main())"
#: Connections opened at most before both workers must have been handed one.
TRIES = 200


@contextlib.contextmanager
def served(port: int, prefix: str, *extra: str) -> Iterator[subprocess.Popen[bytes]]:
    """``boardroom serve --workers 2`` (and ``extra`` flags) on ``port`` under ``prefix``, healthy;
    killed (the whole tree) if a test left it running, and its keys deleted."""
    flags = ["--workers", "2", "--redis", URL, "--redis-prefix", prefix, "--shutdown-grace", "3", *extra]
    proc = subprocess.Popen(
        [sys.executable, "-c", CODE, "serve", "--port", str(port), "--log-level", "warning", *flags],
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # a process group of its own, as a terminal's foreground job
    )
    try:
        wait_healthy(port, proc)
        eventually(lambda: len(workers(proc.pid, port)) == 2, 20.0)
        yield proc
    finally:
        for pid in [*children(proc.pid), proc.pid]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        proc.wait()
        purge_prefix(prefix)


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (every thread's), in pid order."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        with contextlib.suppress(OSError):
            found += [int(p) for p in (task / "children").read_text().split()]
    return sorted(found)


def socket_inodes(pid: int) -> set[int]:
    """Inodes of the sockets process ``pid`` has open (none once it is gone)."""
    inodes = set()
    with contextlib.suppress(OSError):
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            with contextlib.suppress(OSError):
                target = os.readlink(fd)
                if target.startswith("socket:["):
                    inodes.add(int(target[8:-1]))
    return inodes


def tcp_inodes(port: int) -> dict[int | None, int]:
    """Sockets with local port ``port`` on 127.0.0.1: the remote port (``None``: listening) -> inode."""
    table: dict[int | None, int] = {}
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, state, inode = fields[1], fields[2], fields[3], int(fields[9])
        if int(local.split(":")[1], 16) != port or inode == 0:
            continue
        table[None if state == "0A" else int(remote.split(":")[1], 16)] = inode
    return table


def workers(parent: int, port: int) -> list[int]:
    """The worker processes of ``parent`` (its spawned children, not multiprocessing's resource
    tracker); ``port`` is theirs (the supervisor accepts on it and hands them its connections)."""
    found = []
    for pid in children(parent):
        with contextlib.suppress(OSError):
            if b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes():
                found.append(pid)
    return found


def owner(port: int, ws: ClientConnection, among: list[int]) -> list[int]:
    """The processes of ``among`` holding the server side of ``ws`` (one, when a worker accepted it)."""
    inode = tcp_inodes(port).get(ws.local_address[1])
    return [pid for pid in among if inode in socket_inodes(pid)]


async def spectators_on_both(port: int, pids: list[int], room: str) -> list[tuple[ClientConnection, int]]:
    """Spectators of ``room`` (welcomed) until each worker of ``pids`` holds one; with their worker."""
    held: list[tuple[ClientConnection, int]] = []
    for _ in range(TRIES):
        ws = await connect(f"ws://127.0.0.1:{port}/ws")
        await ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": []}))
        assert json.loads(await asyncio.wait_for(ws.recv(), 5.0))["type"] == "welcome"
        [pid] = owner(port, ws, pids)
        held.append((ws, pid))
        if {p for _, p in held} == set(pids):
            return held
    raise AssertionError(f"{TRIES} connections, all on worker {held[0][1]} of {pids}")


async def open_room(port: int) -> str:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        created = await http.post("/api/rooms", json={"game": "gregs", "seats": 3})
        assert created.status_code == 201
        room: str = created.json()["room"]
        return room


async def frames_until_closed(ws: ClientConnection) -> tuple[list[object], int | None]:
    frames: list[object] = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), 15.0)))
    except ConnectionClosed as closed:
        return frames, closed.rcvd.code if closed.rcvd is not None else None


@pytest.fixture
def prefix() -> str:
    need_redis()
    return new_prefix()


@pytest.mark.parametrize("stop", ["SIGTERM to the parent", "Ctrl-C: SIGINT to the process group"])
async def test_both_workers_serve_and_a_stop_says_bye_to_each_client_then_all_exit_0(
    prefix: str, stop: str
) -> None:
    port = free_port()
    with served(port, prefix) as proc:
        pids = workers(proc.pid, port)
        tree = [proc.pid, *children(proc.pid)]
        room = await open_room(port)
        held = await spectators_on_both(port, pids, room)
        if stop.startswith("SIGTERM"):
            proc.send_signal(signal.SIGTERM)
        else:
            os.killpg(proc.pid, signal.SIGINT)  # the workers get it too, and then the parent's SIGTERM
        ends = await asyncio.gather(*(frames_until_closed(ws) for ws, _ in held))
        assert proc.wait(20) == 0
        bye = {"type": "bye", "code": 1001, "reason": "shutdown"}
        assert [(frames[-1:], code) for frames, code in ends] == [([bye], 1001)] * len(held)
        eventually(lambda: not [pid for pid in tree if Path(f"/proc/{pid}").exists()], 5.0)


async def test_a_worker_killed_is_replaced_and_the_port_keeps_serving(prefix: str) -> None:
    port = free_port()
    with served(port, prefix) as proc:
        killed, kept = workers(proc.pid, port)
        os.kill(killed, signal.SIGKILL)
        eventually(lambda: len(workers(proc.pid, port)) == 2 and killed not in workers(proc.pid, port), 20.0)
        pids = workers(proc.pid, port)
        assert kept in pids
        room = await open_room(port)
        held = await spectators_on_both(port, pids, room)  # the replacement serves too
        for ws, _ in held:
            await ws.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(20) == 0


def test_two_workers_without_redis_exit_2_with_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CODE, "serve", "--workers", "2", "--port", str(free_port())],
        capture_output=True,
        text=True,
        timeout=30,
        env={k: v for k, v in os.environ.items() if not k.startswith("BOARDROOM_")},
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "boardroom serve: --workers: 2 workers need --redis (the in-memory store is one process's own)\n"
    )
