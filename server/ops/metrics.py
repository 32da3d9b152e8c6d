"""Prometheus metrics of one worker, served at ``/metrics`` (DESIGN "The server"; issue 4, item 6).

Each `Metrics` has its own registry (several apps may live in one test process). What is counted:

==================================  =========  =========================================================
``boardroom_connections``           gauge      open websocket connections of this worker
``boardroom_watched_rooms``         gauge      rooms this worker's connections watch (bus subscriptions)
``boardroom_rooms{status}``         gauge      rooms in the store: ``open``, ``running``, ``finished``,
                                               ``abandoned`` (the sizes of the store's room lists,
                                               read at scrape time: no room is read)
``boardroom_actions_total``         counter    actions by ``actor`` (``player``, ``timeout``, ``bot``,
                                               ``autopass``) and ``result`` (``applied``,
                                               ``duplicate``, ``illegal``, ``refused``, ``error``)
``boardroom_commit_conflicts_total`` counter   commits that lost a race and were retried on fresh state
``boardroom_action_seconds``        histogram  one action from load to committed (retries included)
``boardroom_commit_seconds``        histogram  one store commit (one Lua script on Redis)
``boardroom_draining``              gauge      1 once a graceful shutdown started
``boardroom_gc_pause_seconds``      histogram  one garbage collection, by ``generation`` (`server.ops.pauses`)
``boardroom_loop_lag_seconds``      histogram  how late the event loop ran a probe due every 0.1 s
``process_*``                       various    CPU seconds, resident memory, open fds of the process
==================================  =========  =========================================================

The action path is counted by `Metrics` as an observer of `server.play.rooms.Rooms` (``acted``,
``committed``); the gauges are read when scraped (`Metrics.refresh`).
"""

from __future__ import annotations

import asyncio

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, ProcessCollector, generate_latest

from server.ops.health import PING_TIMEOUT
from server.ops.pauses import Pauses
from server.store.base import Store

#: Upper bounds of the latency buckets, seconds: 250 µs to 2.5 s (a commit is ~0.1-1 ms on one machine).
LATENCY_BUCKETS = (0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

ROOM_STATUSES = ("open", "running", "finished", "abandoned")

#: Seconds a scrape waits for the store's room counts (the readiness ping's bound, `server.ops.health`).
STORE_WAIT = PING_TIMEOUT


class Metrics:
    """The worker's metrics in their own registry (``registry``); see the module table."""

    def __init__(self) -> None:
        self.registry = registry = CollectorRegistry()
        ProcessCollector(registry=registry)
        self.connections = Gauge("boardroom_connections", "Open websocket connections", registry=registry)
        self.watched = Gauge(
            "boardroom_watched_rooms", "Rooms watched by this worker's connections", registry=registry
        )
        self.rooms = Gauge("boardroom_rooms", "Rooms in the store by status", ["status"], registry=registry)
        self.actions = Counter(
            "boardroom_actions", "Actions by actor and result", ["actor", "result"], registry=registry
        )
        self.conflicts = Counter(
            "boardroom_commit_conflicts", "Commits retried after a version conflict", registry=registry
        )
        self.action_seconds = Histogram(
            "boardroom_action_seconds",
            "One action, load to commit",
            buckets=LATENCY_BUCKETS,
            registry=registry,
        )
        self.commit_seconds = Histogram(
            "boardroom_commit_seconds", "One store commit", buckets=LATENCY_BUCKETS, registry=registry
        )
        self.draining = Gauge("boardroom_draining", "1 while shutting down gracefully", registry=registry)
        self.store_up = Gauge(
            "boardroom_store_up", "1 when the store answered the last scrape's reads", registry=registry
        )
        self.pauses = Pauses(registry)
        self._by_result: dict[tuple[str, str], Counter] = {}

    def acted(self, actor: str, result: str, seconds: float) -> None:
        """One action ended with ``result`` after ``seconds`` (`server.play.rooms.Observer`)."""
        counter = self._by_result.get((actor, result))
        if counter is None:  # a label lookup costs ~3 µs: keep each child once
            counter = self._by_result[(actor, result)] = self.actions.labels(actor, result)
        counter.inc()
        self.action_seconds.observe(seconds)

    def committed(self, seconds: float, conflict: bool) -> None:
        """One store commit took ``seconds`` (`server.play.rooms.Observer`)."""
        self.commit_seconds.observe(seconds)
        if conflict:
            self.conflicts.inc()

    async def refresh(self, watched: int, draining: bool, store: Store) -> None:
        """Read the gauges: the rooms this worker's connections watch (``watched``, from the hub), whether
        it is ``draining``, and rooms by status from the sizes of the store's room lists
        (`Store.room_counts`: a few reads, whatever the number of rooms). Raises ``TimeoutError`` when
        the store has not answered within `STORE_WAIT` seconds."""
        self.watched.set(watched)
        self.draining.set(1 if draining else 0)
        # a scrape never waits on a hung store past this: Prometheus gives up after 10 s by default,
        # so the gauge that says the store is down would never be read during a hang
        async with asyncio.timeout(STORE_WAIT):
            counts_by_status = await store.room_counts()
        for status, count in counts_by_status.items():
            self.rooms.labels(status).set(count)
        self.store_up.set(1)

    def exposition(self) -> bytes:
        """The text exposition format of every metric."""
        return generate_latest(self.registry)
