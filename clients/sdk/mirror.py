"""A viewer's mirror of the server's view: a snapshot, then each `Update`'s RFC 6902 patch applied.

Pure bookkeeping, no I/O: the connection feeds it messages and acts on the returned `Step`
(ask for a ``sync`` on a gap, a fresh snapshot when a patch does not apply).
"""

from __future__ import annotations

import enum
from typing import Any

import jsonpatch
import msgspec

from protocol.messages import EventOut, PromptOut, Snapshot, Update


class Step(enum.Enum):
    """What feeding an update did: ``APPLIED`` (the mirror moved to ``to``), ``STALE`` (already shown:
    ignored), ``GAP`` (``frm`` is past the mirror's version: sync from it), ``BROKEN`` (no base to patch or
    the patch failed: take a fresh snapshot)."""

    APPLIED = "applied"
    STALE = "stale"
    GAP = "gap"
    BROKEN = "broken"


class Mirror:
    """What one viewer (``seat``; ``None``: spectator) shows: ``view`` (JSON data) at ``version``, its
    ``prompt``, the game's ``outcome`` once ended, and every ``events`` entry received so far."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.version = -1
        self.view: Any = None
        self.prompt: PromptOut | None = None
        self.outcome: Any = None
        self.events: list[EventOut] = []

    @property
    def ready(self) -> bool:
        """Whether a snapshot has been taken (``version`` and ``view`` mean something)."""
        return self.version >= 0

    def reset(self, snapshot: Snapshot) -> None:
        """Replace everything with ``snapshot`` and keep the events it says were missed."""
        self.version = snapshot.version
        self.view = snapshot.view
        self.prompt = snapshot.prompt
        self.outcome = snapshot.outcome
        seen = self.events[-1].version if self.events else -1  # read once: the list grows below
        self.events.extend(e for e in snapshot.events if e.version > seen)

    def apply(self, update: Update) -> Step:
        """Apply one update if it starts where the mirror stands; see `Step` for what else may happen."""
        if not self.ready:
            return Step.BROKEN
        if update.to <= self.version:
            return Step.STALE
        if update.frm != self.version:
            return Step.GAP
        try:
            self.view = jsonpatch.apply_patch(self.view, update.patch, in_place=True)
        except (jsonpatch.JsonPatchException, jsonpatch.JsonPointerException):
            self.version = -1  # the base is gone: only a snapshot can repair it
            return Step.BROKEN
        self.version = update.to
        self.prompt = update.prompt
        if update.outcome is not None:
            self.outcome = update.outcome
        self.events.extend(update.events)
        return Step.APPLIED

    def decoded(self, view_type: Any) -> Any:
        """The view converted to the game's ``View`` type. Raises ``msgspec.ValidationError``."""
        return msgspec.convert(self.view, view_type)
