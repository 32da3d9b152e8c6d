"""Refusals the server answers with a stable code (the caller's fault; nothing changed).

`Refused` carries a code from ``protocol.codes.ERRORS``, the lobby codes of docs/api.md, or a game's
``IllegalAction`` code. Anything else raised is our bug (logged; HTTP 500, websocket close 1011).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: HTTP status for each lobby code (docs/api.md).
HTTP_STATUS: dict[str, int] = {
    "request/invalid": 400,
    "timer/unknown": 400,
    "request/too_large": 413,
    "request/origin": 403,
    "auth/bad_token": 401,
    "room/not_found": 404,
    "game/not_found": 404,
    "seat/not_found": 404,
    "seat/taken": 409,
    "room/full": 409,
    "seat/empty": 409,
    "seat/left": 409,
    "room/started": 409,
    "room/not_full": 409,
    "room/not_started": 409,
    "room/finished": 409,
    "rate/limited": 429,
}


class Refused(Exception):
    """A refused request: ``code`` (stable), ``message`` for people, ``details`` JSON data."""

    def __init__(self, code: str, message: str = "", details: Mapping[str, Any] | None = None) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message or code
        self.details: dict[str, Any] = dict(details or {})

    @property
    def status(self) -> int:
        """The HTTP status of this refusal (400 when the code has no entry)."""
        return HTTP_STATUS.get(self.code, 400)
