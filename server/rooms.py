"""Applying actions to rooms: load, decode, `games.engine.step` on the fresh copy, encode, commit if the
version is unchanged, else retry on the fresh state (DESIGN "The server").

One `Rooms` per worker. The store holds the truth; a worker keeps each room's seed (it never changes)
and, for the rooms it committed last, what it committed (``_warm``): the next action of such a room is
applied to that state without reading the store first. The commit's compare-and-set on the state
version and the metadata revision makes that safe: if any worker (or a lobby write) changed the room
meanwhile, the commit is refused as a conflict and the action runs again on a fresh read.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from games.engine.errors import IllegalAction
from games.engine.model import Ctx, Event, Outcome, Timeout
from games.engine.plugin import Game, check
from server.clock import Clock
from server.deadlines import AUTOPASS, AutoPass, TimerPolicy, auto_passes, next_strikes, schedule_for
from server.errors import Refused
from server.store.base import Store
from server.store.model import (
    Commit,
    CommitResult,
    Loaded,
    LogEvent,
    LogStep,
    RoomMeta,
    RoomState,
    Schedule,
)

#: Who acts: the seat's ``player``, the server on a ``timeout``, a server-side ``bot``, or the server's
#: ``autopass`` for a player whose seat settings ask for it (a pass of the seat's own, not a timeout).
ActorKind = Literal["player", "timeout", "bot", "autopass"]

#: Commits retried on version conflicts before giving up (each retry means another action won the race).
MAX_RETRIES = 64

#: Room seeds one worker keeps (oldest dropped first): a finished room's seed is dropped at once, this
#: bounds the rest (rooms this worker only timed out or read, finished elsewhere).
SEED_CACHE = 4096

#: Rooms whose last commit one worker keeps to skip the next action's read (oldest dropped first).
WARM_ROOMS = 4096


class Acted(msgspec.Struct, frozen=True):
    """The result of an action: the ``version`` it produced; ``duplicate`` when the id was applied before
    (nothing was applied again)."""

    version: int
    duplicate: bool = False


def digest(action: Mapping[str, Any]) -> str:
    """A stable digest of a wire action (keys sorted), to tell a repeated id from a reused one."""
    return hashlib.sha256(msgspec.json.encode(action, order="sorted")).hexdigest()


def log_events(events: list[Event[Any]]) -> list[LogEvent]:
    """Events as the log keeps them: bodies as builtins, with their audiences."""
    return [LogEvent(msgspec.to_builtins(e.body), e.audience) for e in events]


class Rooms:
    """The action path of every room of one store."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game[Any, Any]],
        clock: Clock,
        policy: TimerPolicy,
        autopass: AutoPass = AUTOPASS,
    ) -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self.policy = policy
        self.autopass = autopass
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

    async def act(
        self,
        room: str,
        seat: int,
        action: dict[str, Any],
        action_id: str | None = None,
        kind: ActorKind = "player",
        holder: str | None = None,
        prompt: str | None = None,
    ) -> Acted:
        """Apply ``action`` (wire form) of ``seat``; ``holder``: the token hash the acting connection
        holds the seat with (``None``: not checked, the server's own timeouts and bots); ``prompt``: the
        id of the prompt the action answers (an ``act``'s ``prompt``, or the one an ``autopass``
        answers), refused ``action/stale_prompt`` unless it is still the seat's prompt (and, for an
        ``autopass``, one the seat still auto-passes); ``None``: not checked. A repeated id is
        answered from its stored result before the prompt is looked at.

        Raises `Refused` (``room/not_found``, ``room/not_started``, ``room/finished``, ``room/abandoned``,
        ``act/id_reused``,
        ``act/seat_not_held`` when the seat no longer has ``holder``'s token (freed or claimed again
        before the start), ``seat/left`` for a player's action after that player left)
        or the game's `IllegalAction`; in both cases nothing changed. A repeated ``action_id`` with the
        same action returns the stored result.
        """
        warm = self._warm.pop(room, None)
        # one round trip (meta, state, schedule, the id's stored result) unless this worker kept it
        loaded = warm or await self.store.load(room, seat, action_id)
        game = self.game(_found(loaded.meta, room))
        if kind == "player" and action.get("kind") == Timeout.__struct_config__.tag:
            # deadlines are the server's: a client must not fake one (it would apply a default early);
            # refused by its kind, before its fields (without ``prompt`` it was action/malformed)
            raise IllegalAction("action/not_offered", "timeouts are applied by the server only")
        parsed = game.convert_action(action)
        action_digest = digest(action) if action_id is not None else ""
        seed = await self.seed(room)
        for _ in range(MAX_RETRIES):
            meta = _found(loaded.meta, room)
            if loaded.known is not None:
                return _known(loaded.known.digest == action_digest, loaded.known.version, action_id or "")
            try:
                commit = self._attempt(game, meta, loaded, seed, seat, parsed, action, kind, holder, prompt)
            except (IllegalAction, Refused):
                if loaded is not warm:
                    raise
                # what was kept may be stale, or the id applied already: decide on a fresh read
                loaded = await self.store.load(room, seat, action_id)
                continue
            commit.action_id, commit.digest = action_id, action_digest
            result = await self._commit(commit)
            if result.status == "committed":
                self._keep(commit, result.version)
                return Acted(result.version)
            if result.status != "conflict":
                return _known(result.status == "duplicate", result.version, action_id or "")
            # the fresh state, with the id's stored result: the race may have been lost to this very
            # action sent through another worker, which must answer its ack, not a rule error; a seat
            # may have left meanwhile, so its deadline changes with the meta
            loaded = await self.store.load(room, seat, action_id)
        raise RuntimeError(f"room {room}: {MAX_RETRIES} commit conflicts in a row")

    async def _commit(self, commit: Commit) -> CommitResult:
        """The store's atomic commit (a seam: `server.metrics.MeteredRooms` times and counts it)."""
        return await self.store.commit(commit)

    def _attempt(
        self,
        game: Game[Any, Any],
        meta: RoomMeta,
        loaded: Loaded,
        seed: bytes,
        seat: int,
        parsed: Any,
        action: dict[str, Any],
        kind: ActorKind,
        holder: str | None,
        prompt: str | None = None,
    ) -> Commit:
        """One try: the step on ``loaded`` as a `Commit`. Raises as `act`."""
        if meta.status == "abandoned":  # its deadlines are gone and its keys expire: no more moves
            raise Refused("room/abandoned", "the room was abandoned: nobody was connected for too long")
        if holder is not None and (seat >= len(meta.seats) or meta.seats[seat].token_hash != holder):
            raise Refused("act/seat_not_held", f"seat {seat} was given up or taken by another player")
        if kind == "player" and seat < len(meta.seats) and meta.seats[seat].left:
            raise Refused("seat/left", f"seat {seat} has left; defaults or a bot play it now")
        state = _running(loaded.state)
        return self._step(game, meta, state, loaded.schedule, seed, seat, parsed, action, kind, prompt)

    def _keep(self, commit: Commit, version: int) -> None:
        """Keep what ``commit`` wrote (as version ``version``) for the room's next action here."""
        if commit.finished or commit.meta is None:
            self.forget(commit.room)
            return
        state = RoomState(commit.state, version, "")
        self._warm[commit.room] = Loaded(commit.meta, state, commit.schedule)
        if len(self._warm) > WARM_ROOMS:
            del self._warm[next(iter(self._warm))]

    def _step(
        self,
        game: Game[Any, Any],
        meta: RoomMeta,
        loaded: RoomState,
        previous: Schedule | None,
        seed: bytes,
        seat: int,
        parsed: Any,
        action: dict[str, Any],
        kind: ActorKind,
        prompt: str | None = None,
    ) -> Commit:
        state = game.decode_state(loaded.state)
        now = self.clock.now()
        # the one prompt read before the step: it judges the action and says whether a timeout strikes
        answered = check(game, state, seat, parsed, prompt)
        if kind == "autopass" and not auto_passes(meta, seat, answered):
            raise IllegalAction("action/stale_prompt", "the auto-passed prompt has changed")
        strike = answered.strike if kind in ("timeout", "autopass") else True
        events = game.apply(state, seat, parsed, Ctx.for_step(seed, loaded.version, now))
        outcome: Outcome | None = game.outcome(state)
        strikes = next_strikes(previous.strikes if previous else {}, seat, kind, strike)
        version = loaded.version + 1
        prompts = {} if outcome is not None else game.prompts(state)
        schedule = schedule_for(meta, version, prompts, previous, strikes, now, self.policy, self.autopass)
        log_step = LogStep(version, seat, action, now, log_events(events))
        return Commit(
            meta.room,
            loaded.version,
            game.encode_state(state),
            log_step,
            schedule,
            finished=outcome is not None,
            live=state,
            prompts=prompts,
            meta_rev=meta.rev,
            meta=meta,
        )

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


def _running(loaded: RoomState | None) -> RoomState:
    if loaded is None:
        raise Refused("room/not_started", "the room has not started yet")
    if loaded.finished:
        raise Refused("room/finished", "the room has finished")
    return loaded


def _known(same: bool, version: int, action_id: str) -> Acted:
    if not same:
        raise Refused("act/id_reused", f"action id {action_id!r} was used with another action")
    return Acted(version, duplicate=True)
