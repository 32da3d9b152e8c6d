"""How a seat answers an iGranie reaction window tells the other seats nothing, in content or in timing
(IGR-30's rounds of asking), over real sockets on a fake clock at one seed: seat 1 holds four cards, none
it could play in the window (its prompt offers nothing but the pass), and answers

- ``hand``: its auto-pass is off and its player sends ``{"kind": "pass"}`` ``d`` seconds after the
  prompt came;
- ``auto``: its auto-pass is on (the default) and the server passes for it at the secret delay it drew,
  ``d`` (read from the schedule, then given to the other runs);
- ``lapse``: its auto-pass is off and nobody answers: the window's deadline passes (a seat that holds a
  card and does not play it does the same).

Seats 0 and 2 (auto-pass off) pass by hand at the same times in every run. The frames seats 0, 2 and a
spectator receive (bytes and the fake time each arrived at) are the same for ``hand`` and ``auto``;
``lapse`` differs only in the time seat 1's answer and the window's close arrive (its deadline, which
every viewer was shown) and in the event that tells everyone the deadline passed (``timed_out``), which
says nothing of what the seat held."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from typing import Any, Literal

import httpx
import msgspec
import pytest
from websockets.asyncio.client import ClientConnection

from games.catalog import shipped
from games.engine import Rng
from games.engine.match import Match
from server.clock import FakeClock
from server.play.deadlines import passes_only
from server.settings import Settings
from server.testing import RunningServer, running_server

from .wsclient import hello, send

GAME = shipped()["igranie"]
SEED, OPTIONS = "02", {"first_player": "seat0"}
REACTION = 10.0
TIMERS = {name: 600.0 for name in ("turn", "setup", "commit", *GAME.timers)} | {"reaction": REACTION}
SETTINGS = Settings(timers=TIMERS, allow_seed=True, autopass_min=1.0, autopass_max=4.0)
#: Who is compared: seats 0 and 2 (one connection each) and a spectator (``None``).
OTHERS: tuple[int | None, ...] = (0, 2, None)
#: When seats 0 and 2 pass, seconds after the window's prompts came.
PASSES = {0: 0.25, 2: 0.5}

Case = Literal["hand", "auto", "lapse"]
Frames = list[tuple[float, str]]


def prelude() -> list[tuple[int, dict[str, Any]]]:
    """The actions up to the first window in which every seat is asked (the heuristic's, at a fixed
    stream), checked to leave seat 1 four cards and nothing to play but the pass."""
    match = Match(GAME, 3, GAME.options(OPTIONS), bytes.fromhex(SEED))
    policy, rng = GAME.bots()["heuristic"], Rng(b"pace-timing", "bots")
    actions: list[tuple[int, dict[str, Any]]] = []
    while len(prompts := GAME.prompts(match.state)) < 3:
        seat, prompt = min(prompts.items())
        action = msgspec.to_builtins(policy(GAME.view(match.state, seat), prompt, rng))
        match.act(seat, action)
        actions.append((seat, action))
    assert match.state.windows.stack[-1].mode == "rounds"
    assert passes_only(prompts[1]) and len(match.state.players[1].hand) == 4
    return actions


PRELUDE = prelude()


class SetClock(FakeClock):
    def at(self, when: float) -> None:
        """Jump to the server time ``when`` exactly."""
        self._now = when


class Table:
    """One room's connections: the frames each receives (acks aside), with the fake time of arrival."""

    def __init__(self, server: RunningServer, clock: SetClock) -> None:
        self.server, self.clock = server, clock
        self.ws: dict[int | None, ClientConnection] = {}
        self.frames: dict[int | None, Frames] = {}

    async def join(self, room: str, tokens: list[str]) -> None:
        for viewer in (*OTHERS, 1):
            ws = await hello(self.server, room, [] if viewer is None else [tokens[viewer]])
            assert json.loads(await ws.recv())["type"] == "welcome"  # names the room and epoch: not kept
            self.ws[viewer], self.frames[viewer] = ws, []
            await self.expect(viewer)  # the snapshot

    async def expect(self, viewer: int | None) -> None:
        """Read ``viewer``'s next frame other than an ack."""
        while True:
            raw = str(await asyncio.wait_for(self.ws[viewer].recv(), 5.0))
            if json.loads(raw)["type"] != "ack":
                self.frames[viewer].append((self.clock.now(), raw))
                return

    async def step(self, actor: int | None, action: dict[str, Any] | None = None) -> None:
        """``actor`` sends ``action`` (``None``: the server acts); every viewer gets the update."""
        if actor is not None and action is not None:
            ident = f"a{len(self.frames[actor])}"
            await send(self.ws[actor], {"type": "act", "id": ident, "seat": actor, "action": action})
        for viewer in self.ws:
            await self.expect(viewer)

    async def quiet(self) -> None:
        """Nothing more arrives but acks (a stray frame would be a difference to see)."""

        async def nothing(ws: ClientConnection) -> None:
            with contextlib.suppress(TimeoutError):
                while json.loads(await asyncio.wait_for(ws.recv(), 0.2))["type"] == "ack":
                    pass
                raise AssertionError("an unexpected frame")
            await ws.close()

        await asyncio.gather(*(nothing(ws) for ws in self.ws.values()))


