"""The protocol's stable error codes (sent in `Error` messages) and websocket close codes.

Game rule refusals reuse the engine's codes (``games.engine.errors.CODES``: ``action/...``, ``window/...``
and each game's own); the codes below are the protocol's and the server's.
"""

from __future__ import annotations

#: Error codes of `Error` messages: code -> meaning. The connection stays open after each of these.
ERRORS: dict[str, str] = {
    "frame/malformed": "the frame is not valid JSON (or MessagePack) for any message",
    "frame/unknown_type": "the message type is not one the protocol defines",
    "frame/invalid": "a field of the message is missing or has the wrong type (details.path)",
    "hello/repeated": "hello was already received on this connection",
    "act/seat_not_held": "this connection holds no token for that seat",
    "act/id_reused": "this action id was already used by this seat with another action",
    "act/id_invalid": "action ids are 1 to 64 characters",
    "room/not_found": "the room does not exist (any more: its keys expired, or the store lost them)",
    "room/not_started": "the room has not started yet",
    "room/finished": "the room has finished",
    "room/abandoned": "the room was abandoned (nobody was connected for too long); it takes no more actions",
    "seat/left": "this seat's player left the game; its defaults (or a bot) play it now",
    "rate/limited": "too many actions or frames per second; this one was dropped (HTTP 429: too many "
    "room creations, listings or failed token checks from this address)",
    "store/unavailable": "the store (Redis) is unreachable; resend the action with its same id later",
}

#: Error codes after which a client sends the same action again later, under the same id: nothing it
#: can see was applied (an action whose reply the store lost may have been; its id makes the resend safe).
RETRY_LATER: frozenset[str] = frozenset({"rate/limited", "store/unavailable"})

#: Websocket close codes the server uses: code -> meaning.
CLOSES: dict[int, str] = {
    1000: "normal closure (the client said goodbye)",
    1001: "going away: the worker shuts down; reconnect (to any worker) and resume",
    1008: "policy violation: the Origin header is not allowed",
    1009: "message too big: a frame exceeded the maximum frame size",
    1011: "internal error: a bug of ours; reconnect and resume",
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
