"""One action's step: from the room as loaded and the decoded action to the `Commit` the store writes,
with no I/O and no clock (``now`` is given; only an auto-pass delay is drawn, from the operating system's
generator, `server.play.deadlines`). `server.play.rooms.Rooms.act` loads, calls `step`, commits and
retries on a conflict. The log keeps the decoded action's wire form (every field, defaults filled in),
which replays to the same state.

The order of the checks, first to last: the room must exist (``room/not_found``); the action must
decode (``action/malformed``; a player's timeout is ``action/not_offered``); a repeated id is answered
from its stored result (or ``act/id_reused``); the room must not be abandoned (``room/abandoned``), the
connection must still hold the seat (``act/seat_not_held``), its player must not have left
(``seat/left``), and the room must be running (``room/not_started``, ``room/finished``); then the
game's checks (`games.engine.check`: ``action/stale_prompt`` first, then ``game/over``,
``action/no_prompt``, ``action/not_offered``) and its own rules.
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal

import msgspec

from games.engine.errors import IllegalAction
from games.engine.model import Ctx, Event, Timeout
from games.engine.plugin import Game, advance
from server.errors import Refused
from server.play.deadlines import AutoPass, TimerPolicy, auto_passes, next_strikes, schedule_for
from server.store.model import Commit, Loaded, LogEvent, LogStep, RoomMeta, RoomState

#: Who acts: the seat's ``player``, the server on a ``timeout``, a server-side ``bot``, or the server's
#: ``autopass`` for a player whose seat settings ask for it (a pass of the seat's own, not a timeout).
ActorKind = Literal["player", "timeout", "bot", "autopass"]


class ActRequest(msgspec.Struct, frozen=True):
    """One action to apply to ``room`` for ``seat``.

    ``action``: the action as its JSON bytes (an ``act`` frame's payload, decoded once, by the room's
    game: `games.engine.Game.decode_action`) or as wire data (``{"kind": "pass"}``: the server's own
    bots, timeouts and auto-passes). ``actor``: who acts (`ActorKind`). ``action_id``: the client's id
    (``None``: the server's own, never deduplicated). ``holder``: the token hash the acting connection
    holds the seat with (``None``: not checked). ``prompt``: the id of the prompt the action answers
    (``None``: not checked). ``origin``: who sent it, handed on in the committed `Change` (the acting
    connection when it asked for its ack inside its update; opaque here)."""

    room: str
    seat: int
    action: msgspec.Raw | dict[str, Any]
    actor: ActorKind = "player"
    action_id: str | None = None
    holder: str | None = None
    prompt: str | None = None
    origin: Any = None


class Decoded(msgspec.Struct, frozen=True):
    """A request's action decoded once: the game's Struct (``action``), its wire form as the log keeps
    it (``wire``) and that form's `digest` (``""`` for the server's own actions, which have no id)."""

    action: Any
    wire: Any
    digest: str


def decode(game: Game[Any, Any], request: ActRequest) -> Decoded:
    """The request's action, decoded once by the room's game. Raises `IllegalAction` ``action/malformed``
    (it does not decode) or ``action/not_offered`` (a player's timeout: deadlines are the server's)."""
    raw = request.action
    try:
        parsed = game.decode_action(raw) if isinstance(raw, msgspec.Raw) else game.convert_action(raw)
    except IllegalAction:
        if request.actor == "player" and _kind(raw) == TIMEOUT:
            raise _not_offered() from None  # refused by its kind, before its fields
        raise
    if request.actor == "player" and isinstance(parsed, Timeout):
        raise _not_offered()
    wire = msgspec.to_builtins(parsed)
    return Decoded(parsed, wire, digest(wire) if request.action_id is not None else "")


#: The tag of the engine's `Timeout` action.
TIMEOUT = Timeout.__struct_config__.tag


class _Tagged(msgspec.Struct):
    kind: Any = None


def _kind(raw: msgspec.Raw | dict[str, Any]) -> Any:
    """The ``kind`` of an action that did not decode (read on that error path only), else ``None``."""
    if isinstance(raw, dict):
        return raw.get("kind")
    try:
        return msgspec.json.decode(raw, type=_Tagged).kind
    except (msgspec.DecodeError, RecursionError):
        return None


def _not_offered() -> IllegalAction:
    # a client must not fake a deadline: it would apply a default early
    return IllegalAction("action/not_offered", "timeouts are applied by the server only")


def digest(action: Any) -> str:
    """A stable digest of a decoded action (its wire form, keys sorted), to tell a repeated id from a
    reused one."""
    return hashlib.sha256(msgspec.json.encode(action, order="sorted")).hexdigest()


def log_events(events: list[Event[Any]]) -> list[LogEvent]:
    """Events as the log keeps them: bodies as builtins, with their audiences."""
    return [LogEvent(msgspec.to_builtins(e.body), e.audience) for e in events]


def guard(meta: RoomMeta, loaded: RoomState | None, request: ActRequest) -> RoomState:
    """The room's state if the request may act on it. Raises `Refused` (see the module's order)."""
    seat, seats = request.seat, meta.seats
    if meta.status == "abandoned":  # its deadlines are gone and its keys expire: no more moves
        raise Refused("room/abandoned", "the room was abandoned: nobody was connected for too long")
    if request.holder is not None and (seat >= len(seats) or seats[seat].token_hash != request.holder):
        raise Refused("act/seat_not_held", f"seat {seat} was given up or taken by another player")
    if request.actor == "player" and seat < len(seats) and seats[seat].left:
        raise Refused("seat/left", f"seat {seat} has left; defaults or a bot play it now")
    if loaded is None:
        raise Refused("room/not_started", "the room has not started yet")
    if loaded.finished:
        raise Refused("room/finished", "the room has finished")
    return loaded


def step(
    game: Game[Any, Any],
    loaded: Loaded,
    seed: bytes,
    request: ActRequest,
    decoded: Decoded,
    now: float,
    timers: tuple[TimerPolicy, AutoPass],
) -> Commit:
    """The `Commit` of the request's ``decoded`` action on the room as ``loaded``, at server
    time ``now`` (seconds) with the worker's timer policy and auto-pass range. Raises `Refused` or
    `IllegalAction` as `guard` and `games.engine.advance` (nothing is changed: the state is a fresh
    decode)."""
    meta = loaded.meta
    assert meta is not None
    room_state = guard(meta, loaded.state, request)
    state = game.decode_state(room_state.state)
    ctx = Ctx.for_step(seed, room_state.version, now)
    stepped = advance(game, state, request.seat, decoded.action, ctx, request.prompt)
    if request.actor == "autopass" and not auto_passes(meta, request.seat, stepped.answered):
        raise IllegalAction("action/stale_prompt", "the auto-passed prompt has changed")
    actor, previous = request.actor, loaded.schedule
    strike = stepped.answered.strike if actor in ("timeout", "autopass") else True
    strikes = next_strikes(previous.strikes if previous else {}, request.seat, actor, strike)
    version = room_state.version + 1
    policy, autopass = timers
    schedule = schedule_for(meta, version, stepped.prompts, previous, strikes, now, policy, autopass)
    return Commit(
        meta.room,
        room_state.version,
        game.encode_state(state),
        LogStep(version, request.seat, decoded.wire, now, log_events(stepped.events)),
        schedule,
        action_id=request.action_id,
        digest=decoded.digest,
        finished=stepped.outcome is not None,
        live=state,
        prompts=stepped.prompts,
        meta_rev=meta.rev,
        meta=meta,
    )
