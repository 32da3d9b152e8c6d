"""The Starlette application."""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route


async def healthz(request: Request) -> JSONResponse:
    """Liveness: 200 ``{"ok": true}`` while the process serves requests."""
    return JSONResponse({"ok": True})


def create_app() -> Starlette:
    """The application with every route."""
    return Starlette(routes=[Route("/healthz", healthz)])
