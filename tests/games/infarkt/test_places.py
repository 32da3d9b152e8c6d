"""Infarkt's places (INF-9, INF-11…16): each option's price and effect, and their small prompts with
the partial choice public in the state."""

from __future__ import annotations

import msgspec
import pytest

from games.engine import Match, Rng
from games.infarkt import GAME, flow
from games.infarkt.cards import CARDS
from games.infarkt.model import Decision
from tests.games.infarkt.helpers import (
    BEER,
    CIGARETTES,
    COFFEE,
    COLA,
    HEADCHEESE,
    JUICE,
    MUESLI,
    STATINS,
    TOFU,
    choose,
    empty_hands,
    give,
    of_kind,
    on_top,
    prompts,
    table,
    take_out,
    tracks,
    visit,
)


def _values(match: Match, seat: int) -> list[str]:
    return [c["value"] for c in prompts(match)[seat].choices["choose"]]


def test_inf9_an_action_is_optional_and_the_option_prompt_defaults_to_none() -> None:
    match = table(3)
    visit(match, 0, "work")
    empty_hands(match.state)
    prompt = prompts(match)[0]
    assert prompt.choices["choose"] == [{"value": "none"}, {"value": "work"}]
    assert (prompt.timer, prompt.default, prompt.strike) == ("turn", "none", True)
    money = match.state.players[0].money
    choose(match, 0, "none")
    assert (match.state.players[0].money, match.state.players[0].tracks) == (money, [0] * 6)


@pytest.mark.parametrize(("career", "pay"), [(0, 3), (2, 5)])
def test_inf11_work_pays_three_plus_one_per_career_token_and_raises_depression_by_two(
    career: int, pay: int
) -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[0].career, state.career_supply = career, 13 - career
    money = state.players[0].money
    choose(match, 0, "work")
    assert match.state.players[0].money == money + pay
    assert match.state.players[0].tracks == tracks(depression=2)


@pytest.mark.parametrize(("option", "cost", "bought"), [("A", 1, 1), ("B", 2, 2)])
def test_inf12_supermarket_buys_the_top_goods_unseen(option: str, cost: int, bought: int) -> None:
    match = table(3)
    state = visit(match, 0, "supermarket")
    empty_hands(state)
    state.players[0].money = 2
    on_top(state, TOFU, BEER)
    choose(match, 0, option)
    assert match.state.players[0].money == 2 - cost
    assert match.state.players[0].cards == [BEER, TOFU][:bought]


def test_inf12_options_need_the_money() -> None:
    match = table(3)
    state = visit(match, 0, "supermarket")
    state.players[0].money = 1
    assert _values(match, 0) == ["none", "A"]


def test_inf12_a_shopping_spree_keeps_two_and_returns_the_third_on_top_known_to_the_buyer() -> None:
    match = table(3)
    state = visit(match, 0, "supermarket")
    empty_hands(state)
    state.players[0].money = 2
    on_top(state, JUICE, TOFU, BEER)
    choose(match, 0, "C")
    state = match.state
    assert state.players[0].tracks == tracks(pressure=1)  # the reconstructed icon
    assert state.players[0].money == 0
    assert sorted(state.spree) == sorted([JUICE, TOFU, BEER])
    assert GAME.view(state, 0).spree == state.spree and GAME.view(state, 1).spree is None
    assert GAME.view(state, None).spree is None and GAME.view(state, 1).spree_count == 3
    prompt = prompts(match)[0]
    assert (prompt.default, sorted(c["value"] for c in prompt.choices["choose"])) == (
        "first",
        sorted(state.spree),
    )
    bodies = choose(match, 0, TOFU)
    assert [b.value for b in of_kind(bodies, "chosen")] == [""]  # the returned card is not named
    state = match.state
    assert sorted(state.players[0].cards) == sorted([JUICE, BEER])
    assert state.goods[-1] == TOFU and state.top_known_by == [0]
    assert GAME.view(state, 0).goods_top == TOFU
    assert GAME.view(state, 1).goods_top is None and GAME.view(state, None).goods_top is None
    assert TOFU in GAME.hidden(state, 1) and TOFU not in GAME.hidden(state, 0)


def test_inf12_a_draw_ends_what_the_buyer_knew_of_the_top_card() -> None:
    match = table(3)
    state = visit(match, 0, "supermarket", "pharmacy")
    empty_hands(state)
    state.top_known_by = [0]
    state.players[0].money = 5
    choose(match, 0, "A")
    assert match.state.top_known_by == []


def test_inf13_pharmacy_sells_the_top_medicine_for_two() -> None:
    match = table(3)
    state = visit(match, 0, "pharmacy")
    empty_hands(state)
    state.players[0].money = 3
    top = state.medicines[-1]
    choose(match, 0, "buy")
    assert match.state.players[0].cards == [top] and match.state.players[0].money == 1


