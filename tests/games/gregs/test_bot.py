"""Gregs Tagebuch: the heuristic bot against random bots (measured in full by ``boardroom arena``)."""

from __future__ import annotations

from clients.commands.arena import run_arena
from games.engine import Rng
from games.gregs import GAME
from games.gregs.bot import cheese_chance, heuristic, keep_revealing, unseen_mean
from tests.games.gregs.helpers import CHEESE, PLASTER, ROBOT, WRESTLING, ZOO, act, reveal, table, turn_of


class TestHeuristic:
    def test_bots_offer_the_heuristic(self) -> None:
        assert list(GAME.bots()) == ["heuristic", "search-heuristic"]

    def test_risk_is_read_from_the_public_view(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, CHEESE, ROBOT])
        reveal(match, 1, 0)
        view = GAME.view(match.state, 1)
        assert cheese_chance(view) == 1 / 3
        assert unseen_mean(view) == 34 / 38

    def test_a_non_holder_stops_when_one_card_hides_the_cheese(self) -> None:
        match = table()
        turn_of(match, 1, 0, [PLASTER, CHEESE])
        reveal(match, 1, 0)
        view, prompt = GAME.view(match.state, 1), GAME.prompts(match.state)[1]
        assert keep_revealing(view) is False
        assert heuristic(view, prompt, Rng(b"bot", "test")) == {"kind": "stop"}

    def test_the_curse_goes_to_the_best_placed_rival(self) -> None:
        match = table()
        turn_of(match, 0, 0, [PLASTER, WRESTLING, ZOO, CHEESE, ROBOT])
        reveal(match, 0, 0, 1, 2)
        act(match, 0, "stop")  # Greg moves 7: Rodrick (seat 3) is the best placed rival
        view, prompt = GAME.view(match.state, 0), GAME.prompts(match.state)[0]
        assert heuristic(view, prompt, Rng(b"bot", "test")) == {"kind": "curse", "target": 3}

    def test_heuristic_wins_at_least_40_percent_against_three_random_bots(self) -> None:
        tally = run_arena(GAME, ["heuristic", "random", "random", "random"], 200, "ci")
        assert (tally.games, tally.wins, tally.guarded) == (200, {"heuristic": 89, "random": 111}, 0)
        assert tally.wins["heuristic"] / tally.games >= 0.40
