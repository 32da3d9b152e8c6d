"""An auto-pass tells nobody anything: through a real server on a fake clock, the frames the other seats
and the spectators receive — bytes and (fake) time of arrival — are the same whether the seat's pass came
from its auto-pass setting or from its player sending ``{"kind": "pass"}`` at the delay the auto-pass
drew, over several seeded deals."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection

from games.catalog import with_fixtures
from server.clock import FakeClock
from server.settings import Settings
from server.testing import RunningServer, running_server

from .reaction_seeds import no_counter, seeds_where
from .wsclient import hello, send

SETTINGS = Settings(
    timers={"turn": 30.0, "reaction": 10.0}, allow_seed=True, autopass_min=1.0, autopass_max=4.0
)
#: Seat 1 holds no counter, so it can only pass in the announcement's window (RCT-3).
SEEDS = seeds_where(no_counter, 1, count=3)
#: Who receives frames: seats 0 and 2 (one connection each), and a spectator (``None``).
OTHERS: tuple[int | None, ...] = (0, 2, None)


class SetClock(FakeClock):
    def at(self, when: float) -> None:
        """Jump to the server time ``when`` exactly (an ``advance`` by a difference may round)."""
        self._now = when


Frames = list[tuple[float, str]]


class Table:
    """One room's connections: every frame each receives, with the fake time it arrived at."""

    def __init__(self, server: RunningServer, clock: SetClock) -> None:
        self.server, self.clock = server, clock
        self.ws: dict[int | None, ClientConnection] = {}
        self.frames: dict[int | None, Frames] = {}

    async def join(self, room: str, tokens: list[str]) -> None:
        for viewer in (*OTHERS, 1):
            ws = await hello(self.server, room, [] if viewer is None else [tokens[viewer]])
            assert json.loads(await ws.recv())["type"] == "welcome"  # names the room and its epoch: not kept
            self.ws[viewer], self.frames[viewer] = ws, []
            await self.expect(viewer, 1)  # the snapshot

    async def expect(self, viewer: int | None, count: int) -> None:
        for _ in range(count):
            raw = await asyncio.wait_for(self.ws[viewer].recv(), 5.0)
            self.frames[viewer].append((self.clock.now(), str(raw)))

    async def step(
        self, actor: int | None, action: dict[str, Any] | None = None, action_id: str = ""
    ) -> None:
        """``actor`` sends ``action`` (``None``: the server acts); every viewer gets its update, the actor
        its ack too."""
        if actor is not None and action is not None:
            await send(self.ws[actor], {"type": "act", "id": action_id, "seat": actor, "action": action})
        for viewer in self.ws:
            await self.expect(viewer, 2 if viewer == actor and action is not None else 1)

    async def quiet(self) -> None:
        """Nothing more arrives (a stray frame would be a difference the comparison must see)."""

        async def nothing(ws: ClientConnection) -> None:
            with contextlib.suppress(TimeoutError):
                extra = await asyncio.wait_for(ws.recv(), 0.2)
                raise AssertionError(f"an unexpected frame: {extra!r}")
            await ws.close()

        await asyncio.gather(*(nothing(ws) for ws in self.ws.values()))


async def play(server: RunningServer, clock: SetClock, seed: str, delay: float | None) -> tuple[Table, float]:
    """Seat 0 announces and passes; seat 1 passes — by its auto-pass (``delay`` ``None``) or explicitly
    ``delay`` seconds after its prompt came; seat 2 passes, which ends seat 0's turn. Returns the table
    and seat 1's delay."""
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = await http.post(
            "/api/rooms", json={"game": "fixture-reaction", "seats": 3, "seed": seed, "autostart": False}
        )
        room, host = created.json()["room"], created.json()["host_token"]
        tokens = [
            (await http.post(f"/api/rooms/{room}/seats/{s}/claim", json={})).json()["token"] for s in range(3)
        ]
        settings = {"auto_pass": delay is None}
        put = await http.put(
            f"/api/rooms/{room}/seats/1/settings",
            json=settings,
            headers={"Authorization": f"Bearer {tokens[1]}"},
        )
        assert put.json() == settings
        assert (
            await http.post(f"/api/rooms/{room}/start", headers={"Authorization": f"Bearer {host}"})
        ).status_code == 200
    table = Table(server, clock)
    await table.join(room, tokens)
    await table.step(0, {"kind": "announce", "move": "advance"}, "a1")
    await table.step(0, {"kind": "pass"}, "a2")
    prompted = clock.now()
    schedule = await server.services.store.get_schedule(room)
    assert schedule is not None
    autopass = [d.due for d in schedule.deadlines if d.kind == "autopass"]
    if delay is None:
        (due,) = autopass
        delay = due - prompted
        clock.at(due)
        await table.step(None)  # the server's scheduler passes for seat 1
    else:
        assert autopass == []
        clock.at(prompted + delay)
        await table.step(1, {"kind": "pass"}, "b1")
    await table.step(2, {"kind": "pass"}, "a3")
    await table.quiet()
    return table, delay


@pytest.fixture
def servers() -> Iterator[tuple[tuple[RunningServer, SetClock], tuple[RunningServer, SetClock]]]:
    auto_clock, explicit_clock = SetClock(), SetClock()
    games = with_fixtures()
    with (
        running_server(SETTINGS, games=games, clock=auto_clock) as auto,
        running_server(SETTINGS, games=games, clock=explicit_clock) as explicit,
    ):
        yield (auto, auto_clock), (explicit, explicit_clock)


def without_acks(frames: Frames) -> Frames:
    """The frames but acks (an ack and its step's update may arrive in either order)."""
    return [f for f in frames if json.loads(f[1])["type"] != "ack"]


async def test_the_others_frames_are_the_same_for_an_auto_pass_and_an_explicit_pass(
    servers: tuple[tuple[RunningServer, SetClock], tuple[RunningServer, SetClock]],
) -> None:
    (auto, auto_clock), (explicit, explicit_clock) = servers
    for seed in SEEDS:
        by_auto, delay = await play(auto, auto_clock, seed, None)
        by_player, _ = await play(explicit, explicit_clock, seed, delay)
        assert 1.0 <= delay <= 4.0
        # a snapshot and four updates (announce, pass, seat 1's pass, the pass that closes the window)
        assert [len(without_acks(by_auto.frames[v])) for v in (*OTHERS, 1)] == [5, 5, 5, 5]
        for viewer in OTHERS:
            assert without_acks(by_auto.frames[viewer]) == without_acks(by_player.frames[viewer])
            acks = [f for f in by_player.frames[viewer] if json.loads(f[1])["type"] == "ack"]
            assert [f for f in by_auto.frames[viewer] if json.loads(f[1])["type"] == "ack"] == acks
        # seat 1's own frames differ only by the ack of its explicit pass (its prompt shows the timer's
        # deadline, not the auto-pass's)
        assert without_acks(by_auto.frames[1]) == without_acks(by_player.frames[1])
        assert not any("auto" in text for frames in by_auto.frames.values() for _, text in frames)
