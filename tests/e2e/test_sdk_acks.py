"""The SDK's acks inside updates over real sockets: a whole Gregs game played by bots, a hot-seat client
and one single seat on MessagePack asking for them (the SDK's default), one single seat not; every
applied action is acknowledged once, inside an update or by a frame of its own as each connection
asked, and every mirror ends equal to a fresh snapshot."""

from __future__ import annotations

import asyncio
from collections import Counter

import msgspec

from clients.sdk import BotPlayer, Connection, Lobby
from games.engine import random_policy
from protocol.messages import Ack, ServerMsg
from tests.e2e.conftest import GAME, Server, new_room
from tests.e2e.test_full_game import fresh_view


class Frames:
    """A recorder counting a connection's incoming frames: ack frames, updates, updates with acks, and
    the acks those carried."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()

    def __call__(self, direction: str, frame: str | bytes) -> None:
        if direction != "in":
            return
        msg = msgspec.msgpack.decode(frame) if isinstance(frame, bytes) else msgspec.json.decode(frame)
        self.counts[msg["type"]] += 1
        if msg.get("acks"):
            self.counts["update with acks"] += 1
            self.counts["carried"] += len(msg["acks"])
            assert all(a["type"] == "ack" and a["seat"] == msg["seat"] for a in msg["acks"])


async def test_a_game_with_acks_inside_updates_and_as_frames_completes(server: Server, lobby: Lobby) -> None:
    room = await new_room(lobby)
    frames = [Frames(), Frames(), Frames()]
    conns = [
        Connection(server.ws, room.room, room.tokens[:2], recorder=frames[0]),
        Connection(
            server.ws, room.room, room.tokens[2:3], recorder=frames[1], acks="update", encoding="msgpack"
        ),
        Connection(server.ws, room.room, room.tokens[3:], recorder=frames[2], acks="frame"),
    ]
    behind: list[tuple[int, int, int]] = []  # acks met before their seat's mirror showed their version

    def check(conn: Connection) -> None:
        def listener(msg: ServerMsg) -> None:
            if isinstance(msg, Ack) and conn.mirrors[msg.seat].version < msg.version:
                behind.append((msg.seat, msg.version, conn.mirrors[msg.seat].version))

        conn.listen(listener)

    for conn in conns:
        await conn.connect()
    for conn in conns[:2]:
        check(conn)  # the SDK hands a carried ack on after its update
    bots = [BotPlayer(conn, GAME, random_policy, seed=b"acks") for conn in conns]
    outcomes = await asyncio.gather(*(bot.run(30.0) for bot in bots))
    final = (await lobby.room(room.room)).version
    await asyncio.gather(*(c.wait_version(final) for c in conns))

    assert (await lobby.room(room.room)).status == "finished"
    assert outcomes[0] == outcomes[1] == outcomes[2]
    assert sum(bot.actions for bot in bots) == final
    for counted, bot in zip(frames[:2], bots[:2], strict=True):
        # one frame per applied action: its update, carrying its ack; no ack frame at all
        assert (counted.counts["ack"], counted.counts["carried"]) == (0, bot.actions)
        assert counted.counts["update with acks"] == bot.actions
    assert (frames[2].counts["ack"], frames[2].counts["carried"]) == (bots[2].actions, 0)
    assert bots[2].actions > 0 and bots[1].actions > 0
    assert behind == []
    for conn, tokens in zip(conns, (room.tokens[:2], room.tokens[2:3], room.tokens[3:]), strict=True):
        mine = {v: (m.view, m.version, m.outcome) for v, m in conn.mirrors.items()}
        assert mine == await fresh_view(server, room.room, tokens)
        await conn.close()
