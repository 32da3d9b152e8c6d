"""IGR-8, 12, 16, 21, 27: the phases in order, shopping by loop, Special card trades, turn order."""

from __future__ import annotations

from games.igranie import GAME
from tests.games.igranie.helpers import (
    FIEFIURKA,
    ILONA,
    MARCIN,
    STEFAN,
    act,
    choices,
    empty_hands,
    kinds,
    on_top,
    pass_all,
    passes,
    prompted,
    refused,
    table,
    to_phase,
)


def test_igr8_a_turn_runs_movement_loop_event_ability_shopping_food_bank_discard_in_order() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    on_top(state, "chillout", "chl-tenner-1")
    act(state, 0, "roll", dice=[2])
    assert state.windows.stack[-1].purpose == "move"
    bodies = pass_all(state)
    assert [b.what for b in bodies if b.__struct_config__.tag == "played"] == ["event"]
    # IGR-30: a round of asking without a play closes its window and tells nobody who passed
    assert [b for b in bodies if b.__struct_config__.tag == "passed"] == []
    phases = [state.phase]
    for kind in ("done", "done", "eat", "done"):
        act(state, 0, kind, **({"count": 1} if kind == "eat" else {}))
        phases.append(state.phase)
    assert phases == ["ability", "shop", "food", "bank", "roll"]
    assert (state.active, state.players[0].money, state.players[0].food) == (1, 8, 4)  # a Tenner: 3


def test_igr12_food_is_bought_in_chillout_cards_in_work_and_both_on_start() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    for space, goods in (
        ("chillout-4", {"food"}),
        ("work-4", {"cards"}),
        ("start", {"food", "cards"}),
        ("sidegig-2", {"cards"}),
    ):
        state.players[0].space = space
        to_phase(state, 0, "shop")
        assert {b["good"] for b in choices(state, 0, "buy")} == goods, space
    assert [b["count"] for b in choices(state, 0, "buy")] == [1, 2, 3, 4, 5]
    act(state, 0, "buy", good="cards", count=2)
    assert (state.players[0].money, len(state.players[0].hand) + len(state.players[0].specials) > 0) == (
        3,
        True,
    )


def test_igr12_a_purchase_the_prompt_does_not_list_is_refused_with_the_engines_code() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    state.players[0].space = "chillout-4"
    to_phase(state, 0, "shop")
    assert refused(state, 0, "buy", good="cards", count=2) == "action/bad_choice"


def test_igr27_a_special_card_is_offered_for_a_price_and_the_buyer_accepts_or_declines() -> None:
    for answer, owner in (("accept", 1), ("pass", 0)):
        state = table(ILONA, MARCIN, STEFAN)
        empty_hands(state)
        for p in state.players:
            state.res += p.specials
            p.specials = []
        on_top(state, "res", "spc-loyalty")
        state.players[0].specials = [state.res.pop()]
        to_phase(state, 0, "shop")
        act(state, 0, "offer", card="spc-loyalty", to=1, good="money", count=2)
        prompt = GAME.prompts(state)[1]
        assert (prompted(state), prompt.timer, prompt.default) == ([1], "offer", "pass")
        act(state, 1, answer)
        assert "spc-loyalty" in state.players[owner].specials
        assert state.players[0].money == (7 if owner == 1 else 5) and state.phase == "shop"


def test_igr27_hiv_can_never_be_traded() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    for p in state.players:
        state.res += p.specials
        p.specials = []
    state.players[0].specials = ["hiv"]
    to_phase(state, 0, "shop")
    assert choices(state, 0, "offer") == []


def test_igr16_play_passes_to_the_next_seat_and_the_round_advances_after_the_last() -> None:
    state = table(ILONA, MARCIN, STEFAN, first=1)
    empty_hands(state)
    order = []
    for _ in range(4):
        order.append((state.round, state.active))
        to_phase(state, state.active, "bank")
        act(state, state.active, "done")
    assert order == [(1, 1), (1, 2), (1, 0), (2, 1)]


def test_a_skipped_move_goes_straight_to_the_event_card() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    state.players[1].skip, state.players[1].space = True, "work-4"
    on_top(state, "work", "wrk-lunch-1")
    to_phase(state, 0, "bank")
    bodies = act(state, 0, "done")
    assert state.windows.stack[-1].purpose == "event" and "rolled" not in kinds(bodies)
    pass_all(state)
    assert (state.players[1].space, state.players[1].skip, state.players[1].food) == ("work-4", False, 7)


def test_timeouts_take_each_phases_default() -> None:
    state = table(FIEFIURKA, MARCIN, STEFAN)
    empty_hands(state)
    prompt = GAME.prompts(state)[0]
    assert (prompt.timer, prompt.default) == ("turn", "roll")
    bodies = act(state, 0, "timeout", prompt=prompt.id)
    assert kinds(bodies)[:2] == ["timed_out", "rolled"]
    passes(state, 0, 1, 2)
    prompt = GAME.prompts(state)[0]
    assert (state.phase, prompt.default) == ("forest", "no_extra")
    act(state, 0, "timeout", prompt=prompt.id)
    assert state.turn.move == state.turn.die


def test_igr28_an_empty_deck_takes_its_shuffled_discard_pile() -> None:
    from games.engine import Rng
    from games.igranie import effects

    state = table(ILONA, MARCIN, STEFAN)
    empty_hands(state)
    state.res_discard, state.res = list(state.res), []
    pool = len(state.res_discard)
    held = len(state.players[0].hand) + len(state.players[0].specials)
    effects.draw(state, 0, 2, Rng(b"r", "x"), "test")
    assert len(state.players[0].hand) + len(state.players[0].specials) == held + 2
    assert (len(state.res), state.res_discard) == (pool - 2, [])
    state.players[0].space = "work-5"
    state.work_discard, state.work = list(state.work), []
    act(state, 0, "roll", dice=[1])
    passes(state, 0, 1, 2)
    assert state.windows.stack[-1].purpose == "event"
    assert (len(state.work), len(state.work_discard)) == (53, 1)


def test_an_action_kind_without_a_handler_is_our_bug_not_a_silent_done() -> None:
    """Outside a window a pass has no handler: it raises (a 1011 on a server), it never ends the turn."""
    import pytest

    from games.engine import Ctx, Rng
    from games.engine import windows as wn
    from games.igranie.rules import carry_out

    state = table(ILONA, MARCIN, STEFAN)
    to_phase(state, 0, "shop")
    with pytest.raises(TypeError, match="no handler for the action kind 'pass'"):
        carry_out(state, 0, wn.Pass(), Ctx(Rng(b"x", "y")))
