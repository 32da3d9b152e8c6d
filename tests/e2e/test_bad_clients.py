"""Clients that hold a worker's resources rather than send it bad frames (the bad-input suite's other
half): sockets that never finish a request, more websockets than the worker takes, and clients that
create, list or guess tokens without end. Each is bounded by the worker itself, not only by the proxy
in front of it (deploy/nginx.conf), and answered with its documented code."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import httpx
import msgspec
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from server.settings import HTTP_HEADROOM, Limits, Settings
from tests.e2e.conftest import Server, running_server

#: Short deadlines, so a test waits for each of them in well under a second.
QUICK = Limits(header_timeout=0.5, body_timeout=0.5, idle_timeout=0.5)
#: Seconds a test waits, at most, for every slow socket to be closed (each deadline is 0.5 s).
PATIENCE = 15.0
#: A bucket that does not refill within a test: its burst is all a client gets.
NEVER = 1e-6


async def slow_socket(port: int, kind: str) -> bytes:
    """Hold one connection as ``kind`` says (``idle``: send nothing; ``headers``: a request whose
    headers never end; ``next headers``: the same after a first request on the connection (keep-alive);
    ``body``: a body that never ends), a line or byte every 0.1 s; returns what the worker
    sent once it closed the connection (``b""``: closed without a word)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    head = {
        "idle": b"",
        "headers": b"GET /api/games HTTP/1.1\r\nHost: x\r\n",
        "next headers": b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /api/games HTTP/1.1\r\nHost: x\r\n",
        "body": b"POST /api/rooms HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n",
    }[kind]
    writer.write(head)
    received = b""
    try:
        async with asyncio.timeout(PATIENCE):
            while True:
                try:
                    data = await asyncio.wait_for(reader.read(65536), 0.1)
                except TimeoutError:
                    if kind != "idle":  # never idle: uvicorn's keep-alive timeout does not start
                        writer.write(b"x" if kind == "body" else b"X-Drip: 1\r\n")
                    continue
                if not data:
                    return received
                received += data
    finally:
        writer.close()
        with contextlib.suppress(OSError):
            await writer.wait_closed()


@pytest.mark.parametrize("kind", ["idle", "headers", "next headers", "body"])
async def test_slow_sockets_are_closed_by_the_worker(kind: str) -> None:
    """20 sockets of one kind: every one is closed (they were all held open for good); a request cut
    off mid-headers or mid-body is answered 408 ``request/timeout``, an idle socket just closed."""
    with running_server(Settings(limits=QUICK)) as server:
        port = int(server.http.rsplit(":", 1)[1])
        answers = await asyncio.gather(*(slow_socket(port, kind) for _ in range(20)))
        assert httpx.get(server.http + "/healthz").status_code == 200
    if kind == "idle":
        assert answers == [b""] * 20
    else:
        timed_out = [a.rsplit(b"HTTP/1.1 ", 1)[-1] for a in answers]  # the last answer of each
        assert [a.split(b"\r\n", 1)[0] for a in timed_out] == [b"408 Request Timeout"] * 20
        body = msgspec.json.decode(timed_out[0].split(b"\r\n\r\n", 1)[1])
        assert body["code"] == "request/timeout"
        assert [a.count(b"HTTP/1.1 200 OK") for a in answers] == [int(kind == "next headers")] * 20


async def test_websockets_past_the_cap_are_closed_1013_and_the_probes_still_answer() -> None:
    """A worker holding ``max_connections`` websockets closes the next ones 1013 (try again later,
    another worker) right after the handshake; HTTP keeps its headroom (probes, lobby)."""
    with running_server(Settings(limits=Limits(max_connections=3))) as server:
        async with contextlib.AsyncExitStack() as stack:
            held = [await stack.enter_async_context(connect(server.ws)) for _ in range(3)]
            refused = []
            for _ in range(2):
                async with connect(server.ws) as extra:
                    with pytest.raises(ConnectionClosed):
                        await asyncio.wait_for(extra.recv(), 5.0)
                    refused.append((extra.close_code, extra.close_reason))
            assert all(ws.close_code is None for ws in held)
            assert httpx.get(server.http + "/healthz").status_code == 200
    reason = "worker full: too many connections; reconnect (to another worker)"
    assert refused == [(1013, reason)] * 2


def lobby_calls(server: Server, count: int, method: str, path: str, **kw: Any) -> list[httpx.Response]:
    with httpx.Client(base_url=server.http) as http:
        return [http.request(method, path, **kw) for _ in range(count)]


def codes(responses: list[httpx.Response]) -> list[tuple[int, str | None]]:
    return [(r.status_code, r.json().get("code") if r.status_code >= 400 else None) for r in responses]


async def test_room_creation_per_client_is_a_bucket_then_429_with_retry_after() -> None:
    limits = Limits(create_burst=5, creates_per_second=NEVER)
    body = {"game": "gregs", "seats": 3}
    with running_server(Settings(limits=limits)) as server:
        answers = lobby_calls(server, 8, "POST", "/api/rooms", json=body)
        rooms = httpx.get(server.http + "/api/rooms").json()
    assert codes(answers) == [(201, None)] * 5 + [(429, "rate/limited")] * 3
    assert int(answers[-1].headers["retry-after"]) >= 1
    assert answers[-1].json()["details"]["retry_after"] == int(answers[-1].headers["retry-after"])
    assert len(rooms) == 5


