"""Infarkt's special events, expansions and variants (INF-20…28) as room options."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from games.engine import Match, Rng, random_policy
from games.infarkt import GAME, flow
from games.infarkt.cards import CARDS
from tests.games.infarkt.helpers import (
    ANTIDEP,
    BEER,
    CIGARETTES,
    DISPUTE,
    DIVORCE,
    FRIDGE,
    GRANDMA,
    GUM,
    HEADCHEESE,
    JUICE,
    PROMOTION,
    ROBBED,
    STATINS,
    TOFU,
    act,
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


def _pick(event: str, seats: int = 3, **options: Any) -> tuple[Match, int]:
    match = table(seats, **options)
    seat = match.state.start
    empty_hands(match.state)
    take_out(match.state, event)
    match.state.offer[0] = event
    return match, seat


@pytest.mark.parametrize(
    ("variant", "expansions", "places"),
    [
        ("base", [], ["work", "supermarket", "pharmacy", "market", "home", "gym"]),
        ("advanced", ["flirt"], ["work", "supermarket", "pharmacy", "market", "home", "flirt"]),
        (
            "extreme",
            ["career", "family"],
            ["work", "supermarket", "pharmacy", "market", "home", "family", "career"],
        ),
        (
            "extreme",
            ["nightlife", "black_market", "flirt"],
            ["work", "supermarket", "pharmacy", "market", "home", "black_market", "nightlife", "flirt"],
        ),
    ],
)
def test_inf27_the_variants_replace_the_gym_with_expansions(
    variant: str, expansions: list[str], places: list[str]
) -> None:
    assert table(3, variant=variant, expansions=expansions).state.places == places


@pytest.mark.parametrize(
    ("variant", "expansions"),
    [
        ("base", ["flirt"]),
        ("advanced", []),
        ("advanced", ["flirt", "career"]),
        ("extreme", ["flirt"]),
        ("extreme", ["flirt", "flirt"]),
    ],
)
def test_inf27_a_variant_refuses_the_wrong_number_of_expansions(variant: str, expansions: list[str]) -> None:
    with pytest.raises(ValueError, match="expansions"):
        table(3, variant=variant, expansions=expansions)


@pytest.mark.parametrize(
    ("expansions", "variant"),
    [
        ([], "base"),
        (["career"], "advanced"),
        (["family", "career"], "extreme"),
        (["flirt", "family", "career"], "extreme"),
    ],
)
def test_inf27_the_variant_left_out_follows_the_expansions(expansions: list[str], variant: str) -> None:
    assert GAME.options({"expansions": expansions}).variant == variant


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"variant": "base", "expansions": ["family", "career"]},
            "variant 'base' takes 0 expansions, not 2 (leave the variant out to follow the expansions)"
            " - at `$.variant`",
        ),
        (
            {"variant": "extreme", "expansions": ["family"]},
            "variant 'extreme' takes 2 or 3 expansions, not 1"
            " (leave the variant out to follow the expansions)"
            " - at `$.variant`",
        ),
        ({"expansions": ["flirt", "flirt"]}, "an expansion is named twice - at `$.expansions`"),
        (
            {"expansions": ["flirt", "family", "career", "nightlife"]},
            "at most 3 expansions, not 4 - at `$.expansions`",
        ),
    ],
)
def test_inf27_options_refuse_a_variant_that_disagrees_naming_the_path(
    options: dict[str, Any], message: str
) -> None:
    with pytest.raises(msgspec.ValidationError) as caught:
        GAME.options(options)
    assert str(caught.value) == message


def test_inf21_broken_fridge_discards_food_and_drink_but_not_smoking() -> None:
    match, seat = _pick(FRIDGE)
    give(match.state, seat, BEER, TOFU, CIGARETTES, STATINS)
    choose(match, seat, FRIDGE)
    # the medicine window before the event's effect comes first
    pass_windows(match)
    assert match.state.players[seat].cards == [CIGARETTES, STATINS]


def pass_windows(match: Match) -> None:
    """Pass every window prompt (medicine, family) until a decision comes."""
    while (ps := prompts(match)) and all(p.kinds[0] == "pass" for p in ps.values()):
        act(match, next(iter(ps)), "pass")


def test_inf21_robbed_discards_smoking_and_medicines() -> None:
    match, seat = _pick(ROBBED)
    give(match.state, seat, BEER, CIGARETTES, GUM, STATINS)
    choose(match, seat, ROBBED)
    pass_windows(match)
    assert match.state.players[seat].cards == [BEER]


@pytest.mark.parametrize(("money", "left"), [(0, 0), (1, 0), (4, 2), (5, 2)])
def test_inf21_divorce_loses_half_the_money_rounded_against_you(money: int, left: int) -> None:
    match, seat = _pick(DIVORCE)
    match.state.players[seat].money = money
    choose(match, seat, DIVORCE)
    assert match.state.players[seat].money == left


@pytest.mark.parametrize(("tokens", "left"), [(1, 0), (3, 1), (4, 2)])
def test_inf21_with_family_divorce_loses_half_the_family_tokens_rounded_against_you(
    tokens: int, left: int
) -> None:
    match, seat = _pick(DIVORCE, variant="advanced", expansions=["family"])
    match.state.players[seat].family, match.state.family_supply = tokens, 12 - tokens
    choose(match, seat, DIVORCE)
    assert prompts(match)[seat].timer == "family"  # depression +3 could be cancelled: declined
    pass_windows(match)
    assert match.state.players[seat].family == left and match.state.family_supply == 12 - left


@pytest.mark.parametrize(
    ("event", "expansion", "token", "before", "after"),
    [
        (GRANDMA, "family", "family", 2, 1),
        (GRANDMA, "flirt", "family", 2, 2),
        (PROMOTION, "career", "career", 1, 2),
        (PROMOTION, "career", "career", 4, 4),
        (PROMOTION, "flirt", "career", 1, 1),
        (DISPUTE, "career", "career", 1, 0),
        (DISPUTE, "career", "career", 0, 0),
    ],
)
def test_inf21_token_events_act_only_with_their_expansion(
    event: str, expansion: str, token: str, before: int, after: int
) -> None:
    match, seat = _pick(event, variant="advanced", expansions=[expansion])
    state = match.state
    setattr(state.players[seat], token, before)
    setattr(state, f"{token}_supply", (12 if token == "family" else 13) - before)
    choose(match, seat, event)
    pass_windows(match)
    assert getattr(match.state.players[seat], token) == after


def test_inf22_black_market_lays_out_goods_each_round_and_bought_slots_stay_empty() -> None:
    match = table(4, variant="advanced", expansions=["black_market"])
    offer = list(match.state.black_market)
    assert len(offer) == 4 and all(CARDS[c].kind == "goods" for c in offer)
    state = visit(match, 0, "black_market")
    empty_hands(state)
    state.players[0].money = 1
    choose(match, 0, offer[1])
    assert match.state.round == 2
    assert offer[1] not in match.state.black_market and match.state.players[0].money == 0
    assert set(offer) - {offer[1]} <= set(match.state.goods_discard)  # leftovers out at the round start
    assert len(match.state.black_market) == 4


def test_inf22_black_market_has_three_goods_with_three_players() -> None:
    assert len(table(3, variant="advanced", expansions=["black_market"]).state.black_market) == 3


def test_inf23_nightlife_draws_until_the_first_red_food_or_drink_and_the_guest_consumes_it() -> None:
    match = table(3, variant="advanced", expansions=["nightlife"])
    state = visit(match, 0, "nightlife")
    empty_hands(state)
    state.players[0].money = 1
    on_top(state, HEADCHEESE, CIGARETTES, JUICE)  # juice (green), cigarettes (smoking), head cheese
    assert [c["value"] for c in prompts(match)[0].choices["choose"]] == ["none", "seat_1", "seat_2"]
    bodies = choose(match, 0, "seat_2")
    state = match.state
    # cancer +1 each, the guest's head cheese, then the worsening step's cancer +1 (cancer 1 or more)
    assert state.players[0].tracks == tracks(cancer=2) and state.players[0].money == 0
    assert state.players[2].tracks == tracks(cholesterol=2, cancer=2)
    assert of_kind(bodies, "moved")[-1].cards == [JUICE, CIGARETTES, HEADCHEESE]
    assert {JUICE, CIGARETTES, HEADCHEESE} <= set(state.goods_discard)


def test_inf23_a_death_at_nightlife_is_handled_as_at_a_party() -> None:
    match = table(3, variant="advanced", expansions=["nightlife"])
    state = visit(match, 0, "nightlife")
    empty_hands(state)
    for player in state.players:
        player.money = 0
    state.players[0].money = 1
    state.players[1].tracks = tracks(cancer=9)
    choose(match, 0, "seat_1")
    state = match.state
    assert state.players[1].died
    assert state.players[0].tracks[3] == 3  # funeral (no money) +1, the host's shock +2
    assert state.players[2].tracks[3] == 1  # funeral only


@pytest.mark.parametrize(("option", "money", "change"), [("A", 0, tracks(pressure=1)), ("B", 2, [0] * 6)])
def test_inf24_flirt(option: str, money: int, change: list[int]) -> None:
    match = table(3, variant="advanced", expansions=["flirt"])
    state = visit(match, 0, "flirt")
    empty_hands(state)
    state.players[0].money = money
    state.players[0].tracks = tracks(depression=3)
    choose(match, 0, option)
    drop = 2 if option == "A" else 3
    assert match.state.players[0].tracks == [
        a + b for a, b in zip(tracks(depression=3 - drop), change, strict=True)
    ]
    assert match.state.players[0].money == 0


@pytest.mark.parametrize(("option", "count"), [("A", 1), ("B", 2)])
def test_inf25_family_tokens_for_money_up_to_four(option: str, count: int) -> None:
    match = table(3, variant="advanced", expansions=["family"])
    state = visit(match, 0, "family")
    empty_hands(state)
    state.players[0].money = 2
    choose(match, 0, option)
    assert match.state.players[0].family == count and match.state.family_supply == 12 - count
    state = visit(match, 0, "family")
    state.players[0].money, state.players[0].family, state.family_supply = 5, 3, 9
    assert [c["value"] for c in prompts(match)[0].choices["choose"]] == ["none", "A"]
    state.family_supply = 0
    assert [c["value"] for c in prompts(match)[0].choices["choose"]] == ["none"]


@pytest.mark.parametrize(("supply", "tokens", "gets"), [(13, 0, 1), (1, 2, 1), (0, 2, 0), (9, 4, 0)])
def test_inf26_career_pays_two_and_a_token_while_the_supply_and_limit_allow(
    supply: int, tokens: int, gets: int
) -> None:
    match = table(3, variant="advanced", expansions=["career"])
    state = visit(match, 0, "career")
    empty_hands(state)
    state.players[0].money, state.players[0].career = 0, tokens
    state.career_supply = supply
    choose(match, 0, "career")
    assert match.state.players[0].money == 2
    assert match.state.players[0].tracks == tracks(depression=2, pressure=1)
    assert match.state.players[0].career == tokens + gets


def test_inf27_afterlife_the_last_dead_previews_living_plus_two_from_the_action_phase_and_removes_one() -> (
    None
):
    match = table(3, afterlife=True)
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[2].died, state.deaths = 1, 1
    state.players[2].money = 0
    state.actors = [0]
    flow.draw_preview(state, Rng(b"afterlife", "test"), [])
    assert state.afterlife == 2 and len(state.preview) == 4
    preview = list(state.preview)
    view = GAME.view(state, 2)
    assert (
        view.preview == preview
        and GAME.view(state, 0).preview is None
        and GAME.view(state, None).preview is None
    )
    assert set(preview) <= GAME.hidden(state, 0) and not set(preview) & GAME.hidden(state, 2)
    choose(match, 0, "none")  # the round ends; the afterlife player removes one card of the offer
    assert list(prompts(match)) == [2]
    assert [c["value"] for c in prompts(match)[2].choices["choose"]] == preview
    bodies = choose(match, 2, preview[1])
    assert match.state.offer == [preview[0], *preview[2:]]
    assert of_kind(bodies, "offer_laid")[0].source == "afterlife"
    assert preview[1] in match.state.events_discard


@pytest.mark.parametrize(
    ("round_", "source"), [(2, "deck"), (3, "deck"), (4, "set_aside"), (5, "deck"), (7, "set_aside")]
)
def test_inf28_two_players_play_the_set_aside_cards_in_rounds_4_7_and_10(round_: int, source: str) -> None:
    state = table(2).state
    state.events_discard += state.offer
    aside = [state.events.pop() for _ in range(3)]
    state.set_aside, state.offer, state.round, state.phase = list(aside), [], round_, "offer"
    bodies = flow.lay_offer(state, Rng(b"two", "test"))
    assert bodies[-1].source == source
    assert (state.offer == aside) is (source == "set_aside")
    assert len(state.offer) == 3


def test_inf28_two_players_set_the_leftover_event_aside() -> None:
    match = table(2)
    first = match.state.start
    for seat in (first, 1 - first):
        empty_hands(match.state)
        choose(match, seat, match.state.offer[0])
    assert len(match.state.set_aside) == 1 and match.state.offer == []


def test_inf22_black_market_counts_the_players_at_the_start_not_the_living() -> None:
    match = table(4, variant="advanced", expansions=["black_market"])
    state = visit(match, 0, "black_market")
    empty_hands(state)
    state.players[1].died, state.deaths = 1, 1  # three living of four at the start
    choose(match, 0, "none")
    assert match.state.round == 2
    assert len(match.state.black_market) == 4


@pytest.mark.parametrize(
    ("expansion", "option", "paid"),
    [
        ("black_market", "", [(-1, "black-market")]),
        ("nightlife", "seat_1", [(-1, "nightlife")]),
        ("family", "B", [(-2, "family-b")]),
    ],
)
def test_inf22_inf23_inf25_an_expansions_price_is_logged(
    expansion: str, option: str, paid: list[tuple[int, str]]
) -> None:
    match = table(3, variant="advanced", expansions=[expansion])
    state = visit(match, 0, expansion)
    empty_hands(state)
    state.players[0].money = 3
    bodies = choose(match, 0, option or state.black_market[0])
    assert [(b.money, b.source) for b in of_kind(bodies, "changed") if b.seat == 0 and b.money] == paid


@pytest.mark.parametrize("expansions", [["black_market", "nightlife", "family"], ["flirt", "career"]])
def test_inf2_every_change_of_money_and_tokens_is_in_the_log(expansions: list[str]) -> None:
    """Summed over a whole game, the logged money and token changes give each seat's final holdings."""
    for n in range(3):
        key = f"ledger/{n}".encode()
        match = Match(GAME, 4, GAME.options({"expansions": expansions}), key)
        money = [p.money for p in match.state.players]
        tokens = {(s, t): 0 for s in range(4) for t in ("family", "career")}
        while GAME.outcome(match.state) is None:
            seat, prompt = next(iter(GAME.prompts(match.state).items()))
            view = GAME.view(match.state, seat)
            for event in match.act(seat, random_policy(view, prompt, Rng(key, str(match.version)))):
                body: Any = event.body
                if body.__struct_config__.tag == "changed":
                    money[body.seat] += body.money
                elif body.__struct_config__.tag == "tokens":
                    tokens[body.seat, body.token] += body.delta
        players = match.state.players
        assert money == [p.money for p in players]
        assert tokens == {(s, t): getattr(players[s], t) for s in range(4) for t in ("family", "career")}


def test_inf19_inf23_nightlifes_host_is_asked_before_each_effect_and_before_the_shock() -> None:
    match = table(3, variant="advanced", expansions=["nightlife"])
    state = visit(match, 0, "nightlife")
    empty_hands(state)
    for player in state.players:
        player.money = 0
    state.players[0].money = 1
    state.players[0].tracks = tracks(depression=7)
    state.players[1].tracks = tracks(cancer=9)
    give(state, 0, ANTIDEP, "medicine-antidepressants-2")
    choose(match, 0, "seat_1")
    assert list(prompts(match)) == [0]  # before the host's own cancer +1
    act(match, 0, "pass")
    state = match.state
    assert state.players[1].died and state.players[0].tracks == tracks(depression=7, cancer=1)
    # before the funeral's +1 and the host's shock +2, which would take depression 7 to 10
    assert list(prompts(match)) == [0] and prompts(match)[0].timer == "medicine"
    act(match, 0, "medicine", card=ANTIDEP)
    act(match, 0, "pass")
    state = match.state
    assert not state.players[0].died and state.players[0].tracks[3] == 7
