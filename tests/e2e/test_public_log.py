"""The public log of every game (issue: the log whole): ``GET /api/rooms/{room}/log`` holds exactly the
events a spectator connected from the start received, in the same order, for all four games. A late
joiner reads the log as its history, so a redacted event (``changed`` with ``what: "cards"`` in iGranie,
sent to every seat but the one concerned) and every other event a spectator sees must be in it."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from clients.sdk import Connection, Lobby
from protocol.messages import ServerMsg, Snapshot, Update
from server.settings import Limits, Settings
from tests.e2e.conftest import Server, running_server

#: game, seats, options, bot: whole games played by the server's own bots
TABLES = [
    ("gregs", 4, {}, "heuristic"),
    ("grucha", 3, {"rounds": 1}, "greedy"),
    ("igranie", 3, {}, "heuristic"),
    ("infarkt", 3, {}, "heuristic"),
]


@pytest.fixture(scope="module")
def fast() -> Iterator[Server]:
    limits = Limits(actions_per_second=1e6, action_burst=1e6, frames_per_second=1e6, frame_burst=1e6)
    with running_server(Settings(limits=limits, bot_delay=0.0)) as running:
        yield running


def seen(events: list[tuple[int, Any]]) -> Counter[str]:
    return Counter(body["kind"] for _, body in events)


@pytest.mark.parametrize(("game", "seats", "options", "bot"), TABLES, ids=[t[0] for t in TABLES])
async def test_the_public_log_is_what_a_spectator_from_the_start_received(
    fast: Server, game: str, seats: int, options: dict[str, Any], bot: str
) -> None:
    received: list[tuple[int, Any]] = []

    def keep(msg: ServerMsg) -> None:
        if isinstance(msg, (Update, Snapshot)):
            received.extend((e.version, e.body) for e in msg.events)

    async with Lobby(fast.http) as lobby:
        created = await lobby.create_room(game, seats, options)
        watcher = Connection(fast.ws, created.room)
        watcher.listen(keep)
        await watcher.connect()
        for seat in range(seats):
            await lobby.add_bot(created.room, seat, created.host_token, bot)
        for _ in range(1200):  # a whole game of bots: seconds, not minutes
            info = await lobby.room(created.room)
            if info.status == "finished":
                break
            await asyncio.sleep(0.05)
        assert info.status == "finished"
        await watcher.wait_version(info.version, timeout=30)
        await watcher.close()
        log = [(line.version, line.body) for line in await lobby.log(created.room)]

    assert len(received) > 20
    assert seen(log) == seen(received)
    assert log == received
