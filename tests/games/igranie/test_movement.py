"""IGR-3…9, 26: the movement roll and its window, the figure eight, Payday, Start, Small Loops, pushes."""

from __future__ import annotations

from games.engine import Rng
from games.igranie import board
from tests.games.igranie.helpers import (
    FIEFIURKA,
    ILONA,
    LENA,
    MARCIN,
    STEFAN,
    act,
    ask,
    choices,
    empty_hands,
    give,
    kinds,
    on_top,
    pass_all,
    passes,
    prompted,
    table,
)

RNG = Rng(b"move", "test")


def test_igr3_igr30_every_living_seat_is_asked_at_once_in_the_movement_window_even_with_no_card() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    act(state, 0, "roll", dice=[4])
    assert prompted(state) == [0, 1, 2]
    act(state, 2, "pass")
    assert prompted(state) == [0, 1]
    passes(state, 1, 0)  # one round of asking without a play closes the window
    assert state.turn.move == 4 and state.players[0].space == "chillout-4"


def test_igr3_any_player_modifies_the_roll_and_the_movement_is_at_least_1() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    give(state, 1, "res-pickpocket-1")  # -2
    act(state, 0, "roll", dice=[2])
    assert choices(state, 1, "modify") == [{"card": "res-pickpocket-1", "side": 0}]
    ask(state, {1: {"kind": "modify", "card": "res-pickpocket-1", "side": 0}})
    ask(state)
    assert (state.turn.die_total, state.turn.move) == (0, 1)
    assert "res-pickpocket-1" in state.res_discard


def test_igr3_the_movement_is_at_most_12() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    give(state, 0, "res-luck-1", "res-luck-2", "res-luck-3")  # +3 each
    act(state, 0, "roll", dice=[6])
    for card in ("res-luck-1", "res-luck-2", "res-luck-3"):
        ask(state, {0: {"kind": "modify", "card": card, "side": 0}})  # one card a round
    ask(state)
    assert (state.turn.die_total, state.turn.move) == (15, 12)


def test_igr4_passing_payday_pays_2_and_marcin_3_and_landing_counts() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    state.players[0].space = state.players[1].space = "work-13"
    board.move(state, 0, 2, RNG)
    board.move(state, 1, 3, RNG)
    assert (state.players[0].money, state.players[0].space) == (7, "work-15")
    assert (state.players[1].money, state.players[1].space) == (8, "start")


def test_igr5_stopping_on_start_draws_from_the_loop_left_then_the_loop_entered() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    player = state.players[0]
    player.space, player.next_loop = "work-14", "chillout"
    on_top(state, "work", "wrk-lunch-1")
    on_top(state, "chillout", "chl-jars-1")
    act(state, 0, "roll", dice=[2])
    passes(state, 0, 1, 2)
    assert player.space == "start" and state.turn.left == "work"
    assert state.windows.stack[-1].plays[0].payload.card == "wrk-lunch-1"
    passes(state, 0, 1, 2)
    assert state.windows.stack[-1].plays[0].payload.card == "chl-jars-1"
    passes(state, 0, 1, 2)
    assert player.food == 5 + 2 + 3


def test_igr2_after_start_the_figure_enters_the_other_large_loop() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    player = state.players[0]
    board.move(state, 0, 16, RNG)
    assert player.space == "start" and player.next_loop == "chillout"
    board.move(state, 0, 1, RNG)
    assert player.space == "chillout-1" and player.next_loop == "work"


def test_igr6_stopping_on_an_entrance_leads_into_the_small_loop_and_out_past_the_entrance() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    player = state.players[0]
    board.move(state, 0, 3, RNG)
    assert (player.space, player.enter) == ("work-3", "colleagues")
    board.move(state, 0, 2, RNG)
    assert (player.space, player.enter) == ("colleagues-2", None)
    board.move(state, 0, 4, RNG)
    assert player.space == "work-5"


def test_igr6_passing_an_entrance_does_nothing_and_the_avoided_loop_is_never_entered() -> None:
    state = table(MARCIN, FIEFIURKA, STEFAN)
    board.move(state, 0, 4, RNG)
    assert (state.players[0].space, state.players[0].enter) == ("work-4", None)
    fief = state.players[1]
    fief.space, fief.next_loop = "start", "work"
    board.move(state, 1, 3, RNG)  # Fiefiurka avoids Work Colleagues (work-3)
    assert (fief.space, fief.enter) == ("work-3", None)


