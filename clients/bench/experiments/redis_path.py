"""The Redis reply path alone: CPU per round trip of a commit as the store sends it (the commit script's
``EVALSHA`` with a Gregs-sized state, step and schedule, and the due index's ``ZADD ... LT`` in the same
pipeline), one round trip in flight at a time (a paced worker's batches hold one action each).

    python -m clients.bench.experiments.redis_path [--url redis://127.0.0.1:6379/0] [--count 2000] [--runs 5]

Paths, measured in turn within each run (so a busy moment of the machine hits them all), the median of
the runs printed, µs of this process's CPU (``time.process_time``: user + system, so the loopback
socket write and read are in it) and of wall time per round trip:

- ``redis-py``: the auto-pipeline as the store runs it over redis-py (`Batcher`: a redis-py pipeline
  collects the commands, redis-py's connection sends them, its hiredis parser reads the replies);
- ``wire``: the auto-pipeline over the lean connection
  (`clients.bench.experiments.redis_lean.WireBatcher`: the same collection and reply callbacks, an
  `asyncio.Protocol` and a `hiredis.Reader` underneath);
- ``hiredis``: the floor of the lean connection: the two commands packed by hiredis, written, and their
  replies read by `redis_lean.Wire` with nothing around it;
- ``coredis`` (when installed): its non-transactional pipeline with the same two commands.

Every commit commits (its version compare-and-set matches): the replies are checked. The keys live
under a prefix of their own (``benchpath<pid>:``), deleted at the end. The event loop is uvloop, as a
worker's (``--loop asyncio`` for the standard one).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

import msgspec

from clients.bench.experiments.redis_lean import Wire, WireBatcher, connect, lean_options, pack
from server.store.bus_redis import server_client
from server.store.model import Deadline, Schedule
from server.store.redis import RedisStore
from server.store.redis_batch import Batcher
from server.store.redis_scripts import source

_enc = msgspec.msgpack.Encoder()

#: Sizes of a Gregs commit's arguments as a paced run sends them (bytes; read off ``MONITOR``)
STATE_BYTES = 1000
STEP_BYTES = 330

RoundTrip = Callable[[int], Awaitable[Any]]


class Room:
    """One room's keys with a running state at version 0, and the commit's arguments for each version."""

    def __init__(self, store: RedisStore, room: str) -> None:
        self.store = store
        self.room = room
        self.keys = store.keys(room)
        self.sha = store._scripts["commit"].sha
        deadline = Deadline(room, 0, "t0-reveal-0", time.time() + 60)
        self.schedule = _enc.encode(Schedule(1, [deadline]))
        self.deadline = [_enc.encode(deadline), repr(deadline.due)]
        self.due = deadline.due
        self.state = os.urandom(STATE_BYTES)
        self.step = os.urandom(STEP_BYTES)

    async def setup(self) -> None:
        redis = self.store.redis
        await redis.hset(self.keys[0], mapping={"body": b"", "rev": 0, "status": "running"})
        await redis.hset(self.keys[2], mapping={"state": b"", "version": 0, "epoch": "e", "finished": 0})
        await redis.script_load(source("commit"))

    def evalsha(self, expect: int) -> tuple[Any, ...]:
        """The ``EVALSHA`` of the commit from version ``expect``, as `RedisStore.commit` sends it."""
        args = [
            expect,
            self.state,
            0,
            f"0:a{expect}",
            "d6c7de66d6a2977e102d3a227c3aaa7144e97c4cac717ed913b525df85f83166",
            self.step,
            self.schedule,
            self.store.channel(self.room),
            self.store.ttl_ms,
            "",
            0,
            *self.deadline,
        ]
        return ("EVALSHA", self.sha, len(self.keys), *self.keys, *args)


def _check(reply: Any, expect: int) -> None:
    if not isinstance(reply, list) or reply[:2] != [b"committed", expect + 1]:
        raise RuntimeError(f"the commit from version {expect} did not commit: {reply!r}")


def batcher_path(batch: Batcher, room: Room) -> RoundTrip:
    """A commit's round trip through the auto-pipeline ``batch`` (as `RedisStore._batched` runs it)."""
    store = room.store

    async def once(expect: int) -> None:
        command = room.evalsha(expect)

        def add(pipe: Any) -> None:
            pipe.execute_command(*command)

        then = store._due_entry(room.room, room.due)
        (reply,) = await batch.run(room.keys[0], add, 1, then, store.due_key)
        _check(reply, expect)

    return once


