"""Refusals the server answers with a stable code (the caller's fault; nothing changed).

`Refused` carries a code of the one registry, ``protocol.codes`` (the protocol's, the server's and the
lobby's codes with their HTTP statuses, and the rules' codes); its module docstring draws the exception
tree. Anything else raised is our bug (logged; HTTP 500, websocket close 1011).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from protocol.codes import lookup


class Refused(Exception):
    """A refused request: ``code`` (stable, declared in ``protocol.codes``), ``message`` for people,
    ``details`` JSON data. Raises ``ValueError`` at construction for an undeclared code (our bug)."""

    def __init__(self, code: str, message: str = "", details: Mapping[str, Any] | None = None) -> None:
        row = lookup(code)
        if row is None:
            raise ValueError(f"undeclared error code {code!r}")
        super().__init__(code, message)
        self.code = code
        self.message = message or row.meaning
        self.details: dict[str, Any] = dict(details or {})
        self.status = row.http or 400
        """The HTTP status of this refusal (`protocol.codes.Code.http`; 400 when it has none)."""
