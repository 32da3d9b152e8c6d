"""Seats through the SDK's lobby client (docs/api.md): a seat given back before the start, a concession
mid-game handed to the game's best bot, leaving refused once the game is over, the room's leaver and
away bots on its summary, and an unknown bot refused with its path and the game's bots."""

from __future__ import annotations

import asyncio

import pytest

from clients.sdk import Lobby, LobbyError


async def refused(call: object) -> tuple[int, str]:
    with pytest.raises(LobbyError) as caught:
        await call  # type: ignore[misc]
    return caught.value.status, caught.value.code


async def test_a_seat_is_given_back_before_the_start_and_conceded_after_it(lobby: Lobby) -> None:
    room = (await lobby.create_room("igranie", 3)).room
    first = await lobby.claim(room, 0, "Ann")
    assert await lobby.leave(room, first.token) == 0
    assert [s.taken for s in (await lobby.room(room)).seats] == [False, False, False]
    assert await refused(lobby.concede(room, (await lobby.claim(room, 0)).token)) == (409, "room/not_started")
    tokens = [(await lobby.claim(room, "any")).token for _ in range(2)]
    assert (await lobby.room(room)).status == "running"
    assert await lobby.concede(room, tokens[0]) == (1, "heuristic")
    seat = (await lobby.room(room)).seats[1]
    assert (seat.left, seat.conceded, seat.bot) == (True, True, "heuristic")
    assert await refused(lobby.leave(room, tokens[0])) == (409, "seat/left")


async def test_leaving_a_finished_room_is_refused(lobby: Lobby) -> None:
    made = await lobby.create_room("gregs", 3, leaver_bot="random")
    tokens = [(await lobby.claim(made.room, "any")).token for _ in range(3)]
    for token in tokens[1:]:  # the leaver bot plays them: the game runs to its end by itself
        await lobby.leave(made.room, token)
    left = await lobby.concede(made.room, tokens[0])
    assert left == (0, "random")
    for _ in range(2000):
        if (await lobby.room(made.room)).status == "finished":
            break
        await asyncio.sleep(0.01)
    assert await refused(lobby.leave(made.room, tokens[0])) == (409, "room/finished")


async def test_the_room_names_its_leaver_and_away_bots_and_an_unknown_bot_is_explained(lobby: Lobby) -> None:
    made = await lobby.create_room("grucha", 2, leaver_bot="greedy", away_after=3, away_bot="search")
    info = await lobby.room(made.room)
    assert (info.leaver_bot, info.away_after, info.away_bot, info.autostart) == ("greedy", 3, "search", True)
    assert {g.id: g.best_bot for g in await lobby.games()} == {
        "gregs": "heuristic",
        "grucha": "greedy",
        "igranie": "heuristic",
        "infarkt": "heuristic",
    }
    with pytest.raises(LobbyError) as caught:
        await lobby.create_room("grucha", 2, away_bot="genius")
    assert caught.value.details == {
        "error": "no bot policy 'genius' (the game has random, greedy, search) - at `$.away_bot`",
        "path": "$.away_bot",
        "bots": ["random", "greedy", "search"],
    }
