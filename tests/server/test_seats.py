"""Seats given back, left and conceded (docs/api.md): a seat is given back before the start, left or
conceded mid-game (then played by its defaults or a bot, shown on the room's summary), and nothing is
left once the game is over. The room's summary names its leaver and away bots; the lobby suggests the
game's best bot and refuses an unknown one with its path and the game's bots."""

from __future__ import annotations

import pytest

from games.catalog import shipped
from server.clock import FakeClock
from server.errors import Refused
from server.lobby.api import game_info, summary
from server.lobby.bots import best_bot
from server.play.scheduler import Scheduler
from server.services import Services

from .conftest import TIMERS, make_room


async def refusal(call: object) -> tuple[str, str]:
    with pytest.raises(Refused) as refused:
        await call  # type: ignore[misc]
    return refused.value.code, refused.value.message


async def shown(services: Services, room: str) -> dict[str, object]:
    return await summary(services, await services.rooms.meta(room))


async def test_a_seat_given_back_before_the_start_is_free_for_another_claim(services: Services) -> None:
    room = await make_room(services, claim=1)
    assert await services.lobby.leave(room.room, room.tokens[0]) == 0
    seats = (await shown(services, room.room))["seats"]
    assert seats == [  # type: ignore[comparison-overlap]
        {
            "seat": s,
            "taken": False,
            "name": None,
            "bot": None,
            "away": False,
            "left": False,
            "conceded": False,
        }
        for s in (0, 1)
    ]
    seat, token = await services.lobby.claim(room.room, 0, "bo")
    assert (seat, token != room.tokens[0]) == (0, True)
    assert (await shown(services, room.room))["seats"][0]["name"] == "bo"  # type: ignore[index]
    code, _ = await refusal(services.lobby.leave(room.room, room.tokens[0]))  # the old token holds nothing
    assert code == "auth/bad_token"


async def test_leaving_or_conceding_a_finished_room_is_refused(services: Services, clock: FakeClock) -> None:
    """The tester's finished room answered 200 to a leave: it is 409 ``room/finished`` now."""
    room = await make_room(services, claim=1)
    await services.lobby.set_bot(room.room, 1, "random", room.host)
    scheduler = Scheduler(services)
    for _ in range(200):  # seat 0 takes its defaults (HND-7), the bot plays seat 1, to HND-6's end
        loaded = await services.store.get_state(room.room)
        if loaded is not None and loaded.finished:
            break
        await services.store.touch(room.room, clock.now())  # watched: never abandoned
        clock.advance(TIMERS["turn"])
        await scheduler.tick()
    assert (await shown(services, room.room))["status"] == "finished"
    finished = ("room/finished", "the game is over: its seats can no longer be left")
    assert await refusal(services.lobby.leave(room.room, room.tokens[0])) == finished
    assert await refusal(services.lobby.concede(room.room, room.tokens[0])) == finished
    assert (await shown(services, room.room))["seats"][0]["left"] is False  # type: ignore[index]
    # nor is the record of who played rewritten: a bot that never played cannot be named
    kept = ("room/finished", "the game is over: its seats' bots can no longer change")
    assert await refusal(services.lobby.set_bot(room.room, 1, "search", room.host)) == kept
    assert (await shown(services, room.room))["seats"][1]["bot"] == "random"  # type: ignore[index]


async def test_leaving_or_conceding_an_abandoned_room_is_refused(services: Services) -> None:
    room = await make_room(services)
    meta = await services.rooms.meta(room.room)
    meta.status = "abandoned"  # as the abandon sweep leaves it (test_scheduler)
    assert await services.store.put_meta(meta)
    abandoned = ("room/abandoned", "the room was abandoned: its seats are no longer played")
    assert await refusal(services.lobby.leave(room.room, room.tokens[0])) == abandoned
    with pytest.raises(Refused) as refused:
        await services.lobby.concede(room.room, room.tokens[1])
    assert (refused.value.code, refused.value.status) == ("room/abandoned", 409)


