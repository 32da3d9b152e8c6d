"""Timer classes through the SDK's lobby client: what `GET /api/games` lists and what creation refuses
(docs/api.md; the session server sets ``--timer turn=600 --timer cut=600``)."""

from __future__ import annotations

import pytest

from clients.sdk import Lobby, LobbyError


async def test_games_list_their_classes_with_the_servers_setting_over_the_games_default(lobby: Lobby) -> None:
    gregs = {g.id: g for g in await lobby.games()}["gregs"]
    assert gregs.timers == {
        "commit": 30.0,
        "curse": 20.0,  # Gregs' declared default
        "cut": 600.0,  # the server's setting beats Gregs' 20 s
        "reaction": 10.0,
        "setup": 60.0,
        "turn": 600.0,
    }


async def test_a_room_naming_a_class_its_game_lacks_is_refused(lobby: Lobby) -> None:
    with pytest.raises(LobbyError) as caught:
        await lobby.create_room("gregs", 3, timers={"curse": 5.0, "truce": 5.0})
    assert (caught.value.status, caught.value.code) == (400, "timer/unknown")
