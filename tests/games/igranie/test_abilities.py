"""IGR-11, 31…36: the characters' Abilities, their limits and offers."""

from __future__ import annotations

from games.igranie import GAME
from tests.games.igranie.helpers import (
    FIEFIURKA,
    ILONA,
    LENA,
    MARCIN,
    STEFAN,
    act,
    choices,
    empty_hands,
    give,
    passes,
    prompted,
    refused,
    table,
    to_phase,
)

NONE: dict[str, list[object]] = {"seats": [], "amounts": [], "goods": []}


def _use(state: object, seat: int, ability: str, dice: list[int] | None = None, **fields: object) -> None:
    to_phase(state, seat, "ability")
    act(state, seat, "use", ability=ability, **{**NONE, **fields})
    order = [(seat + i) % state.seats for i in range(state.seats)]
    passes(state, *order[:-1])
    act(state, order[-1], "pass", dice=dice)  # the use resolves as the window closes


def test_igr36_each_ability_twice_per_game_once_per_month_and_one_per_turn() -> None:
    state = table(LENA, MARCIN, STEFAN)
    empty_hands(state)
    _use(state, 0, "gm", dice=[3, 2])
    assert state.players[0].money == 7 and state.phase == "shop"
    to_phase(state, 0, "ability")
    assert choices(state, 0, "use") == []
    state.turn.ability = ""
    assert choices(state, 0, "use") == []  # once per month
    state.round = 5
    assert choices(state, 0, "use") == [{"ability": "gm", **NONE}]
    _use(state, 0, "gm", dice=[5, 1])
    state.round, state.turn.ability = 9, ""
    to_phase(state, 0, "ability")
    assert choices(state, 0, "use") == []  # twice per game


def test_option_abilities_once_per_game() -> None:
    state = table(LENA, MARCIN, STEFAN, abilities_once_per_game=True)
    empty_hands(state)
    _use(state, 0, "gm", dice=[1, 4])
    assert state.players[0].food == 9
    state.round, state.turn.ability = 5, ""
    to_phase(state, 0, "ability")
    assert choices(state, 0, "use") == []


def test_igr31_calling_mom_rolls_then_ilona_splits_the_goods() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    _use(state, 0, "mom", dice=[3])
    assert state.phase == "split" and len(choices(state, 0, "split")) == 10
    prompt = GAME.prompts(state)[0]
    assert (prompt.timer, prompt.default) == ("turn", "even")
    act(state, 0, "split", food=1, money=2, cards=0)
    assert (state.players[0].food, state.players[0].money, state.phase) == (6, 7, "shop")


def test_igr31_ilona_cooks_only_with_an_empty_shelf_and_gives_without_a_prompt() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    to_phase(state, 0, "ability")
    assert all(u["ability"] != "cooks" for u in choices(state, 0, "use"))
    state.players[0].food = 0
    assert {"ability": "cooks", "seats": [1, 2], "amounts": [4, 1], "goods": []} in choices(state, 0, "use")
    _use(state, 0, "cooks", seats=[1, 2], amounts=[4, 1])
    assert [p.food for p in state.players] == [4, 9, 6] and state.phase == "shop"


def test_igr32_staff_defaults_to_accept_and_each_who_accepts_rolls_for_money() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    _use(state, 0, "staff", dice=[4], seats=[1, 2])
    assert state.players[0].money == 9 and prompted(state) == [1, 2]
    prompt = GAME.prompts(state)[1]
    assert (prompt.default, prompt.timer, prompt.strike) == ("accept", "offer", True)
    act(state, 1, "timeout", prompt=prompt.id)
    act(state, 2, "pass", dice=[6])  # the answers resolve once the last one is in
    assert [p.money for p in state.players] == [9, 11, 5] and state.phase == "shop"


def test_igr32_corporate_whore_and_testers_power_discards_two_at_random() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    before = len(state.players[1].hand)
    _use(state, 0, "tester", seats=[1])
    assert len(state.players[1].hand) == before - 2


def test_igr34_locksmith_takes_a_food_without_a_contest_and_welfare_works_as_cooks() -> None:
    state = table(STEFAN, ILONA, MARCIN)
    empty_hands(state)
    _use(state, 0, "locksmith", seats=[2])
    assert (state.players[0].food, state.players[2].food) == (6, 4)
    state.round, state.turn.ability = 5, ""
    state.players[0].food = 0
    _use(state, 0, "welfare", seats=[1], amounts=[2])
    assert (state.players[0].food, state.players[1].food) == (4, 7)


def test_igr35_one_nasty_motherfucker_steals_two_goods_from_one_or_two_players() -> None:
    state = table(FIEFIURKA, ILONA, MARCIN)
    empty_hands(state)
    state.players[2].specials = []
    state.res.append("spc-taser") if "spc-taser" not in state.res else None
    state.res.remove("spc-taser")
    state.players[2].specials = ["spc-taser"]
    assert {
        "ability": "nasty",
        "seats": [2, 2],
        "amounts": [],
        "goods": ["money", "spc-taser"],
    } in choices_of(state)
    _use(state, 0, "nasty", seats=[1, 2], goods=["food", "spc-taser"])
    assert (state.players[0].food, state.players[1].food) == (6, 4)
    assert "spc-taser" in state.players[0].specials and state.players[2].specials == []


def choices_of(state: object) -> list[dict[str, object]]:
    to_phase(state, 0, "ability")
    return choices(state, 0, "use")


def test_igr35_forest_dweller_may_move_one_space_further() -> None:
    state = table(FIEFIURKA, ILONA, MARCIN)
    empty_hands(state)
    act(state, 0, "roll", dice=[2])
    passes(state, 0, 1, 2)
    assert state.phase == "forest" and choices(state, 0, "forest") == [{"extra": 0}, {"extra": 1}]
    act(state, 0, "forest", extra=1)
    assert state.players[0].space == "chillout-3"


def test_igr32_one_tough_motherfucker_does_not_protect_against_testers_power() -> None:
    state = table(MARCIN, FIEFIURKA, STEFAN)
    empty_hands(state)
    state.players[1].tough = True
    give(state, 1, "res-plan-1", "res-luck-1", "res-coupons-1")
    to_phase(state, 0, "ability")
    assert {"ability": "tester", **NONE, "seats": [1]} in choices(state, 0, "use")
    _use(state, 0, "tester", seats=[1])
    assert len(state.players[1].hand) == 1 and len(state.res_discard) == 2


def test_igr32_testers_power_offers_only_players_with_a_card_in_hand() -> None:
    """A new user was offered Tester's Power on a player with no cards: it spent the Ability and did
    nothing. The target discards from hand (IGR-32), so an empty hand is no target."""
    state = table(MARCIN, FIEFIURKA, STEFAN)
    empty_hands(state)
    give(state, 2, "res-plan-1")
    to_phase(state, 0, "ability")
    testers = [c for c in choices(state, 0, "use") if c["ability"] == "tester"]
    assert testers == [{"ability": "tester", **NONE, "seats": [2]}]
    assert refused(state, 0, "use", ability="tester", **{**NONE, "seats": [1]}) == "action/bad_choice"
