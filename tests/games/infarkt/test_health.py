"""Infarkt's tracks, deaths and windows (INF-1, INF-4, INF-15, INF-17…19, INF-25): limits, the grave,
funerals and party deaths served card by card, the worsening step, medicines and family tokens."""

from __future__ import annotations

import pytest

from games.engine import Match, Outcome
from games.infarkt import GAME, health
from games.infarkt.events import Changed, Died, Tokens
from games.infarkt.model import Item
from tests.games.infarkt.helpers import (
    ANTIDEP,
    BETA,
    COFFEE,
    HEADCHEESE,
    STATINS,
    act,
    choose,
    empty_hands,
    give,
    kinds,
    of_kind,
    prompts,
    table,
    tracks,
    visit,
)


def _party(seats: int = 3, host: int = 0) -> Match:
    """``host`` at Home holding head cheese (cholesterol +2) and coffee (pressure +1), everyone broke."""
    match = table(seats)
    state = visit(match, host, "home")
    empty_hands(state)
    give(state, host, HEADCHEESE, COFFEE)
    for player in state.players:
        player.money = 0
    return match


def test_inf1_a_track_stays_in_0_to_10_and_the_rest_of_an_effect_is_lost() -> None:
    state = table(3).state
    state.players[0].tracks = tracks(cholesterol=1, obesity=9)
    changed = health.apply_item(state, Item(0, tracks(cholesterol=-3, obesity=4)), "test", None)
    assert state.players[0].tracks == tracks(cholesterol=0, obesity=10)
    assert changed.deltas == tracks(cholesterol=-1, obesity=1)


@pytest.mark.parametrize(
    ("name", "dies"),
    [
        ("cholesterol", True),
        ("pressure", True),
        ("depression", True),
        ("diabetes", True),
        ("cancer", True),
        ("obesity", False),
    ],
)
def test_inf4_any_track_but_obesity_at_ten_kills(name: str, dies: bool) -> None:
    state = table(3).state
    state.players[0].tracks = tracks(**{name: 10})
    assert health.at_grave(state.players[0]) is dies


def test_inf18_the_rulebooks_example_reads_the_values_before_the_step() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[0].tracks = tracks(cholesterol=7, pressure=6)
    choose(match, 0, "none")
    assert match.state.players[0].tracks == tracks(cholesterol=7, pressure=7)
    assert match.state.round == 2


@pytest.mark.parametrize(
    ("before", "after"),
    [
        (tracks(cholesterol=6), tracks(cholesterol=6)),
        (tracks(cholesterol=7), tracks(cholesterol=7, pressure=1)),
        (tracks(pressure=7), tracks(pressure=7, cholesterol=1)),
        (tracks(cholesterol=7, pressure=7), tracks(cholesterol=8, pressure=8)),
        (tracks(obesity=4), tracks(obesity=4)),
        (tracks(obesity=5), tracks(obesity=5, diabetes=1)),
        (tracks(depression=4), tracks(depression=4)),
        (tracks(depression=5), tracks(depression=6)),
        (tracks(cancer=0), tracks(cancer=0)),
        (tracks(cancer=1), tracks(cancer=2)),
    ],
)
def test_inf18_the_worsening_table(before: list[int], after: list[int]) -> None:
    state = table(3).state
    state.players[1].tracks = list(before)
    items = {i.seat: i.deltas for i in health.worsening(state)}
    assert [v + d for v, d in zip(before, items.get(1, [0] * 6), strict=True)] == after


def test_inf17_a_death_removes_figures_and_cards_and_every_living_player_pays_the_funeral() -> None:
    match = table(3)
    state = visit(match, 0, "work", "pharmacy", "gym")
    empty_hands(state)
    give(state, 0, COFFEE)
    state.players[0].tracks = tracks(depression=8)
    state.players[0].money = 4
    state.players[1].money, state.players[2].money = 2, 0
    bodies = choose(match, 0, "work")
    state = match.state
    assert of_kind(bodies, "died") == [Died([0], 1, ["depression"])]
    dead = state.players[0]
    assert (dead.died, dead.cards, dead.figures, dead.money) == (1, [], [], 0)
    assert COFFEE in state.goods_discard
    assert (state.players[1].money, state.players[1].tracks) == (1, [0] * 6)
    assert (state.players[2].money, state.players[2].tracks) == (0, tracks(depression=1))


