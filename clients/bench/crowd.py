"""Memory of a worker after a crowd: ``N`` spectators join one room, then leave, ``cycles`` times; the
worker's resident memory (``/proc``) after its start, with the crowd in, and after it left.

    python -m clients.bench.crowd --spectators 2000 --cycles 3

The worker is a ``boardroom serve`` child process on the in-memory store (it inherits the environment:
``PYTHONMALLOC=malloc python -m clients.bench.crowd`` runs it on glibc's allocator); the spectators are
websocket connections of this process (each reads its ``welcome`` and ``snapshot``, then the crowd sees
a few steps of the room before it leaves). Prints one line per phase: RSS in MiB and KiB per spectator.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from clients.bench.procs import free_port, python, rss_bytes, stop, wait_healthy
from clients.sdk.connection import room_url

#: Connections opened at once while the crowd gathers.
CONNECT_BATCH = 100


async def spectator(url: str, room: str) -> ClientConnection:
    ws = await connect(room_url(url, room), max_queue=None)
    await ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": [], "since": None}))
    for _ in range(2):  # welcome, snapshot
        await ws.recv()
    return ws


async def steps(base: str, room: str, tokens: list[str], count: int) -> None:
    """``count`` steps of the room by its seats' own connection (the crowd is sent each one)."""
    ws = await connect(room_url(base.replace("http", "ws") + "/ws", room))
    await ws.send(json.dumps({"type": "hello", "v": 1, "room": room, "tokens": tokens, "since": None}))
    prompts: dict[int, Any] = {}
    for _ in range(1 + len(tokens)):
        msg = json.loads(await ws.recv())
        if msg["type"] == "snapshot" and msg.get("prompt"):
            prompts[msg["seat"]] = msg["prompt"]
    sent = 0
    while sent < count and prompts:
        seat, prompt = next(iter(prompts.items()))
        kind = next(k for k in prompt["kinds"] if prompt["choices"].get(k))
        action = {"kind": kind, **prompt["choices"][kind][0]}
        await ws.send(json.dumps({"type": "act", "id": f"a{sent}", "seat": seat, "action": action}))
        sent += 1
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "update":
                prompts.pop(msg["seat"], None)
                if msg.get("prompt"):
                    prompts[msg["seat"]] = msg["prompt"]
            if msg["type"] in ("ack", "error"):
                break
    await ws.close()


async def run(spectators: int, cycles: int, settle: float) -> list[tuple[str, int]]:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    serve = ["serve", "--port", str(port), "--fixtures", "--log-level", "warning"]
    proc = subprocess.Popen(python("-c", "from clients.cli import main; main()", *serve))
    phases: list[tuple[str, int]] = []
    try:
        await wait_healthy(base, proc)
        async with httpx.AsyncClient(base_url=base) as http:
            room = (await http.post("/api/rooms", json={"game": "fixture-hands", "seats": 2})).json()["room"]
            tokens = [
                (await http.post(f"/api/rooms/{room}/seats/{i}/claim", json={})).json()["token"]
                for i in range(2)
            ]
        phases.append(("started", rss_bytes(proc.pid)))
        for cycle in range(1, cycles + 1):
            crowd: list[ClientConnection] = []
            for start in range(0, spectators, CONNECT_BATCH):
                batch = min(CONNECT_BATCH, spectators - start)
                crowd += await asyncio.gather(
                    *(spectator(base.replace("http", "ws") + "/ws", room) for _ in range(batch))
                )
            await steps(base, room, tokens, 3)
            phases.append((f"cycle {cycle}: {spectators} spectators in", rss_bytes(proc.pid)))
            await asyncio.gather(*(ws.close() for ws in crowd))
            await asyncio.sleep(settle)
            phases.append((f"cycle {cycle}: they left", rss_bytes(proc.pid)))
    finally:
        stop(proc)
    return phases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--spectators", type=int, default=2000)
    parser.add_argument("--cycles", type=int, default=3)
    parser.add_argument(
        "--settle", type=float, default=12.0, help="seconds after the crowd left (the worker trims within 11)"
    )
    args = parser.parse_args()
    phases = asyncio.run(run(args.spectators, args.cycles, args.settle))
    first = phases[0][1]
    for name, rss in phases:
        extra = (rss - first) / 1024 / args.spectators
        print(f"{name:40s} RSS {rss / 2**20:7.1f} MiB  {extra:6.1f} KiB per spectator over the start")


if __name__ == "__main__":
    main()
