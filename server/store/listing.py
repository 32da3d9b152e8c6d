"""The room list as indexes: one list of room ids, ordered by id, per filter (docs/api.md
``GET /api/rooms``), so a page reads only the rooms it shows and a count reads one size.

A room is in the lists of its *classes* (`classes_of`): ``all``, its listed status (``open``,
``running``, ``finished``, ``abandoned``) and ``free`` while it is open with a free seat; each list exists
for every game (``*``) and per game. `ListIndex` keeps them in memory (`server.store.memory`); the Redis
store keeps them as sorted sets (`server.store.redis_listing`).
"""

from __future__ import annotations

import bisect
from typing import Literal

import msgspec

from server.store.model import RoomMeta

ListStatus = Literal["open", "running", "finished", "abandoned"]

#: The listed statuses, as ``GET /api/rooms?status=`` takes them and ``boardroom_rooms`` counts them.
STATUSES: tuple[ListStatus, ...] = ("open", "running", "finished", "abandoned")
#: Every list a room may be in (per game and for every game).
CLASSES = ("all", *STATUSES, "free")
#: The game part of the lists of every game.
ANY_GAME = "*"


class RoomQuery(msgspec.Struct, frozen=True):
    """A page of the room list: at most ``limit`` rooms with ids after ``after``, ordered by id, of
    ``game`` (``None``: any) in ``status`` (``None``: any); ``free_seats``: only open rooms with a seat
    nobody holds (a claim of ``any`` would get one)."""

    after: str = ""
    limit: int = 100
    status: ListStatus | None = None
    game: str | None = None
    free_seats: bool = False

    def list_class(self) -> str | None:
        """The one list holding exactly the rooms asked for; ``None`` when no room can match (free seats
        in a room that is not open)."""
        if self.free_seats:
            return "free" if self.status in (None, "open") else None
        return self.status or "all"


def listed_status(meta: RoomMeta, finished: bool) -> ListStatus:
    """The status the room list shows: a running room whose game has an outcome is ``finished``."""
    return "finished" if meta.status == "running" and finished else meta.status


def classes_of(meta: RoomMeta, finished: bool) -> frozenset[str]:
    """The lists ``meta``'s room belongs in (``finished``: its state has an outcome)."""
    status = listed_status(meta, finished)
    free = status == "open" and not all(seat.taken for seat in meta.seats)
    return frozenset(("all", status, "free") if free else ("all", status))


class ListIndex:
    """The lists of the in-memory store: sorted lists of room ids (insertion is a memmove, a page a
    bisection). Not thread-safe: the store's lock guards it."""

    def __init__(self) -> None:
        self._lists: dict[tuple[str, str], list[str]] = {}
        self._of: dict[str, frozenset[tuple[str, str]]] = {}

    def put(self, room: str, game: str, classes: frozenset[str]) -> None:
        """``room`` (of ``game``) is in exactly the lists of ``classes`` from now on."""
        keys = frozenset((cls, g) for cls in classes for g in (ANY_GAME, game))
        old = self._of.get(room, frozenset())
        for key in old - keys:
            self._remove(key, room)
        for key in keys - old:
            bisect.insort(self._lists.setdefault(key, []), room)
        self._of[room] = keys

    def drop(self, room: str) -> None:
        """``room`` leaves every list."""
        for key in self._of.pop(room, frozenset()):
            self._remove(key, room)

    def _remove(self, key: tuple[str, str], room: str) -> None:
        ids = self._lists[key]
        del ids[bisect.bisect_left(ids, room)]
        if not ids:
            del self._lists[key]

    def page(self, query: RoomQuery) -> list[str]:
        """The ids of ``query``'s page."""
        cls = query.list_class()
        if cls is None:
            return []
        ids = self._lists.get((cls, query.game or ANY_GAME), [])
        start = bisect.bisect_right(ids, query.after)
        return ids[start : start + query.limit]

    def count(self, cls: str) -> int:
        """Rooms of every game in list ``cls``."""
        return len(self._lists.get((cls, ANY_GAME), ()))
