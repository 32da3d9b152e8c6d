"""The store's auto-pipeline (`server.store.redis_batch.Batcher`) on a real Redis: a lone submission goes
out from its caller's task (no task of the batcher's), submissions made while a pipeline is in flight
leave together in the next one, and a caller cancelled mid-pipeline leaves the batcher working."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import AsyncIterator
from typing import Any

import pytest
import redis.asyncio as aioredis

from server.store.bus_redis import server_client
from server.store.redis_batch import Batcher
from tests.redis.support import URL, need_redis, new_prefix, purge_prefix


@pytest.fixture
async def batch() -> AsyncIterator[Batcher]:
    need_redis()
    redis: aioredis.Redis = server_client(URL)
    batcher = Batcher(redis)
    yield batcher
    await batcher.aclose()
    await redis.aclose()


def incr(key: str) -> Any:
    return lambda pipe: pipe.incr(key)


async def test_a_lone_submission_is_sent_from_its_callers_task(batch: Batcher) -> None:
    key = new_prefix() + "n"
    senders: list[asyncio.Task[Any] | None] = []

    def add(pipe: Any) -> None:
        senders.append(asyncio.current_task())  # the task that builds and sends the pipeline
        pipe.incr(key)

    try:
        for n in (1, 2, 3):
            assert await batch.run(key, add, 1) == [n]
        assert (senders, batch.pipelines, batch.commands) == ([asyncio.current_task()] * 3, 3, 3)
    finally:
        purge_prefix(key)


async def test_submissions_made_while_a_pipeline_is_in_flight_leave_together(batch: Batcher) -> None:
    prefix = new_prefix()
    keys = [f"{prefix}{i}" for i in range(10)]
    try:
        replies = await asyncio.gather(*(batch.run(key, incr(key), 1) for key in keys))
        # the first caller's pipeline, then one with the nine that queued behind it
        assert (replies, batch.pipelines, batch.commands) == ([[1]] * 10, 2, 10)
        assert batch._task is None
        assert await batch.run(keys[0], incr(keys[0]), 1) == [2]  # from the caller again
        assert batch.pipelines == 3
    finally:
        purge_prefix(prefix)


async def test_a_caller_cancelled_mid_pipeline_leaves_the_batcher_working(
    batch: Batcher, caplog: pytest.LogCaptureFixture
) -> None:
    prefix = new_prefix()
    slow = f"{prefix}slow"
    try:
        # a script that keeps Redis busy for ~0.2 s: the caller is cancelled while it waits for the reply
        busy = (
            "local t = redis.call('TIME') repeat local n = redis.call('TIME')"
            " until (n[1] - t[1]) * 1e6 + n[2] - t[2] > 200000 return 1"
        )
        first = asyncio.ensure_future(batch.run(slow, lambda pipe: pipe.eval(busy, 0), 1))
        await asyncio.sleep(0.05)
        behind = asyncio.ensure_future(batch.run(f"{prefix}b", incr(f"{prefix}b"), 1))
        await asyncio.sleep(0)
        first.cancel()
        with pytest.raises(asyncio.CancelledError):
            await first
        # the submission queued behind it still gets its reply (on a new connection), and so does the next
        assert await asyncio.wait_for(behind, 5.0) == [1]
        assert await batch.run(f"{prefix}c", incr(f"{prefix}c"), 1) == [1]
        del first
        gc.collect()
        assert "never retrieved" not in caplog.text
    finally:
        purge_prefix(prefix)
