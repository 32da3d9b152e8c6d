"""The rooms service: the action path (load, step, commit compare-version, retry) and its guarantees."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.engine.errors import IllegalAction
from games.engine.match import LogEntry, Match
from server.clock import FakeClock
from server.errors import Refused
from server.play.rooms import Rooms
from server.services import Services
from server.store.model import Loaded, RoomState

from .conftest import act, first_choice, make_room


class StaleOnce:
    """A store proxy whose first state read (`get_state` or `load`) answers with an older state (another
    action won the race)."""

    def __init__(self, store: Any, stale: RoomState) -> None:
        self._store = store
        self._stale: RoomState | None = stale
        self.commits: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def get_state(self, room: str) -> RoomState | None:
        stale, self._stale = self._stale, None
        return stale if stale is not None else await self._store.get_state(room)

    async def load(self, room: str, seat: int, action_id: str | None) -> Loaded:
        loaded: Loaded = await self._store.load(room, seat, action_id)
        stale, self._stale = self._stale, None
        return loaded if stale is None else msgspec.structs.replace(loaded, state=stale)

    async def commit(self, commit: Any) -> Any:
        result = await self._store.commit(commit)
        self.commits.append(result.status)
        return result


async def test_an_action_commits_the_next_version_with_its_log_step(services: Services) -> None:
    room = await make_room(services)
    seat, action = await first_choice(services, room.room)
    acted = await act(services.rooms, room.room, seat, action, "a1")
    assert (acted.version, acted.duplicate) == (1, False)
    log = await services.store.get_log(room.room)
    assert [(s.version, s.seat, s.action, s.now) for s in log] == [(1, seat, action, services.clock.now())]


async def test_a_conflicting_commit_is_retried_on_the_fresh_state(services: Services) -> None:
    room = await make_room(services, "fixture-commit", 2)
    stale = await services.store.get_state(room.room)
    assert stale is not None
    await act(services.rooms, room.room, *(await first_choice(services, room.room, 0)))
    seat, action = await first_choice(services, room.room, 1)
    services.rooms.forget(room.room)  # as a worker that did not commit the first action
    proxy = StaleOnce(services.store, stale)
    services.rooms.store = proxy
    acted = await act(services.rooms, room.room, seat, action, "b1")
    assert proxy.commits == ["conflict", "committed"]
    assert acted.version == 2
    assert [s.seat for s in await services.store.get_log(room.room)] == [0, 1]


class CountingLoads:
    """A store proxy that counts `load` calls and commit results."""

    def __init__(self, store: Any) -> None:
        self._store = store
        self.loads = 0
        self.commits: list[str] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def load(self, room: str, seat: int, action_id: str | None) -> Loaded:
        self.loads += 1
        loaded: Loaded = await self._store.load(room, seat, action_id)
        return loaded

    async def commit(self, commit: Any) -> Any:
        result = await self._store.commit(commit)
        self.commits.append(result.status)
        return result


async def test_the_next_action_after_this_workers_commit_reads_nothing(services: Services) -> None:
    room = await make_room(services, "fixture-commit", 2)
    proxy = CountingLoads(services.store)
    services.rooms.store = proxy
    await act(services.rooms, room.room, *(await first_choice(services, room.room, 0)), "a1")
    await act(services.rooms, room.room, *(await first_choice(services, room.room, 1)), "b1")
    assert (proxy.loads, proxy.commits) == (1, ["committed", "committed"])


async def test_after_a_commit_elsewhere_the_action_runs_again_on_a_fresh_read(
    services: Services, clock: FakeClock
) -> None:
    """Another worker (here: a second `Rooms` on the same store) committed meanwhile: this worker's
    kept state is one version behind; the step on it is refused (by the game, or by the commit's version
    check) and the action is applied to the fresh state, as the step after the other worker's."""
    room = await make_room(services, "fixture-reaction", 2)
    other = Rooms(services.store, services.rooms.games, clock, services.rooms.policy)
    proxy = CountingLoads(services.store)
    services.rooms.store = proxy
    await act(services.rooms, room.room, *(await first_choice(services, room.room)), "a1")
    await act(other, room.room, *(await first_choice(services, room.room)), "x1")
    seat, action = await first_choice(services, room.room)
    acted = await act(services.rooms, room.room, seat, action, "a2")
    assert (acted.version, proxy.loads) == (3, 2)
    assert (proxy.commits[0], proxy.commits[-1]) == ("committed", "committed")
    log = await services.store.get_log(room.room)
    assert [(s.version, s.action) for s in log][2] == (3, action)