async def test_room_listing_per_client_is_a_bucket_then_429() -> None:
    with running_server(Settings(limits=Limits(list_burst=3, lists_per_second=NEVER))) as server:
        answers = lobby_calls(server, 5, "GET", "/api/rooms")
    assert codes(answers) == [(200, None)] * 3 + [(429, "rate/limited")] * 2


async def test_token_guessing_is_refused_before_the_token_is_checked() -> None:
    """1,000 guesses took 1.1 s: now a client has ``token_failure_burst`` failed checks, then every
    call with a token is 429 — the right token too, until the bucket refills."""
    limits = Limits(token_failure_burst=5, token_failures_per_second=NEVER)
    with running_server(Settings(limits=limits)) as server, httpx.Client(base_url=server.http) as http:
        created = http.post("/api/rooms", json={"game": "gregs", "seats": 3, "autostart": False}).json()
        room = created["room"]
        guesses = [
            http.post(f"/api/rooms/{room}/start", headers={"Authorization": f"Bearer guess{n}"})
            for n in range(20)
        ]
        right = http.post(
            f"/api/rooms/{room}/start", headers={"Authorization": f"Bearer {created['host_token']}"}
        )
        info = http.get(f"/api/rooms/{room}").json()
    assert codes(guesses) == [(401, "auth/bad_token")] * 5 + [(429, "rate/limited")] * 15
    assert codes([right]) == [(429, "rate/limited")]
    assert info["status"] == "open"


async def hello(url: str, room: str, token: str) -> tuple[int | None, str]:
    async with connect(url) as ws:
        await ws.send(
            msgspec.json.encode({"type": "hello", "v": 1, "room": room, "tokens": [token]}).decode()
        )
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), 5.0)
        return ws.close_code, ws.close_reason


async def test_hellos_with_guessed_tokens_close_4401_then_4429() -> None:
    limits = Limits(token_failure_burst=3, token_failures_per_second=NEVER)
    with running_server(Settings(limits=limits)) as server:
        room = httpx.post(server.http + "/api/rooms", json={"game": "gregs", "seats": 3}).json()["room"]
        closes = [await hello(server.ws, room, f"guess{n}") for n in range(5)]
    assert [code for code, _ in closes] == [4401] * 3 + [4429] * 2
    assert closes[-1][1].startswith("too many failed token checks; retry in ")


@pytest.mark.parametrize(("trusted", "expected"), [(["127.0.0.1"], [201] * 4), ([], [201, 201, 429, 429])])
async def test_behind_a_trusted_proxy_each_forwarded_client_has_its_own_bucket(
    trusted: list[str], expected: list[int]
) -> None:
    """Four clients behind the proxy at 127.0.0.1 (``X-Forwarded-For``) each create a room with a
    burst of 2: trusted, each has its own bucket; not trusted, they all count as the proxy."""
    settings = Settings(limits=Limits(create_burst=2, creates_per_second=NEVER), trusted_proxies=trusted)
    body = {"game": "gregs", "seats": 3}
    with running_server(settings) as server, httpx.Client(base_url=server.http) as http:
        answers = [
            http.post("/api/rooms", json=body, headers={"X-Forwarded-For": f"203.0.113.{n}"})
            for n in range(4)
        ]
    assert [a.status_code for a in answers] == expected


async def silent_websocket(port: int) -> bytes:
    """A websocket handshake, then nothing: no hello, no pong to the server's pings; returns what the
    worker sent until it closed the connection."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    received = b""
    try:
        async with asyncio.timeout(PATIENCE):
            while data := await reader.read(65536):
                received += data
    finally:
        writer.close()
    return received


async def test_a_websocket_that_never_answers_a_ping_is_closed_by_the_worker() -> None:
    """The worker's keepalive is a setting (``--ping-interval``, ``--ping-timeout``): 10 websockets that
    never answer its pings (nor say hello: its timeout is out of reach here) are all closed."""
    limits = Limits(ping_interval=0.3, ping_timeout=0.3, hello_timeout=60.0)
    with running_server(Settings(limits=limits)) as server:
        port = int(server.http.rsplit(":", 1)[1])
        answers = await asyncio.gather(*(silent_websocket(port) for _ in range(10)))
    assert [a.startswith(b"HTTP/1.1 101 ") for a in answers] == [True] * 10
    assert all(b"\x89" in a.split(b"\r\n\r\n", 1)[1] for a in answers)  # each got a ping frame first


async def test_past_the_websockets_and_the_headroom_http_is_answered_503() -> None:
    """With ``max_connections`` + `HTTP_HEADROOM` connections of any kind open (the request's own
    included), an HTTP request is answered 503 by uvicorn (``limit_concurrency``); one fewer, served."""
    limits = Limits(max_connections=1, idle_timeout=60.0)
    with running_server(Settings(limits=limits)) as server:
        port = int(server.http.rsplit(":", 1)[1])
        held = [await asyncio.open_connection("127.0.0.1", port) for _ in range(HTTP_HEADROOM - 1)]
        with httpx.Client(base_url=server.http) as http:
            served = http.get("/api/games").status_code  # 255 held and its own: one under the limit
            reader, writer = await asyncio.open_connection("127.0.0.1", port)  # the limit's own
            writer.write(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
            refused = (await reader.readline()).decode().strip()
        for _, other in [*held, (reader, writer)]:
            other.close()
    assert (served, refused) == (200, "HTTP/1.1 503 Service Unavailable")
