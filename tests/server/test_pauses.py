"""The worker's pause metrics (`server.ops.pauses`): each garbage collection timed by generation, and a
callback that holds the event loop seen as the loop's lag."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time

from prometheus_client import CollectorRegistry

from server.ops.pauses import PROBE, Pauses


def _count(registry: CollectorRegistry, name: str, labels: dict[str, str] | None = None) -> float:
    return registry.get_sample_value(name, labels or {}) or 0.0


def _over(registry: CollectorRegistry, seconds: str) -> float:
    """Lag observations above ``seconds`` (a bucket bound)."""
    total = _count(registry, "boardroom_loop_lag_seconds_count")
    return total - _count(registry, "boardroom_loop_lag_seconds_bucket", {"le": seconds})


async def test_a_callback_that_holds_the_loop_is_one_lag_over_its_length() -> None:
    registry = CollectorRegistry()
    pauses = Pauses(registry)
    watching = asyncio.ensure_future(pauses.watch())
    try:
        await asyncio.sleep(PROBE * 3)
        assert _over(registry, "0.1") == 0
        time.sleep(0.3)  # a callback holding the event loop
        await asyncio.sleep(PROBE * 2)
        assert _over(registry, "0.25") == 1
        assert _over(registry, "0.5") == 0
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching


async def test_each_collection_is_timed_under_its_generation_while_watched() -> None:
    registry = CollectorRegistry()
    pauses = Pauses(registry)
    watching = asyncio.ensure_future(pauses.watch())
    await asyncio.sleep(0)
    full = {"generation": "2"}
    before = _count(registry, "boardroom_gc_pause_seconds_count", full)
    gc.collect()
    gc.collect()
    assert _count(registry, "boardroom_gc_pause_seconds_count", full) == before + 2
    assert pauses.collecting > 0
    watching.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await watching
    gc.collect()  # no longer watched: not counted
    assert _count(registry, "boardroom_gc_pause_seconds_count", full) == before + 2
