"""A worker process for the fault tests: what ``boardroom serve --redis URL --redis-prefix P --port N``
runs, plus the fixture games (so rooms of ``fixture-commit`` can be hosted) and one debug route.

    python -m tests.faults.worker --redis redis://127.0.0.1:6379/0 --prefix brtest:x: --port 8123

``GET /debug/counts`` (this launcher only, never the shipped server) answers the counts the churn test
asserts on: live objects tracked by the garbage collector after a full collection, the bus's local
subscriptions and Redis channels, the hub's watched rooms and connections, and the size of every
per-room container of the worker (``sizes``) — a leak shows as a count growing with finished rooms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
from collections import Counter
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from games.catalog import with_fixtures
from server.app import create_app
from server.process.serving import uvicorn_config
from server.process.shutdown import GracefulServer
from server.services import Services
from server.settings import Limits, Settings, Ttls

#: The fault tests make hundreds of rooms from one address in seconds and race syncs against actions:
#: lift the per-client buckets.
LIMITS = Limits(
    creates_per_second=1e6,
    create_burst=1e6,
    lists_per_second=1e6,
    list_burst=1e6,
    syncs_per_second=1e6,
    sync_burst=1e6,
    frames_per_second=1e6,
    frame_burst=1e6,
)
#: Seconds a worker's graceful stop may take (`server.process.shutdown`): below `Worker.stop`'s 5 s patience.
GRACE = 3.0


def counts(services: Services, by_type: bool = False) -> dict[str, Any]:
    """The worker's leak-relevant counts (see the module docstring); ``by_type`` adds ``types``, the
    live objects per type name (to find what grows)."""
    gc.collect()
    bus: Any = services.bus
    sizes = {
        "hub.watches": len(services.hub.watches),
        "rooms.seeds": len(services.rooms._seeds),
        "bus.subs": len(getattr(bus, "_subs", {})),
        "bus.delivered": len(getattr(bus, "_delivered", {})),
        "bus.fetching": len(getattr(bus, "_fetching", {})),
        "bus.again": len(getattr(bus, "_again", ())),
    }
    found: dict[str, Any] = {}
    if by_type:
        found["types"] = dict(Counter(type(o).__qualname__ for o in gc.get_objects()))
    pool = getattr(getattr(services.store, "redis", None), "connection_pool", None)
    if pool is not None:
        found["pool"] = {
            "in_use": len(getattr(pool, "_in_use_connections", ())),
            "available": len(getattr(pool, "_available_connections", ())),
            "tasks": len(asyncio.all_tasks()),
        }
    return {
        **found,
        "objects": len(gc.get_objects()),
        "subscriptions": services.bus.subscriptions(),
        "channels": bus.channels() if hasattr(bus, "channels") else 0,
        "hub": services.hub.counts(),
        "sizes": sizes,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--redis", required=True)
    parser.add_argument("--prefix", required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--ttl", type=float, default=3600.0, help="finished rooms' TTL, seconds")
    parser.add_argument("--lease", type=float, default=30.0, help="scheduler lease, seconds")
    parser.add_argument("--cluster", action="store_true", help="the Redis URL is a Redis Cluster node")
    parser.add_argument("--resume-gap", type=int, default=LIMITS.resume_gap, help="versions, see Limits")
    parser.add_argument("--away-seconds", type=float, default=0.0, help="a seat away's deadline, seconds")
    args = parser.parse_args()
    settings = Settings(
        port=args.port,
        store="redis",
        redis_url=args.redis,
        redis_prefix=args.prefix,
        redis_cluster=args.cluster,
        ttls=Ttls(finished_log=args.ttl, lease=args.lease),
        allow_seed=True,
        away_seconds=args.away_seconds,
        shutdown_grace=GRACE,
        limits=msgspec.structs.replace(LIMITS, resume_gap=args.resume_gap),
    )
    app = create_app(settings, games=with_fixtures())
    services: Services = app.state.services

    async def debug_counts(request: Request) -> JSONResponse:
        # idle Redis connections are a pool's capacity, not per-room state: a busier phase of the test
        # opens a few more, each with its transport and buffers; close them so only leaks are counted
        pool = getattr(getattr(services.store, "redis", None), "connection_pool", None)
        if pool is not None:
            await pool.disconnect(inuse_connections=False)
        return JSONResponse(counts(services, "types" in request.query_params))

    app.router.routes.append(Route("/debug/counts", debug_counts))
    config = uvicorn_config(app, settings, log_level="warning")  # as `boardroom serve` configures it
    GracefulServer(config, services).run()  # as `boardroom serve`: a stop bounded by GRACE


if __name__ == "__main__":
    main()
