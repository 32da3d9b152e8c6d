"""The lobby HTTP API, exactly as docs/api.md says (routes, bodies, answers, error codes).

Tokens travel in ``Authorization: Bearer`` headers and are never logged; a `Refused` becomes its HTTP
status with ``{"code", "message"}`` (plus ``details`` when there are some). A store outage
(`server.store.outage`) answers 503 ``store/unavailable`` with ``Retry-After: 1`` (logged once per outage).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from games.engine.plugin import Game
from server.errors import Refused
from server.lobby.bots import best_bot, bot_names
from server.lobby.catalog import catalog_of, game_catalog
from server.lobby.deadline import LoopDeadline
from server.lobby.lobby import CreateRoom, SettingsBody
from server.ops.health import PING_TIMEOUT
from server.services import Services
from server.store.listing import STATUSES, RoomQuery
from server.store.model import RoomMeta
from server.store.outage import MESSAGE, OUTAGE_ERRORS, UNAVAILABLE, outage_of
from server.ws.steps import missed

Handler = Callable[[Request], Awaitable[Response]]


#: Rooms per page of ``GET /api/rooms``: by default, and at most.
PAGE = 100
MAX_PAGE = 1000


class Claim(msgspec.Struct, forbid_unknown_fields=True):
    name: str | None = None  # absent or null: no name


class BotBody(msgspec.Struct, forbid_unknown_fields=True):
    policy: str = "random"


def _services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(msgspec.json.encode(data), status, headers=headers, media_type="application/json")


def client_of(request: Request) -> str:
    """The client's address: the peer's, or the one a trusted proxy forwarded (``--trusted-proxy``)."""
    return request.client.host if request.client is not None else ""


def refusals(handler: Handler) -> Handler:
    """``handler`` with `Refused` answered as its status and ``{"code", "message", "details"}``
    (``rate/limited`` with ``Retry-After``), and a store outage as 503 ``store/unavailable``. A token
    refused (``auth/bad_token``) spends one of the client's failed token checks. The call has
    `STORE_DEADLINE` seconds (the body's upload not counted): past it, 503 too, so a Redis that hangs
    with its sockets open is answered within that, not after the store's pipeline deadline (5 s a
    read: a call waited 9-10 s). The event loop's own stalls do not count (`LoopDeadline`)."""

    async def wrapped(request: Request) -> Response:
        try:
            async with asyncio.timeout(None) as timeout:
                deadline = request.state.deadline = LoopDeadline(timeout, STORE_DEADLINE)
                deadline.arm()
                try:
                    return await handler(request)
                finally:
                    deadline.lift()
        except OUTAGE_ERRORS as exc:
            outage_of(_services(request).store).failed(exc)
            answer = {"code": UNAVAILABLE, "message": MESSAGE}
            return JSONResponse(answer, 503, headers={"Retry-After": "1"})
        except ClientDisconnect:  # the client left mid-body: nothing was done, nobody reads an answer
            return Response(status_code=400)
        except Refused as exc:
            if exc.code == "auth/bad_token":
                _services(request).throttles.token_failures.spend(client_of(request))
            body: dict[str, Any] = {"code": exc.code, "message": exc.message}
            if exc.details:
                body["details"] = exc.details
            retry = exc.details.get("retry_after") if exc.code == "rate/limited" else None
            return JSONResponse(body, exc.status, headers={"Retry-After": str(retry)} if retry else None)

    return wrapped


#: Seconds a lobby call may take (after its body arrived) before it answers 503 ``store/unavailable``:
#: a store that takes this long is not answering (the readiness ping's bound, `server.ops.health`).
STORE_DEADLINE = PING_TIMEOUT

#: Largest request body accepted, bytes (docs/api.md); bigger answers 413 ``request/too_large``.
MAX_BODY = 64 * 1024

#: Levels of objects and arrays a body may always nest, as a websocket frame (the decoder refuses past
#: its stack, about 1,000).
NESTING = 500

