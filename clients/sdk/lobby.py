"""The lobby HTTP API (docs/api.md) as an async client: games, rooms, seats (claimed, given back, left
or conceded: docs/api.md "Leaving and conceding"), seat settings, bots, start, public log."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec

from games.engine.catalog import CatalogDoc
from protocol.replay import Replay


class LobbyError(Exception):
    """A refused lobby request: HTTP ``status``, stable ``code`` (``seat/taken``...), ``message``,
    ``retry_after``: the seconds to wait before trying again, from the ``Retry-After`` header of a 429
    ``rate/limited`` or a 503 ``store/unavailable`` (``None`` when the answer gave none), and
    ``details``: the answer's JSON data (``{}`` when it gave none; an unknown bot policy's ``path`` and
    the game's ``bots``)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        retry_after: float | None = None,
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(status, code, message)
        self.status = status
        self.code = code
        self.message = message
        self.retry_after = retry_after
        self.details: dict[str, Any] = dict(details or {})


class GameInfo(msgspec.Struct):
    """A game the server hosts: ``id``, ``title``, seat range (the widest; ``seat_ranges``: the range
    per option set, ``{"options", "min", "max"}``, the last whose options match a room's applies), the
    names of its bot policies (``bots``; ``best_bot`` the one to offer first), its timer classes with
    the seconds a room gets unless it sets its own (``timers``) and its free-form kinds (``free_form``:
    kind -> ``{"about", "example"}``) and the ``languages`` of its catalogue (English first)."""

    id: str
    title: str
    min_seats: int
    max_seats: int
    bots: list[str] = []
    best_bot: str = "random"
    options_schema: dict[str, Any] = {}
    timers: dict[str, float] = {}
    seat_ranges: list[dict[str, Any]] = []
    free_form: dict[str, dict[str, Any]] = {}
    languages: list[str] = msgspec.field(default_factory=lambda: ["en"])


class Created(msgspec.Struct):
    """A new room: its id and the host token (start it, fill seats with bots)."""

    room: str
    host_token: str


class SeatInfo(msgspec.Struct):
    """One seat: ``taken``, its player's ``name``, the ``bot`` policy that plays it, ``away`` (timed out
    ``away_after`` times in a row), ``left`` (its player left after the start), ``conceded`` (left by
    conceding: ``bot`` plays it)."""

    seat: int
    taken: bool = False
    name: str | None = None
    bot: str | None = None
    away: bool = False
    left: bool = False
    conceded: bool = False


class RoomInfo(msgspec.Struct):
    """A room as the lobby shows it; ``status`` is ``open``, ``running``, ``finished`` or ``abandoned``;
    ``version`` -1 before the start; ``leaver_bot`` plays a leaver's seat and ``away_bot`` a seat away
    after ``away_after`` timeouts in a row (``None``: the seat's defaults)."""

    room: str
    game: str
    status: str
    version: int = 0
    options: dict[str, Any] = {}
    timers: dict[str, float] = {}
    autostart: bool = True
    leaver_bot: str | None = None
    away_after: int = 2
    away_bot: str | None = None
    seats: list[SeatInfo] = []


class Claimed(msgspec.Struct):
    """A claimed seat and its secret token (send it in ``hello``)."""

    seat: int
    token: str


class SeatSettings(msgspec.Struct, frozen=True):
    """A seat's private settings (docs/api.md "Seat settings"). ``auto_pass``: the server passes for the
    seat, after a secret random delay, whenever its prompt offers nothing but the pass (on by default);
    ``screen``: the screen the seat is played at, shared by the seats of one hot-seat screen (empty: its
    own), kept when the settings are stored back."""

    auto_pass: bool = True
    screen: str = ""


class LogLine(msgspec.Struct):
    """One public event: the state ``version`` it produced and the game's event ``body``."""

    version: int
    body: Any


