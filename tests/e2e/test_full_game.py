"""A whole Gregs game over real sockets: a hot-seat client holding two seats, two single-seat clients and
a spectator, all played by bots from their mirrors (one client on MessagePack frames); at the end every
mirror equals a fresh snapshot."""

from __future__ import annotations

import asyncio

from clients.sdk import BotPlayer, Connection, Lobby
from games.engine import random_policy
from tests.e2e.conftest import GAME, Server, new_room


async def fresh_view(server: Server, room: str, tokens: list[str]) -> dict[object, object]:
    """Each viewer's (view, version, outcome) from a brand-new connection's snapshot."""
    async with Connection(server.ws, room, tokens, reconnect=False) as conn:
        viewers = list(conn.mirrors)
        await conn.wait_until(lambda: all(conn.mirrors[v].ready for v in viewers))
        return {v: (conn.mirrors[v].view, conn.mirrors[v].version, conn.mirrors[v].outcome) for v in viewers}


async def test_hot_seat_single_seats_and_spectator_mirror_the_same_finished_game(
    server: Server, lobby: Lobby
) -> None:
    room = await new_room(lobby)
    hot = Connection(server.ws, room.room, room.tokens[:2])
    # One single-seat client negotiates MessagePack frames; the others speak JSON.
    singles = [
        Connection(server.ws, room.room, [token], encoding=encoding)
        for token, encoding in zip(room.tokens[2:], ("json", "msgpack"), strict=True)
    ]
    watcher = Connection(server.ws, room.room)
    for conn in (hot, *singles, watcher):
        await conn.connect()
    assert (hot.seats, [c.seats for c in singles], watcher.seats) == ([0, 1], [[2], [3]], [])
    assert singles[1].subprotocol == "boardroom.v1.msgpack"

    bots = [BotPlayer(conn, GAME, random_policy, seed=b"full") for conn in (hot, *singles)]
    outcomes = await asyncio.gather(*(bot.run(30.0) for bot in bots))
    final = (await lobby.room(room.room)).version
    await asyncio.gather(*(c.wait_version(final) for c in (hot, *singles, watcher)))

    assert (await lobby.room(room.room)).status == "finished"
    assert outcomes[0] == outcomes[1] == outcomes[2] == watcher.mirrors[None].outcome
    assert sum(bot.actions for bot in bots) == final
    for conn, tokens in ((hot, room.tokens[:2]), *zip(singles, ([t] for t in room.tokens[2:]), strict=True)):
        fresh = await fresh_view(server, room.room, tokens)
        mine = {v: (m.view, m.version, m.outcome) for v, m in conn.mirrors.items()}
        assert mine == fresh
    assert {None: (watcher.mirrors[None].view, final, outcomes[0])} == await fresh_view(server, room.room, [])
    for conn in (hot, *singles, watcher):
        await conn.close()