def hiredis_path(wire: Wire, room: Room) -> RoundTrip:
    """The two commands packed by hiredis on a bare `Wire`."""
    due = ("ZADD", room.store.due_key, "LT", room.due, room.room)

    async def once(expect: int) -> None:
        reply, _ = await wire.call(pack(room.evalsha(expect)) + pack(due), 2)
        _check(reply, expect)

    return once


def coredis_path(client: Any, room: Room) -> RoundTrip:
    """coredis's non-transactional pipeline with the same two commands."""
    from coredis.tokens import PureToken

    async def once(expect: int) -> None:
        command = room.evalsha(expect)
        async with client.pipeline(transaction=False) as pipe:
            reply = pipe.evalsha(room.sha, room.keys, command[3 + len(room.keys) :])
            pipe.zadd(room.store.due_key, {room.room: room.due}, comparison=PureToken.LT)
        _check(await reply, expect)

    return once


async def measure(once: RoundTrip, start: int, count: int) -> tuple[float, float]:
    """µs of CPU and of wall time per round trip over ``count`` sequential round trips."""
    cpu, wall = time.process_time(), time.perf_counter()
    for expect in range(start, start + count):
        await once(expect)
    return (time.process_time() - cpu) / count * 1e6, (time.perf_counter() - wall) / count * 1e6


async def main(url: str, count: int, runs: int) -> dict[str, tuple[float, float]]:
    prefix = f"benchpath{os.getpid()}:"
    client = server_client(url)
    store = RedisStore(client, prefix)
    options = lean_options(client.connection_pool.connection_kwargs)
    if options is None:
        raise SystemExit(f"{url}: the lean connection does not serve this URL (TLS, a socket, options)")
    paths: dict[str, tuple[Room, RoundTrip]] = {}
    closers: list[Callable[[], Awaitable[Any]]] = []
    try:
        for name in ("redis-py", "wire", "hiredis", "coredis"):
            room = Room(store, name)
            await room.setup()
            if name == "redis-py":
                batch: Batcher = Batcher(client)
                closers.append(batch.aclose)
                paths[name] = (room, batcher_path(batch, room))
            elif name == "wire":
                batch = WireBatcher(client, options)
                closers.append(batch.aclose)
                paths[name] = (room, batcher_path(batch, room))
            elif name == "hiredis":
                wire = await connect(options)
                closers.append(_async(wire.close))
                paths[name] = (room, hiredis_path(wire, room))
            else:
                other = await _coredis(url, closers)
                if other is not None:
                    paths[name] = (room, coredis_path(other, room))
        figures: dict[str, list[tuple[float, float]]] = {name: [] for name in paths}
        versions = dict.fromkeys(paths, 0)
        for name, (_, once) in paths.items():  # warm-up: connections, caches, first-call costs
            await measure(once, versions[name], 200)
            versions[name] += 200
        for _ in range(runs):
            for name, (_, once) in paths.items():
                figures[name].append(await measure(once, versions[name], count))
                versions[name] += count
        return {
            name: (statistics.median(c for c, _ in runs_), statistics.median(w for _, w in runs_))
            for name, runs_ in figures.items()
        }
    finally:
        for close in reversed(closers):
            await close()
        await store.purge()
        await store.aclose()


def _async(call: Callable[[], None]) -> Callable[[], Awaitable[None]]:
    async def run() -> None:
        call()

    return run


async def _coredis(url: str, closers: list[Callable[[], Awaitable[Any]]]) -> Any:
    """A connected coredis client (its context entered; the exit queued on ``closers``), or ``None``
    when coredis is not installed."""
    try:
        import coredis
    except ImportError:
        return None
    client = coredis.Redis.from_url(url)
    await client.__aenter__()
    closers.append(lambda: client.__aexit__(None, None, None))
    return client


def cli(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m clients.bench.experiments.redis_path", description=__doc__
    )
    parser.add_argument("--url", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--count", type=int, default=2000, help="round trips per path and run")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--loop", choices=("uvloop", "asyncio"), default="uvloop")
    args = parser.parse_args(argv)
    run = main(args.url, args.count, args.runs)
    if args.loop == "uvloop":
        import uvloop

        figures = uvloop.run(run)
    else:
        figures = asyncio.run(run)
    base = figures["redis-py"][0]
    print(f"{'path':<10} {'CPU µs/rt':>10} {'wall µs/rt':>11} {'CPU vs redis-py':>16}")
    for name, (cpu, wall) in figures.items():
        print(f"{name:<10} {cpu:>10.1f} {wall:>11.1f} {cpu / base:>15.0%}")


if __name__ == "__main__":
    cli()
