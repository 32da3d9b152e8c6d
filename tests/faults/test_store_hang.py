"""Issue 21, point 4: answers while Redis hangs. The tests' own ``redis-server`` on a free port is
frozen (SIGSTOP: its sockets stay open, nothing is answered), never the shared one. Each lobby call
answers 503 ``store/unavailable`` within about a second of its own deadline (it waited for the store's
pipeline deadline before, 9-10 s), and ``/metrics`` serves the values it last knew with
``boardroom_store_up 0`` as fast (it took 10.0 s, Prometheus' default scrape timeout)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from server.lobby.api import STORE_DEADLINE
from server.settings import Settings
from server.testing import running_server
from tests.faults.cluster import RedisServer
from tests.redis.support import new_prefix

#: Seconds past the deadline a call may take on a shared machine.
SLACK = 1.0


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    data = tmp_path / "redis"
    data.mkdir()
    with RedisServer(data) as server:
        yield server


def timed(client: httpx.Client, method: str, path: str, **kw: object) -> tuple[float, httpx.Response]:
    started = time.monotonic()
    response = client.request(method, path, **kw)  # type: ignore[arg-type]
    return time.monotonic() - started, response


def gauge(exposition: str, name: str) -> str:
    (line,) = [line for line in exposition.splitlines() if line.startswith(name + " ")]
    return line.split()[-1]


def test_lobby_calls_and_metrics_answer_within_their_deadline_while_redis_hangs(
    redis_server: RedisServer,
) -> None:
    settings = Settings(store="redis", redis_url=redis_server.url, redis_prefix=new_prefix())
    with running_server(settings) as server, httpx.Client(base_url=server.url, timeout=30.0) as client:
        created = client.post("/api/rooms", json={"game": "gregs", "seats": 3}).json()
        room = created["room"]
        assert gauge(client.get("/metrics").text, 'boardroom_rooms{status="open"}') == "1.0"
        redis_server.freeze()
        calls = [
            ("POST", "/api/rooms", {"json": {"game": "gregs", "seats": 3}}),
            ("GET", "/api/rooms", {}),
            ("GET", f"/api/rooms/{room}", {}),
            ("POST", f"/api/rooms/{room}/seats/0/claim", {"json": {"name": "ann"}}),
            (
                "DELETE",
                f"/api/rooms/{room}",
                {"headers": {"Authorization": f"Bearer {created['host_token']}"}},
            ),
        ]
        took: dict[str, float] = {}
        for method, path, kw in calls:
            seconds, response = timed(client, method, path, **kw)
            took[f"{method} {path}"] = round(seconds, 2)
            assert (response.status_code, response.json()["code"]) == (503, "store/unavailable"), path
            assert response.headers["retry-after"] == "1"
        seconds, metrics = timed(client, "GET", "/metrics")
        took["GET /metrics"] = round(seconds, 2)
        seconds, ready = timed(client, "GET", "/readyz")
        took["GET /readyz"] = round(seconds, 2)
        redis_server.thaw()
    print(f"answer seconds with Redis frozen: {took}")
    assert max(took.values()) <= STORE_DEADLINE + SLACK, took
    assert metrics.status_code == 200
    assert gauge(metrics.text, "boardroom_store_up") == "0.0"
    assert gauge(metrics.text, 'boardroom_rooms{status="open"}') == "1.0"  # the last value it knew
    assert ready.status_code == 503 and ready.json()["store"].startswith("unreachable")
