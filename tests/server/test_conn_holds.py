"""What an idle seat connection holds in a worker once its hello was answered (docs/benchmarks.md, "Results
of the sixth round: memory per idle connection"): counted in objects, so a regression shows where a
figure of memory would drown in noise. Each count is exact: one more queue, event, task or kept header
per connection is ~1 KB more for each of 20,000 idle connections."""

from __future__ import annotations

import asyncio
import collections
import gc
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection
from websockets.http11 import Request, Response

import server as server_package
from server.settings import Limits, Settings
from server.testing import RunningServer, running_server
from server.ws import lean
from server.ws.lean import LeanWebSocket
from server.ws.session import Session
from tests.server.wsclient import hello, open_room, recv

from .conftest import GAMES

SERVER = Path(server_package.__file__).parent
#: Rooms of four seats, one connection per seat.
ROOMS, SEATS = 5, 4


@pytest.fixture
def server() -> Iterator[RunningServer]:
    with running_server(Settings(), games=GAMES) as running:
        yield running


def _ours(obj: object) -> bool:
    """A task or coroutine running code of the server package (not the test's own client)."""
    coro = obj.get_coro() if isinstance(obj, asyncio.Task) else obj
    code = getattr(coro, "cr_code", None)
    return code is not None and Path(code.co_filename).is_relative_to(SERVER)


def held() -> Counter[str]:
    """The worker's per-connection objects alive now, after a full collection."""
    gc.collect()
    counts: Counter[str] = Counter()
    for obj in gc.get_objects():
        if isinstance(obj, LeanWebSocket):
            counts["protocol"] += 1
            referents = gc.get_referents(obj)
            # what the protocol itself refers to that an idle connection need not keep
            for kind in (asyncio.Queue, asyncio.Event, collections.deque, dict):
                counts[f"protocol's {kind.__name__}"] += sum(type(r) is kind for r in referents)
            assert obj.scope is not None
            counts["header kept"] += len(obj.scope["headers"])
        elif isinstance(obj, Session):
            counts["session"] += 1
        elif isinstance(obj, asyncio.Task) and _ours(obj):
            counts["server task"] += 1
        elif type(obj).__name__ == "coroutine" and _ours(obj):
            counts["server coroutine"] += 1
        elif isinstance(obj, (asyncio.Queue, asyncio.Event)) and type(obj).__module__.startswith("asyncio"):
            counts[type(obj).__name__] += 1
        elif isinstance(obj, (Request, Response)):
            counts[f"handshake {type(obj).__name__}"] += 1
    return counts


async def connect_rooms(server: RunningServer) -> list[ClientConnection]:
    conns = []
    for _ in range(ROOMS):
        room, _, tokens = await open_room(server, "fixture-hands", SEATS)
        for token in tokens:
            ws = await hello(server, room, [token])
            assert (await recv(ws))["type"] == "welcome"
            conns.append(ws)
    return conns


async def test_an_idle_seat_connection_holds_one_task_eight_coroutines_and_no_queue_event_or_header(
    server: RunningServer,
) -> None:
    before = held()
    conns = await connect_rooms(server)
    await asyncio.sleep(0.2)  # each seat's snapshot is sent
    during = held() - before
    n = ROOMS * SEATS
    assert during == Counter(
        {
            "protocol": n,
            "session": n,
            # the connection's one task (the protocol's run of the app); one fan-out task per room
            "server task": n + ROOMS,
            # the protocol's run, the app's dispatch, the session's run, its inner run, guard, serve and
            # receive loop, and the protocol's receive; the room's fan-out
            "server coroutine": 8 * n + ROOMS,
            # the room's queue of changes and that queue's own event: one per room, none per connection
            "Queue": ROOMS,
            "Event": ROOMS,
            # the two dicts a protocol refers to: its scope, and the worker's app state (one for all)
            "protocol's dict": 2 * n,
            # the test's own client connections keep their handshake's request and response; the worker
            # keeps neither (the handshake's parser held the request for as long as the connection)
            "handshake Request": n,
            "handshake Response": n,
        }
    )
    await asyncio.gather(*(ws.close() for ws in conns))


async def test_pings_of_every_connection_run_on_one_timer_and_an_answering_client_stays() -> None:
    limits = Limits(ping_interval=0.2, ping_timeout=10.0, hello_timeout=60.0)
    with running_server(Settings(limits=limits), games=GAMES) as server:
        conns = await connect_rooms(server)
        await asyncio.sleep(1.0)  # pings every 0.2 s, answered by the client library
        (keepalive,) = [k for k in lean._KEEPALIVES.values() if k._due]

        async def waiting() -> int:  # read on the worker's loop, between two of its ticks
            return sum(len(due) for due in keepalive._due.values())

        counted = asyncio.run_coroutine_threadsafe(waiting(), keepalive._loop).result(5)
        assert (counted, [ws.close_code for ws in conns]) == (ROOMS * SEATS, [None] * ROOMS * SEATS)
        await asyncio.gather(*(ws.close() for ws in conns))
