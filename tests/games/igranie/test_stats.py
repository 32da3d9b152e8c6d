"""`games.igranie.endings` and `games.igranie.stats`: endings read from constructed final states, and a
tally's exact figures."""

from __future__ import annotations

from games.engine import Event
from games.igranie.endings import Ending, ending, figures
from games.igranie.events import Died, RentDue, TurnBegan
from games.igranie.stats import tally
from tests.games.igranie.helpers import FIEFIURKA, ILONA, LENA, MARCIN, STEFAN, table


def test_a_dream_bank_win_names_the_winner_and_its_round() -> None:
    state = table(ILONA, LENA, MARCIN)
    state.phase, state.reason, state.winner, state.round = "over", "dream_bank", 2, 17
    assert ending(state) == Ending("dream_bank", 2, {}, 17)


def test_a_death_ending_counts_every_cause_of_the_step() -> None:
    state = table(ILONA, LENA, MARCIN, STEFAN)
    for seat, cause in ((1, "homelessness"), (3, "homelessness"), (0, "starvation")):
        state.players[seat].dead, state.players[seat].cause = True, cause
    state.phase, state.reason, state.round = "over", "death", 9
    assert ending(state) == Ending("death", None, {"homelessness": 2, "starvation": 1}, 9)


def test_the_last_one_alive_after_deaths_is_a_sole_survivor() -> None:
    state = table(ILONA, LENA, FIEFIURKA, continue_after_death=True)
    for seat in (0, 2):
        state.players[seat].dead, state.players[seat].cause = True, "cold"
    state.phase, state.reason, state.round = "over", "death", 21
    assert ending(state) == Ending("sole_survivor", 1, {"cold": 2}, 21)


def test_a_game_not_over_is_unfinished() -> None:
    assert ending(table(ILONA, LENA, MARCIN)) == Ending("unfinished", None, {}, 1)


def test_tally_gives_shares_deaths_per_game_and_the_upper_median() -> None:
    endings = [
        Ending("dream_bank", 0, {}, 15),
        Ending("dream_bank", 1, {}, 18),
        Ending("death", None, {"starvation": 2}, 10),
        Ending("round_24", None, {}, 24),
    ]
    t = tally(endings)
    assert (t.games, t.endings, t.shares) == (
        4,
        {"dream_bank": 2, "death": 1, "round_24": 1},
        {"dream_bank": 50.0, "death": 25.0, "round_24": 25.0},
    )
    assert (t.deaths, t.death_share, t.rounds, t.guarded) == (
        {"starvation": 2},
        {"starvation": 25.0},
        (16.8, 18, 24),
        0,
    )


def test_figures_count_the_ending_deaths_and_rent_rounds_where_three_seats_pay_nothing() -> None:
    state = table(ILONA, LENA, MARCIN, STEFAN)
    state.players[3].dead, state.players[3].cause = True, "homelessness"
    state.phase, state.reason, state.round = "over", "death", 9
    rent_5 = [RentDue(0, 0, 0, "barter"), RentDue(1, 0, 0, "barter"), RentDue(2, 0, 0, "release")]
    rent_5.append(RentDue(3, 4, 0))
    rent_9 = [RentDue(0, 4, 4), RentDue(1, 4, 4), RentDue(2, 0, 0, "release"), RentDue(3, 8, 0)]
    bodies = [*rent_5, TurnBegan(0, 5), *rent_9, Died(3, "homelessness")]
    assert figures(state, [Event(b) for b in bodies]) == {
        "ended death": 1,
        "died of homelessness": 1,
        "rent rounds": 2,
        "rent rounds, 3+ seats pay nothing": 1,
        "rent rounds, 3+ seats settled": 1,
    }
