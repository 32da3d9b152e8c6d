"""Acks inside updates: one connection's acks when its hello asked ``acks: "update"`` (protocol/README.md).

An applied action's `Ack` rides in the acting seat's `Update` that reaches the action's version, so the
actor reads one frame per action instead of two. The session never writes such an ack: the store's commit
reports its `Change`, `server.play.rooms.Rooms` publishes it with the acting connection as its
``origin``, and the room's fan-out (`server.ws.hub.RoomWatch`) owes the ack to that connection from the
moment the change reaches it. The first update of the seat whose ``frm < version <= to`` carries it; if
the connection was shown that version without it (a catch-up, a snapshot, an update of a wake-up that
came first), it is written as an `Ack` frame of its own, always after the frame that showed the version.
Duplicates and refusals never wait: the session answers them at once, as without the option.

Only the room's fan-out reads or writes an `Acks` (the session creates it at the hello, as the option's
flag): all of it runs on the event loop, in the room's task or in `Rooms`' publish of its own commit.
"""

from __future__ import annotations

from collections.abc import Callable

from protocol.messages import Ack


class Acks:
    """The acks owed to one connection and not yet written (``waiting``), in commit order."""

    __slots__ = ("waiting",)

    def __init__(self) -> None:
        self.waiting: list[Ack] = []

    def take(self, seat: int, frm: int, to: int) -> list[Ack]:
        """The acks an update of ``seat`` from ``frm`` to ``to`` carries (removed from here)."""
        if not self.waiting:
            return []
        carried, self.waiting = _split(self.waiting, lambda a: a.seat == seat and frm < a.version <= to)
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
