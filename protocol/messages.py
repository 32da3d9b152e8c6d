"""Every wire message, both ways, as tagged msgspec Structs (tag field ``type``).

Client -> server: `Hello` (first frame), `Act`, `Sync`, `Ping`.
Server -> client: `Welcome`, `Snapshot`, `Update`, `Ack`, `Error`, `Pong`, `Bye`.

Game payloads (views, actions, events) are typed by each game's own Structs; here they are ``Any`` on
the way out and ``msgspec.Raw`` on the way in, decoded by the room's game once the room is known.
A connection to a room may hold several seats (hot-seat): seat-specific messages name their ``seat``;
``seat: null`` is the spectator view.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

#: A number a client chooses: within the integers every JSON implementation holds exactly (IEEE doubles,
#: as in JavaScript), so no client and no server disagree on its value.
Int = Annotated[int, msgspec.Meta(ge=-(2**53 - 1), le=2**53 - 1)]


class _Msg(msgspec.Struct, tag_field="type", omit_defaults=True, forbid_unknown_fields=True):
    pass


#: Where a connection's acks travel (`Hello.acks`): frames of their own, or inside updates.
AckMode = Literal["frame", "update"]


# ---- client -> server -------------------------------------------------------------------------------
class Hello(_Msg, tag="hello"):
    """First frame of a connection. ``v``: protocol major version; ``room``: room id; ``tokens``: seat
    tokens (none = spectator, several = hot-seat); ``since``: the version the client already shows (resume)
    or ``None`` for a fresh snapshot. ``acks``: how this connection's applied actions are acknowledged:
    ``"frame"`` (default), each by an `Ack` frame of its own; ``"update"``, inside the `Update` that
    brings the acting seat to the action's version (`Update.acks`), and by an `Ack` frame only when no
    update of this connection is left to carry it (protocol/README.md "Acks inside updates")."""

    v: Int
    room: str
    tokens: list[str] = []
    since: Int | None = None
    acks: AckMode = "frame"


class Act(_Msg, tag="act"):
    """An action of ``seat``. ``id``: chosen by the client, unique per (room, seat), 1 to 64 characters;
    resending the same id returns the stored result; the same id with another action is refused
    (``act/id_reused``). ``action``: the game's action object (``{"kind": "reveal", "slot": 2}``).
    ``prompt``: the id of the prompt this action answers (optional): when the seat's prompt is no
    longer that one, the action is refused ``action/stale_prompt`` and nothing is applied (a resend of
    an applied id is still answered by its ``ack``, checked first)."""

    id: str
    seat: Int
    action: msgspec.Raw
    prompt: str | None = None


class Sync(_Msg, tag="sync"):
    """Ask to be brought up to date from ``since`` (updates) or, with ``None``, a fresh snapshot."""

    since: Int | None = None


class Ping(_Msg, tag="ping"):
    """Keep-alive; answered by `Pong` with the same ``n``."""

    n: Int = 0


ClientMsg = Hello | Act | Sync | Ping


# ---- server -> client -------------------------------------------------------------------------------
class PromptOut(msgspec.Struct, omit_defaults=True):
    """A seat's prompt as sent: the game's `Prompt` plus its ``deadline`` (server time, seconds since the
    Unix epoch; ``None`` = no deadline). ``strike`` is false (else absent) on a prompt whose timeout
    does not count against the seat (a reaction window's pass: letting it lapse never marks it away)."""

    id: str
    kinds: list[str]
    timer: str
    default: str
    choices: dict[str, list[dict[str, Any]]] = {}
    deadline: float | None = None
    strike: bool = True


class EventOut(msgspec.Struct, omit_defaults=True):
    """One event as a viewer receives it: ``version`` is the state version it produced; ``body`` the
    game's tagged event Struct."""

    version: int
    body: Any


class Welcome(_Msg, tag="welcome"):
    """Answer to `Hello`: the room, its game, the seats this connection holds, the current ``version``
    and the store ``epoch`` (a changed epoch means the store went back in time: drop the mirror and
    take the snapshot that follows)."""

    room: str
    game: str
    seats: list[int]
    version: int
    epoch: str
    v: int
    max_frame: int


class Snapshot(_Msg, tag="snapshot"):
    """The whole view of ``seat`` (``None``: spectator) at ``version``, its prompt, and the events the
    client missed when resuming from too far back (else empty)."""

    seat: int | None
    version: int
    view: Any
    prompt: PromptOut | None = None
    events: list[EventOut] = []
    outcome: Any = None


class Ack(_Msg, tag="ack"):
    """Action ``id`` of ``seat`` was applied, producing ``version``. ``duplicate`` is true when the id had
    already been applied (nothing was applied again)."""

    id: str
    seat: int
    version: int
    duplicate: bool = False


class Update(_Msg, tag="update"):
    """One step for one viewer: from version ``frm`` to ``to``; ``patch`` is an RFC 6902 JSON Patch
    turning the view at ``frm`` into the view at ``to`` (empty when unchanged); ``events`` those of the
    step this viewer may see; ``prompt`` the seat's prompt after the step (``None``: nothing to do);
    ``outcome`` set on the step that ends the game; ``acks``: on a connection that said ``hello`` with
    ``acks: "update"`` only, the `Ack` of each action of this connection for ``seat`` that produced a
    version of ``frm + 1`` to ``to`` (each exactly the ack frame it replaces; else empty)."""

    seat: int | None
    frm: int
    to: int
    patch: list[dict[str, Any]] = []
    events: list[EventOut] = []
    prompt: PromptOut | None = None
    outcome: Any = None
    acks: list[Ack] = []


class Error(_Msg, tag="error"):
    """A refusal with a stable ``code`` (see protocol/README.md); ``id`` names the refused action, if any;
    ``details`` is JSON data (e.g. the JSON path of a malformed field). Nothing changed."""

    code: str
    message: str
    id: str | None = None
    seat: int | None = None
    details: dict[str, Any] = {}


class Pong(_Msg, tag="pong"):
    n: int = 0


class Bye(_Msg, tag="bye"):
    """Sent before the server closes: ``code`` is the close code, ``reason`` a word (``shutdown``, code
    1001: connect to another worker and resume; ``closed``, code 4404: the room's host closed it, do
    not reconnect)."""

    code: int
    reason: str


ServerMsg = Welcome | Snapshot | Update | Ack | Error | Pong | Bye
