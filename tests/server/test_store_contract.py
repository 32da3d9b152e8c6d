"""The store contract: every store (memory, one Redis server, a Redis Cluster) must pass this suite
unchanged.

Each test names the guarantee of `server.store.base.Store` it proves.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable

import pytest

from games.engine.model import only
from server.store import (
    Change,
    Commit,
    CommitResult,
    Current,
    Deadline,
    LogEvent,
    LogStep,
    MemoryStore,
    RoomMeta,
    RoomState,
    Schedule,
    SeatRecord,
    SeatSettings,
    Store,
)
from server.store.bus_redis import cluster_client
from server.store.listing import RoomQuery
from tests.redis.support import ScratchRedisStore, new_prefix, scratch_store


class Recorder:
    """A publisher that keeps what was published."""

    def __init__(self) -> None:
        self.changes: list[Change] = []

    def publish(self, change: Change) -> None:
        self.changes.append(change)


StoreFactory = Callable[[Recorder], Store]
FACTORIES: dict[str, StoreFactory] = {"memory": MemoryStore, "redis": scratch_store}


@pytest.fixture
def published() -> Recorder:
    return Recorder()


@pytest.fixture(params=[*sorted(FACTORIES), "redis-cluster"])
async def store(request: pytest.FixtureRequest, published: Recorder) -> AsyncIterator[Store]:
    if request.param == "redis-cluster":
        url = request.getfixturevalue("redis_cluster")
        made: Store = ScratchRedisStore(cluster_client(url), new_prefix(), 3600.0, published)
    else:
        made = FACTORIES[request.param](published)
    yield made
    close = getattr(made, "aclose", None)  # stores with connections (and scratch keys) clean up
    if close is not None:
        await close()


def meta(room: str = "r1", seats: int = 2) -> RoomMeta:
    return RoomMeta(
        room=room, game="fixture-hands", seats=[SeatRecord(i) for i in range(seats)], host_hash="h"
    )


def commit(expect: int, seat: int = 0, action_id: str | None = None, digest: str = "d") -> Commit:
    step = LogStep(
        expect + 1, seat, {"kind": "draw"}, 10.0 + expect, [LogEvent({"kind": "drew"}, only(seat))]
    )
    return Commit("r1", expect, f"s{expect + 1}".encode(), step, Schedule(expect + 1), action_id, digest)


async def started(store: Store) -> Store:
    await store.create_room(meta(), b"seed")
    stored = await store.get_meta("r1")
    assert stored is not None
    stored.status = "running"
    assert await store.start_room(stored, RoomState(b"s0", 0, "e1"), Schedule(0))
    return store


class TestMeta:
    async def test_create_keeps_meta_at_rev_0_and_refuses_a_taken_id(self, store: Store) -> None:
        assert await store.create_room(meta(), b"seed") is True
        assert await store.create_room(meta(), b"other") is False
        stored = await store.get_meta("r1")
        assert stored is not None and stored.rev == 0 and stored.game == "fixture-hands"
        assert await store.get_seed("r1") == b"seed"
        assert await store.get_meta("nope") is None

    async def test_put_meta_is_compare_and_set_on_rev(self, store: Store) -> None:
        await store.create_room(meta(), b"seed")
        first, second = await store.get_meta("r1"), await store.get_meta("r1")
        assert first is not None and second is not None
        first.seats[0].name = "ann"
        second.seats[0].name = "bob"
        assert await store.put_meta(first) is True
        assert await store.put_meta(second) is False
        stored = await store.get_meta("r1")
        assert stored is not None and stored.rev == 1 and stored.seats[0].name == "ann"

    async def test_mutating_what_was_read_does_not_change_the_store(self, store: Store) -> None:
        await store.create_room(meta(), b"seed")
        read = await store.get_meta("r1")
        assert read is not None
        read.seats[0].name = "x"
        again = await store.get_meta("r1")
        assert again is not None and again.seats[0].name == ""

    async def test_seat_settings_are_kept_with_the_meta_under_its_compare_and_set(self, store: Store) -> None:
        await store.create_room(meta(), b"seed")
        first, second = await store.get_meta("r1"), await store.get_meta("r1")
        assert first is not None and second is not None
        first.seats[1].settings = SeatSettings(auto_pass=False)  # auto-pass is on unless turned off
        assert await store.put_meta(first) is True
        assert await store.put_meta(second) is False  # a write from the old revision cannot undo it
        stored, loaded = await store.get_meta("r1"), (await store.load("r1", 0, None)).meta
        assert stored is not None and loaded is not None
        assert [s.settings for s in stored.seats] == [s.settings for s in loaded.seats]
        assert [s.settings.auto_pass for s in stored.seats] == [True, False]

    async def test_list_rooms_returns_every_room(self, store: Store) -> None:
        await store.create_room(meta("a"), b"s")
        await store.create_room(meta("b"), b"s")
        assert sorted(m.room for m in await store.list_rooms()) == ["a", "b"]


async def lobby_of_every_status(store: Store) -> None:
    """Rooms ``a``..``f``: ``a`` open and empty, ``b`` open with one seat of two held, ``c`` open and full
    (no autostart), ``d`` running, ``e`` finished, ``f`` abandoned; ``c`` and ``e`` of another game."""
    for room in "abcdef":
        made = meta(room)
        made.game = "fixture-commit" if room in "ce" else "fixture-hands"
        await store.create_room(made, b"seed")
    for room, held in (("b", 1), ("c", 2)):
        stored = await store.get_meta(room)
        assert stored is not None
        for seat in stored.seats[:held]:
            seat.token_hash = "t"
        assert await store.put_meta(stored)
    for room in "def":
        stored = await store.get_meta(room)
        assert stored is not None
        stored.status = "abandoned" if room == "f" else "running"
        if room == "f":
            assert await store.put_meta(stored)
        else:
            assert await store.start_room(
                stored, RoomState(b"s0", 0, "e1", finished=room == "e"), Schedule(0)
            )


async def page(store: Store, **query: object) -> list[str]:
    return [m.room for m in await store.page(RoomQuery(**query))]  # type: ignore[arg-type]


class TestRoomList:
    async def test_a_page_is_ordered_by_id_after_the_given_one(self, store: Store) -> None:
        for room in ("r3", "r1", "r2", "r10"):
            await store.create_room(meta(room), b"s")
        assert await page(store) == ["r1", "r10", "r2", "r3"]
        assert await page(store, limit=2) == ["r1", "r10"]
        assert await page(store, after="r10", limit=2) == ["r2", "r3"]
        assert await page(store, after="r3") == []

    async def test_each_status_is_a_list_of_its_own(self, store: Store) -> None:
        await lobby_of_every_status(store)
        assert await page(store) == list("abcdef")
        assert [
            await page(store, status=status) for status in ("open", "running", "finished", "abandoned")
        ] == [
            ["a", "b", "c"],
            ["d"],
            ["e"],
            ["f"],
        ]

    async def test_free_seats_lists_open_rooms_a_claim_could_join(self, store: Store) -> None:
        await lobby_of_every_status(store)
        assert await page(store, free_seats=True) == ["a", "b"]
        assert await page(store, free_seats=True, status="open") == ["a", "b"]
        assert await page(store, free_seats=True, status="running") == []

    async def test_the_game_filter_combines_with_the_others(self, store: Store) -> None:
        await lobby_of_every_status(store)
        assert await page(store, game="fixture-commit") == ["c", "e"]
        assert await page(store, game="fixture-commit", status="open") == ["c"]
        assert await page(store, game="fixture-commit", free_seats=True) == []
        assert await page(store, game="fixture-hands", free_seats=True, after="a") == ["b"]
        assert await page(store, game="nope") == []

    async def test_a_room_moves_between_lists_as_it_changes(self, store: Store) -> None:
        await lobby_of_every_status(store)
        stored = await store.get_meta("b")
        assert stored is not None
        stored.seats[1].token_hash = "t"  # full now
        assert await store.put_meta(stored)
        assert await page(store, free_seats=True) == ["a"]
        finishing = commit(0)
        finishing.room, finishing.finished = "d", True
        assert (await store.commit(finishing)).status == "committed"
        assert (await page(store, status="running"), await page(store, status="finished")) == ([], ["d", "e"])

    async def test_counts_are_the_sizes_of_the_status_lists(self, store: Store) -> None:
        await lobby_of_every_status(store)
        assert await store.room_counts() == {"open": 3, "running": 1, "finished": 1, "abandoned": 1}


class TestDelete:
    async def test_a_deleted_room_is_gone_from_every_read_and_its_viewers_are_told(
        self, store: Store, published: Recorder
    ) -> None:
        await started(store)
        await store.put_schedule("r1", Schedule(0, [Deadline("r1", 0, "t0", 5.0)]))
        await store.create_room(meta("r2"), b"seed")
        assert await store.delete_room("r1") is True
        assert (await store.get_meta("r1"), await store.get_state("r1"), await store.get_log("r1")) == (
            None,
            None,
            [],
        )
        assert (await page(store), await store.due(10.0)) == (["r2"], [])
        assert await store.room_counts() == {"open": 1, "running": 0, "finished": 0, "abandoned": 0}
        assert [(c.room, c.closed) for c in published.changes[1:]] == [("r1", True)]
        assert await store.delete_room("r1") is False
        assert await store.commit(commit(0)) == CommitResult("conflict")


class TestStart:
    async def test_start_writes_state_0_and_publishes_it_once(
        self, store: Store, published: Recorder
    ) -> None:
        await started(store)
        loaded = await store.get_state("r1")
        assert loaded is not None and (loaded.state, loaded.version, loaded.epoch) == (b"s0", 0, "e1")
        assert [(c.version, c.step) for c in published.changes] == [(0, None)]
        stale = await store.get_meta("r1")
        assert stale is not None
        assert await store.start_room(stale, RoomState(b"x", 0, "e2"), Schedule(0)) is False
        assert len(published.changes) == 1

    async def test_no_state_before_the_start(self, store: Store) -> None:
        await store.create_room(meta(), b"seed")
        assert await store.get_state("r1") is None


class TestCommit:
    async def test_commit_compares_the_version(self, store: Store, published: Recorder) -> None:
        await started(store)
        assert (await store.commit(commit(0))).status == "committed"
        result = await store.commit(commit(0, seat=1))
        assert (result.status, result.change, len(published.changes)) == ("conflict", None, 1)
        loaded = await store.get_state("r1")
        assert loaded is not None and (loaded.state, loaded.version) == (b"s1", 1)

    async def test_commit_compares_the_meta_revision_when_given(
        self, store: Store, published: Recorder
    ) -> None:
        """A worker that applied an action to the metadata it kept must not commit over a lobby write
        made since (a seat left): the commit is a conflict, nothing is written or published."""
        await started(store)
        stored = await store.get_meta("r1")
        assert stored is not None and stored.rev == 1
        stale = commit(0)
        stale.meta_rev = 0
        assert (await store.commit(stale)).status == "conflict"
        state = await store.get_state("r1")
        assert state is not None and (state.version, len(published.changes)) == (0, 1)
        fresh = commit(0)
        fresh.meta_rev = 1
        assert (await store.commit(fresh)).status == "committed"

    async def test_commit_appends_the_log_and_reports_the_step_it_publishes_not(
        self, store: Store, published: Recorder
    ) -> None:
        """The commit reports the change it stored; publishing it is the caller's (`Rooms`), after the
        commit returned: the store publishes only the start."""
        await started(store)
        await store.commit(commit(0))
        result = await store.commit(commit(1, seat=1, action_id="a"))
        log = await store.get_log("r1", 0)
        assert [(s.version, s.seat, s.now) for s in log] == [(1, 0, 10.0), (2, 1, 11.0)]
        assert log[0].events == [LogEvent({"kind": "drew"}, only(0))]
        assert [s.version for s in await store.get_log("r1", 1)] == [2]
        last = result.change
        assert last is not None and (result.status, result.version) == ("committed", 2)
        assert (last.version, last.state, last.epoch, last.step) == (2, b"s2", "e1", log[1])
        assert (last.room, last.action_id, last.origin) == ("r1", "a", None)
        assert [c.version for c in published.changes] == [0]

    async def test_current_reads_the_state_its_schedule_and_the_log_up_to_its_version(
        self, store: Store
    ) -> None:
        """Issue 21, point 1: what a far ``sync``'s snapshot is made of, of one version."""
        assert await store.current("r1", 0) == Current()
        await started(store)
        for version in range(3):
            await store.commit(commit(version, seat=version % 2))
        current = await store.current("r1", 1)
        assert current.state is not None and (current.state.version, current.state.state) == (3, b"s3")
        assert current.schedule == Schedule(3)
        assert [s.version for s in current.log] == [2, 3]
        assert (await store.current("r1", 0)).log == await store.get_log("r1", 0)
        assert (await store.current("r1", 3)).log == []

    async def test_a_repeated_action_id_returns_the_stored_result(self, store: Store) -> None:
        await started(store)
        assert (await store.commit(commit(0, action_id="a"))).version == 1
        again = await store.commit(commit(1, action_id="a"))
        assert (again.status, again.version) == ("duplicate", 1)
        loaded = await store.get_state("r1")
        assert loaded is not None and loaded.version == 1
        stored = await store.get_action("r1", 0, "a")
        assert stored is not None and (stored.digest, stored.version) == ("d", 1)

    async def test_an_action_id_reused_with_another_action_is_refused(self, store: Store) -> None:
        await started(store)
        await store.commit(commit(0, action_id="a"))
        reused = await store.commit(commit(1, action_id="a", digest="other"))
        assert reused.status == "id_reused"
        assert len(await store.get_log("r1")) == 1

    async def test_action_ids_are_per_seat(self, store: Store) -> None:
        await started(store)
        await store.commit(commit(0, seat=0, action_id="a"))
        assert (await store.commit(commit(1, seat=1, action_id="a"))).status == "committed"

    async def test_finished_is_stored_with_the_state(self, store: Store) -> None:
        await started(store)
        last = commit(0)
        last.finished = True
        await store.commit(last)
        loaded = await store.get_state("r1")
        assert loaded is not None and loaded.finished is True