def test_igr7_pushes_chain_and_a_pushed_figure_on_an_entrance_enters_that_loop() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    state.players[1].space, state.players[2].space = "work-5", "work-4"
    state.players[0].space = "work-2"
    bodies = [e.body for e in board.move(state, 0, 3, RNG)]
    assert [p.space for p in state.players] == ["work-5", "work-4", "work-3"]
    assert state.players[2].enter == "colleagues"
    assert [b.pushed for b in bodies if b.__struct_config__.tag == "moved"] == [False, True, True]


def test_igr7_a_figure_inside_a_small_loop_is_pushed_back_along_it_and_start_pushes_nobody() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    state.players[2].space = "deadlines-1"  # Stefan (Ilona avoids Deadlines)
    state.players[0].space, state.players[0].enter = "work-6", "deadlines"
    board.move(state, 0, 1, RNG)
    assert state.players[2].space == "work-6" and state.players[2].enter == "deadlines"
    board.move(state, 1, 0, RNG)
    assert [p.space for p in state.players].count("start") == 1


def test_igr26_passing_a_special_cards_entrance_without_entering_draws_a_card() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    on_top(state, "res", "spc-mug")
    state.players[0].specials = [state.res.pop()]
    on_top(state, "res", "res-plan-1")
    board.move(state, 0, 5, RNG)  # past work-3, the Work Colleagues entrance
    assert state.players[0].hand == ["res-plan-1"]
    board.move(state, 0, 1, RNG)  # work-6 ends the move: no bonus
    assert state.players[0].hand == ["res-plan-1"]


def test_igr9_the_loop_effect_is_read_for_the_final_result_and_the_special_card_turns_it_positive() -> None:
    state = table(STEFAN, ILONA, MARCIN)
    empty_hands(state)
    player = state.players[0]
    player.space, player.enter = "work-12", "sidegig"
    on_top(state, "res", "spc-contract")
    player.specials.append(state.res.pop())
    act(state, 0, "roll", dice=[1])
    passes(state, 0, 1, 2)
    assert state.windows.stack[-1].purpose == "loop"
    assert state.windows.stack[-1].plays[0].payload.result == 1
    passes(state, 0, 1, 2)
    assert player.money == 8  # Side Gig 1 (lose 1 Money) became 5 (gain 3)


def test_igr28_side_gig_3_loses_three_cards_and_the_employment_contract_gains_three() -> None:
    for contract, hand in ((False, 2), (True, 8)):
        state = table(STEFAN, ILONA, MARCIN)
        empty_hands(state)
        player = state.players[0]
        player.specials = []
        give(state, 0, "res-plan-1", "res-plan-2", "res-plan-3", "res-plan-4", "res-luck-1")
        player.space, player.enter = "work-12", "sidegig"
        if contract:
            on_top(state, "res", "spc-contract")
            player.specials.append(state.res.pop())
        act(state, 0, "roll", dice=[3])
        passes(state, 0, 1, 2)
        opening = state.windows.stack[-1].plays[0].payload
        assert (opening.loop, opening.result) == ("sidegig", 3)
        for seat in (0, 1, 2):
            act(state, seat, "pass")
        assert len(player.hand) == hand, contract


def test_igr28_a_reversing_card_turns_a_negative_loop_effect_positive() -> None:
    state = table(MARCIN, ILONA, STEFAN)
    empty_hands(state)
    give(state, 0, "res-luck-1")
    player = state.players[0]
    player.space, player.enter = "work-3", "colleagues"
    act(state, 0, "roll", dice=[1])
    passes(state, 0, 1, 2)
    assert choices(state, 0, "reverse") == [{"card": "res-luck-1"}]
    ask(state, {0: {"kind": "reverse", "card": "res-luck-1"}})
    ask(state)
    assert player.money == 7  # Work Colleagues 1 (lose 2 Money) became 6 (gain 2)


def test_igr31_loop_food_goes_to_ilona_only() -> None:
    for character, food in ((ILONA, 7), (LENA, 5)):
        state = table(character, MARCIN, STEFAN)
        empty_hands(state)
        player = state.players[0]
        player.space, player.enter = "chillout-3", "shops"
        on_top(state, "chillout", "chl-tenner-1")
        act(state, 0, "roll", dice=[4])  # Shops 4: gain 2 Food
        bodies = pass_all(state)
        assert "died" not in kinds(bodies)
        assert player.food == food
