"""Websocket sessions over real sockets: hello, snapshots, act/ack/update, errors with stable codes,
close codes, resume, and no leftover subscriptions."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

from server.clock import FakeClock
from server.errors import Refused
from server.lobby.tokens import hash_token
from server.settings import Limits, Settings
from server.testing import RunningServer, running_server

from .conftest import GAMES, act, first_choice
from .wsclient import close_code, hello, open_room, recv, send

SETTINGS = Settings(timers={"turn": 30.0}, origins=["https://play.example"], limits=Limits(resume_gap=3))


@pytest.fixture(scope="module")
def server() -> Iterator[RunningServer]:
    with running_server(SETTINGS, games=GAMES, clock=FakeClock()) as running:
        yield running


async def joined(server: RunningServer, tokens: list[str], room: str, since: int | None = None) -> Any:
    ws = await hello(server, room, tokens, since)
    welcome = await recv(ws)
    assert welcome["type"] == "welcome"
    return ws


def action_of(prompt: dict[str, Any]) -> dict[str, Any]:
    kind = next(k for k in prompt["kinds"] if prompt["choices"].get(k))
    return {"kind": kind, **prompt["choices"][kind][0]}


class TestHello:
    async def test_hello_gets_welcome_then_a_snapshot_per_held_seat(self, server: RunningServer) -> None:
        room, _, tokens = await open_room(server)
        ws = await hello(server, room, tokens)
        welcome = await recv(ws)
        assert {k: welcome[k] for k in ("room", "game", "seats", "version", "v", "max_frame")} == {
            "room": room,
            "game": "fixture-hands",
            "seats": [0, 1],
            "version": 0,
            "v": 1,
            "max_frame": 65536,
        }
        snaps = [await recv(ws), await recv(ws)]
        assert [(s["type"], s["seat"], s["version"]) for s in snaps] == [
            ("snapshot", 0, 0),
            ("snapshot", 1, 0),
        ]
        assert len(snaps[0]["view"]["hand"]) == 4 and snaps[0]["prompt"]["id"] == "t0"
        assert snaps[0]["prompt"]["deadline"] == server.services.clock.now() + 30.0
        await ws.close()

    async def test_no_token_is_a_spectator(self, server: RunningServer) -> None:
        room, _, _ = await open_room(server)
        ws = await joined(server, [], room)
        snap = await recv(ws)
        assert (snap["seat"], "prompt" in snap, snap["view"]["hand"]) == (None, False, None)
        await ws.close()

    @pytest.mark.parametrize(
        ("frame", "code"),
        [
            ({"type": "ping", "n": 1}, 4400),
            ({"type": "hello", "v": 2, "room": "r", "tokens": []}, 4400),
            ({"type": "hello", "v": 1, "room": "nope", "tokens": []}, 4404),
        ],
    )
    async def test_a_bad_hello_closes_with_its_code(
        self, server: RunningServer, frame: dict[str, Any], code: int
    ) -> None:
        from websockets.asyncio.client import connect

        async with connect(server.ws_url) as ws:
            await send(ws, frame)
            assert await close_code(ws) == code

    async def test_a_bad_token_closes_4401(self, server: RunningServer) -> None:
        room, _, tokens = await open_room(server)
        ws = await hello(server, room, [tokens[0], "not-a-token"])
        assert await close_code(ws) == 4401

    async def test_a_foreign_origin_closes_1008(self, server: RunningServer) -> None:
        room, _, tokens = await open_room(server)
        from websockets.asyncio.client import connect
        from websockets.typing import Origin

        async with connect(server.ws_url, origin=Origin("https://evil.example")) as ws:
            assert await close_code(ws) == 1008
        ok = await hello(server, room, tokens, origin=Origin("https://play.example"))
        assert (await recv(ok))["type"] == "welcome"
        await ok.close()


class TestAct:
    async def test_act_is_acked_and_every_viewer_gets_one_update(self, server: RunningServer) -> None:
        room, _, tokens = await open_room(server)
        player, watcher = await joined(server, [tokens[0]], room), await joined(server, [], room)
        prompt = (await recv(player))["prompt"]
        await recv(watcher)
        await send(player, {"type": "act", "id": "a1", "seat": 0, "action": action_of(prompt)})
        frames = [await recv(player), await recv(player)]
        ack = next(f for f in frames if f["type"] == "ack")
        update = next(f for f in frames if f["type"] == "update")
        assert ack == {"type": "ack", "id": "a1", "seat": 0, "version": 1}
        assert (update["seat"], update["frm"], update["to"]) == (0, 0, 1)
        spectator = await recv(watcher)
        assert (spectator["type"], spectator["seat"], spectator["frm"], spectator["to"]) == (
            "update",
            None,
            0,
            1,
        )
        assert "prompt" not in spectator
        await send(player, {"type": "act", "id": "a1", "seat": 0, "action": action_of(prompt)})
        assert await recv(player) == {"type": "ack", "id": "a1", "seat": 0, "version": 1, "duplicate": True}
        await player.close()
        await watcher.close()

    @pytest.mark.parametrize(
        ("act", "code"),
        [
            ({"id": "x", "seat": 1, "action": {"kind": "draw"}}, "act/seat_not_held"),
            ({"id": "", "seat": 0, "action": {"kind": "draw"}}, "act/id_invalid"),
            ({"id": "x", "seat": 0, "action": {"kind": "fly"}}, "action/malformed"),
            ({"id": "x", "seat": 0, "action": [1]}, "action/malformed"),
            ({"id": "x", "seat": 0, "action": {"kind": "play", "card": "Z9"}}, "action/bad_choice"),
        ],
    )
    async def test_a_refused_act_answers_its_code_and_changes_nothing(
        self, server: RunningServer, act: dict[str, Any], code: str
    ) -> None:
        room, _, tokens = await open_room(server)
        ws = await joined(server, [tokens[0]], room)
        await recv(ws)
        await send(ws, {"type": "act", **act})
        error = await recv(ws)
        assert (error["type"], error["code"]) == ("error", code)
        assert (await server.services.store.get_state(room)).version == 0  # type: ignore[union-attr]
        await ws.close()

    async def test_a_malformed_frame_is_an_error_and_the_connection_stays(
        self, server: RunningServer
    ) -> None:
        room, _, tokens = await open_room(server)
        ws = await joined(server, [tokens[0]], room)
        await recv(ws)
        await ws.send("{not json")
        assert (await recv(ws))["code"] == "frame/malformed"
        await send(ws, {"type": "ping", "n": 7})
        assert await recv(ws) == {"type": "pong", "n": 7}
        await ws.close()

    async def test_an_oversized_frame_closes_1009(self, server: RunningServer) -> None:
        room, _, tokens = await open_room(server)
        ws = await joined(server, [tokens[0]], room)
        await recv(ws)
        await ws.send("x" * 70_000)
        assert await close_code(ws) == 1009


class TestResume:
    async def play(self, server: RunningServer, room: str, token: str, seat: int, steps: int) -> None:
        for _ in range(steps):
            ws = await joined(server, [token], room)
            snap = await recv(ws)
            if snap.get("prompt"):
                await send(
                    ws,
                    {
                        "type": "act",
                        "id": f"s{snap['version']}",
                        "seat": seat,
                        "action": action_of(snap["prompt"]),
                    },
                )
                assert (await recv(ws))["type"] in ("ack", "update")
            await ws.close()

    async def test_a_short_gap_gets_the_missing_updates(self, server: RunningServer) -> None:
        room, _, tokens = await open_room(server)
        await self.play(server, room, tokens[0], 0, 1)
        await self.play(server, room, tokens[1], 1, 1)
        ws = await joined(server, [tokens[0]], room, since=0)
        updates = [await recv(ws), await recv(ws)]
        assert [(u["type"], u["frm"], u["to"]) for u in updates] == [("update", 0, 1), ("update", 1, 2)]
        assert updates[1]["prompt"]["deadline"] == server.services.clock.now() + 30.0
        await ws.close()

    async def test_a_long_gap_gets_a_snapshot_and_the_missed_events(self, server: RunningServer) -> None:
        room, _, tokens = await open_room(server)
        for _ in range(2):
            await self.play(server, room, tokens[0], 0, 1)
            await self.play(server, room, tokens[1], 1, 1)
        ws = await joined(server, [], room, since=0)
        snap = await recv(ws)
        assert (snap["type"], snap["version"]) == ("snapshot", 4)
        assert [e["version"] for e in snap["events"]] == [1, 2, 3, 4]
        await ws.close()


async def test_the_last_watcher_leaving_unsubscribes_the_room(server: RunningServer) -> None:
    room, _, tokens = await open_room(server)
    sockets = [await joined(server, [t], room) for t in tokens]
    for ws in sockets:
        await recv(ws)
        await ws.close()
    for _ in range(100):
        if server.services.hub.counts() == {"rooms": 0, "conns": 0}:
            break
        await asyncio.sleep(0.02)
    assert server.services.hub.counts() == {"rooms": 0, "conns": 0}
    assert server.services.bus.subscriptions() == 0


async def test_rate_limits_refuse_then_close_a_flood() -> None:
    limits = Limits(
        actions_per_second=1.0, action_burst=1.0, frames_per_second=1.0, frame_burst=3.0, flood_after=2
    )
    with running_server(Settings(limits=limits), games=GAMES, clock=FakeClock()) as server:
        room, _, tokens = await open_room(server)
        ws = await joined(server, [tokens[0]], room)  # the hello is not counted
        await recv(ws)
        await send(ws, {"type": "act", "id": "a", "seat": 1, "action": {"kind": "draw"}})
        assert (await recv(ws))["code"] == "act/seat_not_held"
        await send(ws, {"type": "act", "id": "b", "seat": 1, "action": {"kind": "draw"}})
        assert (await recv(ws))["code"] == "rate/limited"
        await send(ws, {"type": "ping"})  # the third frame: the last token
        assert await recv(ws) == {"type": "pong"}
        for _ in range(4):  # refused 1, 2 (each answered rate/limited), then 3 > flood_after: closed
            await send(ws, {"type": "ping"})
        assert [(await recv(ws))["code"] for _ in range(2)] == ["rate/limited", "rate/limited"]
        assert await close_code(ws) == 4429


async def test_syncs_have_their_own_rate_limit_and_each_refusal_says_which() -> None:
    """A sync replays the room's log: past its own burst it is dropped with ``rate/limited`` (the
    message names syncs) while the connection's other frames still pass; an act refused by the action
    bucket says actions."""
    limits = Limits(syncs_per_second=1.0, sync_burst=2.0, actions_per_second=1.0, action_burst=1.0)
    with running_server(Settings(limits=limits), games=GAMES, clock=FakeClock()) as server:
        room, _, tokens = await open_room(server)
        ws = await joined(server, [], room)  # a spectator: no token needed to sync
        assert (await recv(ws))["type"] == "snapshot"
        for _ in range(3):
            await send(ws, {"type": "sync", "since": None})
        answers = [await recv(ws) for _ in range(3)]
        assert [a["type"] for a in answers].count("snapshot") == 2
        assert [a for a in answers if a["type"] == "error"] == [
            {"type": "error", "code": "rate/limited", "message": "too many syncs; slow down"}
        ]
        await send(ws, {"type": "ping", "n": 1})
        assert await recv(ws) == {"type": "pong", "n": 1}
        player = await joined(server, [tokens[0]], room)
        await recv(player)
        for action_id in ("a", "b"):
            await send(player, {"type": "act", "id": action_id, "seat": 1, "action": {"kind": "draw"}})
        assert [(await recv(player))["message"] for _ in range(2)] == [
            "this connection holds no token for that seat",
            "too many actions; slow down",
        ]
        await ws.close()
        await player.close()


async def test_a_fan_out_bug_closes_the_rooms_connections_1011_with_a_reason(
    server: RunningServer, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Our own bug in a room's fan-out is logged and its viewers are closed with 1011 and a reason that
    tells them what to do (the action itself was committed: resuming shows it)."""
    room, _, tokens = await open_room(server)
    player = await joined(server, [tokens[0]], room)
    prompt = (await recv(player))["prompt"]

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("fan-out bug")

    monkeypatch.setattr("server.ws.hub.fan_out", broken)
    await send(player, {"type": "act", "id": "a1", "seat": 0, "action": action_of(prompt)})
    try:
        while True:
            await asyncio.wait_for(player.recv(), 5.0)
    except ConnectionClosed as closed:
        assert closed.rcvd is not None
        assert (closed.rcvd.code, closed.rcvd.reason) == (1011, "internal error; reconnect and resume")
    assert any("fan-out of room" in r.getMessage() for r in caplog.records)


