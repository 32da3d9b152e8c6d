"""IGR-14, 15, 22…25: the Dream Bank, the hand limit, the end and the ranking."""

from __future__ import annotations

import msgspec
import pytest

from games.igranie import GAME, ranking
from tests.games.igranie.helpers import (
    ILONA,
    LENA,
    MARCIN,
    STEFAN,
    act,
    choices,
    empty_hands,
    give,
    prompted,
    table,
    to_phase,
)


def test_igr22_deposits_stop_at_15_per_track() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    player = state.players[0]
    player.money, player.bank_money = 9, 12
    to_phase(state, 0, "bank")
    offered = [c["count"] for c in choices(state, 0, "deposit") if c["good"] == "money"]
    assert offered == [1, 2, 3]
    act(state, 0, "deposit", good="money", count=3)
    assert (player.money, player.bank_money) == (6, 15)


def test_igr23_fifteen_money_and_fifteen_food_in_the_dream_bank_win_at_once() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    player = state.players[1]
    player.bank_money, player.bank_food = 15, 14
    to_phase(state, 1, "bank")
    bodies = act(state, 1, "deposit", good="food", count=1)
    outcome = GAME.outcome(state)
    assert bodies[-1].__struct_config__.tag == "game_end"
    assert (state.reason, outcome.winners, outcome.ranks[1]) == ("dream_bank", [1], 1)


def test_igr15_the_hand_limit_is_7_and_6_beside_hiv() -> None:
    for specials, keep in (([], 7), (["hiv"], 6)):
        state = table(ILONA, MARCIN, STEFAN)
        empty_hands(state)
        state.players[0].specials = list(specials)
        give(state, 0, *[f"res-plan-{i}" for i in range(1, 5)], *[f"res-hustle-{i}" for i in range(1, 5)])
        to_phase(state, 0, "bank")
        act(state, 0, "done")
        while state.phase == "discard":
            act(state, 0, "discard", card=state.players[0].hand[0])
        assert len(state.players[0].hand) == keep and state.active == 1


def test_igr15_igr28_a_discard_is_offered_once_per_kind_of_card_held() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    give(state, 0, *[f"res-plan-{i}" for i in range(1, 5)], "res-hustle-1", "res-hustle-2", "res-hustle-3")
    give(state, 0, "res-denial-1")  # 8 cards: one over the limit
    to_phase(state, 0, "bank")
    act(state, 0, "done")
    assert choices(state, 0, "discard") == [
        {"card": "res-plan-1"},
        {"card": "res-hustle-1"},
        {"card": "res-denial-1"},
    ]
    act(state, 0, "discard", card="res-plan-3")  # another copy: the same discard, of the listed copy
    assert state.players[0].hand == [
        "res-plan-2",
        "res-plan-3",
        "res-plan-4",
        "res-hustle-1",
        "res-hustle-2",
        "res-hustle-3",
        "res-denial-1",
    ]


def test_igr15_option_the_left_neighbour_picks_the_discards_face_down() -> None:
    state = table(ILONA, MARCIN, STEFAN, random_discard_by_left_neighbour=True)
    empty_hands(state)
    give(state, 0, *[f"res-plan-{i}" for i in range(1, 5)], *[f"res-hustle-{i}" for i in range(1, 5)])
    to_phase(state, 0, "bank")
    act(state, 0, "done")
    assert (state.phase, prompted(state)) == ("pick", [1])
    prompt = GAME.prompts(state)[1]
    assert (prompt.timer, prompt.default, len(prompt.choices["pick"])) == ("discard", "first_slot", 8)
    act(state, 1, "pick", slot=5)
    assert len(state.players[0].hand) == 7 and state.active == 1


