"""A seat is back the moment its player reconnects: the away mark of a seat whose player's connection says
hello (with the seat's token) is cleared at once, not only when the player acts (DESIGN "Timeouts and
leavers"; docs/api.md, ``seats[].away``).

The clear is a write like the lobby's: the room's metadata first, compare-and-set on its revision (an
unchanged copy, one revision on), so a commit any worker computed on what it kept of the room (its warm
copy, with the old strikes) is refused as a conflict and runs again on a fresh read; then the current
version's schedule without the seat's strikes, compare-and-set on the state version. A step in between
refuses the schedule's write and the clear starts again on the new state.

The seat's current prompt keeps the deadline its viewers were shown (a timeout, or the away bot's item,
already due when the away deadline is 0), since no frame tells of a deadline that moves; its next
prompts get the room's full timer again, and ``GET /api/rooms/{room}`` shows it not ``away`` at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from server.play.deadlines import schedule_for
from server.play.rooms import MAX_RETRIES, Rooms
from server.store.model import RoomMeta, Schedule


def returning(meta: RoomMeta, schedule: Schedule | None, seats: Sequence[int]) -> list[int]:
    """The seats of ``seats`` marked away in ``schedule`` whose player is still theirs (not left, not
    played by a bot): those a hello brings back."""
    if schedule is None or meta.status != "running":
        return []
    records = meta.seats
    return [
        s
        for s in seats
        if s < len(records)
        and schedule.away(s, meta.away_after)
        and not records[s].left
        and records[s].bot is None
    ]


async def seats_back(rooms: Rooms, room: str, seats: Sequence[int]) -> list[int]:
    """Clear the away mark of those of ``seats`` (held by a connection that said hello) that are away;
    returns them (``[]``: none was away, nothing written). Raises what the store raises (an outage)."""
    for _ in range(MAX_RETRIES):
        meta = await rooms.store.get_meta(room)
        schedule = await rooms.store.get_schedule(room)
        back = returning(meta, schedule, seats) if meta is not None else []
        if not back or meta is None or schedule is None:
            return []
        if not await rooms.store.put_meta(meta):
            continue
        rooms.forget(room)  # what this worker kept of the room has the old strikes
        if await rooms.store.put_schedule(room, await _cleared(rooms, meta, schedule, back)):
            return back
    raise RuntimeError(f"room {room}: {MAX_RETRIES} conflicts in a row bringing seats back")


async def _cleared(rooms: Rooms, meta: RoomMeta, schedule: Schedule, back: list[int]) -> Schedule:
    """``schedule`` without the strikes of ``back``, its deadlines computed again (the away bot's item of a
    seat that is back becomes its player's timeout; every other deadline is kept)."""
    strikes = {seat: n for seat, n in schedule.strikes.items() if seat not in back}
    loaded = await rooms.store.get_state(meta.room)
    if loaded is None or loaded.version != schedule.version:
        return msgspec.structs.replace(schedule, strikes=strikes)  # refused: the state moved on
    game = rooms.game(meta)
    prompts = game.prompts(game.decode_state(loaded.state))
    now = rooms.clock.now()
    return schedule_for(meta, schedule.version, prompts, schedule, strikes, now, rooms.policy, rooms.autopass)
