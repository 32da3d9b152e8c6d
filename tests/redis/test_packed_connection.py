"""The hiredis-packed connection sends exactly the bytes redis-py's own packer would, and works end to end
through a worker's pool (`redis_pair`)."""

from __future__ import annotations

import pytest
import redis.asyncio as aioredis
from hypothesis import given
from hypothesis import strategies as st
from redis.exceptions import DataError

from server.store.bus_redis import redis_pair
from server.store.redis_batch import PackedConnection
from tests.redis.support import URL, need_redis, new_prefix

ARGS = st.lists(st.one_of(st.binary(max_size=200), st.text(max_size=50), st.integers()), max_size=30)


def packed(conn: aioredis.Connection, *args: object) -> bytes:
    return b"".join(bytes(chunk) for chunk in conn.pack_command(*args))


@given(ARGS)
def test_packing_matches_redis_py_byte_for_byte(args: list[object]) -> None:
    for name in ("EVALSHA", b"HGET", "SCRIPT LOAD", b"CLIENT SETNAME"):
        assert packed(PackedConnection(), name, *args) == packed(aioredis.Connection(), name, *args)


def test_an_argument_hiredis_refuses_gets_redis_py_s_error() -> None:
    with pytest.raises(DataError):
        PackedConnection().pack_command("SET", "k", None)


async def test_the_worker_pool_uses_it_and_round_trips() -> None:
    need_redis()
    store, bus = redis_pair(URL, new_prefix(), 60.0)
    try:
        assert store.redis.connection_pool.connection_class is PackedConnection
        key = store.prefix + "probe"
        assert await store.redis.set(key, b"\x00\xffvalue", ex=60)
        assert await store.redis.get(key) == b"\x00\xffvalue"
        await store.redis.delete(key)
    finally:
        await bus.aclose()
        await store.aclose()
