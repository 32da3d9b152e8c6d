"""Infarkt's hidden placement (INF-8) through two workers on one Redis: four websocket clients, two on
each worker, place their figures at the same moment. No frame any client receives before the reveal holds
another seat's pending placement, and the reveal reaches everyone in one step, with every placement as
committed."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec

from clients.sdk import Connection, Lobby
from server.store.redis import RedisStore
from tests.faults.cluster import Cluster
from tests.faults.play import open_room
from tests.redis.support import URL

SEATS = 4


class Listening(Connection):
    """A connection that keeps every frame it received, decoded, in arrival order."""

    def __init__(self, url: str, room: str, tokens: list[str]) -> None:
        super().__init__(url, room, tokens, recorder=self._recorded)
        self.frames: list[dict[str, Any]] = []

    def _recorded(self, direction: str, frame: str | bytes) -> None:
        if direction == "in":
            self.frames.append(msgspec.json.decode(frame))


def three_lists(node: Any) -> list[list[str]]:
    """Every list of three strings in a frame, outside the seat's own prompt (whose choices list every
    legal set, so every set another seat may have chosen)."""
    found: list[list[str]] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in ("prompt", "choices"):
                found += three_lists(value)
    elif isinstance(node, list):
        if len(node) == 3 and all(isinstance(x, str) for x in node):
            found.append(node)
        for value in node:
            found += three_lists(value)
    return found


def placed_events(frame: dict[str, Any]) -> list[dict[str, Any]]:
    events = frame.get("events", []) if frame.get("type") in ("update", "snapshot") else []
    return [e["body"] for e in events if e["body"]["kind"] == "placed"]


async def to_placement(conns: list[Listening]) -> None:
    """Answer every prompt with its first non-medicine choice until every seat is asked to place."""
    while True:
        prompts = {s: c.mirrors[s].prompt for s, c in enumerate(conns)}
        if all(p is not None and "place" in p.kinds for p in prompts.values()):
            return
        waiting = [(s, p) for s, p in prompts.items() if p is not None and "place" not in p.kinds]
        if not waiting:
            await asyncio.sleep(0.02)
            continue
        seat, prompt = waiting[0]
        kind = next(k for k in prompt.kinds if k != "medicine" and prompt.choices.get(k))
        ack = await conns[seat].act(seat, {"kind": kind, **prompt.choices[kind][0]}, timeout=30)
        await asyncio.gather(*(c.wait_version(ack.version, timeout=30) for c in conns))


async def test_four_clients_place_at_once_through_two_workers_and_learn_nothing_before_the_reveal(
    prefix: str, store: RedisStore, tmp_path: Path
) -> None:
    with Cluster(URL, prefix, 2, tmp_path) as cluster:
        lobbies = [Lobby(cluster.url(i)) for i in range(2)]
        room, tokens = await open_room(lobbies, "infarkt", SEATS, timers={"commit": 120, "turn": 120})
        conns = [Listening(cluster.ws_url(s % 2), room, [tokens[s]]) for s in range(SEATS)]
        await asyncio.gather(*(c.connect(timeout=30) for c in conns))
        try:
            await to_placement(conns)
            # four different sets, so a set seen anywhere names the seat that chose it
            choices = {s: c.mirrors[s].prompt.choices["place"] for s, c in enumerate(conns)}  # type: ignore[union-attr]
            chosen = {s: choices[s][s * 3 % len(choices[s])]["places"] for s in range(SEATS)}
            assert len({frozenset(p) for p in chosen.values()}) == SEATS
            before = [len(c.frames) for c in conns]
            acks = await asyncio.gather(
                *(c.act(s, {"kind": "place", "places": chosen[s]}, timeout=30) for s, c in enumerate(conns))
            )
            last = max(a.version for a in acks)
            await asyncio.gather(*(c.wait_version(last, timeout=30) for c in conns))
            for seat, conn in enumerate(conns):
                others = [frozenset(p) for s, p in chosen.items() if s != seat]
                reveal = [i for i, f in enumerate(conn.frames) if placed_events(f)]
                assert len(reveal) == 1, f"seat {seat} saw the reveal in {len(reveal)} frames"
                assert reveal[0] >= before[seat]
                for frame in conn.frames[: reveal[0]]:
                    leaked = [x for x in three_lists(frame) if frozenset(x) in others]
                    assert leaked == [], f"seat {seat} learnt {leaked} before the reveal"
                (event,) = placed_events(conn.frames[reveal[0]])
                assert {int(s): sorted(p) for s, p in event["placements"].items()} == {
                    s: sorted(p) for s, p in chosen.items()
                }
                # one step: the reveal frame is an update to the version of the last commitment
                assert conn.frames[reveal[0]]["to"] == last
                figures = [p["figures"] for p in conn.mirrors[seat].view["players"]]
                assert all(sorted(f) == sorted(chosen[s]) for s, f in enumerate(figures) if f) and any(
                    figures
                )
        finally:
            await asyncio.gather(*(c.close() for c in conns))
            for lobby in lobbies:
                await lobby.close()