#: A seat in a path: 0, 1, 2... (no sign, no leading zero).
SEAT_NUMBER = re.compile(r"0|[1-9][0-9]{0,8}")
#: A version in a path, written as a seat is (ASCII digits only).
VERSION_NUMBER = re.compile(r"0|[1-9][0-9]{0,11}")


async def _read(request: Request) -> bytes:
    """The body, read only up to `MAX_BODY` bytes (a client may lie in Content-Length, or send none)."""
    if int(request.headers.get("content-length") or 0) > MAX_BODY:
        raise Refused("request/too_large", f"request bodies are at most {MAX_BODY} bytes")
    deadline: LoopDeadline | None = getattr(request.state, "deadline", None)
    if deadline is not None:  # a slow upload is bounded by the body timeout, not the store's deadline
        deadline.lift()
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise Refused("request/too_large", f"request bodies are at most {MAX_BODY} bytes")
        chunks.append(chunk)
    if deadline is not None:
        deadline.arm()
    return b"".join(chunks)


async def _body(request: Request, kind: type[Any]) -> Any:
    raw = await _read(request)
    try:
        return msgspec.json.decode(raw or b"{}", type=kind)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise Refused("request/invalid", str(exc), {"error": str(exc)}) from None
    except RecursionError:
        # deeper than the decoder's stack though under the size limit (a 500 and a traceback before):
        # refused as a frame nested so deep is (protocol/README.md, "Limits")
        error = f"the body nests too deeply (up to {NESTING} levels of objects and arrays are always read)"
        raise Refused("request/invalid", error, {"error": error}) from None


def _bearer(request: Request) -> str:
    """The request's bearer token. Raises `Refused` ``auth/bad_token``, or ``rate/limited`` while the
    client is out of failed token checks (the token is then not looked at)."""
    _services(request).throttles.token_failures.check(client_of(request))
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise Refused("auth/bad_token", "send the token as Authorization: Bearer <token>")
    return token.strip()


def _seat_param(request: Request) -> int:
    raw = request.path_params["seat"]
    # the canonical number only: int() also takes "01", " 1", "+1" and "1_0"
    if not SEAT_NUMBER.fullmatch(raw):
        raise Refused("seat/not_found", "seats are numbers from 0")
    return int(raw)


def game_info(game: Game[Any, Any], seconds: dict[str, float]) -> dict[str, Any]:
    """One entry of ``GET /api/games``; ``seconds`` per timer class as this server gives a room of the
    game (`TimerPolicy.defaults`), of which ``timers`` lists the game's classes; ``languages`` those of
    its catalogue (English first)."""
    return {
        "id": game.id,
        "title": game.title,
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "seat_ranges": [msgspec.to_builtins(r) for r in game.declared_seats()],
        "options_schema": msgspec.json.schema(game.Options),
        "bots": bot_names(game),
        "best_bot": best_bot(game),
        "timers": {name: seconds[name] for name in sorted(game.timer_classes())},
        "free_form": {kind: msgspec.to_builtins(form) for kind, form in sorted(game.free_form.items())},
        "languages": catalog_of(game).languages,
    }


async def summary(services: Services, meta: RoomMeta) -> dict[str, Any]:
    """``GET /api/rooms/{room}``: the room's public facts (``version`` -1 before the start)."""
    loaded = await services.store.get_state(meta.room)
    schedule = await services.store.get_schedule(meta.room)
    status = (
        "finished" if loaded is not None and loaded.finished and meta.status == "running" else meta.status
    )
    seats = [
        {
            "seat": s.seat,
            "taken": s.taken,
            "name": s.name or None,
            "bot": s.bot,
            # a player who timed out the room's away_after times in a row; a seat left or played by a
            # bot is not "away"
            "away": bool(schedule and schedule.away(s.seat, meta.away_after))
            and not s.left
            and s.bot is None,
            "left": s.left,
            "conceded": s.conceded,
        }
        for s in meta.seats
    ]
    return {
        "room": meta.room,
        "game": meta.game,
        "status": status,
        "version": loaded.version if loaded is not None else -1,
        "options": meta.options,
        "timers": meta.timers,
        "autostart": meta.autostart,
        "leaver_bot": meta.leaver_bot,
        "away_after": meta.away_after,
        "away_bot": meta.away_bot,
        "seats": seats,
    }


