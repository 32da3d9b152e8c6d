"""The reference web client (``clients/web``) served by the worker: pages, assets and their headers.

``/`` is the lobby page (``index.html``), ``/rooms/{room}`` the table page (``table.html``), and
``/static/<dir>/<file>`` the assets: ES modules, data (the chrome's words), styles and images under
``app/`` and ``sdk/`` (with the SDK's vendored dependencies, ``sdk/vendor/``) only, so the rest of the
folder (``package.json``, tests, a developer's ``node_modules``) is never served.
Starlette's `StaticFiles` answers them: ETag and Last-Modified, 304 on a matching ``If-None-Match``, 404
for a directory (no listing) or a path leaving the folder, 405 for a method other than GET and HEAD.

Every answer revalidates (``Cache-Control: no-cache``): the files are not named by their content (there is
no build step), so a longer lifetime would mix modules of two versions after an upgrade, while a
revalidation costs a 304. Every answer carries a strict Content-Security-Policy (scripts, styles and
connections of this origin only: no inline code, no CDN, no framing) and ``X-Content-Type-Options:
nosniff``, so a module must be served as JavaScript to run.
"""

from __future__ import annotations

import mimetypes
import os
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The web client's folder: ``clients/web`` beside this package, in a checkout as in an installed wheel.
WEB_ROOT = Path(__file__).resolve().parents[2] / "clients" / "web"

#: The folders of ``WEB_ROOT`` served under ``/static/``, and the kinds of file served from them.
ASSET_DIRS = frozenset({"app", "sdk"})
ASSET_SUFFIXES = frozenset({".js", ".mjs", ".json", ".css", ".svg", ".png", ".webp", ".ico", ".woff2"})

#: ``connect-src 'self'`` covers the same origin's ``ws:``/``wss:`` (CSP Level 3), so the websocket of
#: this worker is allowed and no other host is.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "cache-control": "no-cache",
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
}

# Modules must be served as JavaScript (nosniff): some systems' MIME tables lack .mjs or map .js elsewhere.
mimetypes.add_type("text/javascript", ".js")
mimetypes.add_type("text/javascript", ".mjs")


def web_routes(root: Path | None = None) -> list[BaseRoute]:
    """The pages and assets of the web client in ``root`` (default `WEB_ROOT`). They take no path of the
    API (``/api``), the websocket (``/ws``), the probes or ``/metrics``."""
    root = root or WEB_ROOT
    files = StaticFiles(directory=root, check_dir=False)
    return [
        Route("/", Secured(Page(files, "index.html"))),
        Route("/rooms/{room}", Secured(Page(files, "table.html"))),
        Mount("/static", app=Secured(Assets(directory=root, check_dir=False))),
    ]


class Page:
    """One HTML page of ``files``, whatever the rest of the path (``/rooms/{room}`` shows any room)."""

    def __init__(self, files: StaticFiles, name: str) -> None:
        self.files = files
        self.name = name

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        response: Response = await self.files.get_response(self.name, scope)
        await response(scope, receive, send)


class Assets(StaticFiles):
    """`StaticFiles` limited to `ASSET_SUFFIXES` files under `ASSET_DIRS` (anything else: 404)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        parts = Path(path).parts  # already normalised: no "." or ".." left inside
        if len(parts) < 2 or parts[0] not in ASSET_DIRS or os.path.splitext(path)[1] not in ASSET_SUFFIXES:
            raise HTTPException(status_code=404)
        return await super().get_response(path, scope)


class Secured:
    """Adds `HEADERS` to every answer of ``app`` (successful or not modified)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.decode() not in HEADERS]
                headers += [(k.encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_secured)
