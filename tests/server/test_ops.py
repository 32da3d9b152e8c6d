"""Operations (issue 4, item 6): settings from flags and environment, Prometheus metrics scraped after
real actions, ``/healthz`` and ``/readyz`` against a Redis that goes down and comes back, and the graceful
shutdown of a real ``boardroom serve`` process on SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from prometheus_client.parser import text_string_to_metric_families
from websockets.exceptions import ConnectionClosed

from server.app import create_app
from server.clock import FakeClock
from server.ops.endpoints import readiness
from server.ops.inflight import Inflight
from server.process.config import OPTIONS, ConfigError, add_arguments, markdown_table, settings_from
from server.process.proxies import ProxyHeaders
from server.process.serving import TimedHTTP, uvicorn_config
from server.services import Services
from server.settings import HTTP_HEADROOM, Limits, Settings, Ttls
from server.store.bus import LocalBus
from server.store.memory import MemoryStore
from server.store.model import Commit, CommitResult
from server.testing import RunningServer, running_server
from tests.polling import eventually
from tests.redis.support import URL, ScratchRedisStore, need_redis, new_prefix

from .conftest import GAMES, first_choice, make_room
from .conftest import act as act_on
from .wsclient import hello, open_room, recv, send

ROOT = Path(__file__).resolve().parents[2]


def parse_flags(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    return parser.parse_args(argv)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def scrape(server: RunningServer) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of ``/metrics``: (name, sorted labels) -> value."""
    text = httpx.get(f"{server.url}/metrics").text
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


