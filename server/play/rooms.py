"""Applying actions to rooms: load, `server.play.step.step` on a fresh decode, commit if the version is
unchanged, else retry on the fresh state (DESIGN "The server"; docs/architecture.md, "One action, end
to end").

One `Rooms` per worker. The store holds the truth; a worker keeps each room's seed (it never changes)
and, for the rooms it committed last, what it committed (``_warm``): the next action of such a room is
applied to that state without reading the store first. The commit's compare-and-set on the state
version and the metadata revision makes that safe: if any worker (or a lobby write) changed the room
meanwhile, the commit is refused as a conflict and the action runs again on a fresh read.

Each action runs through the worker's `Inflight` tracker (a graceful shutdown finishes it) and is told
to the `Observer` s (`server.ops.metrics.Metrics` counts and times it). The store's commit reports the
`Change` it stored; `Rooms` publishes it on the bus once that call returned (the fan-out runs from there,
with the request's ``origin``, whose ack it carries), never from inside the store.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import msgspec

from games.engine.errors import IllegalAction
from games.engine.plugin import Game
from server.clock import Clock
from server.errors import Refused
from server.ops.inflight import Inflight
from server.play.deadlines import AUTOPASS, AutoPass, TimerPolicy, schedule_for
from server.play.step import ActorKind, ActRequest, decode, step
from server.store.base import Publisher, Store
from server.store.model import Change, Commit, CommitResult, Loaded, RoomMeta, RoomState

__all__ = ["ActRequest", "Acted", "ActorKind", "Observer", "Rooms", "shown"]

#: Commits retried on version conflicts before giving up (each retry means another action won the race).
MAX_RETRIES = 64

#: Room seeds one worker keeps (oldest dropped first): a finished room's seed is dropped at once, this
#: bounds the rest (rooms this worker only timed out or read, finished elsewhere).
SEED_CACHE = 4096

#: Rooms whose last commit one worker keeps to skip the next action's read (oldest dropped first).
WARM_ROOMS = 4096


class Observer(Protocol):
    """What `Rooms` tells of each action (`server.ops.metrics.Metrics` is one)."""

    def acted(self, actor: ActorKind, result: str, seconds: float) -> None:
        """One action ended: ``result`` ``applied``, ``duplicate``, ``illegal``, ``refused`` or ``error``
        after ``seconds`` (load to commit, retries included)."""

    def committed(self, seconds: float, conflict: bool) -> None:
        """One store commit took ``seconds``; ``conflict``: it lost a race and the action runs again."""


class Acted(msgspec.Struct, frozen=True):
    """The result of an action: the ``version`` it produced; ``duplicate`` when the id was applied before
    (nothing was applied again)."""

    version: int
    duplicate: bool = False


class Rooms:
    """The action path of every room of one store; ``bus`` gets each committed `Change` (``None``:
    nobody watches, as for a second worker in tests)."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game[Any, Any]],
        clock: Clock,
        policy: TimerPolicy,
        autopass: AutoPass = AUTOPASS,
        observers: Sequence[Observer] = (),
        inflight: Inflight | None = None,
        bus: Publisher | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self.policy = policy
        self.autopass = autopass
        self.observers = tuple(observers)
        self.inflight = inflight or Inflight()
        self.bus = bus
        self._seeds: dict[str, bytes] = {}
        self._warm: dict[str, Loaded] = {}

    async def meta(self, room: str) -> RoomMeta:
        """The room's metadata. Raises `Refused` ``room/not_found``."""
        meta = await self.store.get_meta(room)
        if meta is None:
            raise Refused("room/not_found", f"no room {shown(room)!r}")
        return meta

    def game(self, meta: RoomMeta) -> Game[Any, Any]:
        return self.games[meta.game]

    async def seed(self, room: str) -> bytes:
        seed = self._seeds.get(room)
        if seed is None:
            seed = await self.store.get_seed(room)
            if seed is None:
                raise Refused("room/not_found", f"no room {shown(room)!r}")
            self._seeds[room] = seed
            if len(self._seeds) > SEED_CACHE:
                del self._seeds[next(iter(self._seeds))]
        return seed

    def forget(self, room: str) -> None:
        """Drop what this worker keeps of ``room`` (it finished, or its last local viewer left)."""
        self._seeds.pop(room, None)
        self._warm.pop(room, None)

    async def act(self, request: ActRequest) -> Acted:
        """Apply ``request`` (`ActRequest`): the checks in the order of `server.play.step`, a repeated
        id answered from its stored result before the prompt is looked at.

        Raises `Refused` (``room/not_found``, ``room/not_started``, ``room/finished``, ``room/abandoned``,
        ``act/id_reused``, ``act/seat_not_held`` when the seat no longer has the holder's token, freed or
        claimed again before the start, ``seat/left`` for a player's action after that player left) or
        the game's `IllegalAction`; in both cases nothing changed.
        """
        started, result = time.perf_counter(), "error"
        try:
            acted = await self.inflight.run(self._act(request))
            result = "duplicate" if acted.duplicate else "applied"
            return acted
        except IllegalAction:
            result = "illegal"
            raise
        except Refused:
            result = "refused"
            raise
        finally:
            for observer in self.observers:
                observer.acted(request.actor, result, time.perf_counter() - started)

    async def _act(self, request: ActRequest) -> Acted:
        """Load, step, commit; on a conflict again on the fresh state."""
        room, warm = request.room, self._warm.pop(request.room, None)
        # one round trip (meta, state, schedule, the id's stored result) unless this worker kept it
        loaded = warm or await self.store.load(room, request.seat, request.action_id)
        game = self.game(_found(loaded.meta, room))
        decoded = decode(game, request)
        seed = await self.seed(room)
        for _ in range(MAX_RETRIES):
            _found(loaded.meta, room)
            if loaded.known is not None:
                return _known(loaded.known.digest == decoded.digest, loaded.known.version, request)
            try:
                commit = step(
                    game, loaded, seed, request, decoded, self.clock.now(), (self.policy, self.autopass)
                )
            except (IllegalAction, Refused):
                if loaded is warm:  # what was kept may be stale, or the id applied: decide on a fresh read
                    loaded = await self.store.load(room, request.seat, request.action_id)
                    continue
                raise
            result = await self._commit(commit)
            if result.change is not None:
                self._keep(commit, result.version)
                self._publish(result.change, request.origin)
                return Acted(result.version)
            if result.status != "conflict":
                return _known(result.status == "duplicate", result.version, request)
            # the fresh state, with the id's stored result: the race may have been lost to this very
            # action sent through another worker, which must answer its ack, not a rule error; a seat
            # may have left meanwhile, so its deadline changes with the meta
            loaded = await self.store.load(room, request.seat, request.action_id)
        raise RuntimeError(f"room {room}: {MAX_RETRIES} commit conflicts in a row")

    async def _commit(self, commit: Commit) -> CommitResult:
        """The store's atomic commit, told to the observers."""
        started = time.perf_counter()
        result = await self.store.commit(commit)
        for observer in self.observers:
            observer.committed(time.perf_counter() - started, result.status == "conflict")
        return result

    def _publish(self, change: Change, origin: Any) -> None:
        """``change`` (committed) to the bus, naming the connection that sent it (``origin``)."""
        if self.bus is not None:
            self.bus.publish(change if origin is None else msgspec.structs.replace(change, origin=origin))

    def _keep(self, commit: Commit, version: int) -> None:
        """Keep what ``commit`` wrote (as version ``version``) for the room's next action here."""
        if commit.finished or commit.meta is None:
            self.forget(commit.room)
            return
        state = RoomState(commit.state, version, "")
        self._warm[commit.room] = Loaded(commit.meta, state, commit.schedule)
        if len(self._warm) > WARM_ROOMS:
            del self._warm[next(iter(self._warm))]

    async def reschedule(self, room: str) -> None:
        """Recompute the current version's deadlines after a seat changed hands (a leaver, a new bot)."""
        meta = await self.meta(room)
        loaded = await self.store.get_state(room)
        if loaded is None or loaded.finished:
            return
        game = self.game(meta)
        previous = await self.store.get_schedule(room)
        strikes = previous.strikes if previous else {}
        same = previous if previous is not None and previous.version == loaded.version else None
        prompts = game.prompts(game.decode_state(loaded.state))
        now = self.clock.now()
        schedule = schedule_for(meta, loaded.version, prompts, same, strikes, now, self.policy, self.autopass)
        await self.store.put_schedule(room, schedule)


def shown(text: str, limit: int = 64) -> str:
    """``text`` as an error message quotes it: at most ``limit`` characters (a client's id is echoed, not
    a megabyte of it)."""
    return text if len(text) <= limit else text[:limit] + "…"


def _found(meta: RoomMeta | None, room: str) -> RoomMeta:
    if meta is None:
        raise Refused("room/not_found", f"no room {shown(room)!r}")
    return meta


def _known(same: bool, version: int, request: ActRequest) -> Acted:
    """The answer to an id applied before: its stored version, or `Refused` ``act/id_reused`` when it
    was applied with another action (not ``same``)."""
    if not same:
        raise Refused("act/id_reused", f"action id {request.action_id!r} was used with another action")
    return Acted(version, duplicate=True)
