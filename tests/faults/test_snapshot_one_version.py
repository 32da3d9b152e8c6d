"""Issue 21, point 1: a snapshot is of one version on two workers sharing Redis. Four seats play Gregs
as fast as they can through one worker while a hot-seat connection holding every seat asks the other
worker for far ``sync``s without pause. Every snapshot's prompt (id and deadline) is the one the update
of the same version gave that seat, and its events are exactly those the updates of the versions they
span gave that seat, up to its own version, never one past it."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import websockets

from clients.sdk import BotPlayer, Connection, Lobby
from games.catalog import shipped
from games.engine import random_policy
from protocol import PROTOCOL_MAJOR
from server.store.redis import RedisStore
from tests.faults.cluster import Cluster
from tests.faults.play import open_room
from tests.redis.support import URL

SEATS = 4
#: versions behind that a sync asks from: past the workers' resume gap, so each answer is a snapshot
BEHIND = 3


class Recording(Connection):
    """A player's connection that keeps each update of its seat by the version it leads to."""

    def __init__(self, url: str, room: str, tokens: list[str]) -> None:
        super().__init__(url, room, tokens, recorder=self._recorded)
        self.updates: dict[int, dict[str, Any]] = {}

    def _recorded(self, direction: str, frame: str | bytes) -> None:
        msg = msgspec.json.decode(frame)
        if direction == "in" and msg.get("type") == "update":
            self.updates[msg["to"]] = msg


async def far_syncs(url: str, room: str, tokens: list[str], done: asyncio.Event) -> list[Any]:
    """Every snapshot after the hello's: a sync from ``BEHIND`` versions back each time as many snapshots
    as seats arrived (or none for half a second), until ``done``. Some snapshots are not the sync's
    answer: a step fanned out while a sync waits is shown as a snapshot too (the viewer's version was
    dropped by the sync), with that step's events."""
    found: list[Any] = []
    async with websockets.connect(url) as ws:
        await ws.send(
            msgspec.json.encode({"type": "hello", "v": PROTOCOL_MAJOR, "room": room, "tokens": tokens})
        )
        synced, pending, version = False, len(tokens), -1
        while not done.is_set():
            try:
                msg = msgspec.json.decode(await asyncio.wait_for(ws.recv(), 0.5))
            except TimeoutError:
                pending = 0
            else:
                if msg["type"] == "update":
                    version = max(version, msg["to"])
                elif msg["type"] == "snapshot":
                    if synced:
                        found.append(msg)
                    pending, version = max(pending - 1, 0), max(version, msg["version"])
            if pending == 0 and version >= BEHIND:
                synced, pending = True, len(tokens)
                await ws.send(msgspec.json.encode({"type": "sync", "since": version - BEHIND}))
    return found


def deadline(prompt: dict[str, Any] | None) -> tuple[str, float | None] | None:
    return None if prompt is None else (prompt["id"], prompt.get("deadline"))


async def test_far_syncs_racing_fast_acts_on_two_workers_get_snapshots_of_one_version(
    prefix: str, store: RedisStore, tmp_path: Path
) -> None:
    with Cluster(URL, prefix, 2, tmp_path, ["--resume-gap", "1"]) as cluster:
        lobby = Lobby(cluster.url(0))
        room, tokens = await open_room([lobby], "gregs", SEATS)
        players = [Recording(cluster.ws_url(0), room, [t]) for t in tokens]
        await asyncio.gather(*(p.connect(timeout=30) for p in players))
        done = asyncio.Event()
        syncing = asyncio.create_task(far_syncs(cluster.ws_url(1), room, tokens, done))
        try:
            bots = [BotPlayer(p, shipped()["gregs"], random_policy, seed=b"far") for p in players]
            await asyncio.gather(*(b.run(120.0) for b in bots))
        finally:
            done.set()
            snapshots = await syncing
            await asyncio.gather(*(p.close() for p in players))
            await lobby.close()
    checked, mixed = 0, []
    for snap in snapshots:
        seat, version, events = snap["seat"], snap["version"], snap.get("events", [])
        updates = players[seat].updates
        first = events[0]["version"] if events else version + 1
        if not all(v in updates for v in range(first, version + 1)):
            continue  # a player resynced past one of these versions: nothing to compare with
        checked += 1
        expected = [e for v in range(first, version + 1) for e in updates[v].get("events", [])]
        if deadline(snap.get("prompt")) != deadline(updates[version].get("prompt")):
            mixed.append(f"v{version} of seat {seat}: prompt {snap.get('prompt')}")
        elif events != expected:  # one past its version, or a gap: not the updates of those versions
            mixed.append(f"v{version} of seat {seat}: events {events}")
    print(f"{checked} of {len(snapshots)} snapshots checked, {len(mixed)} of more than one version")
    assert mixed == []
    assert checked >= 40