class TestSettingsFromFlagsAndEnvironment:
    def test_a_flag_beats_its_variable_and_a_variable_beats_the_default(self) -> None:
        args = parse_flags("--max-frame", "1000", "--timer", "turn=5", "--timer", "reaction=2.5")
        environ = {
            "BOARDROOM_MAX_FRAME": "2000",
            "BOARDROOM_TICK": "0.2",
            "BOARDROOM_REDIS_URL": "redis://cache:6380/1",
            "BOARDROOM_ORIGIN": "https://a.example, https://b.example",
            "BOARDROOM_ALLOW_SEED": "true",
            "BOARDROOM_FINISHED_TTL": "60",
            "BOARDROOM_REDIS_CLUSTER": "true",
        }
        assert settings_from(args, environ) == Settings(
            limits=Limits(max_frame=1000),
            timers={"turn": 5.0, "reaction": 2.5},
            tick=0.2,
            store="redis",
            redis_url="redis://cache:6380/1",
            origins=["https://a.example", "https://b.example"],
            allow_seed=True,
            ttls=Ttls(finished_log=60.0),
            redis_cluster=True,
        )

    def test_nothing_given_is_the_default_in_memory_worker(self) -> None:
        assert settings_from(parse_flags(), {}) == Settings()

    @pytest.mark.parametrize(
        ("environ", "message"),
        [
            ({"BOARDROOM_PORT": "eighty"}, "BOARDROOM_PORT: cannot read 'eighty' as int"),
            ({"BOARDROOM_TIMER": "turn"}, "BOARDROOM_TIMER: cannot read 'turn' as timers"),
            ({"BOARDROOM_ALLOW_SEED": "maybe"}, "BOARDROOM_ALLOW_SEED: cannot read 'maybe' as bool"),
        ],
    )
    def test_a_bad_value_names_its_variable(self, environ: dict[str, str], message: str) -> None:
        with pytest.raises(ConfigError) as raised:
            settings_from(parse_flags(), environ)
        assert str(raised.value).startswith(message)

    @pytest.mark.parametrize(
        ("argv", "environ", "message"),
        [
            (["--max-frame", "-1"], {}, "--max-frame: '-1' is not allowed: expected `int` >= 1"),
            (["--send-queue", "0"], {}, "--send-queue: '0' is not allowed: expected `int` >= 1"),
            (
                ["--actions-per-second", "-5"],
                {},
                "--actions-per-second: '-5' is not allowed: expected `float` > 0.0",
            ),
            (["--tick", "0"], {}, "--tick: '0' is not allowed: expected `float` > 0.0"),
            (["--port", "70000"], {}, "--port: '70000' is not allowed: expected `int` <= 65535"),
            (
                [],
                {"BOARDROOM_TIMER": "turn=0"},
                "BOARDROOM_TIMER: 'turn=0' is not allowed: expected `float` > 0.0",
            ),
            (
                ["--redis", "notaurl"],
                {},
                "--redis: 'notaurl' is not allowed: expected a redis://, rediss:// or unix:// URL",
            ),
            (
                ["--redis-cluster"],
                {},
                "--redis-cluster: a Redis Cluster needs --redis with a node's redis:// or rediss:// URL",
            ),
            (
                ["--redis", "unix:///r.sock"],
                {"BOARDROOM_REDIS_CLUSTER": "1"},
                "BOARDROOM_REDIS_CLUSTER: a Redis Cluster needs --redis with a node's redis:// or"
                " rediss:// URL",
            ),
        ],
    )
    def test_a_value_out_of_its_bounds_names_its_flag(
        self, argv: list[str], environ: dict[str, str], message: str
    ) -> None:
        with pytest.raises(ConfigError) as raised:
            settings_from(parse_flags(*argv), environ)
        assert str(raised.value) == message

    def test_the_bounds_accept_their_edges_and_every_redis_scheme(self) -> None:
        args = parse_flags(
            "--send-buffer", "0", "--bot-delay", "0", "--port", "0", "--redis", "unix:///r.sock"
        )
        settings = settings_from(args, {"BOARDROOM_FIXTURES": "1"})
        assert (settings.limits.send_buffer, settings.bot_delay, settings.port) == (0, 0.0, 0)
        assert (settings.redis_url, settings.store, settings.fixtures) == ("unix:///r.sock", "redis", True)
        assert settings_from(parse_flags("--redis", "rediss://h:6380/1"), {}).redis_url == "rediss://h:6380/1"

    def test_the_worker_limits_reach_uvicorn_as_flags_and_variables_set_them(self) -> None:
        args = parse_flags("--ping-interval", "5", "--trusted-proxy", "10.0.0.1", "--max-connections", "100")
        environ = {"BOARDROOM_TRUSTED_PROXY": "10.9.9.9", "BOARDROOM_IDLE_TIMEOUT": "2.5"}
        settings = settings_from(args, {**environ, "BOARDROOM_PING_TIMEOUT": "3"})
        config = uvicorn_config(create_app(settings, games=GAMES), settings)
        assert (config.ws_ping_interval, config.ws_ping_timeout) == (5.0, 3.0)
        assert config.limit_concurrency == 100 + HTTP_HEADROOM
        # the proxies' headers are read by our middleware (`server.process.proxies`), not uvicorn's
        assert config.proxy_headers is False and isinstance(config.app, ProxyHeaders)
        assert "10.0.0.1" in config.app.trusted_hosts and "10.9.9.9" not in config.app.trusted_hosts
        assert config.timeout_keep_alive == 3  # uvicorn's whole seconds, rounded up
        assert isinstance(config.http, type) and issubclass(config.http, TimedHTTP)
        assert config.http.limits.idle_timeout == 2.5

    def test_a_worker_runs_the_lean_websocket_protocol_and_uvicorns_own_only_when_named(self) -> None:
        from server.ws.lean import LeanWebSocket

        settings = settings_from(parse_flags(), {})
        app = create_app(settings, games=GAMES)
        assert uvicorn_config(app, settings).ws is LeanWebSocket
        assert uvicorn_config(app, settings, ws="websockets-sansio").ws == "websockets-sansio"

    def test_serve_with_a_bad_value_prints_one_line_and_exits_2(self) -> None:
        cli = "import sys; from clients.cli import main; sys.exit(main())"
        done = subprocess.run(
            [sys.executable, "-c", cli, "serve", "--redis", "notaurl"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 2
        assert done.stderr == (
            "boardroom serve: --redis: 'notaurl' is not allowed: "
            "expected a redis://, rediss:// or unix:// URL\n"
        )

    def test_every_setting_has_exactly_one_flag_and_one_boardroom_variable(self) -> None:
        leaves = {
            f"{name}.{sub}" if name in ("limits", "ttls") else name
            for name in Settings.__struct_fields__
            for sub in (getattr(Settings(), name).__struct_fields__ if name in ("limits", "ttls") else [""])
        }
        assert sorted(o.path for o in OPTIONS) == sorted(leaves - {"store"})  # --redis selects the store
        envs = [o.env for o in OPTIONS]
        assert len(set(envs)) == len(envs) and all(e.startswith("BOARDROOM_") for e in envs)

    def test_docs_operations_lists_every_option_as_generated(self) -> None:
        assert markdown_table() in (ROOT / "docs" / "operations.md").read_text()

    def test_every_serve_flag_but_log_level_is_in_the_generated_table(self) -> None:
        from clients.cli import build_parser

        serve = build_parser()._subparsers._group_actions[0].choices["serve"]  # type: ignore[union-attr]
        flags = {f for action in serve._actions for f in action.option_strings if f.startswith("--")}
        table = {o.flag for o in OPTIONS}
        # --log-level: a line below the table; --server: hidden, for `boardroom bench --server` only
        assert sorted(flags - table) == ["--help", "--log-level", "--server"]
        assert "| `--fixtures` | `BOARDROOM_FIXTURES` | `fixtures` |" in markdown_table()

    def test_serve_help_names_every_variable(self) -> None:
        out = subprocess.run(
            [sys.executable, "-c", "from clients.cli import main; main()", "serve", "--help"],
            capture_output=True,
            text=True,
            check=True,
            env={**os.environ, "COLUMNS": "200"},
        ).stdout
        assert [o.env for o in OPTIONS if o.env not in out] == []


class TestMetrics:
    async def test_actions_by_result_latencies_connections_and_rooms_after_real_actions(self) -> None:
        with running_server(Settings(timers={"turn": 30.0}), games=GAMES, clock=FakeClock()) as server:
            room, _, tokens = await open_room(server)
            ws = await hello(server, room, tokens)
            assert (await recv(ws))["type"] == "welcome"
            prompt = (await recv(ws))["prompt"]
            await recv(ws)
            action = {"kind": "draw"} if "draw" in prompt["kinds"] else {"kind": "play"}
            answers = [
                await act(ws, "a1", 0, action),  # applied
                await act(ws, "a1", 0, action),  # duplicate
                await act(ws, "a2", 0, {"kind": "play", "card": "Z9"}),  # illegal: not its turn any more
                await act(ws, "a1", 0, {"kind": "play", "card": "Z9"}),  # refused: id reused
            ]
            assert [a.get("code", a["type"]) for a in answers] == [
                "ack",
                "ack",
                "action/no_prompt",
                "act/id_reused",
            ]
            got = scrape(server)
            await ws.close()
            for _ in range(50):  # the server sees the close
                if scrape(server)[("boardroom_connections", ())] == 0:
                    break
                await asyncio.sleep(0.05)
            after = scrape(server)
        actions = {k[1]: v for k, v in got.items() if k[0] == "boardroom_actions_total"}
        assert actions == {
            (("actor", "player"), ("result", "applied")): 1.0,
            (("actor", "player"), ("result", "duplicate")): 1.0,
            (("actor", "player"), ("result", "illegal")): 1.0,
            (("actor", "player"), ("result", "refused")): 1.0,
        }
        assert got[("boardroom_action_seconds_count", ())] == 4.0
        assert got[("boardroom_commit_seconds_count", ())] == 1.0
        assert got[("boardroom_commit_conflicts_total", ())] == 0.0
        assert (got[("boardroom_connections", ())], after[("boardroom_connections", ())]) == (1.0, 0.0)
        assert (got[("boardroom_watched_rooms", ())], after[("boardroom_watched_rooms", ())]) == (1.0, 0.0)
        rooms = {dict(k[1])["status"]: v for k, v in got.items() if k[0] == "boardroom_rooms"}
        assert rooms == {"open": 0.0, "running": 1.0, "finished": 0.0, "abandoned": 0.0}
        assert got[("process_resident_memory_bytes", ())] > 0

    async def test_a_commit_that_lost_the_race_counts_one_conflict(self) -> None:
        bus = LocalBus()
        services = Services(Settings(), GAMES, FakeClock(), YieldingStore(bus), bus)
        made = await make_room(services, game="fixture-commit", seats=2)
        bids = [await first_choice(services, made.room, seat) for seat in (0, 1)]
        # both load version 0 (the store yields before committing); the second commit conflicts, retries
        acted = await asyncio.gather(*(act_on(services.rooms, made.room, s, a, f"b{s}") for s, a in bids))
        assert sorted(a.version for a in acted) == [1, 2]
        sample = services.metrics.registry.get_sample_value
        assert sample("boardroom_commit_conflicts_total") == 1.0
        assert sample("boardroom_actions_total", {"actor": "player", "result": "applied"}) == 2.0
        assert sample("boardroom_commit_seconds_count") == 3.0


class YieldingStore(MemoryStore):
    """The in-memory store, but a commit lets other tasks run first (as a Redis round trip does)."""

    async def commit(self, commit: Commit) -> CommitResult:
        await asyncio.sleep(0)
        return await super().commit(commit)


async def act(ws: Any, action_id: str, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """Send one act and return its ack or error (updates in between are skipped)."""
    await send(ws, {"type": "act", "id": action_id, "seat": seat, "action": action})
    while True:
        frame = await recv(ws)
        if frame["type"] in ("ack", "error"):
            return frame


# ---- readiness against a Redis of our own --------------------------------------------------------------


@contextlib.contextmanager
def redis_server(port: int) -> Iterator[subprocess.Popen[bytes]]:
    """A throw-away ``redis-server`` on ``port`` (no persistence); never the shared one on 6379."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no redis-server binary (.ci/run installs it)")
    proc = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        client = redis.Redis(port=port, socket_connect_timeout=0.2)
        for _ in range(100):
            with contextlib.suppress(redis.RedisError):
                if client.ping():
                    break
            time.sleep(0.05)
        client.close()
        yield proc
    finally:
        proc.kill()
        proc.wait()


def ready(server: RunningServer) -> tuple[int, dict[str, Any]]:
    response = httpx.get(f"{server.url}/readyz", timeout=5.0)
    body: dict[str, Any] = response.json()
    return response.status_code, body


def wait_ready(server: RunningServer, want: int, seconds: float = 10.0) -> tuple[int, dict[str, Any]]:
    """The readiness answer (status, body) once its status is ``want``."""

    def answer() -> tuple[int, dict[str, Any]] | None:
        got = ready(server)
        return got if got[0] == want else None

    return eventually(answer, seconds, 0.1)


class TestHealthAndReadiness:
    async def test_readyz_is_503_while_redis_is_down_and_200_once_it_is_back(self) -> None:
        port = free_port()
        settings = Settings(store="redis", redis_url=f"redis://127.0.0.1:{port}/0", redis_prefix=new_prefix())
        with redis_server(port) as first, running_server(settings, games=GAMES) as server:
            room, _, tokens = await open_room(server)
            ws = await hello(server, room, tokens)
            await recv(ws)
            ok = {"ready": True, "store": "ok", "bus": "ok", "draining": False}
            assert wait_ready(server, 200) == (200, ok)
            first.kill()
            first.wait()
            status, body = wait_ready(server, 503)
            assert (status, body["ready"], body["store"].split(":")[0]) == (503, False, "unreachable")
            assert httpx.get(f"{server.url}/healthz").json() == {"ok": True}  # alive: do not restart it
            with redis_server(port):
                assert wait_ready(server, 200) == (200, ok)  # reconnected and the room resubscribed
            await ws.close()

    def test_the_bus_is_not_ok_while_redis_is_down_even_with_no_room_watched(self) -> None:
        port = free_port()
        settings = Settings(store="redis", redis_url=f"redis://127.0.0.1:{port}/0", redis_prefix=new_prefix())
        with redis_server(port) as first, running_server(settings, games=GAMES) as server:
            assert wait_ready(server, 200)[1]["bus"] == "ok"
            first.kill()
            first.wait()
            status, body = wait_ready(server, 503)
            assert (status, body["bus"].split(":")[0]) == (503, "unreachable")
            with redis_server(port):
                assert wait_ready(server, 200)[1]["bus"] == "ok"

    async def test_a_draining_worker_is_not_ready(self) -> None:
        services = Services(Settings(), GAMES, FakeClock())
        assert (await readiness(services)).ready is True
        services.inflight.draining = True
        assert await readiness(services) == type(await readiness(services))(False, "ok", "ok", True)


# ---- graceful shutdown ---------------------------------------------------------------------------------


class TestGracefulShutdown:
    async def test_draining_finishes_an_action_whose_caller_was_cancelled(self) -> None:
        inflight, gate, done = Inflight(), asyncio.Event(), []

        async def action() -> int:
            await gate.wait()
            done.append("committed")
            return 7

        inflight.draining = True
        caller = asyncio.ensure_future(inflight.run(action()))
        await asyncio.sleep(0)
        caller.cancel()  # the session's reader is cancelled when its connection closes
        await asyncio.sleep(0)
        assert (caller.cancelled(), inflight.count()) == (True, 1)
        gate.set()
        assert await inflight.settle(1.0) is True
        assert done == ["committed"]

    async def test_sigterm_says_bye_1001_closes_1001_and_loses_no_action(self) -> None:
        need_redis()
        prefix, port = new_prefix(), free_port()
        scratch = ScratchRedisStore(redis.asyncio.Redis.from_url(URL), prefix)
        proc = serve(port, "--redis", URL, "--redis-prefix", prefix, "--shutdown-grace", "5")
        try:
            frames, close, acted = await act_then_terminate(proc, port)
            assert proc.wait(20) == -signal.SIGTERM  # uvicorn re-raises the signal after the shutdown
            assert frames[-1] == {"type": "bye", "code": 1001, "reason": "shutdown"}
            assert close == 1001
            stored = await scratch.get_state(acted["room"])
            assert stored is not None and stored.version == 1  # the in-flight action was committed
            with running_server(
                Settings(store="redis", redis_url=URL, redis_prefix=prefix), games=GAMES
            ) as other:
                ws = await hello(other, acted["room"], acted["tokens"], since=1)
                await recv(ws)
                answer = await act(ws, "last", acted["seat"], acted["action"])
                await ws.close()
            assert answer == {
                "type": "ack",
                "id": "last",
                "seat": acted["seat"],
                "version": 1,
                "duplicate": True,
            }
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            await scratch.aclose()


def serve(port: int, *flags: str) -> subprocess.Popen[bytes]:
    """``boardroom serve`` as a real process on ``port``; returns once ``/healthz`` answers."""
    code = "from clients.cli import main; raise SystemExit(main())"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, "serve", "--port", str(port), "--log-level", "warning", *flags],
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and proc.poll() is None:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1.0).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"boardroom serve on {port} did not start")


async def act_then_terminate(proc: subprocess.Popen[bytes], port: int) -> tuple[list[Any], int | None, Any]:
    """Open a room, send one act, SIGTERM the worker at once; returns the frames after the act, the close
    code and what the act was."""
    from websockets.asyncio.client import connect

    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as http:
        room = (await http.post("/api/rooms", json={"game": "gregs", "seats": 3})).json()["room"]
        tokens = [
            (await http.post(f"/api/rooms/{room}/seats/{i}/claim", json={"name": f"p{i}"})).json()["token"]
            for i in range(3)
        ]
    ws = await connect(f"ws://127.0.0.1:{port}/ws")
    await send(ws, {"type": "hello", "v": 1, "room": room, "tokens": tokens})
    await recv(ws)
    snapshots = [await recv(ws) for _ in tokens]
    seat, prompt = next((s["seat"], s["prompt"]) for s in snapshots if "prompt" in s)
    kind = next(k for k in prompt["kinds"] if prompt["choices"].get(k))
    action = {"kind": kind, **prompt["choices"][kind][0]}
    await send(ws, {"type": "act", "id": "last", "seat": seat, "action": action})
    proc.send_signal(signal.SIGTERM)
    frames: list[Any] = []
    try:
        while True:
            frames.append(await recv(ws, timeout=15.0))
    except ConnectionClosed as closed:
        code = closed.rcvd.code if closed.rcvd is not None else None
    return frames, code, {"room": room, "tokens": tokens, "seat": seat, "action": action}
