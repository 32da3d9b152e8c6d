"""Bringing one connection up to date when it joins or asks to `sync`.

- No state yet (the room has not started): nothing; the start's change sends snapshots.
- ``since`` within ``gap`` versions of the current one: the missing `Update`s, one per step, computed by
  replaying the room's log (`games.engine.Match`) up to ``since`` and stepping forward; the last one
  carries the current deadlines.
- Otherwise (no ``since``, too far behind, or ahead of the store: it went back in time): a fresh
  `Snapshot` per viewer plus the events it missed since ``since``.

While the store is unreachable (`server.store.outage`) the catch-up waits and tries again (backing off from
`RETRY` to `RETRY_MAX` seconds) instead of failing the room's fan-out: no change can commit meanwhile,
and the connection stays. A connection that closes while it waits gets nothing.
"""

from __future__ import annotations

import asyncio
from typing import Any

from games.engine.match import LogEntry, Match
from games.engine.plugin import Game
from protocol.fanout import Outgoing, Step, ViewCache, fan_out, prompt_out, snapshot
from protocol.messages import PromptOut
from server.play.rooms import Rooms
from server.store.model import Current, RoomState
from server.store.outage import outage_of, unavailable
from server.ws.conn import Conn
from server.ws.steps import engine_events, missed, prompts_out

#: Seconds before the first retry of a catch-up the store could not answer, and the most between two.
RETRY = 0.1
RETRY_MAX = 2.0


async def catch_up(
    rooms: Rooms,
    game: Game[Any, Any],
    room: str,
    conn: Conn,
    since: int | None,
    gap: int,
    replay: bool = True,
) -> tuple[list[Outgoing], RoomState | None]:
    """The frames that bring ``conn``'s viewers from ``since`` to the stored version (recorded in
    ``conn.versions``), and the stored state they lead to (``None`` before the start). ``replay``
    ``False``: snapshots even within the gap (the missed updates replay the log). Retries while the
    store is unreachable; ``([], None)`` when ``conn`` closed meanwhile."""
    outage, delay = outage_of(rooms.store), RETRY
    while True:
        started = outage.now()
        try:
            found = await _catch_up(rooms, game, room, conn, since, gap if replay else 0)
        except Exception as exc:
            if not unavailable(exc):
                raise
            outage.failed(exc, refused=False)
        else:
            outage.recovered(started)
            return found
        if conn.closing is not None or conn.done.is_set():
            return [], None
        await asyncio.sleep(delay)
        delay = min(delay * 2, RETRY_MAX)


async def _catch_up(
    rooms: Rooms, game: Game[Any, Any], room: str, conn: Conn, since: int | None, gap: int
) -> tuple[list[Outgoing], RoomState | None]:
    loaded = await rooms.store.get_state(room)
    if loaded is None:
        return [], None
    if since == loaded.version:
        conn.versions.update(dict.fromkeys(conn.viewers, since))
        return [], loaded
    replay = since is not None and 0 <= since < loaded.version and loaded.version - since <= gap
    # the state, its schedule and the log in one read: separate reads mixed versions on two workers
    current = await rooms.store.current(room, 0 if replay or since is None or since < 0 else since)
    if current.state is None:
        return [], None
    loaded = current.state
    if replay and since is not None and since < loaded.version:
        out = await _updates(rooms, game, room, conn, since, current)
    else:
        out = _snapshots(game, conn, since, current)
    conn.versions.update(dict.fromkeys(conn.viewers, loaded.version))
    return out, loaded


def _current(game: Game[Any, Any], current: Current) -> tuple[Any, dict[int, PromptOut], Any]:
    assert current.state is not None
    state = game.decode_state(current.state.state)
    outcome = game.outcome(state) if current.state.finished else None
    prompts = {} if outcome is not None else prompts_out(game, state, current.schedule)
    return state, prompts, outcome


def _snapshots(game: Game[Any, Any], conn: Conn, since: int | None, current: Current) -> list[Outgoing]:
    assert current.state is not None
    state, prompts, outcome = _current(game, current)
    version = current.state.version
    steps = current.log if since is not None and 0 <= since < version else []
    cache = ViewCache()
    return [
        snapshot(game, state, version, viewer, cache, prompts, missed(steps, viewer), outcome)
        for viewer in conn.viewers
    ]


async def _updates(
    rooms: Rooms, game: Game[Any, Any], room: str, conn: Conn, since: int, current: Current
) -> list[Outgoing]:
    assert current.state is not None
    meta = await rooms.meta(room)
    log, version = current.log, current.state.version
    entries = [LogEntry(s.seat, s.action, s.now) for s in log]
    match = Match.replay(
        game, len(meta.seats), game.options(meta.options), await rooms.seed(room), entries[:since]
    )
    cache = ViewCache()
    _, current_prompts, outcome = _current(game, current)
    out: list[Outgoing] = []
    for logged in log[since:version]:
        before = match.state
        match.act(logged.seat, logged.action, logged.now)
        last = logged.version == version
        prompts = current_prompts if last else _past_prompts(game, match.state, current_prompts)
        step = Step(
            logged.version - 1, logged.version, engine_events([logged]), prompts, outcome if last else None
        )
        out.extend(fan_out(game, match.state, step, conn.viewers, cache, before).values())
    return out


def _past_prompts(game: Game[Any, Any], state: Any, current: dict[int, PromptOut]) -> dict[int, PromptOut]:
    """The prompts of a replayed ``state`` before the current version: a prompt that is still the
    seat's current one carries its current deadline; the others (answered or timed out since) none."""
    out = {}
    for seat, prompt in game.prompts(state).items():
        now = current.get(seat)
        out[seat] = prompt_out(prompt, now.deadline if now is not None and now.id == prompt.id else None)
    return out
