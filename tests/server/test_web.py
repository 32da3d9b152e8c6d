"""The web client served by the worker (server/lobby/web.py): pages, assets, caching and security headers,
and
what is refused (unknown files, directories, other folders, path traversal), on the real application."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.app import create_app
from server.lobby import web
from server.lobby.web import CONTENT_SECURITY_POLICY, WEB_ROOT

FILES = {
    "index.html": "<!doctype html><title>lobby</title>",
    "table.html": "<!doctype html><title>table</title>",
    "app/main.js": "export const ui = 1;\n",
    "app/table.css": "body { margin: 0 }\n",
    "app/notes.txt": "not an asset\n",
    "sdk/boardroom.js": "export const sdk = 1;\n",
    "sdk/vendor/lib/index.mjs": "export default 1;\n",
    "sdk/vendor/lib/LICENSE.txt": "MIT\n",
    "package.json": "{}",
    "test/sdk_game.mjs": "secret test\n",
    "node_modules/ws/index.js": "module.exports = 1;\n",
}


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, text in FILES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    monkeypatch.setattr(web, "WEB_ROOT", tmp_path)
    return tmp_path


@pytest.fixture
async def client(root: Path) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.ASGITransport(app=create_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        yield http


def secured(response: httpx.Response) -> None:
    assert response.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["cache-control"] == "no-cache"


def not_found(response: httpx.Response) -> None:
    assert (response.status_code, response.json()["code"]) == (404, "request/not_found")


def test_the_policy_allows_this_origin_only_and_no_inline_code_or_framing() -> None:
    policy = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert policy == {
        "default-src": "'self'",
        "script-src": "'self'",
        "style-src": "'self'",
        "img-src": "'self'",
        "connect-src": "'self'",
        "object-src": "'none'",
        "base-uri": "'none'",
        "form-action": "'self'",
        "frame-ancestors": "'none'",
    }


@pytest.mark.parametrize(("path", "page"), [("/", "index.html"), ("/rooms/r-8f2k", "table.html")])
async def test_pages_are_the_lobby_and_the_table(client: httpx.AsyncClient, path: str, page: str) -> None:
    response = await client.get(path)
    assert response.status_code == 200
    assert response.text == FILES[page]
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.headers["referrer-policy"] == "same-origin"
    assert response.headers["etag"] and response.headers["last-modified"]
    secured(response)


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/static/app/main.js", "text/javascript; charset=utf-8"),
        ("/static/app/table.css", "text/css; charset=utf-8"),
        ("/static/sdk/boardroom.js", "text/javascript; charset=utf-8"),
        ("/static/sdk/vendor/lib/index.mjs", "text/javascript; charset=utf-8"),
    ],
)
async def test_assets_are_served_with_their_type(client: httpx.AsyncClient, path: str, kind: str) -> None:
    response = await client.get(path)
    assert response.status_code == 200
    assert response.text == FILES[path.removeprefix("/static/")]
    assert response.headers["content-type"] == kind
    secured(response)


async def test_a_matching_etag_answers_304_with_the_same_headers(client: httpx.AsyncClient) -> None:
    first = await client.get("/static/sdk/boardroom.js")
    again = await client.get("/static/sdk/boardroom.js", headers={"If-None-Match": first.headers["etag"]})
    assert (again.status_code, again.content) == (304, b"")
    secured(again)
    page = await client.get("/", headers={"If-None-Match": (await client.get("/")).headers["etag"]})
    assert page.status_code == 304


async def test_head_answers_the_headers_without_a_body(client: httpx.AsyncClient) -> None:
    response = await client.head("/static/app/main.js")
    assert (response.status_code, response.content) == (200, b"")
    assert response.headers["content-length"] == str(len(FILES["app/main.js"]))


@pytest.mark.parametrize(
    "path",
    [
        "/static/app/missing.js",  # no such file
        "/static/app",  # a directory: no listing
        "/static/app/",
        "/static/sdk/vendor/lib",
        "/static/",
        "/static",
        "/static/app/notes.txt",  # not an asset type
        "/static/sdk/vendor/lib/LICENSE.txt",
        "/static/package.json",  # outside the asset folders
        "/static/index.html",
        "/static/test/sdk_game.mjs",
        "/static/node_modules/ws/index.js",
        "/rooms/",
        "/rooms/r-8f2k/extra",
        "/index.html",
        "/static/app/%2e%2e/%2e%2e/table.html",  # encoded dots, decoded by the server
        "/static/sdk/%2e%2e/%2e%2e/package.json",
    ],
)
async def test_anything_else_is_not_found(client: httpx.AsyncClient, path: str) -> None:
    not_found(await client.get(path))


async def raw_get(path: str) -> tuple[int, bytes]:
    """GET ``path`` exactly as written (no client normalises its dots away): status and body."""
    app = create_app()
    scope: dict[str, Any] = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 1),
        "server": ("testserver", 80),
    }
    sent: list[dict[str, Any]] = []
    requested = False

    async def receive() -> dict[str, Any]:
        nonlocal requested
        if requested:  # the body was read: the client stays until the answer is sent
            await asyncio.Event().wait()
        requested = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])


@pytest.mark.parametrize(
    "path",
    [
        "/static/app/../package.json",
        "/static/app/../../pyproject.toml",
        "/static/sdk/../../../server/lobby/web.py",
        "/static/sdk/vendor/../../test/sdk_game.mjs",
        "/static/../index.html",
    ],
)
async def test_path_traversal_is_refused(root: Path, path: str) -> None:
    (root.parent / "server").mkdir(exist_ok=True)
    (root.parent / "server" / "web.py").write_text("outside")
    (root.parent / "pyproject.toml").write_text("outside")
    status, body = await raw_get(path)
    assert status == 404
    assert b"outside" not in body and b"secret" not in body


async def test_a_dot_segment_inside_the_assets_stays_inside(root: Path) -> None:
    assert await raw_get("/static/sdk/../app/main.js") == (200, FILES["app/main.js"].encode())


@pytest.mark.parametrize("path", ["/", "/rooms/r-8f2k", "/static/app/main.js"])
async def test_other_methods_are_not_allowed(client: httpx.AsyncClient, path: str) -> None:
    response = await client.post(path)
    assert (response.status_code, response.json()["code"]) == (405, "request/method_not_allowed")


async def test_a_missing_page_is_not_found(client: httpx.AsyncClient, root: Path) -> None:
    (root / "table.html").unlink()
    not_found(await client.get("/rooms/r-8f2k"))


async def test_the_api_websocket_and_probes_keep_their_paths(client: httpx.AsyncClient) -> None:
    games = await client.get("/api/games")
    assert games.status_code == 200 and "gregs" in {g["id"] for g in games.json()}
    assert (await client.get("/healthz")).json() == {"ok": True}
    assert (await client.get("/readyz")).json()["ready"] is True
    not_found(await client.get("/ws"))  # a websocket route: no page behind it
    assert (await client.get("/metrics")).status_code == 200
    not_found(await client.get("/api/nope"))
    not_found(await client.get("/api/"))
    for path in ("/api/games", "/healthz", "/metrics"):
        assert "content-security-policy" not in (await client.get(path)).headers


async def test_the_shipped_sdk_and_its_vendored_patch_library_are_served() -> None:
    transport = httpx.ASGITransport(app=create_app())
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        for name in ("sdk/boardroom.js", "sdk/lobby.js", "sdk/vendor/fast-json-patch/index.mjs"):
            response = await http.get(f"/static/{name}")
            assert response.status_code == 200
            assert response.content == (WEB_ROOT / name).read_bytes()
            assert response.headers["content-type"] == "text/javascript; charset=utf-8"


async def test_a_page_of_another_origin_may_read_the_next_page_link(client: httpx.AsyncClient) -> None:
    for _ in range(2):
        assert (await client.post("/api/rooms", json={"game": "gregs", "seats": 3})).status_code == 201
    response = await client.get("/api/rooms?limit=1", headers={"Origin": "http://elsewhere.example"})
    assert response.headers["link"].endswith('>; rel="next"')
    exposed = {h.strip().lower() for h in response.headers["access-control-expose-headers"].split(",")}
    assert exposed == {"link", "retry-after"}