async def test_a_seat_that_left_meanwhile_is_refused_although_this_worker_kept_the_room(
    services: Services,
) -> None:
    """The metadata changed after this worker's commit (the player left through the lobby): the kept
    metadata is stale, the commit's revision check refuses it, and the fresh read says ``seat/left``."""
    room = await make_room(services, "fixture-reaction", 2)
    await act(services.rooms, room.room, *(await first_choice(services, room.room)), "a1")
    seat, action = await first_choice(services, room.room)
    meta = await services.rooms.meta(room.room)
    meta.seats[seat].left = True
    assert await services.store.put_meta(meta)
    with pytest.raises(Refused) as refused:
        await act(services.rooms, room.room, seat, action, "a2")
    assert refused.value.code == "seat/left"
    assert [s.version for s in await services.store.get_log(room.room)] == [1]


async def test_a_repeated_id_returns_the_stored_result_without_applying_again(services: Services) -> None:
    room = await make_room(services)
    seat, action = await first_choice(services, room.room)
    await act(services.rooms, room.room, seat, action, "a1")
    again = await act(services.rooms, room.room, seat, action, "a1")
    assert (again.version, again.duplicate) == (1, True)
    assert len(await services.store.get_log(room.room)) == 1


async def test_an_id_reused_with_another_action_is_refused(services: Services) -> None:
    room = await make_room(services)
    seat, action = await first_choice(services, room.room)
    await act(services.rooms, room.room, seat, action, "a1")
    with pytest.raises(Refused) as refused:
        await act(services.rooms, room.room, seat, {"kind": "draw"}, "a1")
    assert refused.value.code == "act/id_reused"


async def test_an_illegal_action_changes_no_byte(services: Services) -> None:
    room = await make_room(services)
    before = await services.store.get_state(room.room)
    with pytest.raises(IllegalAction) as illegal:
        await act(services.rooms, room.room, 1, {"kind": "draw"}, "x")
    assert illegal.value.code == "action/no_prompt"
    with pytest.raises(IllegalAction) as malformed:
        await act(services.rooms, room.room, 0, {"kind": "fly"}, "y")
    assert malformed.value.code == "action/malformed"
    assert await services.store.get_state(room.room) == before
    assert await services.store.get_action(room.room, 1, "x") is None


async def test_acting_before_the_start_is_refused(services: Services) -> None:
    room = await make_room(services, claim=1)
    with pytest.raises(Refused) as refused:
        await act(services.rooms, room.room, 0, {"kind": "draw"})
    assert refused.value.code == "room/not_started"


async def test_the_log_replays_with_match_replay_to_the_stored_state(
    services: Services, clock: FakeClock
) -> None:
    room = await make_room(services, "fixture-hands", 3)
    for _ in range(12):
        clock.advance(1.5)
        await act(services.rooms, room.room, *(await first_choice(services, room.room)))
    meta = await services.rooms.meta(room.room)
    game = services.rooms.game(meta)
    log = [LogEntry(s.seat, s.action, s.now) for s in await services.store.get_log(room.room)]
    seed = await services.store.get_seed(room.room)
    assert seed is not None
    replayed = Match.replay(game, 3, game.options(meta.options), seed, log)
    loaded = await services.store.get_state(room.room)
    assert loaded is not None
    assert (replayed.version, game.encode_state(replayed.state)) == (12, loaded.state)


