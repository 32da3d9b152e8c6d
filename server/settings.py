"""The server's settings: one Struct handed to `server.app.create_app` (bind, limits, timers, TTLs, store).

Every duration is in seconds, every size in bytes; each field's bounds are ``msgspec.Meta`` constraints,
checked when settings are decoded (not when a test builds the Structs directly). The Redis task adds its
store by configuration (``store="redis"`` plus its URL); the in-memory store is the embedded default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

import msgspec

# Bounds checked when settings are decoded (``boardroom serve`` flags and variables, `server.process.config`):
# a value outside them exits 2 naming its flag instead of starting a worker that cannot work.
Positive = Annotated[float, msgspec.Meta(gt=0)]
NonNegative = Annotated[float, msgspec.Meta(ge=0)]
AtLeastOne = Annotated[int, msgspec.Meta(ge=1)]
Count = Annotated[int, msgspec.Meta(ge=0)]
Burst = Annotated[float, msgspec.Meta(ge=1)]
Port = Annotated[int, msgspec.Meta(ge=0, le=65535)]
#: ``redis://``, ``rediss://`` (TLS) or ``unix://`` (a socket path), as redis-py's ``from_url`` reads.
RedisUrl = Annotated[str, msgspec.Meta(pattern=r"^(redis|rediss|unix)://.")]

#: Seconds behind each of the engine's timer classes (`games.engine.plugin.ENGINE_TIMERS`); a game
#: declares its own classes' seconds (`Game.timers`), the server's ``timers`` setting overrides both,
#: and a room overrides any of them at creation.
DEFAULT_TIMERS: dict[str, float] = {
    "turn": 60.0,
    "reaction": 10.0,
    "setup": 60.0,
    "commit": 30.0,
}


class Limits(msgspec.Struct, frozen=True):
    """Limits per connection, per client address and per worker.

    - ``max_frame``: largest frame accepted, bytes (bigger -> close 1009).
    - ``send_queue``/``send_queue_bytes``: frames, and their bytes, handed to one connection but not yet
      written to its socket, before it counts as too slow (close 4408).
    - ``send_buffer``: the kernel's send buffer of each connection, bytes (``SO_SNDBUF`` of the listening
      socket, inherited by every accepted one; 0 leaves the system's auto-tuning, which hides MBs from
      the send queue's bound).
    - ``hello_timeout``: seconds a new connection has to send its ``hello`` (else close 4400).
    - ``actions_per_second``/``action_burst``: token bucket for ``act`` frames (over -> ``rate/limited``).
    - ``frames_per_second``/``frame_burst``: token bucket for every frame.
    - ``syncs_per_second``/``sync_burst``: token bucket for ``sync`` frames (each replays the room's log
      to build the missed updates: without its own bound a spectator could keep a core busy).
    - ``flood_after``: refused frames in a row after which the connection is closed with 4429.
    - ``resume_gap``: a client further behind than this many versions gets a snapshot, not updates.
    - ``ping_interval``/``ping_timeout``: the worker pings each websocket every ``ping_interval``
      seconds and closes it when no pong came within ``ping_timeout`` (a client gone without a close).
    - ``header_timeout``: seconds an HTTP request (a websocket handshake too) may take to send its
      headers, from its first byte; ``body_timeout``: seconds its body may take after the headers;
      ``idle_timeout``: seconds a connection may stay open before its first request, or between two
      (keep-alive); past any of them the worker closes the connection (`server.process.serving`).
    - ``max_connections``: websockets one worker holds; one more is closed 1013 right after its
      handshake. HTTP requests are answered 503 once the worker holds ``max_connections`` +
      `HTTP_HEADROOM` connections of any kind (probes keep working while the websockets are full).
    - ``creates_per_second``/``create_burst``, ``lists_per_second``/``list_burst``,
      ``token_failures_per_second``/``token_failure_burst``: token buckets per client address (the
      peer, or the ``X-Forwarded-For`` address a trusted proxy gives) for room creation, room listing
      and failed token checks (a lobby call or a hello with a token that is not valid); past them:
      429 ``rate/limited`` with ``Retry-After`` (a hello: close 4429).
    """

    max_frame: AtLeastOne = 64 * 1024
    send_queue: AtLeastOne = 256
    send_queue_bytes: AtLeastOne = 1024 * 1024
    send_buffer: Count = 64 * 1024
    hello_timeout: Positive = 10.0
    actions_per_second: Positive = 10.0
    action_burst: Burst = 20.0
    frames_per_second: Positive = 40.0
    frame_burst: Burst = 80.0
    syncs_per_second: Positive = 1.0
    sync_burst: Burst = 5.0
    flood_after: AtLeastOne = 50
    resume_gap: Count = 50
    ping_interval: Positive = 20.0
    ping_timeout: Positive = 20.0
    header_timeout: Positive = 10.0
    body_timeout: Positive = 30.0
    idle_timeout: Positive = 10.0
    max_connections: AtLeastOne = 10_000
    creates_per_second: Positive = 2.0
    create_burst: Burst = 30.0
    lists_per_second: Positive = 10.0
    list_burst: Burst = 50.0
    token_failures_per_second: Positive = 1.0
    token_failure_burst: Burst = 10.0


#: Connections beyond ``Limits.max_connections`` before HTTP requests are answered 503 (uvicorn's
#: ``limit_concurrency``): room for the probes, metrics and lobby calls of a worker full of websockets.
HTTP_HEADROOM = 256


class Ttls(msgspec.Struct, frozen=True):
    """How long things live, seconds: ``abandon_after`` a room with nobody connected (open or running)
    before it is closed as abandoned; ``finished_log`` a finished room's public log stays readable;
    ``lease`` a worker holds a claimed scheduler item before another may take it."""

    abandon_after: Positive = 600.0
    finished_log: Positive = 3600.0
    lease: Positive = 30.0


class Settings(msgspec.Struct, frozen=True):
    """Everything `create_app` needs.

    - ``host``/``port``: where ``boardroom serve`` binds.
    - ``origins``: allowed ``Origin`` header values for websockets; ``None`` allows any (and a missing
      header is always allowed: non-browser clients send none).
    - ``trusted_proxies``: addresses (or ``*``) whose ``X-Forwarded-For`` and ``X-Forwarded-Proto``
      headers the worker believes (uvicorn's ``forwarded_allow_ips``): behind them, the client address
      of the per-client limits is the forwarded one; from any other peer, the peer's own.
    - ``timers``: seconds per timer class, over `DEFAULT_TIMERS` and each game's declared seconds
      (`timer_seconds`); ``away_seconds`` the deadline of a seat marked away (0: its defaults at
      once); ``bot_delay`` seconds before a server-side bot acts.
    - ``tick``: seconds between scheduler sweeps (real time, not the injected clock).
    - ``autopass_min``/``autopass_max``: the range of the secret random delay before the server passes
      for a seat whose settings ask for ``auto_pass`` (every player's seat unless turned off;
      ``autopass_min`` at most ``autopass_max``: checked by `server.process.config.settings_from`).
    - ``store``: ``"memory"`` (the embedded default) or ``"redis"`` (rooms shared by every worker).
    - ``redis_url``: the Redis of ``store="redis"`` (``redis://host:port/db``); ``redis_prefix`` starts
      every key of this deployment (tests use their own); ``redis_cluster``: the URL names a node of a
      Redis Cluster (the worker learns the others from it).
    - ``allow_seed``: accept a fixed room seed at creation (tests only: a known seed reveals hidden cards).
    - ``fixtures``: ``boardroom serve`` also hosts the fixture games (``fixture-*``: benchmarks, tests);
      `create_app` hosts the games it is given and does not read it.
    - ``shutdown_grace``: seconds a graceful shutdown waits for in-flight actions and for clients to
      leave (`server.process.shutdown`); keep it below the orchestrator's termination grace period.
    - ``workers``: worker processes ``boardroom serve`` runs on its one port
      (`server.process.supervisor`); more than one needs the Redis store (checked by
      `server.process.config.settings_from`), since each process is a whole worker with its own memory.
      `create_app` serves one process and does not read it.
    - ``websockets``: the websocket implementation under ``/ws``: ``"uvicorn"`` (uvicorn's own, on
      websockets' sans-I/O layer) or ``"picows"`` (`server.ws.picows`; the ``picows`` extra).
    """

    host: str = "127.0.0.1"
    port: Port = 8000
    origins: list[str] | None = None
    trusted_proxies: list[str] = msgspec.field(default_factory=lambda: ["127.0.0.1"])
    limits: Limits = Limits()
    ttls: Ttls = Ttls()
    timers: dict[str, Positive] = {}
    away_seconds: NonNegative = 0.0
    bot_delay: NonNegative = 0.0
    autopass_min: NonNegative = 1.0
    autopass_max: NonNegative = 4.0
    tick: Positive = 0.05
    store: str = "memory"
    redis_url: RedisUrl = "redis://127.0.0.1:6379/0"
    redis_prefix: str = "boardroom:"
    redis_cluster: bool = False
    allow_seed: bool = False
    fixtures: bool = False
    shutdown_grace: NonNegative = 10.0
    workers: AtLeastOne = 1
    websockets: Literal["uvicorn", "picows"] = "uvicorn"

    def timer_seconds(self, declared: Mapping[str, float] | None = None) -> dict[str, float]:
        """Seconds per timer class before a room's own: `DEFAULT_TIMERS`, then what a game ``declared``
        (`Game.timers`), then this server's ``timers`` setting."""
        return {**DEFAULT_TIMERS, **(declared or {}), **self.timers}
