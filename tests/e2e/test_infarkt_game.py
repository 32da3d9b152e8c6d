"""A whole Infarkt game over real sockets with the issue's options (``{"expansions": ["family",
"career"]}``, the variant following them: extreme, INF-27): the heuristic bot in seat 0 and random bots
in the others, each on its own connection; every mirror ends at the stored outcome, equal to a fresh
snapshot, and the places are the extreme variant's."""

from __future__ import annotations

import asyncio
from typing import Any

from clients.sdk import BotPlayer, Connection, Lobby
from games.catalog import shipped
from games.engine import Game, random_policy
from tests.e2e.conftest import Server

GAME: Game[Any, Any] = shipped()["infarkt"]
SEATS = 4


async def test_infarkt_with_family_and_career_plays_to_the_end_over_websockets(
    server: Server, lobby: Lobby
) -> None:
    created = await lobby.create_room("infarkt", SEATS, {"expansions": ["family", "career"]})
    tokens = [(await lobby.claim(created.room, s, f"p{s}")).token for s in range(SEATS)]
    assert (await lobby.room(created.room)).options["variant"] == "extreme"
    conns = [Connection(server.ws, created.room, [t]) for t in tokens]
    await asyncio.gather(*(c.connect() for c in conns))
    policies = [GAME.bots()["heuristic"], *[random_policy] * (SEATS - 1)]
    bots = [BotPlayer(c, GAME, p, seed=b"infarkt-e2e") for c, p in zip(conns, policies, strict=True)]
    try:
        outcomes = await asyncio.gather(*(bot.run(120.0) for bot in bots))
        info = await lobby.room(created.room)
        await asyncio.gather(*(c.wait_version(info.version) for c in conns))
        assert info.status == "finished"
        assert all(o == outcomes[0] for o in outcomes)
        assert sum(bot.actions for bot in bots) <= info.version  # the rest are timeouts
        assert sorted(set(outcomes[0]["ranks"]))[0] == 1 and len(outcomes[0]["ranks"]) == SEATS
        assert outcomes[0]["winners"] == [s for s, r in enumerate(outcomes[0]["ranks"]) if r == 1]
        view = conns[0].mirrors[0].view
        assert view["places"] == ["work", "supermarket", "pharmacy", "market", "home", "family", "career"]
        assert view["phase"] == "over"
        living = [s for s, p in enumerate(view["players"]) if not p["died"]]
        assert living == (outcomes[0]["winners"] if outcomes[0]["reason"] != "no_survivor" else [])
        for seat, conn in enumerate(conns):
            async with Connection(server.ws, created.room, [tokens[seat]], reconnect=False) as fresh:
                await fresh.wait_until(lambda f=fresh, s=seat: f.mirrors[s].ready)
                assert fresh.mirrors[seat].view == conn.mirrors[seat].view
                assert fresh.mirrors[seat].outcome == outcomes[0]
    finally:
        await asyncio.gather(*(c.close() for c in conns))
