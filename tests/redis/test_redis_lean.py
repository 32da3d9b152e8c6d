"""The Redis reply-path micro-benchmark (`clients.bench.experiments.redis_path`) and the lean connection it
measures (`clients.bench.experiments.redis_lean`): the lean path returns what redis-py returns, so the
benchmark compares like with like, and the benchmark runs (its every commit is checked to commit)."""

from __future__ import annotations

import asyncio
import importlib.util
import os
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio as aioredis
from redis.exceptions import NoScriptError, ResponseError

from clients.bench.experiments import redis_path
from clients.bench.experiments.redis_lean import WireBatcher, batcher
from server.store.bus_redis import server_client
from server.store.redis_batch import Batcher
from tests.redis.support import URL, need_redis, new_prefix


@pytest.fixture
async def client() -> AsyncIterator[aioredis.Redis]:
    need_redis()
    redis = server_client(URL)
    yield redis
    await redis.aclose()


def lean(redis: aioredis.Redis) -> WireBatcher:
    return batcher(redis)


async def one(batch: Batcher, key: str, *command: Any) -> Any:
    (reply,) = await batch.run(key, lambda pipe: pipe.execute_command(*command), 1)
    return reply


def test_the_lean_connection_serves_one_redis_over_tcp_only() -> None:
    assert isinstance(batcher(server_client("redis://127.0.0.1:6379/0")), WireBatcher)
    for url in ("rediss://127.0.0.1:6379/0", "unix:///run/redis.sock", "redis://h:1/0?protocol=2"):
        with pytest.raises(ValueError, match="one Redis over plain TCP only"):
            batcher(server_client(url))


async def test_every_reply_the_store_reads_is_as_redis_py_returns_it(client: aioredis.Redis) -> None:
    p = new_prefix()
    await client.hset(p + "h", mapping={"a": b"1", "b": b"\x00\xff"})
    await client.zadd(p + "z", {"m1": 1.5, "m2": 2.0})
    await client.xadd(p + "s", {"s": b"step"}, id="1-0")
    await client.set(p + "str", b"v")

    def add(pipe: Any) -> None:
        pipe.hget(p + "h", "b")
        pipe.hmget(p + "h", ["a", "x", "b"])
        pipe.get(p + "str")
        pipe.get(p + "none")
        pipe.hgetall(p + "h")
        pipe.zrangebyscore(p + "z", "-inf", "1.9", 0, 10)
        pipe.zrange(p + "z", 0, 0, withscores=True)
        pipe.xrange(p + "s", "1-0", "+")
        pipe.zadd(p + "z", {"m2": 1.0}, lt=True)
        pipe.execute_command("EVALSHA", "0" * 40, 0)
        pipe.execute_command("INCR", p + "h")
        pipe.zrem(p + "z", "m1")

    expected = [
        b"\x00\xff",
        [b"1", None, b"\x00\xff"],
        b"v",
        None,
        {b"a": b"1", b"b": b"\x00\xff"},
        [b"m1"],
        [(b"m1", 1.5)],
        [(b"1-0", {b"s": b"step"})],
        0,
    ]
    replies = {}
    try:
        for batch in (lean(client), Batcher(client)):
            replies[type(batch)] = got = await batch.run(p + "h", add, 12)
            await batch.aclose()
            await client.zadd(p + "z", {"m1": 1.5, "m2": 2.0})
            assert got[:9] == expected
            assert isinstance(got[9], NoScriptError)
            assert type(got[10]) is ResponseError
            assert str(got[10]) == "WRONGTYPE Operation against a key holding the wrong kind of value"
            assert got[11] == 1
        lean_replies, redis_py = replies[WireBatcher], replies[Batcher]
        assert [str(r) for r in lean_replies] == [str(r) for r in redis_py]
    finally:
        await client.delete(*(p + k for k in ("h", "z", "s", "str")))


async def test_a_resp3_false_is_a_reply_not_a_wait_for_more(client: aioredis.Redis) -> None:
    script = "redis.setresp(3) return {false, true}"  # RESP3 booleans (hiredis's "no reply yet" is False)
    for batch in (lean(client), Batcher(client)):
        async with asyncio.timeout(2):
            assert await one(batch, "k", "EVAL", script, 0) == [False, True]
            assert await one(batch, "k", "EVAL", "redis.setresp(3) return false", 0) is False
        await batch.aclose()


async def test_the_benchmark_measures_every_path_and_leaves_no_key(client: aioredis.Redis) -> None:
    figures = await redis_path.main(URL, 20, 2)
    coredis = {"coredis"} if importlib.util.find_spec("coredis") else set()
    assert set(figures) == {"redis-py", "wire", "hiredis"} | coredis
    assert all(cpu > 0 and wall > 0 for cpu, wall in figures.values())
    assert [key async for key in client.scan_iter(match=f"benchpath{os.getpid()}:*")] == []