async def test_the_seed_is_kept_beside_the_state_and_never_in_meta(services: Services) -> None:
    room = await make_room(services)
    seed = await services.store.get_seed(room.room)
    meta = await services.rooms.meta(room.room)
    assert seed is not None and len(seed) == 32
    assert seed.hex() not in repr(meta)


async def test_a_player_cannot_send_the_servers_timeout_action(services: Services) -> None:
    room = await make_room(services)
    seat, _ = await first_choice(services, room.room)
    state = await services.store.get_state(room.room)
    assert state is not None
    game = services.rooms.games["fixture-hands"]
    prompt = game.prompts(game.decode_state(state.state))[seat]
    with pytest.raises(IllegalAction) as refused:
        await act(services.rooms, room.room, seat, {"kind": "timeout", "prompt": prompt.id}, "t1")
    assert refused.value.code == "action/not_offered"
    assert await services.store.get_log(room.room) == []
    after = await services.store.get_state(room.room)
    assert after is not None and (after.version, after.state) == (state.version, state.state)
    # the scheduler's own timeout still applies
    acted = await act(
        services.rooms, room.room, seat, {"kind": "timeout", "prompt": prompt.id}, actor="timeout"
    )
    assert acted.version == state.version + 1


@pytest.mark.parametrize("action", [{"kind": "timeout"}, {"kind": "timeout", "prompt": 7, "x": 1}])
async def test_issue_21_6_a_players_timeout_is_not_offered_whatever_its_fields(
    services: Services, action: dict[str, object]
) -> None:
    """As protocol/README.md says: without ``prompt`` (or with wrong fields) it was action/malformed."""
    room = await make_room(services)
    seat, _ = await first_choice(services, room.room)
    with pytest.raises(IllegalAction) as refused:
        await act(services.rooms, room.room, seat, action, "t1")
    assert (refused.value.code, refused.value.message) == (
        "action/not_offered",
        "timeouts are applied by the server only",
    )
    assert await services.store.get_log(room.room) == []


async def test_issue_21_6_an_act_after_the_game_ended_is_room_finished_before_its_stale_prompt(
    services: Services,
) -> None:
    """protocol/README.md, "Which check comes first": the room is judged before the prompt, so the
    loser of a race against the game's last action is answered ``room/finished`` even with ``prompt``."""
    room = await make_room(services)
    game = services.rooms.games["fixture-hands"]
    last: tuple[int, str] | None = None
    while True:
        state = await services.store.get_state(room.room)
        assert state is not None
        if state.finished:
            break
        seat, action = await first_choice(services, room.room)
        last = (seat, game.prompts(game.decode_state(state.state))[seat].id)
        await act(services.rooms, room.room, seat, action, f"a{state.version}")
    assert last is not None
    with pytest.raises(Refused) as refused:
        await act(services.rooms, room.room, last[0], {"kind": "draw"}, "late", prompt=last[1])
    assert refused.value.code == "room/finished"


async def test_a_player_who_left_cannot_act_for_the_seat_any_more(services: Services) -> None:
    room = await make_room(services)
    seat, action = await first_choice(services, room.room)
    assert await services.lobby.leave(room.room, room.tokens[seat]) == seat
    with pytest.raises(Refused) as refused:
        await act(services.rooms, room.room, seat, action, "after-leave")
    assert refused.value.code == "seat/left"
    assert await services.store.get_log(room.room) == []


async def test_an_abandoned_room_takes_no_more_actions_also_from_a_worker_that_kept_it(
    services: Services,
) -> None:
    """Its deadlines are gone and its keys expire: a player coming back is refused ``room/abandoned``,
    whether this worker read the room afresh or kept its last commit (the revision check sees it)."""
    room = await make_room(services, "fixture-reaction", 2)
    await act(services.rooms, room.room, *(await first_choice(services, room.room)), "a1")
    seat, action = await first_choice(services, room.room)
    meta = await services.rooms.meta(room.room)
    meta.status = "abandoned"
    assert await services.store.put_meta(meta)
    for action_id in ("a2", "a3"):  # kept, then read afresh
        with pytest.raises(Refused) as refused:
            await act(services.rooms, room.room, seat, action, action_id)
        assert refused.value.code == "room/abandoned"
    assert [s.version for s in await services.store.get_log(room.room)] == [1]


