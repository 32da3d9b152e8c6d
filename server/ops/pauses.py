"""How long the event loop stood still: garbage collections timed one by one, and the loop's lag.

Everything a worker does runs on one event loop, so whatever holds it (a full garbage collection, a
long callback) delays every room's next frame at once: the tail of the action latency. `Pauses` times
each collection through ``gc.callbacks`` (``boardroom_gc_pause_seconds{generation}``) and wakes every
`PROBE` seconds to see how late it woke (``boardroom_loop_lag_seconds``). Lags over `STALL` seconds are
logged, at most one line per `REPORT` seconds, with the collections' share of the longest, so an
operator tells the collector from the worker's own work (or from a machine too busy to run it).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from typing import Any

from prometheus_client import CollectorRegistry, Histogram

log = logging.getLogger("boardroom.pauses")

#: Seconds between two lag probes, the lag logged as a stall, and seconds between two such log lines.
PROBE = 0.1
STALL = 0.05
REPORT = 10.0
#: Upper bounds of the pause buckets, seconds: 100 µs to 1 s.
PAUSE_BUCKETS = (0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1.0)


class Pauses:
    """The worker's pause histograms in ``registry``; `watch` runs the lag probe until cancelled (and
    times collections meanwhile). ``collecting``: seconds spent in collections so far (all generations)."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.gc_seconds = Histogram(
            "boardroom_gc_pause_seconds",
            "One garbage collection, by generation",
            ["generation"],
            buckets=PAUSE_BUCKETS,
            registry=registry,
        )
        self.lag_seconds = Histogram(
            "boardroom_loop_lag_seconds",
            f"How late the event loop ran a callback due every {PROBE} s",
            buckets=PAUSE_BUCKETS,
            registry=registry,
        )
        self._by_generation = [self.gc_seconds.labels(str(g)) for g in range(3)]
        self._started = 0.0
        self.collecting = 0.0

    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        now = time.perf_counter()
        if phase == "start":
            self._started = now
            return
        took = now - self._started
        self.collecting += took
        self._by_generation[info["generation"]].observe(took)

    async def watch(self) -> None:
        """Probe the loop's lag every `PROBE` seconds until cancelled; collections are timed meanwhile."""
        gc.callbacks.append(self._on_gc)
        loop = asyncio.get_running_loop()
        stalls, longest, in_gc, reported = 0, 0.0, 0.0, loop.time()
        try:
            while True:
                due, collected = loop.time() + PROBE, self.collecting
                await asyncio.sleep(PROBE)
                now = loop.time()
                lag = max(0.0, now - due)
                self.lag_seconds.observe(lag)
                if lag > STALL:
                    stalls += 1
                    if lag > longest:
                        longest, in_gc = lag, self.collecting - collected
                if stalls and now - reported >= REPORT:
                    log.warning(
                        "the event loop stood still over %.0f ms %d times in %.0f s, at most %.0f ms "
                        "(garbage collection took %.0f ms of that probe's %.0f ms)",
                        STALL * 1e3,
                        stalls,
                        now - reported,
                        longest * 1e3,
                        in_gc * 1e3,
                        (PROBE + longest) * 1e3,
                    )
                    stalls, longest, reported = 0, 0.0, now
        finally:
            gc.callbacks.remove(self._on_gc)
