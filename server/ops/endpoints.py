"""The worker's operations endpoints: ``/healthz`` (liveness), ``/readyz`` (readiness) and ``/metrics``
(the Prometheus exposition), each reading the worker's `Services` from the app's state."""

from __future__ import annotations

import asyncio

import msgspec
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from starlette.requests import Request
from starlette.responses import Response

from server.ops.health import Readiness, bus_check, store_check
from server.services import Services
from server.store.outage import outage_of, unavailable


async def readiness(services: Services) -> Readiness:
    store, bus = await asyncio.gather(
        store_check(services.store), bus_check(services.bus, services.hub.counts()["rooms"])
    )
    draining = services.inflight.draining
    return Readiness(store == bus == "ok" and not draining, store, bus, draining)


async def healthz(request: Request) -> Response:
    """Liveness: 200 ``{"ok": true}`` while the process serves requests."""
    return Response(b'{"ok":true}', media_type="application/json")


async def readyz(request: Request) -> Response:
    """Readiness: 200 with `Readiness` when every check passed, else 503 with the same body."""
    ready = await readiness(request.app.state.services)
    return Response(msgspec.json.encode(ready), 200 if ready.ready else 503, media_type="application/json")


async def metrics_endpoint(request: Request) -> Response:
    """``GET /metrics``: the Prometheus text exposition (gauges read now; while the store is unreachable
    or takes more than `STORE_WAIT` seconds, the room gauges keep their last values and
    ``boardroom_store_up`` is 0)."""
    services: Services = request.app.state.services
    try:
        draining = services.inflight.draining
        await services.metrics.refresh(services.hub.counts()["rooms"], draining, services.store)
    except Exception as exc:
        if not unavailable(exc):
            raise
        # the counters and histograms are this worker's own: serve them with the room gauges as last read
        outage_of(services.store).failed(exc, refused=False)
        services.metrics.store_up.set(0)
    return Response(services.metrics.exposition(), media_type=CONTENT_TYPE_LATEST)