def test_igr24_after_round_24_the_largest_deposit_wins_and_markers_break_ties() -> None:
    state = table(ILONA, MARCIN, STEFAN, LENA)
    empty_hands(state)
    banks = [(5, 5), (6, 4), (3, 3), (9, 0)]
    for p, (m, f) in zip(state.players, banks, strict=True):
        p.bank_money, p.bank_food = m, f
    state.players[1].hunger = True
    state.players[3].money = 0
    state.round = 24
    to_phase(state, 3, "bank")
    act(state, 3, "done")
    outcome = GAME.outcome(state)
    # 10 and 10 tie on deposits: the Hunger marker puts seat 1 below seat 0; then 9, then 6
    assert (state.reason, outcome.ranks, outcome.winners) == ("round_24", [1, 2, 4, 3], [0])


def test_igr24_ties_go_to_goods_held_then_special_cards_then_cards_in_hand_then_share() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    for p in state.players:
        state.res += p.specials
        p.specials = []
    state.phase = "over"
    assert ranking.ranks(state) == [1, 1, 1]
    state.players[2].specials = ["spc-mug", "hiv"]
    assert ranking.ranks(state) == [2, 2, 1]
    state.players[0].food = 6
    assert ranking.ranks(state) == [1, 3, 2]
    give(state, 1, "res-plan-1")
    assert ranking.ranks(state) == [1, 3, 2]


def test_igr25_a_death_ends_the_game_and_the_dead_rank_last() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    state.players[2].bank_money = 10
    state.players[2].food = state.players[2].hunger = 0
    state.players[2].hunger = True
    to_phase(state, 2, "food")
    act(state, 2, "starve")
    outcome = GAME.outcome(state)
    assert (state.reason, outcome.ranks, outcome.winners) == ("death", [1, 1, 3], [0, 1])


def test_igr25_option_play_continues_after_a_death_and_a_sole_survivor_wins() -> None:
    state = table(ILONA, MARCIN, STEFAN, continue_after_death=True)
    for seat in (2, 0):
        state.players[seat].food, state.players[seat].hunger = 0, True
        to_phase(state, seat, "food")
        act(state, seat, "starve")
        if seat == 2:
            assert (state.phase, state.active) == ("roll", 0) and state.players[2].space is None
    outcome = GAME.outcome(state)
    assert (state.reason, outcome.ranks, outcome.winners) == ("death", [2, 1, 3], [1])


def test_igr25_nobody_left_alive_means_nobody_wins() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    for p in state.players:
        p.debt, p.money = True, 0
    empty_hands(state)
    state.round = 4
    to_phase(state, 2, "bank")
    act(state, 2, "done")
    outcome = GAME.outcome(state)
    assert (outcome.winners, outcome.reason, outcome.ranks) == ([], "no_survivor", [1, 1, 1])


def test_igr21_igr24_option_weeks_a_short_game_ends_after_its_last_week_and_ranks_by_deposits() -> None:
    """Option ``weeks`` (6, 12 or the rulebook's 24): the round marker stops at the last week, the end
    ranks as IGR-24 does (deposits, then markers), rent still comes in week 5 (IGR-20)."""
    state = table(ILONA, MARCIN, STEFAN, weeks=6)
    empty_hands(state)
    for p, (m, f) in zip(state.players, [(2, 1), (4, 4), (0, 5)], strict=True):
        p.bank_money, p.bank_food = m, f
    state.round = 6
    to_phase(state, 2, "bank")
    bodies = act(state, 2, "done")
    outcome = GAME.outcome(state)
    assert (state.reason, state.round, outcome.ranks, outcome.winners) == ("last_week", 6, [3, 1, 2], [1])
    assert bodies[-1].__struct_config__.tag == "game_end"
    assert GAME.view(state, None).weeks == 6

    longer = table(ILONA, MARCIN, STEFAN, weeks=12)
    longer.round = 6
    to_phase(longer, 2, "bank")
    act(longer, 2, "done")
    assert (longer.phase, longer.round, GAME.view(longer, 0).weeks) == ("roll", 7, 12)
    assert GAME.options({}).weeks == 24


def test_igr21_option_weeks_takes_only_6_12_or_24() -> None:
    for weeks in (0, 7, 25):
        with pytest.raises(msgspec.ValidationError) as refused:
            GAME.options({"weeks": weeks})
        assert str(refused.value) == f"Invalid enum value {weeks} - at `$.weeks`"
