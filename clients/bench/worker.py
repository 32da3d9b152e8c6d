"""A worker under test: the same app as ``boardroom serve``, hosting the fixture games too, with the
per-connection rate limits raised (a closed loop sends as fast as the server answers, by design) and
access logging off (the figures are the server's work, not its log lines).

    python -m clients.bench.worker --port 8100 [--redis URL --redis-prefix P]
"""

from __future__ import annotations

import argparse

#: Per-connection limits of a benchmark worker: actions and frames per second far above what one bot
#: sends, every other limit as in production.
BENCH_RATE = 100_000.0


def main() -> None:
    import msgspec
    import uvicorn

    from games.catalog import with_fixtures
    from server.app import create_app
    from server.settings import Limits, Settings

    parser = argparse.ArgumentParser(prog="clients.bench.worker")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--redis")
    parser.add_argument("--redis-prefix", default="bench:")
    args = parser.parse_args()
    limits = Limits(
        actions_per_second=BENCH_RATE,
        action_burst=BENCH_RATE,
        frames_per_second=BENCH_RATE,
        frame_burst=BENCH_RATE,
    )
    settings = Settings(port=args.port, limits=limits)
    if args.redis:
        settings = msgspec.structs.replace(
            settings, store="redis", redis_url=args.redis, redis_prefix=args.redis_prefix
        )
    uvicorn.run(
        create_app(settings, games=with_fixtures()),
        host="127.0.0.1",
        port=args.port,
        ws_per_message_deflate=False,
        ws_max_size=settings.limits.max_frame,
        log_level="warning",
        access_log=False,
        backlog=4096,
    )


if __name__ == "__main__":
    main()
