"""Fixtures of the fault tests: a fresh key prefix on the shared Redis (never killed), a store client
under it that deletes its keys afterwards, and three worker processes on free ports."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from server.store.redis import RedisStore
from tests.faults.cluster import Cluster
from tests.faults.play import store_for
from tests.redis.support import URL, need_redis, new_prefix

WORKERS = 3


@pytest.fixture
def prefix() -> str:
    need_redis()
    return new_prefix()


@pytest.fixture
async def store(prefix: str) -> AsyncIterator[RedisStore]:
    """Reads what the workers wrote under ``prefix``; purges the prefix afterwards."""
    client = store_for(URL, prefix)
    try:
        yield client
    finally:
        await client.purge()
        await client.aclose()


@pytest.fixture
def cluster(prefix: str, store: RedisStore, tmp_path: Path) -> Iterator[Cluster]:
    """Three workers sharing ``prefix`` on the shared Redis (stopped before ``store`` purges it)."""
    with Cluster(URL, prefix, WORKERS, tmp_path) as running:
        yield running
