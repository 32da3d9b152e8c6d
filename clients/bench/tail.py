"""Where in time a run's slow actions were: its latency timeline (`LoadResult.timeline`) in one line.

A tail spread over every slice is the steady cost of an action; a tail in a few slices is something
periodic or a stall (a collection, a sweep, a busy machine) that held the worker or the generator.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from clients.bench.model import SLOT, RunFigures

#: A slice whose p99 is over this many ms counts as slow.
SLOW_MS = 10.0


def tail_line(label: str, runs: Sequence[RunFigures]) -> str | None:
    """``label``'s slices over all ``runs``: the median and worst slice p99 (ms), when the worst was
    (run, seconds into the window) and how many slices were slow; ``None`` without a timeline."""
    slices = [(n, s) for n, run in enumerate(runs, 1) for s in run.load.timeline if s.p99 is not None]
    if not slices:
        return None
    run, worst = max(slices, key=lambda item: item[1].p99 or 0.0)
    slow = sum(1 for _, s in slices if (s.p99 or 0.0) > SLOW_MS)
    typical = statistics.median(s.p99 or 0.0 for _, s in slices)
    return (
        f"{label}: p99 per {SLOT} s slice: median {typical:.1f} ms, worst {worst.p99:.1f} ms "
        f"(run {run}, {worst.start:.2f} s into the window); "
        f"{slow} of {len(slices)} slices over {SLOW_MS:.0f} ms"
    )
