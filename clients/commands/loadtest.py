"""``boardroom loadtest``: many rooms of bot clients at once, to measure the server's cost per action.

Without ``--url`` a server (``boardroom serve``, in-memory store) is started as a subprocess on a free
port, so its CPU time (user + system, read from ``/proc/<pid>/stat``) is measured apart from the
clients'. Prints actions, updates received, wall seconds, server CPU seconds, server CPU per action (µs)
and actions and updates per second. Bots use the random policy; the clients run in this process, so on
a small machine they, not the server, may set the pace: read the CPU figure, not only the rates.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from typing import Any

import httpx
import msgspec

from clients.sdk import BotPlayer, Connection, Lobby, policy_named
from protocol.messages import ServerMsg, Update


class Result(msgspec.Struct):
    """One run's figures: counts, ``wall`` and ``server_cpu`` in seconds (``None``: not measurable)."""

    rooms: int
    actions: int
    updates: int
    wall: float
    server_cpu: float | None


def register(sub: Any) -> None:
    parser = sub.add_parser("loadtest", help="measure server cost per action with many bot rooms")
    parser.add_argument("--game", default="gregs", help="game id (default gregs)")
    parser.add_argument("--rooms", type=int, default=8, help="rooms played at once (default 8)")
    parser.add_argument("--seats", type=int, default=4, help="seats per room, one client each (default 4)")
    parser.add_argument("--url", help="an already running server (its CPU is then not measured)")
    parser.add_argument("--encoding", choices=["json", "msgpack"], default="json", help="frame encoding")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    result = asyncio.run(loadtest(args))
    print(report(result))
    return 0


def report(r: Result) -> str:
    """The figures as lines of text."""
    lines = [
        f"rooms {r.rooms}, actions {r.actions}, updates received {r.updates}, wall {r.wall:.2f} s",
        f"actions/s {r.actions / r.wall:.0f}, updates/s {r.updates / r.wall:.0f}",
    ]
    if r.server_cpu is not None:
        per_action = r.server_cpu / max(r.actions, 1) * 1e6
        lines.append(f"server CPU {r.server_cpu:.2f} s = {per_action:.0f} µs per action (updates included)")
    return "\n".join(lines)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` (Linux ``/proc``); ``None`` elsewhere."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@contextlib.asynccontextmanager
async def server_process() -> AsyncIterator[tuple[str, int]]:
    """``boardroom serve`` on a free port as a subprocess; yields ``(base URL, pid)``."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    cmd = [sys.executable, "-c", "from clients.cli import main; main()", "serve", "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        async with httpx.AsyncClient() as http:
            for _ in range(200):
                with contextlib.suppress(httpx.TransportError):
                    if (await http.get(f"{base}/healthz")).status_code == 200:
                        break
                await asyncio.sleep(0.05)
        yield base, proc.pid
    finally:
        proc.terminate()
        proc.wait(10)


async def _room(lobby: Lobby, ws_url: str, game: str, seats: int, encoding: Any) -> list[Connection]:
    room = (await lobby.create_room(game, seats)).room
    tokens = [(await lobby.claim(room, seat)).token for seat in range(seats)]
    return [Connection(ws_url, room, [token], encoding=encoding) for token in tokens]


async def loadtest(args: argparse.Namespace) -> Result:
    """Play ``args.rooms`` rooms at once and measure; see the module docstring."""
    from games.catalog import shipped

    game = shipped()[args.game]
    server = server_process() if args.url is None else contextlib.nullcontext((args.url.rstrip("/"), None))
    async with server as (base, pid), Lobby(base) as lobby:
        ws_url = "ws" + base.removeprefix("http") + "/ws"
        conns = [
            c
            for _ in range(args.rooms)
            for c in await _room(lobby, ws_url, args.game, args.seats, args.encoding)
        ]
        updates = 0

        def count(msg: ServerMsg) -> None:
            nonlocal updates
            updates += isinstance(msg, Update)

        async with contextlib.AsyncExitStack() as stack:
            for conn in conns:
                await stack.enter_async_context(conn)
                conn.listen(count)
            bots = [
                BotPlayer(c, game, policy_named(game, "random"), i.to_bytes(4, "big"))
                for i, c in enumerate(conns)
            ]
            cpu0, start = (cpu_seconds(pid) if pid else None), time.perf_counter()
            await asyncio.gather(*(bot.run(600.0) for bot in bots))
            wall = time.perf_counter() - start
            cpu1 = cpu_seconds(pid) if pid else None
    cpu = cpu1 - cpu0 if cpu0 is not None and cpu1 is not None else None
    return Result(args.rooms, sum(b.actions for b in bots), updates, wall, cpu)