class Lobby:
    """An async lobby client for the server at ``base_url`` (``http://127.0.0.1:8000``).

    Use as ``async with Lobby(url) as lobby``. Every method raises `LobbyError` on a refusal.
    """

    def __init__(self, base_url: str, timeout: float = 10.0) -> None:
        self._http = httpx.AsyncClient(base_url=base_url.rstrip("/"), timeout=timeout)

    async def __aenter__(self) -> Lobby:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    async def _call(self, method: str, path: str, token: str | None = None, **kw: Any) -> Any:
        return (await self._request(method, path, token, **kw)).json()

    async def _request(self, method: str, path: str, token: str | None = None, **kw: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        response = await self._http.request(method, path, headers=headers, **kw)
        if response.is_error:
            try:
                body = response.json()
            except ValueError:
                body = {}
            code, message = body.get("code", "http/error"), body.get("message", "")
            details = body.get("details") if isinstance(body.get("details"), dict) else None
            retry = _seconds(response.headers.get("Retry-After"))
            raise LobbyError(response.status_code, code, message, retry, details)
        return response

    async def games(self) -> list[GameInfo]:
        return msgspec.convert(await self._call("GET", "/api/games"), list[GameInfo])

    async def catalog(self, game: str, lang: str | None = None) -> CatalogDoc:
        """The catalogue of ``game`` (names and texts of its ids, rule summaries, its story's rows) in
        ``lang``, or in the server's choice without it; ``lang`` of the answer is the language served
        (English when the game lacks the one asked). Raises `LobbyError` ``game/not_found`` or
        ``request/invalid`` (a ``lang`` that is not a language tag)."""
        params = {"lang": lang} if lang else {}
        response = await self._request("GET", f"/api/games/{game}/catalog", params=params)
        return msgspec.json.decode(response.content, type=CatalogDoc)

    async def create_room(
        self,
        game: str,
        seats: int,
        options: dict[str, Any] | None = None,
        timers: dict[str, float] | None = None,
        autostart: bool = True,
        seed: str | None = None,
        *,
        leaver_bot: str | None = None,
        away_after: int | None = None,
        away_bot: str | None = None,
    ) -> Created:
        """A new room of ``game`` for ``seats`` seats. ``timers``: seconds per timer class; ``seed``: a
        fixed secret seed (hex) for reproducible tests, when the server allows it; ``leaver_bot`` the
        bot policy that plays a leaver's seat, ``away_after`` (1 to 10) the timeouts in a row that mark
        a seat away and ``away_bot`` the policy that then plays it (``None``: the server's defaults).
        An unknown policy raises `LobbyError` ``request/invalid``."""
        body: dict[str, Any] = {
            "game": game,
            "seats": seats,
            "options": options or {},
            "autostart": autostart,
        }
        if timers is not None:
            body["timers"] = timers
        if seed is not None:
            body["seed"] = seed
        extra = {"leaver_bot": leaver_bot, "away_after": away_after, "away_bot": away_bot}
        body.update({key: value for key, value in extra.items() if value is not None})
        return msgspec.convert(await self._call("POST", "/api/rooms", json=body), Created)

    async def rooms(
        self, game: str | None = None, status: str | None = None, free_seats: bool = False
    ) -> list[dict[str, Any]]:
        """Every room's summary (of ``game``, in ``status``; ``free_seats``: only open rooms with a seat
        nobody holds), following the list's pages."""
        params = {k: v for k, v in (("game", game), ("status", status)) if v is not None}
        if free_seats:
            params["free_seats"] = "true"
        response = await self._request("GET", "/api/rooms", params=params)
        result: list[dict[str, Any]] = response.json()
        while "next" in response.links:
            response = await self._request("GET", response.links["next"]["url"])
            result += response.json()
        return result

    async def room(self, room: str) -> RoomInfo:
        return msgspec.convert(await self._call("GET", f"/api/rooms/{room}"), RoomInfo)

    async def claim(self, room: str, seat: int | str = "any", name: str = "") -> Claimed:
        """Claim ``seat`` (``"any"``: the first free one)."""
        data = await self._call("POST", f"/api/rooms/{room}/seats/{seat}/claim", json={"name": name})
        return msgspec.convert(data, Claimed)

    async def leave(self, room: str, token: str) -> int:
        """Give the seat of ``token`` back (before the start: it is free again) or leave it (after: its
        defaults or the room's leaver bot play it); returns the seat. Raises `LobbyError`
        ``room/finished`` once the game is over, ``seat/left`` a second time after the start."""
        return int((await self._call("POST", f"/api/rooms/{room}/leave", token=token))["seat"])

    async def concede(self, room: str, token: str) -> tuple[int, str]:
        """Concede the running game for the seat of ``token``: ``(seat, bot)``, the bot policy that plays
        the seat to its end (the room's leaver bot, else the game's ``best_bot``). Raises `LobbyError`
        ``room/not_started`` (use `leave`), ``room/finished`` or ``seat/left``."""
        data = await self._call("POST", f"/api/rooms/{room}/concede", token=token)
        return int(data["seat"]), str(data["bot"])

    async def settings(self, room: str, seat: int, token: str) -> SeatSettings:
        """The private settings of ``seat``, with its ``token`` (docs/api.md "Seat settings"). Raises
        `LobbyError` ``auth/bad_token`` (not this seat's token) or ``seat/not_found``."""
        data = await self._call("GET", f"/api/rooms/{room}/seats/{seat}/settings", token=token)
        return msgspec.convert(data, SeatSettings)

    async def set_settings(self, room: str, seat: int, token: str, settings: SeatSettings) -> SeatSettings:
        """Replace the settings of ``seat`` with ``settings`` (``SeatSettings(auto_pass=False)`` turns
        auto-pass off), with its ``token``; returns those now stored. Raises `LobbyError`
        ``auth/bad_token``, ``seat/not_found`` or ``seat/left``."""
        body = msgspec.to_builtins(settings)
        data = await self._call("PUT", f"/api/rooms/{room}/seats/{seat}/settings", token=token, json=body)
        return msgspec.convert(data, SeatSettings)

    async def add_bot(self, room: str, seat: int, host_token: str, policy: str = "random") -> None:
        await self._call(
            "POST", f"/api/rooms/{room}/seats/{seat}/bot", token=host_token, json={"policy": policy}
        )

    async def remove(self, room: str, seat: int, host_token: str) -> None:
        await self._call("DELETE", f"/api/rooms/{room}/seats/{seat}", token=host_token)

    async def close_room(self, room: str, host_token: str) -> None:
        """Close the room for good: its keys are deleted and its viewers get ``bye`` ``closed``."""
        await self._call("DELETE", f"/api/rooms/{room}", token=host_token)

    async def start(self, room: str, host_token: str) -> int:
        """Start the room; returns its state version."""
        return int((await self._call("POST", f"/api/rooms/{room}/start", token=host_token))["version"])

    async def replay(self, room: str, version: int) -> Replay:
        """A finished room's spectators' view at ``version`` (docs/api.md, "Replays"). Raises
        `LobbyError` ``room/not_finished`` while the game goes on, ``request/invalid`` past its last
        version."""
        return msgspec.convert(await self._call("GET", f"/api/rooms/{room}/replay/{version}"), Replay)

    async def log(self, room: str) -> list[LogLine]:
        """The public event log (everyone-audience events), oldest first."""
        return msgspec.convert(await self._call("GET", f"/api/rooms/{room}/log"), list[LogLine])


def _seconds(header: str | None) -> float | None:
    """A ``Retry-After`` of seconds as a float (the server never sends the HTTP-date form)."""
    try:
        return float(header) if header is not None else None
    except ValueError:
        return None
