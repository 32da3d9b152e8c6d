"""IGR-20, 21, 33, 37: rent rounds, Debt, homelessness, Bartering, rent releases."""

from __future__ import annotations

import pytest

from games.igranie import GAME
from games.igranie.calendar import rent_round
from tests.games.igranie.helpers import (
    ILONA,
    LENA,
    MARCIN,
    STEFAN,
    act,
    choices,
    empty_hands,
    give,
    kinds,
    on_top,
    passes,
    prompted,
    table,
    to_phase,
)


def _to_round_5(state: object) -> list[object]:
    """End the last turn of round 4 (seat 2's)."""
    empty_hands(state)
    state.round = 4
    to_phase(state, 2, "bank")
    return act(state, 2, "done")


@pytest.mark.parametrize(
    ("round_", "rent"),
    [(1, False), (2, False), (5, True), (9, True), (13, True), (17, True), (21, True), (24, False)],
)
def test_igr20_rent_falls_due_in_the_first_round_of_every_month_but_the_first(
    round_: int, rent: bool
) -> None:
    assert rent_round(round_) is rent


def test_igr20_every_player_pays_rent_before_the_first_players_move_or_takes_debt() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    state.players[1].money = 3
    bodies = _to_round_5(state)
    dues = [(b.seat, b.owed, b.paid) for b in bodies if b.__struct_config__.tag == "rent_due"]
    assert dues == [(0, 4, 4), (1, 4, 0), (2, 4, 4)]
    assert [p.money for p in state.players] == [1, 3, 1]
    assert [p.debt for p in state.players] == [False, True, False]
    assert (state.round, state.phase, state.active) == (5, "roll", 0)


def test_igr20_with_debt_the_next_rent_costs_double_or_the_character_becomes_homeless() -> None:
    for money, dead in ((8, False), (7, True)):
        state = table(ILONA, MARCIN, STEFAN)
        state.players[1].debt, state.players[1].money = True, money
        state.players[0].money = state.players[2].money = 9
        bodies = _to_round_5(state)
        assert state.players[1].dead is dead
        if dead:
            assert "died" in kinds(bodies) and state.players[1].cause == "homelessness"
            assert (state.phase, state.reason) == ("over", "death")
        else:
            assert (state.players[1].money, state.players[1].debt) == (0, False)


def test_igr20_the_rent_option_makes_it_3() -> None:
    state = table(ILONA, MARCIN, STEFAN, rent=3)
    _to_round_5(state)
    assert [p.money for p in state.players] == [2, 2, 2]


def test_a_rent_release_waives_the_current_rent_but_not_the_overdue_one() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    state.players[0].rent_release = 1
    state.players[1].rent_release, state.players[1].debt = 1, True
    _to_round_5(state)
    assert [p.money for p in state.players][:2] == [5, 1]
    assert [p.rent_release for p in state.players][:2] == [0, 0]


def test_igr33_bartering_accepted_by_one_player_and_declined_by_another() -> None:
    state = table(LENA, MARCIN, STEFAN)
    state.players[0].money = 2
    _to_round_5(state)
    assert (state.phase, prompted(state)) == ("rent", [0])
    prompt = GAME.prompts(state)[0]
    assert (prompt.timer, prompt.default) == ("rent", "done")
    assert {"seats": [1, 2], "good": "food", "count": 1} in choices(state, 0, "barter")
    act(state, 0, "barter", seats=[1, 2], good="food", count=1)
    assert state.windows.stack[-1].purpose == "ability"
    passes(state, 0, 1, 2)
    window = state.windows.stack[-1]
    assert (window.purpose, window.mode, window.default, prompted(state)) == (
        "barter",
        "once",
        "pass",
        [1, 2],
    )
    act(state, 1, "accept")
    bodies = act(state, 2, "pass")
    dues = {b.seat: (b.owed, b.paid, b.settled) for b in bodies if b.__struct_config__.tag == "rent_due"}
    assert dues == {0: (0, 0, "barter"), 1: (0, 0, "barter"), 2: (4, 4, "")}
    assert [p.money for p in state.players] == [2, 5, 1]
    assert (state.players[0].food, state.players[1].food) == (6, 4)
    assert state.players[0].uses == {"barter": 1}


def test_igr33_a_barter_for_nothing_defaults_to_accept_and_overdue_rent_is_still_owed() -> None:
    state = table(LENA, MARCIN, STEFAN)
    state.players[0].money = 0
    state.players[1].debt, state.players[1].money = True, 3
    _to_round_5(state)
    act(state, 0, "barter", seats=[1], good="food", count=0)
    passes(state, 0, 1, 2)
    prompt = GAME.prompts(state)[1]
    assert (prompt.default, prompt.timer) == ("accept", "offer")
    bodies = act(state, 1, "timeout", prompt=prompt.id)
    assert state.players[1].cause == "homelessness" and "died" in kinds(bodies)


def test_igr33_lena_cannot_barter_with_money_for_her_own_rent() -> None:
    state = table(LENA, MARCIN, STEFAN)
    _to_round_5(state)
    assert state.phase == "roll"


def test_igr36_bartering_is_once_per_month_and_twice_per_game() -> None:
    state = table(LENA, MARCIN, STEFAN)
    state.players[0].money = 0
    state.players[0].uses = {"barter": 2}
    _to_round_5(state)
    assert state.phase == "roll"
    to_phase(state, 0, "rent")
    assert choices(state, 0, "barter") == []


def test_igr20_a_release_is_from_the_next_rent_so_a_second_one_before_it_adds_nothing() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    give(state, 0, "res-landlord-1")
    to_phase(state, 0, "shop")
    assert choices(state, 0, "special") == [{"card": "res-landlord-1", "seat": None}]
    act(state, 0, "special", card="res-landlord-1", seat=None)
    passes(state, 0, 1, 2)
    assert state.players[0].rent_release == 1
    give(state, 0, "res-landlord-2")
    assert choices(state, 0, "special") == []  # nothing left for the card to do
    state.players[0].space = "work-5"
    on_top(state, "work", "wrk-companyflat-1")
    to_phase(state, 0, "roll")
    act(state, 0, "roll", dice=[1])
    bodies = passes(state, 0, 1, 2, 0, 1, 2)
    assert "rent_release" not in [getattr(b, "what", "") for b in bodies]
    assert state.players[0].rent_release == 1
    bodies = _to_round_5(state)
    dues = {b.seat: (b.owed, b.paid, b.settled) for b in bodies if kinds([b]) == ["rent_due"]}
    assert dues[0] == (0, 0, "release") and state.players[0].rent_release == 0
