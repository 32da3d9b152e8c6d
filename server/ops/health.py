"""The checks behind ``/healthz`` (liveness) and ``/readyz`` (readiness, `server.ops.endpoints`) for load
balancers and Kubernetes probes.

Liveness only says the process answers HTTP: restarting a worker because Redis is down would not help.
Readiness says whether new clients should be sent here: the store answers (`RedisStore.ping` within
`PING_TIMEOUT` seconds), the bus hears wake-ups (`RedisBus.ping`) and has subscribed every room this
worker's connections watch, and the worker is not draining for a shutdown. A failed check answers 503
with the reason.
"""

from __future__ import annotations

import asyncio
from typing import Any

import msgspec

#: Seconds a store has to answer the readiness ping.
PING_TIMEOUT = 1.0


class Readiness(msgspec.Struct, frozen=True):
    """The ``/readyz`` body: ``ready`` and one word or reason per check (``"ok"`` when it passed)."""

    ready: bool
    store: str
    bus: str
    draining: bool


async def store_check(store: Any) -> str:
    """``"ok"`` when the store answers; the error otherwise. Stores without a server (memory) pass."""
    ping = getattr(store, "ping", None)
    if ping is None:
        return "ok"
    try:
        await asyncio.wait_for(ping(), PING_TIMEOUT)
    except Exception as exc:  # any failure to answer means "not ready", whatever redis-py raised
        return f"unreachable: {type(exc).__name__}: {exc}"[:200]
    return "ok"


async def bus_check(bus: Any, watched: int) -> str:
    """``"ok"`` when the bus can hear wake-ups (`RedisBus.ping` within `PING_TIMEOUT` seconds) and has a
    live subscription for each of the ``watched`` rooms. A bus without a server (the in-process one)
    always has."""
    ping = getattr(bus, "ping", None)
    if ping is not None:
        try:
            await asyncio.wait_for(ping(), PING_TIMEOUT)
        except Exception as exc:  # as the store's check: any failure to answer means "not ready"
            return f"unreachable: {type(exc).__name__}: {exc}"[:200]
    channels = getattr(bus, "channels", None)
    if channels is None:
        return "ok"
    live: int = channels()
    return "ok" if live >= watched else f"{live} of {watched} rooms subscribed"
