"""The benchmark's data: what one load run is asked to do, what it measured, and the figures of a run."""

from __future__ import annotations

from typing import Literal

import msgspec

from protocol.messages import AckMode

Mode = Literal["closed", "paced", "idle"]

#: Seconds per slice of a run's latency timeline (`LoadResult.timeline`).
SLOT = 0.25


class LoadConfig(msgspec.Struct, frozen=True):
    """One load generator run.

    - ``bases``: the workers' HTTP base URLs; rooms are created on the first, seat ``i`` of room ``r``
      connects to worker ``(r + i) % len(bases)`` (no stickiness: a room's seats spread out).
    - ``game``/``seats``/``rooms``: ``rooms`` rooms of ``seats`` seats, one websocket per seat.
    - ``mode``: ``closed`` (a room's next action as soon as every seat saw the previous one), ``paced``
      (at most one action per room per ``interval`` seconds) or ``idle`` (connections only).
    - ``warmup``/``duration``: seconds before and of the measurement window.
    - ``concurrency``: lobby calls and websocket handshakes in flight while connecting.
    - ``seed``: the bots' choices (a seeded `random.Random` on the client side).
    - ``acks``: the bots' ``hello.acks``: ``update`` (an action's ack inside the actor's update, one
      frame fewer per action) or ``frame`` (acks as frames of their own), to measure either.
    """

    bases: list[str]
    game: str = "gregs"
    seats: int = 4
    rooms: int = 100
    mode: Mode = "closed"
    interval: float = 1.0
    warmup: float = 3.0
    duration: float = 10.0
    concurrency: int = 64
    seed: int = 1
    acks: AckMode = "update"


class Percentiles(msgspec.Struct, frozen=True):
    """Latency percentiles, milliseconds (``None``: no sample)."""

    p50: float | None = None
    p95: float | None = None
    p99: float | None = None
    max: float | None = None


class Slot(msgspec.Struct, frozen=True, array_like=True):
    """One slice of the window: ``start`` seconds after the window opened, the actions completed in it
    (``count``) and their latency percentiles, ms (``p50``, ``p99``, ``max``; ``None`` when empty)."""

    start: float
    count: int
    p50: float | None
    p99: float | None
    max: float | None


class LoadResult(msgspec.Struct, frozen=True):
    """What the generator measured in its window (``window`` seconds); ``rooms_live`` and
    ``connections`` as the window opened (finished games are replaced as it goes).

    ``actions``: acknowledged actions whose update reached every seat of the room; ``updates``: update
    frames received; ``latency``: action sent -> the last seat of its room received the step (full
    fan-out), ms; ``games``: games that ended (their rooms were replaced by new ones); ``refused``:
    error answers; ``stalled``: rooms with an action older than 2 s in flight at the end; ``timeline``:
    the window in slices of `SLOT` seconds (where in time the slow actions were); ``acks``:
    acks received (frames of their own or inside updates, as ``LoadConfig.acks`` asked).
    """

    rooms_live: int
    connections: int
    connect_errors: int
    connect_seconds: float
    window: float
    actions: int
    updates: int
    games: int
    refused: int
    stalled: int
    latency: Percentiles
    timeline: list[Slot] = []
    acks: int = 0


class Sample(msgspec.Struct, frozen=True):
    """CPU seconds and RSS bytes of the measured processes: the workers summed, Redis when local, and
    the load generator (to tell a client-bound run: its CPU near one core)."""

    worker_cpu: float
    redis_cpu: float | None
    worker_rss: int
    client_cpu: float = 0.0


class RunFigures(msgspec.Struct, frozen=True):
    """One measured run: the generator's result plus the workers' CPU over the window (seconds), their RSS
    idle and loaded (bytes) and Redis's CPU over the window when it runs here."""

    label: str
    load: LoadResult
    worker_cpu: float
    redis_cpu: float | None
    idle_rss: int
    loaded_rss: int
    client_cpu: float = 0.0
    loadavg: float = 0.0

    @property
    def actions_per_s(self) -> float:
        return self.load.actions / self.load.window if self.load.window else 0.0

    @property
    def updates_per_s(self) -> float:
        return self.load.updates / self.load.window if self.load.window else 0.0

    @property
    def cpu_share(self) -> float:
        """Worker CPU over the window as a share of one core (0.45 = 45 %)."""
        return self.worker_cpu / self.load.window if self.load.window else 0.0

    @property
    def cpu_per_action_us(self) -> float | None:
        """Worker CPU per action, microseconds (updates and sends included)."""
        return self.worker_cpu / self.load.actions * 1e6 if self.load.actions else None

    @property
    def rss_per_conn(self) -> float | None:
        """RSS per connection above the idle worker, bytes."""
        conns = self.load.connections
        return (self.loaded_rss - self.idle_rss) / conns if conns else None
