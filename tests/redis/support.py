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


#: Every prefix handed out in this test session (`leftover_keys` checks them at the end).
PREFIXES: list[str] = []


def new_prefix() -> str:
    """A key prefix no other test uses."""
    prefix = f"brtest:{secrets.token_hex(6)}:"
    PREFIXES.append(prefix)
    return prefix


def leftover_keys() -> dict[str, int]:
    """Keys left on the shared Redis under the prefixes of this session, by prefix (tests clean up)."""
    if not PREFIXES or unreachable() is not None:
        return {}
    with redis.Redis.from_url(URL) as client:
        counts = {p: sum(1 for _ in client.scan_iter(match=p + "*", count=1000)) for p in PREFIXES}
    return {p: n for p, n in counts.items() if n}


def purge_prefix(prefix: str) -> int:
    """Delete every key under ``prefix`` (a test's tear-down); returns how many."""
    with redis.Redis.from_url(URL) as client:
        keys = list(client.scan_iter(match=prefix + "*", count=500))
        return int(client.delete(*keys)) if keys else 0


class ScratchRedisStore(RedisStore):
    """A `RedisStore` under its own prefix that deletes every key of it when closed."""

    async def aclose(self) -> None:
        await self.purge()
        await super().aclose()


def scratch_store(publisher: Publisher | None = None, ttl: float = 3600.0) -> ScratchRedisStore:
    """A fresh store under a new prefix (skips the test when Redis is unreachable)."""
    need_redis()
    return ScratchRedisStore(aioredis.Redis.from_url(URL), new_prefix(), ttl, publisher)
