"""Acks inside updates: one connection's acks when its hello asked ``acks: "update"`` (protocol/README.md).

An applied action's `Ack` rides in the acting seat's `Update` that reaches the action's version, so the
actor reads one frame per action instead of two. Two moments can carry it:

- while the action is being committed (``acting``): this worker's own commit fans out at once, inside
  the commit, before the session knows the version; the `Change` names the action's id, which matches;
- after the commit (``waiting``, the version known): the step's update was not written yet (the room's
  fan-out had it queued): the first update of the seat whose ``frm < version <= to`` carries it.

An ack no update will carry (the connection was already shown that version: by a catch-up or a snapshot)
is written as an `Ack` frame of its own, always after the frame that showed the version. Duplicates and
refusals never wait: the session answers them at once, as without the option.
"""

from __future__ import annotations

from collections.abc import Callable

from protocol.messages import Ack


class Acks:
    """The acks of one connection not yet written: ``acting`` is the (seat, id) of the action being
    committed now (a session acts one action at a time), ``waiting`` the acks of committed actions whose
    update was not written yet, in commit order."""

    __slots__ = ("acting", "waiting")

    def __init__(self) -> None:
        self.acting: tuple[int, str] | None = None
        self.waiting: list[Ack] = []

    def take(self, seat: int, frm: int, to: int, action_id: str | None) -> list[Ack]:
        """The acks an update of ``seat`` from ``frm`` to ``to`` carries (removed from here);
        ``action_id``: the id of the action that produced ``to``, when this worker committed it."""
        carried: list[Ack] = []
        if self.waiting:
            carried, self.waiting = _split(self.waiting, lambda a: a.seat == seat and frm < a.version <= to)
        if action_id is not None and self.acting == (seat, action_id):
            self.acting = None  # the session sees it carried
            carried.append(Ack(action_id, seat, to))
        return carried

    def due(self, versions: dict[int | None, int]) -> list[Ack]:
        """The waiting acks whose version the connection was shown already (``versions``: viewer -> the
        last version sent), removed from here: no update is left to carry them."""
        if not self.waiting:
            return []
        due, self.waiting = _split(self.waiting, lambda a: versions.get(a.seat, -1) >= a.version)
        return due


def _split(acks: list[Ack], chosen: Callable[[Ack], bool]) -> tuple[list[Ack], list[Ack]]:
    """``acks`` split into those ``chosen`` and the rest, each in order."""
    yes: list[Ack] = []
    no: list[Ack] = []
    for ack in acks:
        (yes if chosen(ack) else no).append(ack)
    return yes, no