@refusals
async def list_games(request: Request) -> Response:
    rooms = _services(request).rooms
    return _json([game_info(rooms.games[g], rooms.policy.defaults(g)) for g in sorted(rooms.games)])


@refusals
async def create_room(request: Request) -> Response:
    _services(request).throttles.creates.take(client_of(request))
    body = await _body(request, CreateRoom)
    room, host = await _services(request).lobby.create(body)
    return _json({"room": room, "host_token": host}, 201)


@refusals
async def list_rooms(request: Request) -> Response:
    """``GET /api/rooms``: room summaries ordered by id, ``limit`` (1 to `MAX_PAGE`, default `PAGE`) of
    them after the id ``after``, filtered by ``game``, ``status`` and ``free_seats``; a
    ``Link: <...>; rel="next"`` header names the next page. Reads the page's rooms only (`Store.page`)."""
    services = _services(request)
    services.throttles.lists.take(client_of(request))
    params = request.query_params
    status = params.get("status")
    if status is not None and status not in STATUSES:
        raise Refused("request/invalid", f"status is one of {', '.join(sorted(STATUSES))}")
    free = params.get("free_seats", "false")
    if free not in ("true", "false"):
        raise Refused("request/invalid", "free_seats is true or false")
    limit = _page_param(request)
    query = RoomQuery(params.get("after", ""), limit + 1, status, params.get("game"), free == "true")
    metas = await services.store.page(query)
    # read together: the Redis store sends them in shared pipelines, not two round trips per room
    rooms = await asyncio.gather(*(summary(services, m) for m in metas[:limit]))
    # a room may have finished between the page's read and its summary's
    page = [r for r in rooms if status in (None, r["status"])]
    more = len(metas) > limit
    return _json(page, headers=_next_link(request, metas[limit - 1].room) if more else None)


def _page_param(request: Request) -> int:
    raw = request.query_params.get("limit", str(PAGE))
    if not SEAT_NUMBER.fullmatch(raw) or not 1 <= int(raw) <= MAX_PAGE:
        raise Refused("request/invalid", f"limit is a number from 1 to {MAX_PAGE}")
    return int(raw)


def _next_link(request: Request, last: str) -> dict[str, str]:
    url = request.url.include_query_params(after=last)
    return {"Link": f'<{url.path}?{url.query}>; rel="next"'}


@refusals
async def get_room(request: Request) -> Response:
    services = _services(request)
    return _json(await summary(services, await services.rooms.meta(request.path_params["room"])))


@refusals
async def close_room(request: Request) -> Response:
    room = request.path_params["room"]
    await _services(request).lobby.close(room, _bearer(request))
    return _json({"room": room})


async def room_endpoint(request: Request) -> Response:
    """``/api/rooms/{room}``: ``GET`` its summary, ``DELETE`` (the host) closes it."""
    return await (get_room if request.method in ("GET", "HEAD") else close_room)(request)


@refusals
async def claim_seat(request: Request) -> Response:
    body = await _body(request, Claim)
    raw = request.path_params["seat"]
    seat = None if raw == "any" else _seat_param(request)
    taken, token = await _services(request).lobby.claim(request.path_params["room"], seat, body.name or "")
    return _json({"seat": taken, "token": token})


@refusals
async def leave(request: Request) -> Response:
    seat = await _services(request).lobby.leave(request.path_params["room"], _bearer(request))
    return _json({"seat": seat})


