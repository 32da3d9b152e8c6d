"""Server test helpers: a worker's services on the in-memory store with a fake clock, and rooms filled
through the lobby service (no sockets)."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.catalog import with_fixtures
from games.engine.plugin import Game
from server.clock import FakeClock
from server.lobby.lobby import CreateRoom
from server.play.rooms import Acted, ActorKind, ActRequest, Rooms
from server.services import Services
from server.settings import Settings

GAMES: dict[str, Game[Any, Any]] = with_fixtures()

#: Short, distinct timer seconds so tests can tell which one applied.
TIMERS = {"turn": 30.0, "reaction": 7.0}


async def act(
    rooms: Rooms,
    room: str,
    seat: int,
    action: dict[str, Any],
    action_id: str | None = None,
    actor: ActorKind = "player",
    holder: str | None = None,
    prompt: str | None = None,
) -> Acted:
    """``rooms.act`` of one `ActRequest` (the wire ``action`` as a client's frame would carry it)."""
    raw = msgspec.Raw(msgspec.json.encode(action)) if actor == "player" else action
    return await rooms.act(ActRequest(room, seat, raw, actor, action_id, holder, prompt))


class Room(msgspec.Struct):
    """A room made by `make_room`: its id, host token and the seat tokens claimed (seat -> token)."""

    room: str
    host: str
    tokens: dict[int, str]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def services(clock: FakeClock) -> Services:
    return Services(Settings(timers=TIMERS, away_seconds=3.0), GAMES, clock)


async def make_room(
    services: Services, game: str = "fixture-hands", seats: int = 2, claim: int | None = None, **body: Any
) -> Room:
    """A room of ``game`` with ``claim`` seats claimed (default: all, which autostarts it)."""
    room, host = await services.lobby.create(CreateRoom(game=game, seats=seats, **body))
    tokens: dict[int, str] = {}
    for _ in range(seats if claim is None else claim):
        seat, token = await services.lobby.claim(room, None, f"p{len(tokens)}")
        tokens[seat] = token
    return Room(room, host, tokens)


async def first_choice(services: Services, room: str, seat: int | None = None) -> tuple[int, dict[str, Any]]:
    """A legal action of the (given, else first) prompted seat: ``(seat, wire action)``."""
    meta = await services.rooms.meta(room)
    game = services.rooms.game(meta)
    loaded = await services.store.get_state(room)
    assert loaded is not None
    prompts = game.prompts(game.decode_state(loaded.state))
    seat = min(prompts) if seat is None else seat
    prompt = prompts[seat]
    kind = next(k for k in prompt.kinds if prompt.choices.get(k))
    return seat, {"kind": kind, **prompt.choices[kind][0]}
