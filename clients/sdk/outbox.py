"""The outbox: actions waiting for their ``ack`` or ``error``, each under an id unique per (room, seat).

An ack comes as a frame of its own or inside its seat's update (``hello.acks: "update"``); either way
the connection hands the outbox the same `Ack`, and a second one for an id no longer pending (a late
duplicate) is ignored.

Ids are ``<prefix>-<n>``: a random prefix per outbox (so two clients of one seat never collide) and a
counter shared by all seats (so an id alone names a pending action). After a reconnect the connection
resends every pending action with its same id; the server applies an id at most once, so each action
takes effect exactly once. An action the server refused leaves the outbox with its error and is never
resent: the server does not record refusals, so its id is not consumed and a resend would be judged anew.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import msgspec

from protocol.messages import Ack, Error


class ActionRefused(Exception):
    """The server refused an action: ``code`` (a stable code), ``message``, ``details`` (JSON data)."""

    def __init__(self, code: str, message: str, details: dict[str, Any]) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message
        self.details = details


class Pending(msgspec.Struct):
    """One action not yet answered: its ``id``, ``seat``, ``action`` in wire form and the id of the
    ``prompt`` it answers (``None``: not named; resent with it, so a resend after the prompt changed is
    refused ``action/stale_prompt`` unless the action was applied already)."""

    id: str
    seat: int
    action: dict[str, Any]
    prompt: str | None = None


class Outbox:
    """Pending actions in send order, each with a future resolved by its answer."""

    def __init__(self, prefix: str | None = None) -> None:
        self.prefix = prefix or secrets.token_hex(4)
        self._count = 0
        self._pending: dict[str, tuple[Pending, asyncio.Future[Ack]]] = {}

    def add(
        self, seat: int, action: dict[str, Any], prompt: str | None = None
    ) -> tuple[Pending, asyncio.Future[Ack]]:
        """A new pending action (answering ``prompt``) with a fresh id, and the future its `Ack`
        resolves (or `Error` fails)."""
        self._count += 1
        item = Pending(f"{self.prefix}-{self._count}", seat, action, prompt)
        future: asyncio.Future[Ack] = asyncio.get_running_loop().create_future()
        self._pending[item.id] = (item, future)
        return item, future

    def pending(self) -> list[Pending]:
        """Every unanswered action, oldest first (what to resend after a reconnect)."""
        return [item for item, _ in self._pending.values()]

    def is_pending(self, action_id: str) -> bool:
        """Whether the action ``action_id`` still waits for its answer."""
        return action_id in self._pending

    def ack(self, msg: Ack) -> bool:
        """Resolve the action ``msg`` answers; ``False`` when it is not pending (a late duplicate)."""
        entry = self._pending.pop(msg.id, None)
        if entry is None:
            return False
        if not entry[1].done():
            entry[1].set_result(msg)
        return True

    def refuse(self, msg: Error) -> bool:
        """Fail the action ``msg`` names with `ActionRefused`; ``False`` when it names none pending."""
        if msg.id is None:
            return False
        entry = self._pending.pop(msg.id, None)
        if entry is None:
            return False
        if not entry[1].done():
            entry[1].set_exception(ActionRefused(msg.code, msg.message, msg.details))
        return True

    def fail_all(self, exc: BaseException) -> None:
        """Fail every pending future with ``exc`` (the connection gave up for good)."""
        for _, future in self._pending.values():
            if not future.done():
                future.set_exception(exc)
        self._pending.clear()

    def __len__(self) -> int:
        return len(self._pending)
