"""The lobby: creating rooms, claiming and leaving seats, bots, removing players, starting.

Every metadata write is compare-and-set on the room's ``rev`` (`Store.put_meta`), retried on a conflict,
so two claims of one seat can never both win. Tokens come from `secrets` and are stored hashed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Annotated, Any

import msgspec

from games.engine.match import setup_ctx
from games.engine.plugin import Game
from server.errors import Refused
from server.lobby.bots import best_bot, check_policy
from server.lobby.tokens import hash_token, new_room_id, new_seed, new_token, token_matches
from server.play.deadlines import schedule_for
from server.play.rooms import Rooms
from server.store.model import RoomMeta, RoomState, Schedule, SeatRecord, SeatSettings

#: Metadata writes retried on conflicts before giving up.
MAX_RETRIES = 64


#: Characters of visible categories that show nothing (Hangul fillers, the Braille blank).
BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
#: Bidirectional embeddings, overrides and isolates: they reorder the text shown after the name.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Unicode categories refused in a name: controls, line and paragraph separators, surrogates, private
#: use and unassigned code points. Format characters (``Cf``: the zero-width joiner of 👩‍💻, the
#: zero-width non-joiner of Persian, the soft hyphen, emoji tags) are accepted, but for `BIDI_CONTROLS`.
REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs", "Co", "Cn"})

#: Longest seat name, characters (docs/api.md).
MAX_NAME = 40
#: Seconds a room's timer may be set to (docs/api.md), inclusive.
MIN_TIMER, MAX_TIMER = 1.0, 86_400.0

TimerName = Annotated[str, msgspec.Meta(pattern="^[a-z_]{1,32}$")]
TimerSeconds = Annotated[float, msgspec.Meta(ge=MIN_TIMER, le=MAX_TIMER)]


class CreateRoom(msgspec.Struct, forbid_unknown_fields=True):
    """``POST /api/rooms`` body (docs/api.md): ``seats`` count, game ``options``, ``timers`` seconds per
    timer class, ``autostart`` when the last seat is filled, ``leaver_bot`` the policy that plays a
    leaver's seat (``None``: its defaults), ``away_after`` the timeouts in a row that mark a seat away
    and ``away_bot`` the policy that then plays it (``None``: its defaults, at once); ``seed`` a fixed
    secret seed in hex (1 to 64 bytes), accepted only by a server whose settings allow it (tests that
    need a reproducible room)."""

    game: str
    seats: Annotated[int, msgspec.Meta(ge=1, le=64)]
    options: dict[str, Any] = {}
    timers: Annotated[dict[TimerName, TimerSeconds], msgspec.Meta(max_length=32)] = {}
    autostart: bool = True
    leaver_bot: str | None = None
    away_after: Annotated[int, msgspec.Meta(ge=1, le=10)] = 2
    away_bot: str | None = None
    seed: str | None = None


class SettingsBody(SeatSettings, frozen=True, forbid_unknown_fields=True):
    """``PUT /api/rooms/{room}/seats/{seat}/settings`` body (docs/api.md): every `SeatSettings` field,
    absent ones taking their defaults (the body replaces the seat's settings); unknown fields refused."""


class Lobby:
    """The lobby operations over the `Rooms` service's store."""

    def __init__(self, rooms: Rooms, allow_seed: bool = False) -> None:
        self.rooms = rooms
        self.store = rooms.store
        self.allow_seed = allow_seed

    async def create(self, body: CreateRoom) -> tuple[str, str]:
        """A new open room: ``(room id, host token)``. Raises `Refused` ``game/not_found``,
        ``timer/unknown`` (a timer class the game does not have) or ``request/invalid`` (seat count out
        of range, bad options, timer seconds out of bounds, unknown bot)."""
        game = self.rooms.games.get(body.game)
        if game is None:
            raise Refused("game/not_found", f"no game {body.game!r}")
        check_timers(game, body.timers)
        if not game.min_seats <= body.seats <= game.max_seats:
            # the same details as the options' own range (`checked_options`): a form names the bounds
            reason = f"seats must be {game.min_seats} to {game.max_seats}"
            seats = [game.min_seats, game.max_seats]
            raise Refused("request/invalid", reason, {"error": reason, "seats": seats})
        for path, policy in (("$.leaver_bot", body.leaver_bot), ("$.away_bot", body.away_bot)):
            if policy is not None:
                check_policy(game, policy, path)
        options = checked_options(game, body.seats, body.options)
        seed = self._seed(body.seed)
        host = new_token()
        while True:
            meta = RoomMeta(
                room=new_room_id(),
                game=body.game,
                seats=[SeatRecord(i) for i in range(body.seats)],
                host_hash=hash_token(host),
                options=options,
                timers=dict(body.timers),
                autostart=body.autostart,
                leaver_bot=body.leaver_bot,
                away_after=body.away_after,
                away_bot=body.away_bot,
                created=self.rooms.clock.now(),
            )
            if await self.store.create_room(meta, seed):
                return meta.room, host

    def _seed(self, fixed: str | None) -> bytes:
        if fixed is None:
            return new_seed()
        if not self.allow_seed:
            raise Refused("request/invalid", "this server does not accept fixed seeds")
        try:
            seed = bytes.fromhex(fixed)
        except ValueError:
            seed = b""
        if not 1 <= len(seed) <= 64:
            raise Refused("request/invalid", "seed must be 1 to 64 bytes in hex")
        return seed

    async def _update(
        self, room: str, change: Callable[[RoomMeta], Any], start: bool = False
    ) -> tuple[RoomMeta, Any]:
        """Load, ``change(meta)`` (may raise `Refused`), compare-and-set; retried on conflicts. With
        ``start``, a change that fills the last seat of an ``autostart`` room starts it in the same
        write (`Store.start_room`): nobody ever reads such a room full and still open, so a racing claim
        is answered ``room/started``, never ``room/full``, and a start that fails writes nothing."""
        for _ in range(MAX_RETRIES):
            meta = await self.rooms.meta(room)
            result = change(meta)
            if start and meta.status == "open" and meta.autostart and all(s.taken for s in meta.seats):
                first, schedule = await self._setup(meta)
                meta.status = "running"
                written = await self.store.start_room(meta, first, schedule)
            else:
                written = await self.store.put_meta(meta)
            if written:
                meta.rev += 1
                return meta, result
        raise RuntimeError(f"room {room}: {MAX_RETRIES} metadata conflicts in a row")

    async def claim(self, room: str, seat: int | None, name: str) -> tuple[int, str]:
        """Take ``seat`` (``None``: the first free one): ``(seat, token)``. Raises `Refused`
        ``room/started``, ``seat/not_found``, ``seat/taken`` or ``room/full``. Starts an autostart room
        whose last seat this fills, in the same write."""
        name = check_name(name)
        token = new_token()

        def take(meta: RoomMeta) -> int:
            _require_open(meta)
            record = _free_seat(meta, seat)
            record.token_hash, record.name = hash_token(token), name
            return record.seat

        _, taken = await self._update(room, take, start=True)
        return taken, token

    async def leave(self, room: str, token: str) -> int:
        """The seat of ``token`` leaves: given back (freed) before the start; after it, played by its
        defaults (or the room's leaver bot). A second leave is refused either way: before the start the
        token no longer holds a seat (``auth/bad_token``); after it the token still watches the seat
        (``seat/left``). Raises `Refused` ``room/finished`` or ``room/abandoned`` once the game is over:
        there is no seat left to give up."""
        await self._require_playing(room)

        def leave(meta: RoomMeta) -> int:
            record = _staying(meta, token)
            if meta.status == "open":
                record.token_hash, record.name, record.settings = None, "", SeatSettings()
            else:
                record.left = True
            return record.seat

        meta, seat = await self._update(room, leave)
        if meta.status == "running":
            await self.rooms.reschedule(room)
        return seat

    async def concede(self, room: str, token: str) -> tuple[int, str]:
        """The seat of ``token`` concedes the running game: ``(seat, bot policy)``. A game's outcome
        ranks seats by its rules alone (`games.engine.model.Outcome`), so a concession cannot rank the
        seat last: it leaves, and a bot plays the seat to the end — the room's leaver bot, else the
        game's best (`best_bot`). Raises `Refused` ``room/not_started`` (give the seat back with
        `leave` instead), ``room/finished``, ``room/abandoned``, ``auth/bad_token``, ``seat/left``."""
        await self._require_playing(room)

        def concede(meta: RoomMeta) -> tuple[int, str]:
            if meta.status == "open":
                raise Refused("room/not_started", "a seat is given back, not conceded, before the start")
            record = _staying(meta, token)
            policy = meta.leaver_bot or best_bot(self.rooms.game(meta))
            record.left, record.conceded, record.bot = True, True, policy
            return record.seat, policy

        _, (seat, policy) = await self._update(room, concede)
        await self.rooms.reschedule(room)  # the seat's deadlines go to the bot
        return seat, policy

    async def _require_playing(self, room: str, what: str = "its seats can no longer be left") -> None:
        """Raises `Refused` ``room/finished`` (the game has its outcome) or ``room/abandoned``; ``what``
        ends the message."""
        meta = await self.rooms.meta(room)
        if meta.status == "abandoned":
            raise Refused("room/abandoned", "the room was abandoned: its seats are no longer played")
        loaded = await self.store.get_state(room) if meta.status == "running" else None
        if loaded is not None and loaded.finished:
            raise Refused("room/finished", f"the game is over: {what}")

    async def set_bot(self, room: str, seat: int, policy: str, host: str) -> None:
        """A server-side bot of ``policy`` takes ``seat`` (free, or a leaver's after the start).
        Raises `Refused` ``auth/bad_token``, ``request/invalid``, ``seat/not_found``, ``seat/taken``,
        ``seat/left`` (a conceded seat: the bot it was handed keeps it, so the host cannot weaken it),
        ``room/finished`` and ``room/abandoned`` (the record of a game over is not rewritten)."""
        await self._require_playing(room, "its seats' bots can no longer change")

        def place(meta: RoomMeta) -> bool:
            _require_host(meta, host)
            check_policy(self.rooms.game(meta), policy, "$.policy")
            record = _seat(meta, seat)
            if record.conceded:
                raise Refused("seat/left", f"seat {seat} conceded: its bot {record.bot} plays it to the end")
            if record.taken and not record.left:
                raise Refused("seat/taken", f"seat {seat} is taken")
            record.bot = policy
            return meta.status == "running"

        _, running = await self._update(room, place, start=True)
        if running:  # a leaver's seat: its deadlines change hands
            await self.rooms.reschedule(room)

    async def remove(self, room: str, seat: int, host: str) -> None:
        """Free ``seat`` before the start. Raises `Refused` ``auth/bad_token``, ``room/started``,
        ``seat/not_found``, ``seat/empty`` (nobody, and no bot, holds it)."""

        def free(meta: RoomMeta) -> None:
            _require_host(meta, host)
            _require_open(meta)
            record = _seat(meta, seat)
            if not record.taken:
                raise Refused("seat/empty", f"seat {seat} is empty")
            record.token_hash, record.name, record.bot = None, "", None
            record.settings = SeatSettings()

        await self._update(room, free)

    async def settings(self, room: str, seat: int, token: str) -> SeatSettings:
        """The private settings of ``seat``, for the holder of its ``token``. Raises `Refused`
        ``seat/not_found``, ``auth/bad_token`` (not this seat's token)."""
        return _held(await self.rooms.meta(room), seat, token).settings

    async def set_settings(self, room: str, seat: int, token: str, settings: SeatSettings) -> SeatSettings:
        """Replace the private settings of ``seat`` (its ``token``'s holder only) and, in a running room,
        its current deadlines (an auto-pass starts or stops at once). Raises `Refused`
        ``seat/not_found``, ``auth/bad_token``, ``seat/left`` (a leaver's seat is played by its defaults
        or the leaver bot)."""
        stored = SeatSettings(**msgspec.structs.asdict(settings))  # the stored type, not the body's

        def put(meta: RoomMeta) -> None:
            record = _held(meta, seat, token)
            if record.left:
                raise Refused("seat/left", f"seat {seat} has left; defaults or a bot play it now")
            record.settings = stored

        meta, _ = await self._update(room, put)
        if meta.status == "running":
            await self.rooms.reschedule(room)
        return stored

    async def close(self, room: str, host: str) -> None:
        """Delete the room (any status) with every key of it: its viewers get ``bye`` ``closed``, its
        deadlines go, and it answers ``room/not_found`` from then on. Raises `Refused`
        ``auth/bad_token`` (nothing changed) or ``room/not_found``."""
        _require_host(await self.rooms.meta(room), host)
        if not await self.store.delete_room(room):  # deleted meanwhile by another call
            raise Refused("room/not_found", "the room is gone")

    async def start(self, room: str, host: str | None) -> int:
        """Start the room (``host`` ``None``: the server's own autostart): setup, version 0. Returns 0.
        Raises `Refused` ``auth/bad_token``, ``room/started``, ``room/not_full``."""
        for _ in range(MAX_RETRIES):
            meta = await self.rooms.meta(room)
            if host is not None:
                _require_host(meta, host)
            _require_open(meta)
            if not all(record.taken for record in meta.seats):
                raise Refused("room/not_full", "every seat must be filled first")
            first, schedule = await self._setup(meta)
            meta.status = "running"
            if await self.store.start_room(meta, first, schedule):
                return 0
        raise RuntimeError(f"room {room}: {MAX_RETRIES} start conflicts in a row")

    async def _setup(self, meta: RoomMeta) -> tuple[RoomState, Schedule]:
        game = self.rooms.game(meta)
        now = self.rooms.clock.now()
        # setup runs at time 0 (not now) so `games.engine.Match.replay` of the log rebuilds the same state
        seed = await self.rooms.seed(meta.room)
        state = game.setup(len(meta.seats), game.options(meta.options), setup_ctx(seed))
        prompts = game.prompts(state)
        schedule = schedule_for(meta, 0, prompts, None, {}, now, self.rooms.policy, self.rooms.autopass)
        return RoomState(
            game.encode_state(state), 0, new_token()[:16], game.outcome(state) is not None
        ), schedule


def checked_options(game: Game[Any, Any], seats: int, raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` options validated for a table of ``seats``, as builtins with every default filled in.

    The option Struct's constraints are checked first, then the seat count against the game's range
    for these options (`Game.seats_for`), then a dry run of ``game.setup`` and
    ``encode_state`` with a throwaway seed proves the room can start (a start seat past the last seat, a
    number too big to store). Raises `Refused` ``request/invalid`` with the reason.
    """
    try:
        options = game.options(raw)
        low, high = game.seats_for(options)
        if not low <= seats <= high:  # the game's declared range for these options (`Game.seat_ranges`)
            reason = f"seats must be {low} to {high} with these options"
            raise Refused("request/invalid", reason, {"error": reason, "seats": [low, high]})
        game.encode_state(game.setup(seats, options, setup_ctx(b"dry-run")))
    except msgspec.ValidationError as exc:
        text = str(exc)  # with the path within the whole body
        reason = (
            text.replace("- at `$", "- at `$.options", 1)
            if " - at `$" in text
            else f"{text} - at `$.options`"
        )
        raise Refused("request/invalid", reason, {"error": reason}) from None
    except (ValueError, OverflowError, msgspec.EncodeError) as exc:
        raise Refused("request/invalid", f"options: {exc}", {"error": str(exc)}) from None
    return dict(msgspec.to_builtins(options))


def check_timers(game: Game[Any, Any], timers: dict[str, float]) -> None:
    """Every timer class a room sets must be one of ``game``'s (`Game.timer_classes`): a misspelt class
    would otherwise be kept and never used. Raises `Refused` ``timer/unknown`` naming the first unknown
    class (sorted) by its JSON path, with the game's classes in ``details.timers``."""
    known = game.timer_classes()
    unknown = sorted(set(timers) - known)
    if unknown:
        path = f"$.timers.{unknown[0]}"
        classes = sorted(known)
        message = f"{game.id} has no timer class {unknown[0]!r} (it has {', '.join(classes)}) - at `{path}`"
        raise Refused("timer/unknown", message, {"path": path, "timers": classes})


def check_name(name: str) -> str:
    """A seat name is ``""`` (none) or 1 to `MAX_NAME` characters, none of `REFUSED_CATEGORIES` or
    `BIDI_CONTROLS`, of which one at least shows (a letter, digit, punctuation or symbol that is not a
    blank filler): a name of spaces or fillers showed as a blank seat. Returns it without surrounding
    white space; raises `Refused` ``request/invalid``."""
    stripped = name.strip()
    shows = any(unicodedata.category(c)[0] in "LNPS" and c not in BLANK_LETTERS for c in stripped)
    refused = any(unicodedata.category(c) in REFUSED_CATEGORIES or c in BIDI_CONTROLS for c in stripped)
    if len(stripped) > MAX_NAME or refused or (name and not shows):
        raise Refused(
            "request/invalid", f"a seat name is 1 to {MAX_NAME} printable characters, not only blanks"
        )
    return stripped


def seat_of(meta: RoomMeta, token: str) -> SeatRecord:
    """The seat whose token this is (every seat is compared, in constant time each).
    Raises `Refused` ``auth/bad_token``."""
    found = [record for record in meta.seats if token_matches(token, record.token_hash)]
    if not found:
        raise Refused("auth/bad_token", "no seat of this room has that token")
    return found[0]


def _staying(meta: RoomMeta, token: str) -> SeatRecord:
    """The seat of ``token``, its player still at the table. Raises `Refused` ``auth/bad_token``,
    ``seat/left``."""
    record = seat_of(meta, token)
    if record.left:
        raise Refused("seat/left", f"seat {record.seat} has already left")
    return record


def _held(meta: RoomMeta, seat: int, token: str) -> SeatRecord:
    """``seat``'s record if ``token`` is its token.

    Raises `Refused` ``seat/not_found``, ``auth/bad_token``."""
    record = _seat(meta, seat)
    if not token_matches(token, record.token_hash):
        raise Refused("auth/bad_token", f"not the token of seat {seat}")
    return record


def _seat(meta: RoomMeta, seat: int) -> SeatRecord:
    if not 0 <= seat < len(meta.seats):
        raise Refused("seat/not_found", f"no seat {seat}")
    return meta.seats[seat]


def _free_seat(meta: RoomMeta, seat: int | None) -> SeatRecord:
    if seat is None:
        for record in meta.seats:
            if not record.taken:
                return record
        raise Refused("room/full", "every seat is taken")
    record = _seat(meta, seat)
    if record.taken:
        raise Refused("seat/taken", f"seat {seat} is taken")
    return record


def _require_open(meta: RoomMeta) -> None:
    if meta.status != "open":
        raise Refused("room/started", f"the room is {meta.status}")


def _require_host(meta: RoomMeta, host: str) -> None:
    if not token_matches(host, meta.host_hash):
        raise Refused("auth/bad_token", "not the host token of this room")