async def room_for(server: RunningServer, auto_pass: bool) -> tuple[str, list[str]]:
    """A started room at ``SEED`` with seat 1's auto-pass set to ``auto_pass`` (off for the others): its
    id and seat tokens."""
    body = {"game": "igranie", "seats": 3, "seed": SEED, "options": OPTIONS, "autostart": False}
    async with httpx.AsyncClient(base_url=server.url) as http:
        created = (await http.post("/api/rooms", json=body)).json()
        room = created["room"]
        claims = [await http.post(f"/api/rooms/{room}/seats/{s}/claim", json={}) for s in range(3)]
        tokens = [c.json()["token"] for c in claims]
        for seat, on in ((0, False), (1, auto_pass), (2, False)):  # seats 0 and 2 pass by hand
            put = await http.put(
                f"/api/rooms/{room}/seats/{seat}/settings",
                json={"auto_pass": on},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            )
            assert put.json() == {"auto_pass": on}
        start = await http.post(
            f"/api/rooms/{room}/start", headers={"Authorization": f"Bearer {created['host_token']}"}
        )
        assert start.status_code == 200
    return room, tokens


async def play(
    server: RunningServer, clock: SetClock, case: Case, delay: float | None
) -> tuple[Table, float]:
    """The prelude, then the window: seats 0 and 2 pass at `PASSES`, seat 1 answers as ``case`` says
    (``hand``: ``delay`` seconds after the prompts came). Returns the table and seat 1's delay."""
    room, tokens = await room_for(server, case == "auto")
    table = Table(server, clock)
    await table.join(room, tokens)
    for seat, action in PRELUDE:
        await table.step(seat, action)
    opened = clock.now()
    for seat, after in PASSES.items():
        clock.at(opened + after)
        await table.step(seat, {"kind": "pass"})
    schedule = await server.services.store.get_schedule(room)
    assert schedule is not None
    autopass = [d.due for d in schedule.deadlines if d.kind == "autopass"]
    assert [d.due for d in schedule.deadlines if d.kind == "timeout"] == [opened + REACTION]
    if case == "auto":
        (due,) = autopass
        delay = due - opened
        clock.at(due)
        await table.step(None)  # the server's scheduler passes for seat 1
    elif case == "hand":
        assert autopass == [] and delay is not None
        clock.at(opened + delay)
        await table.step(1, {"kind": "pass"})
    else:
        assert autopass == []
        delay = REACTION
        clock.at(opened + delay)
        await table.step(None)  # the window's deadline: seat 1's default, the pass
    await table.quiet()
    return table, delay


@pytest.fixture
def servers() -> Iterator[dict[Case, tuple[RunningServer, SetClock]]]:
    clocks: dict[Case, SetClock] = {"auto": SetClock(), "hand": SetClock(), "lapse": SetClock()}
    with contextlib.ExitStack() as stack:
        yield {
            case: (stack.enter_context(running_server(SETTINGS, clock=clock)), clock)
            for case, clock in clocks.items()
        }


def untimed(frames: Frames) -> list[str]:
    return [raw for _, raw in frames]


def deadline_of(frame: dict[str, Any]) -> float | None:
    """The deadline of the frame's prompt, taken out of it (``None``: no prompt)."""
    prompt = frame.get("prompt")
    return None if prompt is None else float(prompt.pop("deadline"))


def without_timeout(raw: str) -> dict[str, Any]:
    """The frame of a lapse without the event that tells it (checked to be seat 1's, and its only
    difference): every viewer saw seat 1's answer wait for the deadline it was shown, whatever it held."""
    frame = json.loads(raw)
    told = [e for e in frame["events"] if e["body"]["kind"] == "timed_out"]
    assert [e["body"] for e in told] == [{"kind": "timed_out", "seat": 1, "default": "pass"}]
    frame["events"] = [e for e in frame["events"] if e not in told]
    return dict(frame)


