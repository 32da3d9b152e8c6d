"""Resume after a dropped connection (DESIGN "Updates per viewer"): a client behind by at most the
server's resume gap gets the missing updates; further behind, one fresh snapshot with the missed events.
Either way its mirror ends equal to a fresh snapshot and it has seen every public event exactly once."""

from __future__ import annotations

from clients.sdk import Connection, Lobby
from protocol.messages import ServerMsg, Snapshot, Update, Welcome
from tests.e2e.conftest import TEST_LIMITS, Server, new_room, play_steps


async def drop_and_resume(
    server: Server, lobby: Lobby, offline_steps: int
) -> tuple[int, int, list[ServerMsg]]:
    """A spectator misses ``offline_steps`` actions; returns (version left, version resumed, messages
    received after the resume) once it caught up, checking its mirror and events on the way."""
    room = await new_room(lobby)
    async with (
        Connection(server.ws, room.room, room.tokens) as driver,
        Connection(server.ws, room.room) as watcher,
    ):
        left = await play_steps(driver, 2, "resume")
        await watcher.wait_version(left)
        await watcher.suspend()
        assert not watcher.online
        back = await play_steps(driver, offline_steps, "resume")
        assert back == left + offline_steps
        received: list[ServerMsg] = []
        watcher.listen(received.append)
        watcher.resume()
        await watcher.wait_version(back)
        async with Connection(server.ws, room.room) as fresh:
            await fresh.wait_version(back)
            assert watcher.mirrors[None].view == fresh.mirrors[None].view
        public = [line.body for line in await lobby.log(room.room)]
        assert [event.body for event in watcher.mirrors[None].events] == public
        assert watcher.welcomes == 2
    return left, back, received


async def test_short_gap_resumes_by_the_missing_updates(server: Server, lobby: Lobby) -> None:
    left, back, received = await drop_and_resume(server, lobby, TEST_LIMITS.resume_gap - 2)
    assert type(received[0]) is Welcome
    steps = [(m.frm, m.to) for m in received if isinstance(m, Update)]
    assert steps == [(v, v + 1) for v in range(left, back)]
    assert not any(isinstance(m, Snapshot) for m in received)


async def test_long_gap_resumes_by_one_snapshot_with_the_missed_events(server: Server, lobby: Lobby) -> None:
    left, back, received = await drop_and_resume(server, lobby, TEST_LIMITS.resume_gap + 3)
    assert [type(m) for m in received] == [Welcome, Snapshot]
    snapshot = received[1]
    assert isinstance(snapshot, Snapshot)
    assert snapshot.version == back
    assert snapshot.events and all(left < e.version <= back for e in snapshot.events)
