"""Redis test helpers: a unique key prefix per test, stores that delete their keys when closed, and a
clean skip (with the reason) when no Redis answers at ``BOARDROOM_TEST_REDIS`` (default 127.0.0.1:6379;
CI has one)."""

from __future__ import annotations

import functools
import os
import secrets

import pytest
import redis
import redis.asyncio as aioredis

from server.store.base import Publisher
from server.store.redis import RedisStore

URL = os.environ.get("BOARDROOM_TEST_REDIS", "redis://127.0.0.1:6379/0")


@functools.cache
def unreachable() -> str | None:
    """Why Redis cannot be used (``None``: it answers a PING)."""
    try:
        with redis.Redis.from_url(URL, socket_connect_timeout=1.0) as client:
            client.ping()
    except redis.RedisError as exc:
        return f"no Redis at {URL}: {exc}"
    return None


def need_redis() -> None:
    """Skip the calling test when Redis is unreachable."""
    reason = unreachable()
    if reason is not None:
        pytest.skip(reason)


def new_prefix() -> str:
    """A key prefix no other test uses."""
    return f"brtest:{secrets.token_hex(6)}:"


class ScratchRedisStore(RedisStore):
    """A `RedisStore` under its own prefix that deletes every key of it when closed."""

    async def aclose(self) -> None:
        await self.purge()
        await super().aclose()


def scratch_store(publisher: Publisher | None = None, ttl: float = 3600.0) -> ScratchRedisStore:
    """A fresh store under a new prefix (skips the test when Redis is unreachable)."""
    need_redis()
    return ScratchRedisStore(aioredis.Redis.from_url(URL), new_prefix(), ttl, publisher)
