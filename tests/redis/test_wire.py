"""The lean connection of the auto-pipeline (`WireBatcher` over `server.store.redis_wire`): the same
replies as redis-py's connection, the same errors, and a new connection after a failure."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio as aioredis
from redis.exceptions import AuthenticationError, NoScriptError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

import server.store.redis_batch as redis_batch
from server.bus_redis import redis_pair, server_client
from server.outage import unavailable
from server.store.redis_batch import Batcher, ClusterBatcher, WireBatcher, batcher
from server.store.redis_wire import lean_options
from tests.redis.support import URL, need_redis, new_prefix


@pytest.fixture
async def client() -> AsyncIterator[aioredis.Redis]:
    need_redis()
    redis = server_client(URL)
    yield redis
    await redis.aclose()


def lean(redis: aioredis.Redis) -> WireBatcher:
    batch = batcher(redis)
    assert isinstance(batch, WireBatcher)
    return batch


async def one(batch: Batcher, key: str, *command: Any) -> Any:
    (reply,) = await batch.run(key, lambda pipe: pipe.execute_command(*command), 1)
    return reply


def test_the_lean_path_serves_one_redis_over_tcp_only() -> None:
    assert isinstance(batcher(server_client("redis://127.0.0.1:6379/0")), WireBatcher)
    assert type(batcher(server_client("redis://127.0.0.1:6379/0"), lean=False)) is Batcher
    assert type(batcher(server_client("rediss://127.0.0.1:6379/0"))) is Batcher
    assert type(batcher(server_client("unix:///run/redis.sock"))) is Batcher
    assert type(batcher(server_client("redis://127.0.0.1:6379/0?client_name=x"))) is Batcher
    assert type(batcher(server_client("redis://127.0.0.1:6379/0?protocol=2"))) is Batcher
    assert lean_options(server_client("redis://u:p@h:7000/3").connection_pool.connection_kwargs) == {
        "host": "h",
        "port": 7000,
        "db": 3,
        "username": "u",
        "password": "p",
        "connect_timeout": 5.0,
    }


async def test_a_store_s_hot_path_is_lean_unless_told(client: aioredis.Redis) -> None:
    store, bus = redis_pair(URL, new_prefix(), 60.0)
    other, other_bus = redis_pair(URL, new_prefix(), 60.0, lean=False)
    try:
        assert isinstance(store.batch, WireBatcher)
        assert type(other.batch) is Batcher
        assert not isinstance(other.batch, ClusterBatcher)
    finally:
        for b, s in ((bus, store), (other_bus, other)):
            await b.aclose()
            await s.aclose()


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


async def test_a_connection_the_server_closed_is_replaced_before_the_next_batch(
    client: aioredis.Redis,
) -> None:
    batch, key = lean(client), new_prefix() + "k"
    try:
        first = await one(batch, key, "CLIENT", "ID")
        assert await client.client_kill_filter(_id=first) == 1
        for _ in range(100):  # the end of the socket reaches the loop soon after
            if batch._wire is not None and batch._wire.lost:
                break
            await asyncio.sleep(0.01)
        assert batch._wire is not None and batch._wire.lost
        second = await one(batch, key, "CLIENT", "ID")
        assert second != first
    finally:
        await batch.aclose()


async def test_a_connection_lost_in_flight_fails_its_callers_and_the_next_batch_reconnects(
    client: aioredis.Redis,
) -> None:
    batch, key = lean(client), new_prefix() + "list"
    try:
        first = await one(batch, key, "CLIENT", "ID")
        blocked = asyncio.ensure_future(one(batch, key, "BLPOP", key, 10))
        await asyncio.sleep(0.05)
        blocked_too = asyncio.ensure_future(one(batch, key, "GET", key))  # the next batch: waits behind it
        await asyncio.sleep(0.05)
        assert await client.client_kill_filter(_id=first) == 1
        with pytest.raises(RedisConnectionError) as lost:
            await blocked
        assert unavailable(lost.value)
        assert await blocked_too is None  # on a new connection
        assert await one(batch, key, "CLIENT", "ID") != first
    finally:
        await batch.aclose()


async def test_a_redis_that_hangs_times_out_at_the_deadline(
    client: aioredis.Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(redis_batch, "DEADLINE", 0.2)
    batch, key = lean(client), new_prefix() + "list"
    try:
        first = await one(batch, key, "CLIENT", "ID")
        with pytest.raises(RedisTimeoutError):
            await one(batch, key, "BLPOP", key, 2)
        assert await one(batch, key, "CLIENT", "ID") != first  # the late reply is never read
    finally:
        await batch.aclose()


async def test_a_redis_that_refuses_connections_is_an_outage() -> None:
    batch = lean(server_client("redis://127.0.0.1:1/0"))
    with pytest.raises(RedisConnectionError) as refused:
        await one(batch, "k", "GET", "k")
    assert unavailable(refused.value)
    assert "Connection refused" in str(refused.value)


async def test_the_connection_authenticates_and_selects_its_database(client: aioredis.Redis) -> None:
    stranger = server_client("redis://nobody-of-ours:wrong@127.0.0.1:6379/0")
    for wrong in (lean(stranger), Batcher(stranger)):
        with pytest.raises(AuthenticationError, match=r"invalid username-password pair"):
            await one(wrong, "k", "GET", "k")
        await wrong.aclose()
    await stranger.aclose()
    other = server_client("redis://127.0.0.1:6379/1")
    batch, key = lean(other), new_prefix() + "db1"
    try:
        assert await one(batch, key, "SET", key, b"one", "EX", 60) is True
        assert await other.get(key) == b"one"
        assert await client.get(key) is None
    finally:
        await batch.aclose()
        await other.delete(key)
        await other.aclose()


async def test_a_resp3_false_is_a_reply_not_a_wait_for_more(client: aioredis.Redis) -> None:
    script = "redis.setresp(3) return {false, true}"  # RESP3 booleans (hiredis's "no reply yet" is False)
    for batch in (lean(client), Batcher(client)):
        async with asyncio.timeout(2):
            assert await one(batch, "k", "EVAL", script, 0) == [False, True]
            assert await one(batch, "k", "EVAL", "redis.setresp(3) return false", 0) is False
        await batch.aclose()
