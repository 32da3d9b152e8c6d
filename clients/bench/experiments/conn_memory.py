"""What one idle seat connection keeps in a worker, by ``tracemalloc`` and by live objects
(docs/benchmarks.md, "Results of the sixth round: memory per idle connection").

    python -m clients.bench.experiments.conn_memory --rooms 250            # uvicorn (the default)
    python -m clients.bench.experiments.conn_memory --rooms 250 --server picows

A ``boardroom serve`` child (memory store, fixtures, the bench's lifted rate limits) traces its
allocations; this process creates ``rooms`` Gregs rooms, claims every seat (phase "rooms"), then opens
one websocket per seat and reads each ``welcome`` (phase "connections"). At each phase the worker is
sent ``SIGUSR1`` and writes a snapshot: its traced bytes grouped by the file that allocated them (the
innermost frame inside a library or our packages) and its live objects by type, after a full collection.
Printed: bytes and objects per room (rooms - start) and per connection (connections - rooms).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

import aiohttp
from websockets.asyncio.client import ClientConnection, connect

from clients.bench.procs import free_port, python, stop, wait_healthy
from clients.bench.runner import BENCH_RATE
from clients.sdk.connection import room_url
from protocol import PROTOCOL_MAJOR

#: Frames kept per traced allocation: enough to find the first one outside the standard library's
#: helpers (``collections``, ``typing``...).
FRAMES = 12
#: Path parts that name a place an allocation is blamed on (the innermost frame in one of them).
PLACES = (
    "/uvicorn/",
    "/websockets/",
    "/starlette/",
    "/picows/",
    "/httptools/",
    "/h11/",
    "/asyncio/",
    "/server/",
    "/protocol/",
    "/games/",
    "/clients/",
)


def place(frames: Any) -> str:
    """``file:line`` of the innermost frame of ``frames`` (a traceback, innermost last) in `PLACES`."""
    for frame in reversed(frames):
        name = frame.filename
        for part in PLACES:
            if part in name:
                return f"{part.strip('/')}/{name.rsplit(part, 1)[1]}:{frame.lineno}"
    last = frames[-1]
    return f"{Path(last.filename).name}:{last.lineno}"


def _snapshot(out: Path) -> None:
    """Write the traced bytes by place and the live objects by type to ``out`` (JSON)."""
    gc.collect()
    by_place: Counter[str] = Counter()
    for stat in tracemalloc.take_snapshot().statistics("traceback"):
        by_place[place(stat.traceback)] += stat.size
    types = Counter(_name(type(o)) for o in gc.get_objects())
    tasks = len(asyncio.all_tasks()) if _loop is not None else 0
    out.write_text(json.dumps({"places": by_place, "types": types, "tasks": tasks}))


_loop: asyncio.AbstractEventLoop | None = None


def _name(kind: type) -> str:
    module = kind.__dict__.get("__module__", type(kind).__module__)
    return f"{module if isinstance(module, str) else '?'}.{kind.__qualname__}"


def worker(directory: str, argv: list[str]) -> None:
    """The traced worker: ``boardroom serve argv``; each ``SIGUSR1`` writes ``directory/<n>.json``, the
    first one starting the trace (the worker's start, untraced, stays fast)."""
    count = [0]

    def on_signal(signum: int, frame: Any) -> None:
        global _loop
        try:
            _loop = asyncio.get_running_loop()
        except RuntimeError:
            _loop = None
        count[0] += 1
        if count[0] == 1:
            tracemalloc.start(FRAMES)
        path = Path(directory) / f"{count[0]}.json"
        _snapshot(path.with_suffix(".tmp"))
        path.with_suffix(".tmp").rename(path)

    signal.signal(signal.SIGUSR1, on_signal)
    from clients.cli import main

    sys.argv = ["boardroom", "serve", *argv]
    main()


async def _phase(proc: subprocess.Popen[bytes], directory: Path, n: int) -> dict[str, Any]:
    proc.send_signal(signal.SIGUSR1)
    path = directory / f"{n}.json"
    while not path.exists():
        await asyncio.sleep(0.2)
    data: dict[str, Any] = json.loads(path.read_text())
    return data


async def probe(rooms: int, server: str, top: int) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    argv = ["--port", str(port), "--fixtures", "--log-level", "warning", "--max-connections", BENCH_RATE]
    for flag in ("--creates-per-second", "--create-burst", "--frames-per-second", "--frame-burst"):
        argv += [flag, BENCH_RATE]
    if server == "picows":
        argv += ["--websockets", "picows"]
    with tempfile.TemporaryDirectory() as tmp:
        code = f"from clients.bench.experiments.conn_memory import worker; worker({tmp!r}, {argv!r})"
        proc = subprocess.Popen(python("-c", code))
        conns: list[ClientConnection] = []
        try:
            await wait_healthy(base, proc)
            await asyncio.sleep(1.0)
            start = await _phase(proc, Path(tmp), 1)
            tokens: list[tuple[str, str]] = []
            async with aiohttp.ClientSession() as http:
                for _ in range(rooms):
                    async with http.post(f"{base}/api/rooms", json={"game": "gregs", "seats": 4}) as a:
                        room = (await a.json())["room"]
                    for seat in range(4):
                        async with http.post(f"{base}/api/rooms/{room}/seats/{seat}/claim", json={}) as a:
                            tokens.append((room, (await a.json())["token"]))
            await asyncio.sleep(1.0)
            made = await _phase(proc, Path(tmp), 2)
            url = "ws" + base.removeprefix("http") + "/ws"
            for room, token in tokens:
                ws = await connect(room_url(url, room), compression=None, ping_interval=None, max_size=2**20)
                await ws.send(
                    json.dumps({"type": "hello", "v": PROTOCOL_MAJOR, "room": room, "tokens": [token]})
                )
                while json.loads(await ws.recv())["type"] != "welcome":
                    pass
                conns.append(ws)
            await asyncio.sleep(2.0)  # the snapshots and prompts after each welcome are sent
            held = await _phase(proc, Path(tmp), 3)
        finally:
            for ws in conns:
                ws.transport.abort()
            stop(proc)
    _report("per room (rooms - start)", start, made, rooms, top)
    _report("per connection (connections - rooms)", made, held, len(conns), top)
    print(f"tasks: {start['tasks']} at the start, {made['tasks']} with the rooms, {held['tasks']} connected")


def _report(title: str, before: dict[str, Any], after: dict[str, Any], n: int, top: int) -> None:
    places = Counter(after["places"])
    places.subtract(before["places"])
    total = sum(places.values())
    print(f"\n{title}: {total / n:.0f} traced bytes each ({n})")
    groups: Counter[str] = Counter()
    for key, size in places.items():
        groups[key.split("/", 1)[0] if "/" in key else "other"] += size
    for group, size in groups.most_common():
        print(f"  {group:<12} {size / n:8.0f}")
    print("  top allocation sites:")
    for key, size in places.most_common(top):
        print(f"    {size / n:8.0f}  {key}")
    types = Counter(after["types"])
    types.subtract(before["types"])
    print("  live objects each, by type:")
    for key, count in types.most_common(top):
        if count > 0:
            print(f"    {count / n:6.2f}  {key}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=250)
    parser.add_argument("--server", choices=["uvicorn", "picows"], default="uvicorn")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    started = time.perf_counter()
    asyncio.run(probe(args.rooms, args.server, args.top))
    print(f"({time.perf_counter() - started:.0f} s, pid {os.getpid()})")


if __name__ == "__main__":
    main()
