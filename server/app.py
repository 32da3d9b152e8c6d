"""The Starlette application: lobby HTTP API, ``/ws`` sessions, and the scheduler as a background task."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from games.engine.plugin import Game
from server.clock import Clock
from server.lobby.api import ROUTES
from server.lobby.web import web_routes
from server.ops.endpoints import healthz, metrics_endpoint, readyz
from server.play.scheduler import Scheduler
from server.services import Services
from server.settings import Settings
from server.store.base import Store
from server.store.bus import Bus
from server.ws.session import websocket_endpoint


def default_games() -> dict[str, Game[Any, Any]]:
    """The games a server hosts by default: every shipped game."""
    from games.catalog import shipped

    return shipped()


def create_app(
    settings: Settings | None = None,
    *,
    games: dict[str, Game[Any, Any]] | None = None,
    clock: Clock | None = None,
    store: Store | None = None,
    bus: Bus | None = None,
) -> Starlette:
    """The application with every route. ``settings`` default to `Settings()`; ``games`` to the shipped
    ones; ``clock`` to the wall clock; ``store``/``bus`` to a fresh in-memory pair. The services are at
    ``app.state.services``; the scheduler runs while the app's lifespan is up."""
    services = Services(
        settings or Settings(), games if games is not None else default_games(), clock, store, bus
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        task = asyncio.ensure_future(Scheduler(services).run())
        probe = asyncio.ensure_future(services.metrics.pauses.watch())
        try:
            yield
        finally:
            for running in (probe, task):
                running.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await running
            await services.inflight.settle(services.settings.shutdown_grace)  # the scheduler's last commit
            await services.aclose()

    routes = [
        Route("/healthz", healthz),
        Route("/readyz", readyz),
        Route("/metrics", metrics_endpoint),
        *ROUTES,
        WebSocketRoute(WS_PATH, WS_ENDPOINT),  # listed for the router's 404s and url_for; `App` serves it
        *web_routes(),  # the reference web client: /, /rooms/{room}, /static/...
    ]
    origins = services.settings.origins
    middleware = [cors(origins)] + ([Middleware(OriginGuard, origins=origins)] if origins is not None else [])
    app = App(
        routes=routes,
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error},
        middleware=middleware,
    )
    app.router.redirect_slashes = False  # /api/games/ is not a path of the API: 404, not a redirect
    app.state.services = services
    return app


class App(Starlette):
    """The Starlette application, but a ``/ws`` websocket goes straight to its session (`WS_PATH`), past
    the middleware stack and the router: their coroutine frames stayed alive for as long as each
    connection did, about 5 KB of a spectator's 26 KB of Python objects (docs/benchmarks.md, "A crowd
    of spectators"). None of them acts on a websocket (CORS and the origin guard are HTTP-only; the
    session answers every error itself)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and scope["path"] == WS_PATH:
            scope["app"] = self
            await WS_ENDPOINT(WebSocket(scope, receive, send))
            return
        await super().__call__(scope, receive, send)


#: The websocket path and its endpoint (`App`); the session counts its connections (``boardroom_connections``)
#: and tells the trimmer when each ended.
WS_PATH = "/ws"
WS_ENDPOINT = websocket_endpoint


def cors(origins: list[str] | None) -> Middleware:
    """Cross-origin access to the HTTP API for browser clients served elsewhere: the origins allowed to
    open websockets (``--origin``; any when unset), the API's methods and the ``Authorization`` header
    its tokens travel in. No cookies are used, so no credentials mode."""
    return Middleware(
        JsonCors,
        allow_origins=origins if origins is not None else ["*"],
        allow_methods=["GET", "POST", "PUT", "DELETE"],
        allow_headers=["Authorization", "Content-Type"],
        # a page of another origin reads the next page of GET /api/rooms from Link, a 503's pause from
        # Retry-After: CORS hides every other header from it
        expose_headers=["Link", "Retry-After"],
        max_age=600,
    )


class JsonCors(CORSMiddleware):
    """Starlette's CORS with its refused preflights answered as every other error: a foreign origin
    403 ``request/origin`` (as `OriginGuard` answers its other requests), a method or header not
    allowed 400 ``request/invalid``, both as ``{"code", "message"}`` instead of plain text."""

    def preflight_response(self, request_headers: Headers) -> Response:
        answer = super().preflight_response(request_headers)
        if answer.status_code < 400:
            return answer
        headers = {k: v for k, v in answer.headers.items() if k.lower().startswith("access-control-")}
        if not self.is_allowed_origin(request_headers["origin"]):
            body = {"code": "request/origin", "message": "this Origin may not use the API"}
            return JSONResponse(body, 403, headers=headers)
        body = {"code": "request/invalid", "message": bytes(answer.body).decode()}
        return JSONResponse(body, 400, headers=headers)


class OriginGuard:
    """Refuses (403 ``request/origin``) a lobby API request whose ``Origin`` header is present and not one
    of ``origins``: CORS only hides the answer from a page of another origin, a simple request (a form's
    ``POST``) would still act. Requests without the header (non-browser clients) pass, as on /ws."""

    def __init__(self, app: ASGIApp, origins: list[str]) -> None:
        self.app = app
        self.origins = set(origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):  # not the probes and metrics
            origin = Headers(scope=scope).get("origin")
            if origin is not None and origin not in self.origins:
                body = {"code": "request/origin", "message": "this Origin may not use the API"}
                await JSONResponse(body, 403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


#: The codes of the HTTP errors the router answers itself (`protocol.codes.CODES`, docs/api.md).
HTTP_CODES = {404: "request/not_found", 405: "request/method_not_allowed"}


async def http_error(request: Request, exc: Exception) -> Response:
    """An unknown path (404) or method (405) answered as every other error: ``{"code", "message"}``."""
    assert isinstance(exc, HTTPException)
    code = HTTP_CODES.get(exc.status_code, "request/invalid")
    return JSONResponse({"code": code, "message": exc.detail}, exc.status_code, headers=exc.headers)