@refusals
async def concede(request: Request) -> Response:
    seat, bot = await _services(request).lobby.concede(request.path_params["room"], _bearer(request))
    return _json({"seat": seat, "bot": bot})


@refusals
async def add_bot(request: Request) -> Response:
    body = await _body(request, BotBody)
    seat = _seat_param(request)
    await _services(request).lobby.set_bot(request.path_params["room"], seat, body.policy, _bearer(request))
    return _json({"seat": seat, "bot": body.policy})


@refusals
async def seat_settings(request: Request) -> Response:
    """``GET``/``PUT /api/rooms/{room}/seats/{seat}/settings`` with the seat's token: its private
    settings (docs/api.md, "Seat settings")."""
    lobby, room, seat = _services(request).lobby, request.path_params["room"], _seat_param(request)
    if request.method == "PUT":
        body = await _body(request, SettingsBody)
        settings = await lobby.set_settings(room, seat, _bearer(request), body)
    else:
        settings = await lobby.settings(room, seat, _bearer(request))
    answer = msgspec.structs.asdict(settings)
    if not settings.screen:  # a seat played at a screen of its own: the answer as before the field
        del answer["screen"]
    return _json(answer)


@refusals
async def remove_seat(request: Request) -> Response:
    seat = _seat_param(request)
    await _services(request).lobby.remove(request.path_params["room"], seat, _bearer(request))
    return _json({"seat": seat})


@refusals
async def start(request: Request) -> Response:
    version = await _services(request).lobby.start(request.path_params["room"], _bearer(request))
    return _json({"version": version})


@refusals
async def public_log(request: Request) -> Response:
    services = _services(request)
    meta = await services.rooms.meta(request.path_params["room"])
    steps = await services.store.get_log(meta.room, 0)
    # exactly what a spectator received, redacted events included
    return _json([{"version": e.version, "body": e.body} for e in missed(steps, None)])


@refusals
async def replay(request: Request) -> Response:
    """The spectators' view of a finished room at a version (`server.lobby.replays`)."""
    text = request.path_params["version"]
    if not VERSION_NUMBER.fullmatch(text):
        raise Refused(
            "request/invalid", "the version must be a whole number of at most 12 digits", {"path": "version"}
        )
    lift = request.state.deadline.lift
    return _json(await _services(request).replays.at(request.path_params["room"], int(text), lift))


async def rooms_endpoint(request: Request) -> Response:
    """``/api/rooms``: ``GET`` lists the rooms, ``POST`` creates one."""
    return await (list_rooms if request.method in ("GET", "HEAD") else create_room)(request)


ROUTES = [
    Route("/api/games", list_games, methods=["GET"]),
    Route("/api/games/{game}/catalog", refusals(game_catalog), methods=["GET"]),
    # one route for both methods, so a 405 on this path lists both in its Allow header
    Route("/api/rooms", rooms_endpoint, methods=["GET", "POST"]),
    Route("/api/rooms/{room}", room_endpoint, methods=["GET", "DELETE"]),
    Route("/api/rooms/{room}/seats/{seat}/claim", claim_seat, methods=["POST"]),
    Route("/api/rooms/{room}/leave", leave, methods=["POST"]),
    Route("/api/rooms/{room}/concede", concede, methods=["POST"]),
    Route("/api/rooms/{room}/seats/{seat}/bot", add_bot, methods=["POST"]),
    Route("/api/rooms/{room}/seats/{seat}", remove_seat, methods=["DELETE"]),
    Route("/api/rooms/{room}/seats/{seat}/settings", seat_settings, methods=["GET", "PUT"]),
    Route("/api/rooms/{room}/start", start, methods=["POST"]),
    Route("/api/rooms/{room}/log", public_log, methods=["GET"]),
    Route("/api/rooms/{room}/replay/{version}", replay, methods=["GET"]),
]