class TestRevokedSeat:
    """A seat freed before the start (the host removed its player, or the player left) may be claimed by
    someone else: a connection opened with the old token must see nothing of the seat's new holder and
    cannot act for it."""

    async def claimed_then_removed(self, server: RunningServer) -> tuple[str, str, Any, httpx.AsyncClient]:
        """``(room, the removed player's token, their open connection, an HTTP client)``."""
        http = httpx.AsyncClient(base_url=server.url)
        created = (await http.post("/api/rooms", json={"game": "fixture-hands", "seats": 2})).json()
        room, host = created["room"], created["host_token"]
        old = (await http.post(f"/api/rooms/{room}/seats/0/claim", json={})).json()["token"]
        stale = await joined(server, [old], room)
        headers = {"Authorization": f"Bearer {host}"}
        assert (await http.delete(f"/api/rooms/{room}/seats/0", headers=headers)).status_code == 200
        return room, old, stale, http

    async def test_the_old_connection_is_closed_4401_at_the_start_and_sees_no_hand(
        self, server: RunningServer
    ) -> None:
        room, _, stale, http = await self.claimed_then_removed(server)
        for seat in (0, 1):  # the seat goes to another player; the room starts
            assert (await http.post(f"/api/rooms/{room}/seats/{seat}/claim", json={})).status_code == 200
        frames: list[dict[str, Any]] = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                frames.append(json.loads(await asyncio.wait_for(stale.recv(), 5.0)))
        assert frames == []
        assert closed.value.rcvd is not None
        assert (closed.value.rcvd.code, closed.value.rcvd.reason) == (
            4401,
            "the seat was given up or taken by another player",
        )
        await http.aclose()

    async def test_an_act_of_the_old_token_is_refused_seat_not_held(self, server: RunningServer) -> None:
        """The action path checks the token too (a connection on another worker may act before its
        worker has seen the start)."""
        room, old, stale, http = await self.claimed_then_removed(server)
        new = (await http.post(f"/api/rooms/{room}/seats/0/claim", json={})).json()["token"]
        await http.post(f"/api/rooms/{room}/seats/1/claim", json={})
        services = server.services
        seat, action = await first_choice(services, room, 0)
        with pytest.raises(Refused) as refused:  # as the old connection's session would act
            await act(services.rooms, room, seat, action, "x1", holder=hash_token(old))
        assert refused.value.code == "act/seat_not_held"
        assert (await services.store.get_state(room)).version == 0  # type: ignore[union-attr]
        await act(services.rooms, room, seat, action, "x2", holder=hash_token(new))
        assert (await services.store.get_state(room)).version == 1  # type: ignore[union-attr]
        await stale.close()
        await http.aclose()


async def test_issue_21_5_an_answer_to_a_frame_sent_right_after_the_hello_follows_its_snapshot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The hello's catch-up is read from the store while the next frame is answered at once: an act's
    error arrived before the snapshot. Welcome, snapshots, then the answers, whatever the store's pace."""
    with running_server(Settings(), games=GAMES, clock=FakeClock()) as slow:
        store = slow.services.store
        current = store.current

        async def late(room: str, since: int = 0) -> Any:
            await asyncio.sleep(0.3)  # a store round trip under load
            return await current(room, since)

        monkeypatch.setattr(store, "current", late)
        room, _, tokens = await open_room(slow, "fixture-hands", 2)
        ws = await hello(slow, room, tokens)
        await send(ws, {"type": "act", "id": "early", "seat": 5, "action": {"kind": "draw"}})
        await send(ws, {"type": "ping", "n": 3})
        frames = [await recv(ws) for _ in range(5)]
        await ws.close()
    assert [(f["type"], f.get("seat")) for f in frames] == [
        ("welcome", None),
        ("snapshot", 0),
        ("snapshot", 1),
        ("error", 5),
        ("pong", None),
    ]
    assert (frames[3]["code"], frames[3]["id"]) == ("act/seat_not_held", "early")