def test_inf14_market_refreshes_for_one_each_then_keeps_one_of_two_medicines() -> None:
    match = table(3)
    state = visit(match, 0, "market")
    empty_hands(state)
    state.players[0].money = 2
    old = list(state.market)
    choose(match, 0, "refresh")
    state = match.state
    assert state.players[0].money == 1 and not set(old) & set(state.market)
    meds = [c for c in state.market if CARDS[c].kind == "medicine"]
    assert len(state.market) == 5 and len(meds) == 2
    assert state.decision == Decision(0, "keep_medicine", place="market")
    choose(match, 0, meds[1])
    assert meds[0] in match.state.medicines_discard and match.state.market[-1] == meds[1]
    assert len(match.state.market) == 4
    assert _values(match, 0) == ["none", "refresh"]  # nothing to swap: an empty hand


@pytest.mark.parametrize(("option", "pairs", "money"), [("A", 1, 1), ("B", 2, 0), ("C", 3, -1)])
def test_inf14_market_swaps_goods_for_goods_with_the_partial_choice_public(
    option: str, pairs: int, money: int
) -> None:
    match = table(3)
    state = visit(match, 0, "market")
    empty_hands(state)
    state.players[0].money = 1
    mine = [BEER, COFFEE, CIGARETTES]
    give(state, 0, *mine)
    offer = [TOFU, MUESLI, JUICE]
    for card in offer:
        take_out(state, card)
    state.goods_discard += [c for c in state.market if CARDS[c].kind == "goods"]
    state.medicines_discard += [c for c in state.market if CARDS[c].kind == "medicine"]
    state.market = list(offer)  # three goods, no medicine
    assert "C" in _values(match, 0)
    choose(match, 0, option)
    for i in range(pairs):
        assert match.state.decision is not None and match.state.decision.step == "take"
        choose(match, 0, offer[i])
        assert match.state.decision.taken == offer[: i + 1]
        assert GAME.view(match.state, 1).decision == match.state.decision
        choose(match, 0, mine[i])
    state = match.state
    assert sorted(state.players[0].cards) == sorted(offer[:pairs] + mine[pairs:])
    assert sorted(state.market) == sorted(mine[:pairs] + offer[pairs:])
    assert state.players[0].money == 1 + money
    assert GAME.invariants(state) == []


def test_inf14_medicines_swap_only_for_medicines() -> None:
    match = table(3)
    state = visit(match, 0, "market")
    empty_hands(state)
    give(state, 0, STATINS)
    choose(match, 0, "A")
    assert _values(match, 0) == [c for c in match.state.market if CARDS[c].kind == "medicine"]


def test_inf15_home_rest_lowers_depression_as_a_separate_action() -> None:
    match = table(3)
    state = visit(match, 0, "home")
    empty_hands(state)
    state.players[0].tracks = tracks(depression=4)
    assert _values(match, 0) == ["none", "rest"]  # no two goods of different symbols
    choose(match, 0, "rest")
    assert match.state.players[0].tracks == tracks(depression=3)


def test_inf15_cooking_takes_two_symbols_and_applies_both_to_the_cook() -> None:
    match = table(3)
    state = visit(match, 0, "home")
    empty_hands(state)
    give(state, 0, BEER, COLA, TOFU)
    state.players[0].tracks = tracks(depression=3, cholesterol=3)
    assert _values(match, 0) == ["none", "rest", "A", "B", "rest_A", "rest_B"]
    choose(match, 0, "rest_A")
    assert match.state.decision == Decision(0, "card", place="home", option="A")
    assert _values(match, 0) == [BEER, COLA, TOFU]
    choose(match, 0, TOFU)
    assert _values(match, 0) == [BEER, COLA]  # a drink: another symbol than the tofu
    choose(match, 0, BEER)
    assert match.state.players[0].tracks == tracks(cholesterol=1, depression=1, obesity=1)
    assert match.state.players[0].cards == [COLA]
    assert {TOFU, BEER} <= set(match.state.goods_discard)


def test_inf28_a_party_with_two_players_serves_the_single_opponent_once() -> None:
    match = table(2)
    state = visit(match, 0, "home")
    empty_hands(state)
    give(state, 0, HEADCHEESE, COFFEE)
    choose(match, 0, "B", HEADCHEESE, COFFEE)
    assert match.state.decision is not None and match.state.decision.step == "serve"
    choose(match, 0, COFFEE)
    assert match.state.players[1].tracks == tracks(cholesterol=2, pressure=1)
    assert match.state.players[0].tracks == [0] * 6  # the host applies nothing


@pytest.mark.parametrize(("option", "cost", "drop"), [("A", 1, 1), ("B", 2, 2)])
def test_inf16_the_gym(option: str, cost: int, drop: int) -> None:
    match = table(3)
    state = visit(match, 0, "gym")
    empty_hands(state)
    state.players[0].money = 2
    state.players[0].tracks = tracks(obesity=4, depression=4)
    choose(match, 0, option)
    assert match.state.players[0].tracks == tracks(obesity=4 - drop, depression=4 - drop)
    assert match.state.players[0].money == 2 - cost


