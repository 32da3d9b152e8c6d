"""Bad input over a real socket (DESIGN "Quality bars"): each gets its documented code (protocol/codes.py,
the engine's codes) and changes nothing: the room's version and public log stay as they were."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import msgspec
import pytest

from clients.sdk import ActionRefused, Closed, Connection, Lobby
from tests.e2e.conftest import Room, Server, new_room, play_steps, prompted


class Table(msgspec.Struct):
    room: Room
    conn: Connection
    version: int
    log: list[Any]


@pytest.fixture
async def table(server: Server, lobby: Lobby) -> AsyncIterator[Table]:
    """A room two actions in (seat 2 to choose a character), held by one hot-seat connection."""
    room = await new_room(lobby)
    async with Connection(server.ws, room.room, room.tokens, reconnect=False) as conn:
        version = await play_steps(conn, 2, "bad")
        yield Table(room, conn, version, await lobby.log(room.room))


async def unchanged(lobby: Lobby, table: Table) -> None:
    info = await lobby.room(table.room.room)
    assert (info.version, await lobby.log(table.room.room)) == (table.version, table.log)


async def error_after(conn: Connection, frame: str | bytes) -> tuple[str, dict[str, Any]]:
    """Send ``frame`` and return the code and details of the error it earns; the connection must
    still answer a ping afterwards."""
    count = len(conn.errors)
    await conn.send_raw(frame)
    await conn.wait_until(lambda: len(conn.errors) > count)
    await conn.ping(7)
    return conn.errors[count].code, conn.errors[count].details


async def test_malformed_json_is_frame_malformed(lobby: Lobby, table: Table) -> None:
    assert (await error_after(table.conn, '{"type": "act", '))[0] == "frame/malformed"
    await unchanged(lobby, table)


async def test_unknown_message_type_is_frame_unknown_type(lobby: Lobby, table: Table) -> None:
    assert await error_after(table.conn, '{"type": "dance"}') == ("frame/unknown_type", {"type": "dance"})
    await unchanged(lobby, table)


@pytest.mark.parametrize("field", ["id", "seat", "action"])
async def test_missing_field_is_frame_invalid_at_the_fields_path(
    lobby: Lobby, table: Table, field: str
) -> None:
    act = {"type": "act", "id": "x1", "seat": 2, "action": {"kind": "choose", "character": "chr-greg"}}
    del act[field]
    assert await error_after(table.conn, msgspec.json.encode(act).decode()) == (
        "frame/invalid",
        {"path": f"$.{field}"},
    )
    await unchanged(lobby, table)


async def test_wrong_token_closes_with_4401(server: Server, lobby: Lobby, table: Table) -> None:
    conn = Connection(server.ws, table.room.room, ["not-a-token"], reconnect=False)
    with pytest.raises(Closed) as closed:
        await conn.connect()
    assert closed.value.code == 4401
    await conn.close()
    await unchanged(lobby, table)


@pytest.mark.parametrize(
    ("seat", "action", "code"),
    [
        (0, {"kind": "choose", "character": "chr-greg"}, "action/no_prompt"),  # out of turn
        (2, {"kind": "reveal", "slot": 0}, "action/not_offered"),
        (2, {"kind": "choose", "character": "chr-nobody"}, "gregs/character_taken"),
        (2, {"kind": "choose"}, "action/malformed"),
    ],
)
async def test_refused_action_gets_its_code_and_changes_nothing(
    lobby: Lobby, table: Table, seat: int, action: dict[str, Any], code: str
) -> None:
    assert table.conn.mirrors[2].prompt is not None
    with pytest.raises(ActionRefused) as refused:
        await table.conn.act(seat, action)
    assert refused.value.code == code
    await unchanged(lobby, table)


async def test_oversized_frame_closes_with_1009(lobby: Lobby, table: Table) -> None:
    await table.conn.send_raw('{"type": "ping", "n": 1, "pad": "' + "x" * table.conn.max_frame + '"}')
    await table.conn.wait_until(lambda: not table.conn.online)
    assert table.conn.last_close == 1009
    await unchanged(lobby, table)


async def test_flood_past_the_rate_limit_is_refused_then_closed_with_4429(lobby: Lobby, table: Table) -> None:
    conn = table.conn
    for n in range(400):
        await conn.send_raw(f'{{"type": "ping", "n": {n}}}')
        if not conn.online:
            break
    await conn.wait_until(lambda: not conn.online)
    assert {e.code for e in conn.errors} == {"rate/limited"}
    assert conn.last_close == 4429
    await unchanged(lobby, table)


async def test_a_double_click_applies_once_the_second_action_names_a_stale_prompt(
    server: Server, lobby: Lobby
) -> None:
    """Two reveals sent at once for one prompt (the second before the first's update arrived): the SDK
    names the prompt each answers, so the second is refused ``action/stale_prompt`` and only one card
    is revealed."""
    room = await new_room(lobby, 3)
    async with Connection(server.ws, room.room, room.tokens, reconnect=False) as conn:
        for _ in range(40):
            seat = prompted(conn)
            assert seat is not None
            prompt = conn.mirrors[seat].prompt
            assert prompt is not None
            if len(prompt.choices.get("reveal", [])) >= 2:
                break
            await play_steps(conn, 1, "click")
        version = conn.mirrors[seat].version
        slots = [choice["slot"] for choice in prompt.choices["reveal"][:2]]
        clicks = [await conn.submit(seat, {"kind": "reveal", "slot": slot}) for slot in slots]
        first = await clicks[0]
        with pytest.raises(ActionRefused) as second:
            await clicks[1]
        assert (first.version, second.value.code) == (version + 1, "action/stale_prompt")
        await conn.wait_version(version + 1)
        assert (await lobby.room(room.room)).version == version + 1


async def test_a_sync_before_the_start_is_answered_room_not_started(server: Server, lobby: Lobby) -> None:
    created = await lobby.create_room("gregs", 3)
    token = (await lobby.claim(created.room, 0, "early")).token
    async with Connection(server.ws, created.room, [token], reconnect=False) as conn:
        assert conn.welcomed_at == -1
        await conn.sync(None)
        await conn.wait_until(lambda: len(conn.errors) > 0)
        assert [(e.code, e.id) for e in conn.errors] == [("room/not_started", None)]
        await conn.ping(3)
    assert (await lobby.room(created.room)).status == "open"