def test_inf15_inf17_a_party_kills_both_neighbours_card_by_card_and_then_the_host() -> None:
    match = _party()
    state = match.state
    state.players[0].tracks = tracks(depression=6)
    state.players[1].tracks = tracks(cholesterol=8)
    state.players[2].tracks = tracks(cholesterol=8)
    choose(match, 0, "B", HEADCHEESE, COFFEE)
    bodies = choose(match, 0, HEADCHEESE)
    assert of_kind(bodies, "died") == [
        Died([1], 1, ["cholesterol"]),
        Died([2], 2, ["cholesterol"]),
        Died([0], 3, ["depression"]),
    ]
    funerals = [(b.seat, b.deltas[3]) for b in of_kind(bodies, "changed") if b.source == "funeral"]
    # the left guest's death: the right guest +1 funeral +1 shock, the host +1 funeral +2 shock;
    # the right guest's: the host +1 +2 again, which reaches the grave
    assert funerals == [(0, 3), (2, 2), (0, 1)]
    outcome = GAME.outcome(match.state)
    assert outcome == Outcome([1, 3, 2], [], "no_survivor")
    assert kinds(bodies)[-1] == "game_end"


def test_inf17_two_deaths_at_a_party_give_the_host_four() -> None:
    match = _party(4, host=0)
    state = match.state
    state.players[1].tracks = tracks(cholesterol=8)
    state.players[3].tracks = tracks(cholesterol=8)
    for player in state.players:
        player.money = 5  # the funerals are paid
    choose(match, 0, "B", HEADCHEESE, COFFEE, HEADCHEESE)
    state = match.state
    assert [p.died for p in state.players] == [0, 1, 0, 2]
    assert state.players[0].tracks == tracks(depression=4)
    assert state.players[2].tracks == [0] * 6  # no guest: funerals paid, no shock
    assert state.players[0].money == 3
    assert GAME.outcome(state) is None  # two alive


def test_inf17_the_last_living_player_wins_and_the_dead_rank_by_order_of_death() -> None:
    state = table(4).state
    state.players[2].died, state.players[0].died, state.players[3].died = 1, 2, 2
    state.deaths = 2
    state.phase = "over"
    assert GAME.outcome(state) == Outcome([2, 1, 4, 2], [1])


def test_inf17_deaths_in_one_worsening_step_share_a_rank() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    for player in state.players:
        player.tracks = tracks(depression=9)
    choose(match, 0, "none")
    assert GAME.outcome(match.state) == Outcome([1, 1, 1], [], "no_survivor")


def test_inf19_the_window_before_an_effect_asks_its_target_alone_with_its_medicines() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    give(state, 0, ANTIDEP)
    give(state, 1, STATINS)
    choose(match, 0, "work")
    assert list(prompts(match)) == [0]
    prompt = prompts(match)[0]
    assert prompt.choices == {"pass": [{}], "medicine": [{"card": ANTIDEP}]}
    assert (prompt.timer, prompt.default, prompt.strike) == ("medicine", "pass", False)
    state = match.state
    state.players[0].tracks = tracks(depression=5)
    act(match, 0, "medicine", card=ANTIDEP)
    # the window skips a holder with nothing left to play; then the effect: depression 2 + 2
    assert match.state.players[0].tracks == tracks(depression=4)


def test_inf19_a_guest_uses_a_medicine_during_the_hosts_party() -> None:
    match = _party()
    state = match.state
    state.players[1].tracks = tracks(cholesterol=8)
    give(state, 1, STATINS)
    choose(match, 0, "B", HEADCHEESE, COFFEE, HEADCHEESE)
    assert list(prompts(match)) == [1]
    act(match, 1, "medicine", card=STATINS)
    state = match.state
    # 8 - 3 + 2 cholesterol, the coffee's pressure +1, then the worsening step's +1 (cholesterol 7)
    assert state.players[1].tracks == tracks(cholesterol=7, pressure=2)
    assert not state.players[1].died


def test_inf19_the_window_before_worsening_asks_every_living_holder() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    give(state, 0, STATINS)
    give(state, 2, BETA)
    choose(match, 0, "none")
    assert sorted(prompts(match)) == [0, 2]
    assert {p.timer for p in prompts(match).values()} == {"medicine"}
    act(match, 2, "pass")
    act(match, 0, "pass")
    assert match.state.round == 2


def test_inf25_family_tokens_cancel_rising_points_in_a_once_window_after_the_medicine_window() -> None:
    match = table(3, variant="advanced", expansions=["family"])
    state = visit(match, 0, "work")
    empty_hands(state)
    give(state, 0, STATINS)
    state.players[0].family, state.family_supply = 3, 9
    choose(match, 0, "work")
    assert prompts(match)[0].timer == "medicine"
    act(match, 0, "pass")
    prompt = prompts(match)[0]
    assert (prompt.timer, prompt.default) == ("family", "pass")
    assert prompt.choices["family"] == [{"cancel": tracks(depression=1)}, {"cancel": tracks(depression=2)}]
    act(match, 0, "family", cancel=tracks(depression=2))
    state = match.state
    assert state.players[0].tracks == [0] * 6
    assert (state.players[0].family, state.family_supply) == (1, 11)


