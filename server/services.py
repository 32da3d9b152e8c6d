"""The objects one worker shares between its HTTP routes, websocket sessions and scheduler."""

from __future__ import annotations

from typing import Any

from games.engine.plugin import Game
from server.clock import Clock, SystemClock
from server.lobby.lobby import Lobby
from server.lobby.ratelimit import Throttles
from server.lobby.replays import Replays
from server.ops.inflight import Inflight
from server.ops.metrics import Metrics
from server.ops.trimmer import Trimmer
from server.play.deadlines import AutoPass, TimerPolicy
from server.play.rooms import Rooms
from server.settings import Settings
from server.store.base import Store
from server.store.bus import Bus, LocalBus
from server.store.memory import MemoryStore
from server.ws.hub import Hub


class Services:
    """``settings``, ``clock``, ``store``, ``bus``, the `Rooms` and `Lobby` services, the `Hub`, the
    worker's ``metrics``, its ``inflight`` actions (graceful shutdown), the per-client ``throttles``, the
    count of open websockets (``sockets``) and its allocator ``trimmer``."""

    def __init__(
        self,
        settings: Settings,
        games: dict[str, Game[Any, Any]],
        clock: Clock | None = None,
        store: Store | None = None,
        bus: Bus | None = None,
    ) -> None:
        self.settings = settings
        self.clock = clock or SystemClock()
        if store is None and settings.store == "redis":
            from server.store.bus_redis import redis_pair

            store, bus = redis_pair(
                settings.redis_url, settings.redis_prefix, settings.ttls.finished_log, settings.redis_cluster
            )
        if store is None:
            bus = bus or LocalBus()
            store = MemoryStore(bus, self.clock, settings.ttls.finished_log)
        if bus is None:
            raise ValueError("a store given from outside needs its bus too")
        self.store = store
        self.bus = bus
        per_game = {name: settings.timer_seconds(game.timers) for name, game in games.items()}
        policy = TimerPolicy(settings.timer_seconds(), settings.away_seconds, settings.bot_delay, per_game)
        self.metrics = Metrics()
        self.trimmer = Trimmer()
        self.inflight = Inflight()
        autopass = AutoPass(settings.autopass_min, settings.autopass_max)
        self.rooms = Rooms(store, games, self.clock, policy, autopass, (self.metrics,), self.inflight, bus)
        self.lobby = Lobby(self.rooms, settings.allow_seed)
        self.replays = Replays(self.rooms)
        self.hub = Hub(self.rooms, bus, settings.limits.resume_gap)
        self.throttles = Throttles(settings.limits)  # the wall clock: real time, whatever the server's
        self.sockets = 0  # websockets open now (`server.ws.session`: capped at ``limits.max_connections``)

    async def aclose(self) -> None:
        """Release the store's and the bus's connections (Redis); nothing to do for the in-memory pair."""
        for part in (self.bus, self.store):
            close = getattr(part, "aclose", None)
            if close is not None:
                await close()
