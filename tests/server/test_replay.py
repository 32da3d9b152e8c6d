"""Replays (docs/api.md, "Replays"): ``GET /api/rooms/{room}/replay/{version}`` recomputes a finished
room's spectator view at any version from its seed and log, and refuses what it cannot answer."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import httpx
import jsonschema
import msgspec
import pytest

from games.catalog import shipped
from games.engine import Match, bot_rng, bots_of, think
from protocol.schema import replay_schema
from server.clock import FakeClock
from server.lobby import replays
from server.settings import Settings
from server.testing import running_server

SEED = "5eed"
GREGS = shipped()["gregs"]


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    settings = Settings(allow_seed=True)
    with (
        running_server(settings, games=shipped(), clock=FakeClock()) as server,
        httpx.Client(base_url=server.url) as c,
    ):
        yield c


def finished(client: httpx.Client, seats: int = 3) -> tuple[str, int]:
    made = client.post("/api/rooms", json={"game": "gregs", "seats": seats, "seed": SEED}).json()
    for seat in range(seats):
        auth = {"Authorization": f"Bearer {made['host_token']}"}
        client.post(f"/api/rooms/{made['room']}/seats/{seat}/bot", json={"policy": "random"}, headers=auth)
    for _ in range(1000):
        info = client.get(f"/api/rooms/{made['room']}").json()
        if info["status"] == "finished":
            return str(made["room"]), int(info["version"])
        time.sleep(0.01)
    raise AssertionError("the bots did not finish")


def local_views(seats: int, last: int) -> list[Any]:
    """The spectator views of the same seeded game of random bots, played here (one seat is prompted
    at a time in Gregs, so the server's bots make the same moves)."""
    match = Match(GREGS, seats, GREGS.options(None), bytes.fromhex(SEED))
    bot = bots_of(GREGS)["random"]
    views = [msgspec.to_builtins(GREGS.view(match.state, None))]
    while match.version < last:
        [seat] = GREGS.prompts(match.state)
        match.act(seat, think(GREGS, bot, match.state, seat, bot_rng(match.seed, seat, match.version)).action)
        views.append(msgspec.to_builtins(GREGS.view(match.state, None)))
    return views


def test_every_version_of_a_finished_room_replays_to_the_spectators_view(client: httpx.Client) -> None:
    room, last = finished(client)
    expected = local_views(3, last)
    log: dict[int, list[Any]] = {}
    for line in client.get(f"/api/rooms/{room}/log").json():
        log.setdefault(line["version"], []).append(line)
    for version in [0, 1, replays.CHECKPOINT - 1, replays.CHECKPOINT, last // 2, last]:
        got = client.get(f"/api/rooms/{room}/replay/{version}")
        assert got.status_code == 200
        body = got.json()
        jsonschema.validate(body, replay_schema())
        assert (body["room"], body["game"], body["version"], body["last"]) == (room, "gregs", version, last)
        assert body["view"] == expected[version]
        # the events are the spectator's of the step that made this version, as the public log has them
        assert body["events"] == log.get(version, [])


def test_a_replay_refuses_a_running_room_a_version_past_the_end_and_a_room_that_does_not_exist(
    client: httpx.Client,
) -> None:
    room, last = finished(client)
    past = client.get(f"/api/rooms/{room}/replay/{last + 1}")
    assert (past.status_code, past.json()["code"], past.json()["details"]) == (
        400,
        "request/invalid",
        {"last": last},
    )
    word = client.get(f"/api/rooms/{room}/replay/first")
    assert (word.status_code, word.json()["code"]) == (400, "request/invalid")
    running = client.post("/api/rooms", json={"game": "gregs", "seats": 3}).json()["room"]
    waiting = client.get(f"/api/rooms/{running}/replay/0")
    assert (waiting.status_code, waiting.json()["code"]) == (409, "room/not_finished")
    missing = client.get("/api/rooms/nosuchroom/replay/0")
    assert (missing.status_code, missing.json()["code"]) == (404, "room/not_found")


async def test_the_python_sdk_reads_a_replay_as_the_api_answers_it(client: httpx.Client) -> None:
    from clients.sdk.lobby import Lobby, LobbyError

    room, last = finished(client)
    async with Lobby(str(client.base_url)) as lobby:
        got = await lobby.replay(room, 2)
        assert msgspec.to_builtins(got) == client.get(f"/api/rooms/{room}/replay/2").json()
        with pytest.raises(LobbyError) as refused:
            await lobby.replay(room, last + 1)
    assert refused.value.code == "request/invalid"


@pytest.mark.parametrize("text", ["01", "+1", "-0", "1_0", "%201", "%D9%A3", "%EF%BC%90", "1" * 13])
def test_a_version_is_written_in_ascii_digits_only(client: httpx.Client, text: str) -> None:
    room, _ = finished(client)
    got = client.get(f"/api/rooms/{room}/replay/{text}")
    said = (got.status_code, got.json()["code"], got.json()["message"])
    assert said == (400, "request/invalid", "the version must be a whole number of at most 12 digits")


async def test_a_burst_of_replays_is_answered_or_told_to_wait_never_a_store_outage(
    client: httpx.Client,
) -> None:
    """Calls queue behind the one computing, up to `replays.WAITING`; more are told to come back in a
    second (429 with Retry-After), and none waits on the store's 1 s deadline (503 store/unavailable)."""
    room, last = finished(client)
    async with httpx.AsyncClient(base_url=str(client.base_url)) as burst:
        answers = await asyncio.gather(
            *(burst.get(f"/api/rooms/{room}/replay/{v % (last + 1)}") for v in range(40))
        )
    codes = {a.status_code for a in answers}
    assert codes <= {200, 429} and 200 in codes
    assert all(a.headers["Retry-After"] == "1" for a in answers if a.status_code == 429)