def test_inf25_family_tokens_spent_at_a_funeral_are_logged_with_it() -> None:
    match = table(3, variant="advanced", expansions=["family"])
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[0].tracks = tracks(depression=8)
    state.players[1].money, state.players[2].money = 1, 0
    state.players[2].family, state.family_supply = 1, 11
    choose(match, 0, "work")
    assert list(prompts(match)) == [2] and prompts(match)[2].timer == "family"
    bodies = act(match, 2, "family", cancel=tracks(depression=1))
    lines = [b for b in bodies if b.__struct_config__.tag in ("tokens", "changed") and b.seat == 2]
    assert lines[:2] == [Tokens(2, "family", -1), Changed(2, [0] * 6, 0, "funeral")]
    assert match.state.players[2].tracks == [0] * 6


def test_inf17_a_dead_players_money_and_tokens_leave_in_the_log() -> None:
    match = table(3, variant="advanced", expansions=["family"])
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[0].tracks = tracks(depression=8)
    state.players[0].family, state.family_supply = 2, 10
    state.players[0].money = 1
    choose(match, 0, "work")
    bodies = act(match, 0, "pass")  # the family question before the work's depression +2
    lines = [b for b in bodies if b.__struct_config__.tag in ("tokens", "changed") and b.seat == 0]
    # work pays 3, then the death sends the 4 coins to the bank and the 2 tokens to the supply
    assert lines == [
        Changed(0, tracks(depression=2), 3, "work"),
        Changed(0, [0] * 6, -4, "death"),
        Tokens(0, "family", -2),
    ]


def test_inf19_a_broke_holder_is_asked_alone_before_a_funerals_depression() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[0].tracks = tracks(depression=8)
    state.players[1].money, state.players[2].money = 0, 0
    state.players[1].tracks = tracks(depression=9)
    give(state, 1, ANTIDEP)
    bodies = choose(match, 0, "work")
    assert of_kind(bodies, "died") == [Died([0], 1, ["depression"])]
    assert list(prompts(match)) == [1]
    assert prompts(match)[1].choices == {"pass": [{}], "medicine": [{"card": ANTIDEP}]}
    assert prompts(match)[1].timer == "medicine"
    act(match, 1, "medicine", card=ANTIDEP)
    state = match.state
    # 9 - 3 + 1 for the funeral, then the worsening step's +1 (depression 5 or more)
    assert not state.players[1].died and state.players[1].tracks == tracks(depression=8)
    assert state.players[2].tracks == tracks(depression=1)


def test_inf19_a_party_guest_is_asked_before_the_shock_of_the_other_guests_death() -> None:
    match = _party()
    state = match.state
    state.players[1].tracks = tracks(cholesterol=8)
    state.players[2].tracks = tracks(depression=8)
    give(state, 2, ANTIDEP)
    bodies = choose(match, 0, "B", HEADCHEESE, COFFEE, HEADCHEESE)
    assert of_kind(bodies, "died") == [Died([1], 1, ["cholesterol"])]
    # the funeral (+1, nobody has money) and the guest's shock (+1) would take depression 8 to 10
    assert list(prompts(match)) == [2] and prompts(match)[2].timer == "medicine"
    act(match, 2, "medicine", card=ANTIDEP)
    state = match.state
    assert not state.players[2].died
    # 8 - 3 + 2, then head cheese and coffee (depression -1 each, cholesterol +2, pressure +1), then
    # the worsening step's +1 (depression 5 or more)
    assert state.players[2].tracks == tracks(cholesterol=2, pressure=1, depression=6)
    assert state.players[0].tracks == tracks(depression=3)  # the host: +1 funeral, +2 shock


def test_inf1_the_part_of_an_effect_beyond_a_tracks_end_is_told_as_lost() -> None:
    match = table(3)
    state = visit(match, 0, "gym")
    empty_hands(state)
    state.players[0].money = 3
    state.players[0].tracks = tracks(depression=4)
    bodies = choose(match, 0, "A")
    # Gym A: obesity -1 at obesity 0 does nothing, depression -1 and the price apply
    gym = [b for b in of_kind(bodies, "changed") if b.source == "gym-a"]
    assert gym == [Changed(0, tracks(depression=-1), -1, "gym-a", tracks(obesity=-1))]


def test_inf18_a_worsening_change_names_the_rows_that_gave_it() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[1].tracks = tracks(cholesterol=7, obesity=5)
    bodies = choose(match, 0, "none")
    worse = [b for b in of_kind(bodies, "changed") if b.source == "worsening"]
    assert worse == [
        Changed(1, tracks(pressure=1, diabetes=1), 0, "worsening", [], ["cholesterol", "obesity"])
    ]


def test_inf4_a_death_names_the_track_that_reached_the_grave() -> None:
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    state.players[0].tracks = tracks(obesity=10, cancer=9)
    state.players[1].tracks = tracks(depression=9)
    bodies = choose(match, 0, "none")
    assert of_kind(bodies, "died") == [Died([0, 1], 1, ["cancer", "depression"])]