async def test_a_conceded_seat_is_played_by_the_games_best_bot_and_marked_for_everyone(
    services: Services, clock: FakeClock
) -> None:
    room = await make_room(services)
    assert await services.lobby.concede(room.room, room.tokens[0]) == (0, "search")  # no bot of its own
    seat = (await shown(services, room.room))["seats"][0]  # type: ignore[index]
    assert seat == {
        "seat": 0,
        "taken": True,
        "name": "p0",
        "bot": "search",
        "away": False,
        "left": True,
        "conceded": True,
    }
    schedule = await services.store.get_schedule(room.room)
    assert schedule is not None
    assert [(d.seat, d.kind, d.due) for d in schedule.deadlines] == [(0, "bot", clock.now())]
    assert await Scheduler(services).tick() == 1
    step = (await services.store.get_log(room.room))[0]
    assert (step.seat, step.action["kind"] in ("play", "draw")) == (0, True)


async def test_a_conceded_seat_goes_to_the_rooms_leaver_bot_when_it_names_one(services: Services) -> None:
    room = await make_room(services, leaver_bot="random")
    assert await services.lobby.concede(room.room, room.tokens[1]) == (1, "random")
    left = ("seat/left", "seat 1 has already left")
    assert await refusal(services.lobby.concede(room.room, room.tokens[1])) == left
    assert await refusal(services.lobby.leave(room.room, room.tokens[1])) == left


async def test_a_conceded_seat_keeps_the_bot_it_was_handed(services: Services) -> None:
    """The host cannot weaken a seat that conceded by handing it a weaker bot; a leaver's seat may
    still get one (docs/api.md)."""
    room = await make_room(services, leaver_bot="search")
    await services.lobby.concede(room.room, room.tokens[0])
    kept = ("seat/left", "seat 0 conceded: its bot search plays it to the end")
    assert await refusal(services.lobby.set_bot(room.room, 0, "random", room.host)) == kept
    await services.lobby.leave(room.room, room.tokens[1])
    await services.lobby.set_bot(room.room, 1, "random", room.host)
    bots = [s["bot"] for s in (await shown(services, room.room))["seats"]]  # type: ignore[attr-defined]
    assert bots == ["search", "random"]


async def test_a_seat_is_given_back_not_conceded_before_the_start(services: Services) -> None:
    room = await make_room(services, claim=1)
    code, _ = await refusal(services.lobby.concede(room.room, room.tokens[0]))
    assert code == "room/not_started"
    assert (await shown(services, room.room))["seats"][0]["taken"] is True  # type: ignore[index]


async def test_the_summary_names_the_rooms_leaver_and_away_bots(services: Services) -> None:
    room = await make_room(services, claim=0, leaver_bot="search", away_after=3, away_bot="random")
    facts = await shown(services, room.room)
    assert (facts["leaver_bot"], facts["away_after"], facts["away_bot"]) == ("search", 3, "random")
    plain = await shown(services, (await make_room(services, claim=0)).room)
    assert (plain["leaver_bot"], plain["away_after"], plain["away_bot"]) == (None, 2, None)


@pytest.mark.parametrize("field", ["leaver_bot", "away_bot"])
async def test_an_unknown_bot_of_a_new_room_is_refused_with_its_path_and_the_games_bots(
    services: Services, field: str
) -> None:
    with pytest.raises(Refused) as refused:
        await make_room(services, game="gregs", seats=3, claim=0, **{field: "genius"})
    bots = ["random", "heuristic", "search", "search-heuristic"]
    message = f"no bot policy 'genius' (the game has {', '.join(bots)}) - at `$.{field}`"
    assert (refused.value.code, refused.value.message) == ("request/invalid", message)
    assert refused.value.details == {"error": message, "path": f"$.{field}", "bots": bots}


async def test_an_unknown_bot_for_a_seat_is_refused_with_the_policy_path(services: Services) -> None:
    room = await make_room(services, claim=0)
    with pytest.raises(Refused) as refused:
        await services.lobby.set_bot(room.room, 0, "genius", room.host)
    assert refused.value.details["path"] == "$.policy"
    assert refused.value.details["bots"] == ["random", "search"]


def test_the_best_bot_is_the_games_own_plain_bot_else_the_search() -> None:
    games = shipped()
    assert {g: best_bot(games[g]) for g in sorted(games)} == {
        "gregs": "heuristic",
        "grucha": "greedy",
        "igranie": "heuristic",
        "infarkt": "heuristic",
    }
    info = game_info(games["igranie"], {name: 1.0 for name in games["igranie"].timer_classes()})
    assert (info["best_bot"], info["bots"]) == ("heuristic", ["random", "heuristic", "search"])