def test_inf16a_an_empty_goods_pile_is_refilled_from_its_shuffled_discard_pile() -> None:
    match = table(3)
    state = visit(match, 0, "supermarket")
    empty_hands(state)
    state.players[0].money = 2
    state.goods_discard += state.goods
    state.goods = [BEER]
    bodies = choose(match, 0, "B")
    assert of_kind(bodies, "reshuffled")[0].pile == "goods"
    assert match.state.players[0].cards[0] == BEER and len(match.state.players[0].cards) == 2
    assert match.state.goods_discard == []


def test_inf16a_the_event_offer_takes_as_many_cards_as_there_are() -> None:
    state = table(4).state
    cards = state.offer + state.events + state.events_discard
    state.players[0].diary, state.offer, state.events = cards[2:], [], []
    state.events_discard, state.phase = cards[:2], "offer"
    bodies = flow.lay_offer(state, Rng(b"few", "test"))
    assert [b.__struct_config__.tag for b in bodies] == ["reshuffled", "offer_laid"]
    assert sorted(state.offer) == sorted(cards[:2])  # 2 of the 5 a full offer needs


def test_inf10_the_round_ends_with_the_worsening_step_and_the_next_round_begins() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[1].tracks = tracks(depression=5)
    bodies = choose(match, 0, "none")
    assert [b.source for b in of_kind(bodies, "changed")] == ["worsening"]
    assert of_kind(bodies, "round_started")[0].round == 2
    assert match.state.players[1].tracks == tracks(depression=6)


def _paid(bodies: list[object], seat: int = 0) -> list[tuple[int, str]]:
    """The money changes logged for ``seat``: (amount, source)."""
    return [(b.money, b.source) for b in of_kind(bodies, "changed") if b.seat == seat and b.money]


@pytest.mark.parametrize(
    ("place", "option", "paid"),
    [
        ("supermarket", "A", [(-1, "supermarket-a")]),
        ("supermarket", "B", [(-2, "supermarket-b")]),
        ("supermarket", "C", [(-2, "supermarket-c")]),
        ("pharmacy", "buy", [(-2, "pharmacy")]),
        ("market", "refresh", [(-1, "market-refresh")]),
    ],
)
def test_inf12_inf13_inf14_a_purchase_logs_its_price(
    place: str, option: str, paid: list[tuple[int, str]]
) -> None:
    match = table(3)
    state = visit(match, 0, place)
    empty_hands(state)
    state.players[0].money = 3
    bodies = choose(match, 0, option)
    assert _paid(bodies) == paid
    assert match.state.players[0].money == 3 + sum(m for m, _ in paid)


@pytest.mark.parametrize(("option", "paid"), [("A", [(1, "market-a")]), ("B", []), ("C", [(-1, "market-c")])])
def test_inf14_the_market_swaps_money_is_logged(option: str, paid: list[tuple[int, str]]) -> None:
    match = table(3)
    state = visit(match, 0, "market")
    empty_hands(state)
    state.players[0].money = 1
    give(state, 0, BEER, COFFEE, CIGARETTES)
    for card in (TOFU, MUESLI, JUICE):
        take_out(state, card)
    state.goods_discard += [c for c in state.market if CARDS[c].kind == "goods"]
    state.medicines_discard += [c for c in state.market if CARDS[c].kind == "medicine"]
    state.market = [TOFU, MUESLI, JUICE]
    bodies = choose(match, 0, option)
    for take, give_ in list(zip([TOFU, MUESLI, JUICE], [BEER, COFFEE, CIGARETTES], strict=True))[
        : "ABC".index(option) + 1
    ]:
        bodies += choose(match, 0, take, give_)
    assert _paid(bodies) == paid


def test_an_option_chosen_names_its_place_so_the_story_tells_the_action_not_a_bare_letter() -> None:
    match = table(3)
    visit(match, 0, "supermarket")
    empty_hands(match.state)
    (body,) = of_kind(choose(match, 0, "A"), "chosen")
    assert (body.step, body.value, body.place) == ("option", "A", "supermarket")
    wire = msgspec.to_builtins(body)
    # INF-12: the action by its name, price and effects, never a bare letter
    assert GAME.story.describe(wire) == "seat 0 chose Supermarket A (pay 1, goods bought: 1)"
    told = GAME.catalog.teller("cs").describe(wire)
    assert told == "místo 0 vybralo Supermarket A (zaplať 1, koupené zboží: 1)"
    visit(match, 1, "work")
    (work,) = of_kind(choose(match, 1, "work"), "chosen")
    assert GAME.story.describe(msgspec.to_builtins(work)) == "seat 1 went to work"
