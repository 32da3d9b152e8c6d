"""What a store keeps per room, as msgspec Structs (the Redis store encodes them with MessagePack).

Keys of one room (Redis later: each with the ``{room}`` hash tag): `RoomMeta` (lobby data, written by
compare-and-set on ``rev``), `RoomState` (state bytes, version, epoch), the secret seed, the log (one
`LogStep` per version), the `Schedule` and the action-id results.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from games.engine.model import Audience

Status = Literal["open", "running", "abandoned"]
DeadlineKind = Literal["timeout", "bot", "autopass"]
CommitStatus = Literal["committed", "conflict", "duplicate", "id_reused"]


class SeatSettings(msgspec.Struct, frozen=True, omit_defaults=True):
    """A seat holder's private preferences, set with its seat token (docs/api.md, "Seat settings"); never
    in a view, a frame to another seat, the log or the room summary. ``auto_pass`` (on unless the
    holder turns it off): the server passes for the seat, after a secret random delay, whenever its
    prompt offers nothing but the pass (`server.play.deadlines.passes_only`; never for a bot's seat).
    ``screen`` (empty unless set): the screen the seat is played at, an id its holder makes up and gives
    every seat played at that one screen (a hot-seat tab): those seats answer a window one after the
    other, so when one of them answers, the others' unchanged prompts get their full time again
    (`server.play.deadlines.schedule_for`)."""

    auto_pass: bool = True
    screen: Annotated[str, msgspec.Meta(max_length=40, pattern="^[A-Za-z0-9_-]*$")] = ""


class SeatRecord(msgspec.Struct, omit_defaults=True):
    """One seat: ``token_hash`` of its player's token (``None``: free), ``name``, ``bot`` (policy name of a
    server-side bot), ``left`` (the player left after the start: defaults or a bot play the seat),
    ``conceded`` (it left by conceding: ``bot`` then plays it), ``settings`` its holder's private
    `SeatSettings` (reset when the seat is freed)."""

    seat: int
    token_hash: str | None = None
    name: str = ""
    bot: str | None = None
    left: bool = False
    conceded: bool = False
    settings: SeatSettings = SeatSettings()

    @property
    def taken(self) -> bool:
        return self.token_hash is not None or self.bot is not None


class RoomMeta(msgspec.Struct, omit_defaults=True):
    """A room's lobby data. ``rev`` counts its writes (compare-and-set). ``timers`` are seconds per timer
    class (room overrides only); ``leaver_bot`` the policy that plays a leaver's seat (``None``: defaults);
    ``away_after`` the timeouts in a row that mark a seat away, ``away_bot`` the policy that then plays it
    (``None``: its defaults);
    ``created`` server time, seconds."""

    room: str
    game: str
    seats: list[SeatRecord]
    host_hash: str
    options: dict[str, Any] = {}
    timers: dict[str, float] = {}
    autostart: bool = True
    leaver_bot: str | None = None
    away_after: int = 2
    away_bot: str | None = None
    status: Status = "open"
    created: float = 0.0
    rev: int = 0


class RoomState(msgspec.Struct):
    """The game state as the game's ``encode_state`` bytes at ``version`` (0 = after setup); ``epoch`` is
    fixed when the room starts (a different one means the store went back in time); ``finished`` once
    the game has an outcome."""

    state: bytes
    version: int
    epoch: str
    finished: bool = False


class LogEvent(msgspec.Struct, omit_defaults=True):
    """One event of a step: its audience and its body as builtins (``{"kind": "drew", ...}``)."""

    body: Any
    audience: Audience = Audience()


class LogStep(msgspec.Struct, omit_defaults=True):
    """The step that produced ``version``: ``seat``, the wire ``action`` (``{"kind": ...}``, a timeout
    is ``{"kind": "timeout", "prompt": id}``), the server time ``now`` (seconds) and the events."""

    version: int
    seat: int
    action: dict[str, Any]
    now: float
    events: list[LogEvent] = []


class Deadline(msgspec.Struct, frozen=True):
    """A due item of the scheduler: at ``due`` (server time, seconds) ``seat`` answers prompt ``prompt``
    of ``room`` — by its default (``kind="timeout"``), by its server-side bot (``kind="bot"``) or by
    the pass its seat settings ask for (``kind="autopass"``, beside the prompt's timeout). ``clock``:
    the prompt's `Prompt.clock` (``None``: its id), which the next prompts' deadlines are matched by."""

    room: str
    seat: int
    prompt: str
    due: float
    kind: DeadlineKind = "timeout"
    clock: str | None = None


class Schedule(msgspec.Struct):
    """A room's deadlines for its current ``version`` and ``strikes``: consecutive timeouts per seat
    (a seat with 2 or more is away: short deadlines until it acts again)."""

    version: int
    deadlines: list[Deadline] = []
    strikes: dict[int, int] = {}

    def away(self, seat: int, after: int = 2) -> bool:
        """Whether ``seat`` timed out ``after`` times in a row (its room's ``away_after``)."""
        return self.strikes.get(seat, 0) >= after


class ActionResult(msgspec.Struct, frozen=True):
    """The stored result of an action id: the ``digest`` of its action and the ``version`` it produced."""

    digest: str
    version: int


class Loaded(msgspec.Struct):
    """What one action needs from the store, read at once (`Store.load`): the room's ``meta``, its
    ``state`` (``None`` before the start), its ``schedule`` and the stored result of the action's id
    (``known``, ``None`` when new); ``meta`` is ``None`` for an unknown room."""

    meta: RoomMeta | None
    state: RoomState | None = None
    schedule: Schedule | None = None
    known: ActionResult | None = None


class Current(msgspec.Struct):
    """A room at one version, read at once (`Store.current`): its ``state`` (``None`` before the start),
    the ``schedule`` written with it and the ``log`` steps after the asked version up to
    ``state.version``, never one past it. What a catch-up sends (a snapshot's prompt deadlines and
    missed events) comes from one of these, so it is of one version (issue 21, point 1)."""

    state: RoomState | None = None
    schedule: Schedule | None = None
    log: list[LogStep] = []


class Commit(msgspec.Struct):
    """One atomic write: if the id is new and the room is still at ``expect`` (and its metadata still at
    revision ``meta_rev``, when given), store ``state`` as version ``expect + 1``, append ``step``,
    replace the schedule, record ``action_id`` (with ``digest``) for ``step.seat``. ``finished`` marks
    the game over. The store publishes nothing: it reports the `Change` (`CommitResult.change`) and
    the caller hands it to the bus (`server.play.rooms.Rooms`).

    ``live`` (the decoded state after the step), ``prompts`` (its game prompts) and ``meta`` (the
    metadata the step was computed with) are never stored: the committing worker hands the first two to
    its own fan-out through the `Change` (no second decode, no second ``prompts``) and keeps ``meta`` for
    the room's next action. Nobody mutates them after the commit.
    """

    room: str
    expect: int
    state: bytes
    step: LogStep
    schedule: Schedule
    action_id: str | None = None
    digest: str = ""
    finished: bool = False
    live: Any = None
    prompts: dict[int, Any] | None = None
    meta_rev: int | None = None
    meta: RoomMeta | None = None

    def change(self, version: int, epoch: str) -> Change:
        """What this commit changed once stored as ``version`` of the room's ``epoch``."""
        return Change(
            self.room,
            version,
            epoch,
            self.state,
            self.schedule,
            self.step,
            self.finished,
            self.live,
            self.prompts,
            action_id=self.action_id,
        )


class CommitResult(msgspec.Struct, frozen=True):
    """``committed`` (``version`` is the new one, ``change`` what was stored, for the caller to
    publish), ``conflict`` (the version moved: reload and retry), ``duplicate`` (the id was applied
    before: ``version`` is its stored result) or ``id_reused``; ``change`` is ``None`` unless
    committed."""

    status: CommitStatus
    version: int = -1
    change: Change | None = None


class Change(msgspec.Struct):
    """What a commit (or a start) publishes on the room's channel: a wake-up with everything a worker
    needs to fan out this one step. ``step`` is ``None`` for the start (version 0). ``live`` and
    ``prompts``: the decoded state and its prompts when this worker committed it (see `Commit`), else
    ``None`` (decode ``state``). ``closed``: the room was deleted (`closed_change`); nothing else is set.
    ``action_id``: the client's id of the action of ``step``, when this worker committed it; ``origin``:
    who sent that action, when it asked for its ack inside its update (the acting connection, opaque
    below `server.ws`: its fan-out puts the ack there, `server.ws.acks`); both ``None`` otherwise."""

    room: str
    version: int
    epoch: str
    state: bytes
    schedule: Schedule
    step: LogStep | None = None
    finished: bool = False
    live: Any = None
    prompts: dict[int, Any] | None = None
    closed: bool = False
    action_id: str | None = None
    origin: Any = None


def closed_change(room: str) -> Change:
    """What a store publishes when ``room`` is deleted (`Store.delete_room`): its viewers are told to go."""
    return Change(room, -1, "", b"", Schedule(-1), closed=True)