async def test_the_other_seats_frames_do_not_depend_on_how_a_seat_with_nothing_to_play_answers(
    servers: dict[Case, tuple[RunningServer, SetClock]],
) -> None:
    by_auto, delay = await play(*servers["auto"], "auto", None)
    by_hand, _ = await play(*servers["hand"], "hand", delay)
    lapsed, _ = await play(*servers["lapse"], "lapse", None)
    assert 1.0 <= delay <= 4.0
    # a snapshot, the prelude's updates, then three answers (the last one closes the window)
    counts = {v: len(by_auto.frames[v]) for v in (*OTHERS, 1)}
    assert counts == {v: 1 + len(PRELUDE) + 3 for v in (*OTHERS, 1)}
    start = by_auto.frames[0][len(PRELUDE)][0]  # when the window's prompts came
    for viewer in OTHERS:
        assert by_auto.frames[viewer] == by_hand.frames[viewer]
        assert untimed(lapsed.frames[viewer])[:-1] == untimed(by_hand.frames[viewer])[:-1]
        closed, by_lapse = (
            json.loads(by_hand.frames[viewer][-1][1]),
            without_timeout(lapsed.frames[viewer][-1][1]),
        )
        # the prompt the close brings (seat 0's roll) runs from when it came
        assert deadline_of(closed) == (None if viewer != 0 else start + delay + TIMERS["turn"])
        assert deadline_of(by_lapse) == (None if viewer != 0 else start + REACTION + TIMERS["turn"])
        assert by_lapse == closed
        times = [t - start for t, _ in by_hand.frames[viewer][-3:]]
        assert times == [PASSES[0], PASSES[2], delay]
        assert [t - start for t, _ in lapsed.frames[viewer][-3:]] == [PASSES[0], PASSES[2], REACTION]
    # seat 1's own frames too: its prompt shows the timer's deadline, not the auto-pass's
    assert untimed(by_auto.frames[1]) == untimed(by_hand.frames[1])


#: At this seed, after the characters, seat 0's roll and a movement window everyone passes, the Event
#: window finds seat 2 holding Denial (a cancel) with nothing yet to target, seats 0 and 1 no cancel.
HELD_SEED = "16"


def held_cancel_path() -> list[tuple[int, dict[str, Any]]]:
    """The actions up to that window, checked against a `Match` of the seed."""
    match = Match(GAME, 3, GAME.options(OPTIONS), bytes.fromhex(HELD_SEED))
    actions: list[tuple[int, dict[str, Any]]] = []
    script = [(0, "choose"), (1, "choose"), (2, "choose"), (0, "roll"), (0, "pass"), (1, "pass"), (2, "pass")]
    for seat, kind in script:
        prompt = GAME.prompts(match.state)[seat]
        action = {"kind": kind, **(prompt.choices.get(kind) or [{}])[0]}
        match.act(seat, action)
        actions.append((seat, action))
    prompts = GAME.prompts(match.state)
    assert [(p.kinds, p.choices.get("cancel")) for _, p in sorted(prompts.items())] == [
        (["pass"], None),
        (["pass"], None),
        (["pass", "cancel"], []),
    ]
    return actions


async def test_a_seat_holding_a_card_it_cannot_play_is_passed_for_as_one_holding_none() -> None:
    """IGR-30: a held cancel with nothing to target is listed with no choice (so a cancel sent anyway is
    refused ``window/no_target``); its seat has nothing to play, and the server passes for it at a secret
    delay as for the seats holding no cancel: were it left to its player, the pace of its answer would
    tell the table that it holds one."""
    clock = SetClock()
    with running_server(SETTINGS, clock=clock) as server:
        body = {"game": "igranie", "seats": 3, "seed": HELD_SEED, "options": OPTIONS}
        async with httpx.AsyncClient(base_url=server.url) as http:
            room = (await http.post("/api/rooms", json=body)).json()["room"]
            claims = [await http.post(f"/api/rooms/{room}/seats/{s}/claim", json={}) for s in range(3)]
        tokens = [c.json()["token"] for c in claims]
        table = Table(server, clock)
        await table.join(room, tokens)
        for seat, action in held_cancel_path():
            await table.step(seat, action)
        opened = clock.now()
        schedule = await server.services.store.get_schedule(room)
        assert schedule is not None
        autopass = {d.seat: d.due - opened for d in schedule.deadlines if d.kind == "autopass"}
        assert sorted(autopass) == [0, 1, 2] and all(1.0 <= d <= 4.0 for d in autopass.values())
        for seat in sorted(autopass, key=autopass.__getitem__):
            clock.at(opened + autopass[seat])
            await table.step(None)
        log = await server.services.store.get_log(room)
        assert [(s.seat, s.action) for s in log[-3:]] == [
            (seat, {"kind": "pass"}) for seat in sorted(autopass, key=autopass.__getitem__)
        ]
        for ws in table.ws.values():
            await ws.close()