class RacedBy(Rooms):
    """A second worker's `Rooms` whose first commit loses a race: just before it, ``other`` applies
    ``first`` (another seat's action: the commit becomes a conflict); just after, ``other`` applies
    ``then`` (the very action this worker is committing, under its id)."""

    def __init__(self, base: Rooms, other: Rooms, first: tuple[Any, ...], then: tuple[Any, ...]) -> None:
        super().__init__(base.store, base.games, base.clock, base.policy)
        self.other, self.race = other, [first, then]

    async def _commit(self, commit: Any) -> Any:
        if not self.race:
            return await super()._commit(commit)
        first, then = self.race
        self.race = []
        await act(self.other, *first)
        result = await super()._commit(commit)
        await act(self.other, *then)
        return result


async def test_a_retry_after_a_lost_race_answers_the_ids_stored_result_not_a_rule_error(
    services: Services,
) -> None:
    """One seat sends the same action (same id) through two workers: the one that lost the commit race
    to a third action retries on a fresh read, which must find the id applied meanwhile (``duplicate``)
    rather than judge the action again (``commit/already``)."""
    room = await make_room(services, "fixture-commit", 3)
    seat0, bid0 = await first_choice(services, room.room, 0)
    seat1, bid1 = await first_choice(services, room.room, 1)
    other = Rooms(services.store, services.rooms.games, services.clock, services.rooms.policy)
    raced = RacedBy(services.rooms, other, (room.room, seat1, bid1, "b1"), (room.room, seat0, bid0, "a1"))
    acted = await act(raced, room.room, seat0, bid0, "a1")
    assert (acted.version, acted.duplicate) == (2, True)
    assert [s.seat for s in await services.store.get_log(room.room)] == [1, 0]


async def test_an_action_naming_a_prompt_no_longer_current_is_refused_and_changes_nothing(
    services: Services,
) -> None:
    """A double click: two actions for one prompt; the second names a prompt the seat no longer has."""
    room = await make_room(services, "fixture-commit", 3)
    loaded = await services.store.get_state(room.room)
    assert loaded is not None
    game = services.rooms.games["fixture-commit"]
    first = game.prompts(game.decode_state(loaded.state))[0].id
    seat, bid = await first_choice(services, room.room, 0)
    assert (await act(services.rooms, room.room, seat, bid, "a1", prompt=first)).version == 1
    other = {"kind": "bid", "card": bid["card"] + 1}
    with pytest.raises(IllegalAction) as refused:
        await act(services.rooms, room.room, seat, other, "a2", prompt=first)
    assert refused.value.code == "action/stale_prompt"
    assert [s.version for s in await services.store.get_log(room.room)] == [1]


async def test_a_resend_of_an_applied_id_is_acknowledged_although_its_prompt_changed(
    services: Services,
) -> None:
    """The outbox resends after a reconnect with the prompt it was sent for: the id's stored result
    answers first (``duplicate``), on a fresh read and on the state this worker kept."""
    room = await make_room(services, "fixture-commit", 3)
    seat, bid = await first_choice(services, room.room, 0)
    loaded = await services.store.get_state(room.room)
    assert loaded is not None
    game = services.rooms.games["fixture-commit"]
    prompt = game.prompts(game.decode_state(loaded.state))[0].id
    await act(services.rooms, room.room, seat, bid, "a1", prompt=prompt)
    for _ in ("kept", "fresh"):
        acted = await act(services.rooms, room.room, seat, bid, "a1", prompt=prompt)
        assert (acted.version, acted.duplicate) == (1, True)
        services.rooms.forget(room.room)