class TestSchedule:
    async def test_put_schedule_only_for_the_current_version(self, store: Store) -> None:
        await started(store)
        item = Deadline("r1", 0, "t0", 5.0)
        assert await store.put_schedule("r1", Schedule(0, [item], {0: 1})) is True
        assert await store.put_schedule("r1", Schedule(3, [])) is False
        stored = await store.get_schedule("r1")
        assert stored is not None and stored.deadlines == [item] and stored.strikes == {0: 1}

    async def test_due_lists_items_due_earliest_first(self, store: Store) -> None:
        await started(store)
        late, early = Deadline("r1", 1, "t0", 9.0), Deadline("r1", 0, "t0", 5.0)
        await store.put_schedule("r1", Schedule(0, [late, early]))
        assert await store.due(4.9) == []
        assert await store.due(9.0) == [early, late]

    async def test_a_lease_hides_the_item_until_it_expires(self, store: Store) -> None:
        await started(store)
        item = Deadline("r1", 0, "t0", 5.0)
        await store.put_schedule("r1", Schedule(0, [item]))
        assert await store.lease(item, "w1", 6.0, 30.0) is True
        assert await store.lease(item, "w2", 7.0, 30.0) is False
        assert await store.due(7.0) == []
        assert await store.due(36.0) == [item]
        assert await store.lease(item, "w2", 36.0, 30.0) is True

    async def test_an_autopass_beside_the_timeout_of_one_prompt_is_due_and_leased_on_its_own(
        self, store: Store
    ) -> None:
        await started(store)
        timeout, auto = Deadline("r1", 0, "t0", 9.0), Deadline("r1", 0, "t0", 5.0, "autopass")
        await store.put_schedule("r1", Schedule(0, [timeout, auto]))
        assert await store.due(5.0) == [auto]
        assert await store.lease(auto, "w1", 5.0, 30.0) is True
        assert await store.due(9.0) == [timeout]
        stored = await store.get_schedule("r1")
        assert stored is not None and stored.deadlines == [timeout, auto]

    async def test_commit_replaces_the_schedule(self, store: Store) -> None:
        await started(store)
        await store.put_schedule("r1", Schedule(0, [Deadline("r1", 0, "t0", 5.0)]))
        await store.commit(commit(0))
        assert await store.due(100.0) == []

    async def test_touch_records_the_last_time_somebody_was_connected(self, store: Store) -> None:
        await store.create_room(meta(), b"seed")
        assert await store.last_seen("r1") is None
        await store.touch("r1", 12.5)
        assert await store.last_seen("r1") == 12.5

    async def test_touch_all_touches_every_room_given_and_only_rooms_that_exist(self, store: Store) -> None:
        for room in ("a", "b"):
            await store.create_room(meta(room), b"seed")
        await store.touch_all(["a", "b", "gone"], 7.25)
        assert [await store.last_seen(room) for room in ("a", "b", "gone")] == [7.25, 7.25, None]
        assert await store.get_meta("gone") is None


#: Stores with a short time to live (seconds) for finished and abandoned rooms. The Redis store expires
#: keys on Redis's clock, so this one contract test waits in real time (the memory store's expiry on a
#: jumped clock is in tests/server/test_store_expiry.py).
EXPIRING: dict[str, Callable[[float], Store]] = {
    "memory": lambda ttl: MemoryStore(None, ttl=ttl),
    "redis": lambda ttl: scratch_store(None, ttl),
}


@pytest.mark.parametrize("kind", sorted(EXPIRING))
async def test_a_finished_room_expires_ttl_seconds_after_its_last_step(kind: str) -> None:
    store = EXPIRING[kind](0.2)
    try:
        await started(store)
        finishing = commit(0)
        finishing.finished = True
        assert (await store.commit(finishing)).status == "committed"
        assert [m.room for m in await store.list_rooms()] == ["r1"]
        await asyncio.sleep(0.3)
        assert (await store.get_meta("r1"), await store.get_state("r1")) == (None, None)
        assert (await store.get_log("r1"), await store.list_rooms()) == ([], [])
    finally:
        close = getattr(store, "aclose", None)
        if close is not None:
            await close()
