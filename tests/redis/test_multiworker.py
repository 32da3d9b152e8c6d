"""Three stateless workers (``boardroom serve --redis``, separate processes, one key prefix) share a Gregs
room: each seat is claimed through, and plays over, a different worker, and the game reaches its outcome
everywhere. Afterwards no worker is subscribed to the room and no key is left behind."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import redis.asyncio as aioredis

from clients.sdk import BotPlayer, Connection, Lobby
from games.catalog import shipped
from games.engine import Game, random_policy
from tests.polling import eventually
from tests.redis.support import URL, ScratchRedisStore, need_redis, new_prefix

GAME: Game[Any, Any] = shipped()["gregs"]
WORKERS = 3


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_healthy(port: int, proc: subprocess.Popen[bytes], seconds: float = 30.0) -> None:
    def healthy() -> bool:
        if proc.poll() is not None:
            raise RuntimeError(f"worker on port {port} exited with {proc.returncode}")
        return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1.0).status_code == 200

    eventually(healthy, seconds, 0.1, ignore=(httpx.HTTPError,))


@contextlib.contextmanager
def workers(prefix: str, count: int) -> Iterator[list[int]]:
    """``count`` ``boardroom serve --redis`` processes on free ports; yields the ports."""
    ports = [free_port() for _ in range(count)]
    code = "from clients.cli import main; raise SystemExit(main())"
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code, "serve", "--redis", URL, "--redis-prefix", prefix, "--port", str(p)],
            env={**os.environ, "PYTHONWARNINGS": "ignore"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for p in ports
    ]
    try:
        for port, proc in zip(ports, procs, strict=True):
            wait_healthy(port, proc)
        yield ports
    finally:
        for proc in procs:
            proc.send_signal(signal.SIGINT)
        for proc in procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture
def prefix() -> str:
    need_redis()
    return new_prefix()


async def test_seats_on_three_workers_play_one_gregs_game_to_its_outcome(prefix: str) -> None:
    scratch = ScratchRedisStore(aioredis.Redis.from_url(URL), prefix)
    try:
        with workers(prefix, WORKERS) as ports:
            await play_across(ports, prefix, scratch)
        assert await scratch.purge() > 0
        assert [k async for k in scratch.redis.scan_iter(match=prefix + "*")] == []
    finally:
        await scratch.aclose()


async def play_across(ports: list[int], prefix: str, scratch: ScratchRedisStore) -> None:
    lobbies = [Lobby(f"http://127.0.0.1:{port}") for port in ports]
    try:
        created = await lobbies[0].create_room("gregs", WORKERS)
        tokens = [(await lobbies[i].claim(created.room, i, f"p{i}")).token for i in range(WORKERS)]
        conns = [
            Connection(f"ws://127.0.0.1:{ports[i]}/ws", created.room, [tokens[i]]) for i in range(WORKERS)
        ]
        for conn in conns:
            await conn.connect()
        bots = [BotPlayer(conn, GAME, random_policy, seed=b"multi") for conn in conns]
        outcomes = await asyncio.gather(*(bot.run(120.0) for bot in bots))
        info = await lobbies[2].room(created.room)
        assert info.status == "finished"
        assert outcomes[0] is not None and outcomes[0] == outcomes[1] == outcomes[2]
        assert sum(bot.actions for bot in bots) == info.version
        assert [c.mirrors[i].version for i, c in enumerate(conns)] == [info.version] * WORKERS
        for conn in conns:
            await conn.close()
        channel = scratch.channel(created.room)
        await asyncio.sleep(0.5)  # the workers see the sockets close and unsubscribe
        assert await scratch.redis.pubsub_numsub(channel) == [(channel.encode(), 0)]
        assert 0 < await scratch.redis.pttl(scratch.keys(created.room)[0]) <= 3600 * 1000
    finally:
        for lobby in lobbies:
            await lobby.close()
