"""Every stable error code of the service in one table (`CODES`), and the websocket close codes.

One code is one row: what it means, the HTTP status a lobby call answers it with, the close code a
connection is closed with when the code ends it, and whether the client sends the same action again
later. The rules' codes are declared by the engine and the games (``games.engine.CODES``: ``action/...``,
``window/...``, ``igranie/...``) and take part through `lookup`; the rows below are the protocol's, the
server's and the lobby's.

Two families share a word and stay apart on purpose: ``act/*`` codes are about the ``act`` frame itself
(its seat, its id), checked before the room's game is consulted, while ``action/*`` codes are the rules'
verdict on the action inside it (declared by the engine, answered with the game's own details).

The exceptions that carry these codes, by whose fault they are (nothing changes for any of them):

    Exception
    ├── games.engine.IllegalAction   the player's: a rules code; an error reply, the connection stays
    ├── protocol.codec.FrameError    the peer's: a frame that decodes to no message (``frame/*``)
    ├── server.errors.Refused        the caller's: a code of `CODES` or of the rules; an error reply on
    │                                a websocket, its `Code.http` status on the lobby API
    └── anything else                our bug: logged; HTTP 500, websocket close 1011
"""

from __future__ import annotations

import msgspec

from games.engine import CODES as RULES


class Code(msgspec.Struct, frozen=True):
    """One error code: its ``meaning``; ``http`` the status a lobby call answers it with (``None``: it is
    sent in websocket ``error`` messages, and 400 should a lobby call ever refuse with it); ``close``
    the websocket close code when the code ends a connection (at its hello; ``None``: it never does);
    ``retry``: the client sends the same action again later under the same id, nothing it can see was
    applied."""

    meaning: str
    http: int | None = None
    close: int | None = None
    retry: bool = False


#: The protocol's, the server's and the lobby's codes (the rules' are `games.engine.CODES`).
CODES: dict[str, Code] = {
    "frame/malformed": Code("the frame is not valid JSON (or MessagePack) for any message"),
    "frame/unknown_type": Code("the message type is not one the protocol defines"),
    "frame/invalid": Code("a field of the message is missing or has the wrong type (details.path)"),
    "hello/repeated": Code("hello was already received on this connection"),
    "act/seat_not_held": Code("this connection holds no token for that seat"),
    "act/id_reused": Code("this action id was already used by this seat with another action"),
    "act/id_invalid": Code("action ids are 1 to 64 characters"),
    "request/invalid": Code("the request's body, query or path does not fit the call (details: where)", 400),
    "request/too_large": Code("the request's body is larger than the call takes", 413),
    "request/not_found": Code("the lobby API has no such path", 404),
    "request/method_not_allowed": Code(
        "the path does not take that method (the Allow header lists them)", 405
    ),
    "request/timeout": Code("the request's headers or body took too long to arrive", 408),
    "request/origin": Code("this Origin may not use the API", 403),
    "timer/unknown": Code("a timer class the room's game does not have", 400),
    "auth/bad_token": Code("the token is not the room's host token or that seat's token", 401, 4401),
    "game/not_found": Code("the server hosts no game of that id", 404),
    "room/not_found": Code(
        "the room does not exist (any more: its keys expired, or the store lost them)", 404, 4404
    ),
    "seat/not_found": Code("the room has no seat of that number", 404),
    "seat/taken": Code("somebody holds that seat already", 409),
    "seat/empty": Code("nobody holds that seat", 409),
    "room/full": Code("every seat of the room is taken", 409),
    "room/started": Code("the room has started: seats can no longer be claimed, filled or removed", 409),
    "room/not_full": Code("every seat must be filled before the room starts", 409),
    "room/not_started": Code("the room has not started yet", 409),
    "room/finished": Code("the room has finished", 409),
    "room/not_finished": Code("the room's game goes on: replays are of finished rooms", 409),
    "room/abandoned": Code(
        "the room was abandoned (nobody was connected for too long); it takes no more actions", 409
    ),
    "seat/left": Code("this seat's player left the game; its defaults (or a bot) play it now", 409),
    "rate/limited": Code(
        "too many actions or frames per second; this one was dropped (HTTP 429: too many room "
        "creations, listings or failed token checks from this address)",
        429,
        4429,
        retry=True,
    ),
    "store/unavailable": Code(
        "the store (Redis) is unreachable; resend the action with its same id later", 503, 1013, retry=True
    ),
}

#: Codes merged into another, old -> new: a client that looked for the old code looks for the new one
#: (the reference lists them; the browser client still has a sentence for each old one).
ALIASES: dict[str, str] = {"igranie/bad_choice": "action/bad_choice"}

#: The meaning of each code of `CODES` (what `protocol.codec.FrameError` and the reference read).
ERRORS: dict[str, str] = {code: row.meaning for code, row in CODES.items()}

#: Error codes after which a client sends the same action again later, under the same id: nothing it
#: can see was applied (an action whose reply the store lost may have been; its id makes the resend safe).
RETRY_LATER: frozenset[str] = frozenset(code for code, row in CODES.items() if row.retry)


def lookup(code: str) -> Code | None:
    """The row of ``code``: one of `CODES`, or a rules code (``games.engine.CODES``, declared by the
    engine and every game imported so far; sent in websocket ``error`` messages only); ``None`` when no
    registry declares it."""
    row = CODES.get(code)
    if row is None and code in RULES:
        row = Code(RULES[code])
    return row


#: Websocket close codes the server uses: code -> meaning.
CLOSES: dict[int, str] = {
    1000: "normal closure (the client said goodbye)",
    1001: "going away: the worker shuts down; reconnect (to any worker) and resume",
    1008: "policy violation: the Origin header is not allowed",
    1009: "message too big: a frame exceeded the maximum frame size",
    1011: "internal error: a bug of ours, or no pong to the server's keepalive ping in time; reconnect "
    "and resume",
    1012: "service restart: the worker shut down before this connection was welcomed; reconnect",
    1013: "try again later: the store (Redis) is unreachable, or the worker holds its maximum of "
    "connections; reconnect (to another worker) and resume after a pause",
    4400: "bad hello: not a hello, an unsupported protocol major version, or no hello within the timeout",
    4401: "bad token: a seat token is not valid for this room",
    4404: "room not found",
    4408: "too slow: too many frames (or bytes) waited to be written to the client; reconnect and resume",
    4429: "flood: frames kept arriving far past the rate limit, or a hello with tokens from an address "
    "out of failed token checks (the reason says when to retry)",
}
