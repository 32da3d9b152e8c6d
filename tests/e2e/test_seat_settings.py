"""Seat settings through the SDK's lobby client (docs/api.md "Seat settings"): auto-pass is on for a
new seat, its holder turns it off and on again, and no other token reads or writes them."""

from __future__ import annotations

import pytest

from clients.sdk import Lobby, LobbyError, SeatSettings


async def test_auto_pass_is_on_until_the_seat_holder_turns_it_off(lobby: Lobby) -> None:
    room = (await lobby.create_room("gregs", 3)).room
    first, second = [await lobby.claim(room, seat) for seat in (0, 1)]
    assert await lobby.settings(room, 0, first.token) == SeatSettings(auto_pass=True)
    off = await lobby.set_settings(room, 0, first.token, SeatSettings(auto_pass=False))
    assert off == await lobby.settings(room, 0, first.token) == SeatSettings(auto_pass=False)
    assert await lobby.settings(room, 1, second.token) == SeatSettings(auto_pass=True)
    assert await lobby.set_settings(room, 0, first.token, SeatSettings()) == SeatSettings(auto_pass=True)
    with pytest.raises(LobbyError) as caught:
        await lobby.set_settings(room, 0, second.token, SeatSettings(auto_pass=False))
    assert (caught.value.status, caught.value.code) == (401, "auth/bad_token")
