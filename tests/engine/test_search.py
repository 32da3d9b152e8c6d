"""Bot entries and the generic search bot: the search sees worlds, never the state; budgets in nodes."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Bot, Prompt, Rng, Thought, bots_of, random_policy, think
from games.engine.bots import SEARCH_NODES, private
from games.engine.search import candidates, ismcts
from games.fixtures.hands import GAME as HANDS
from games.gregs import GAME
from tests.games.gregs.helpers import CHEESE, PLASTER, WRESTLING, ZOO, reveal, table, turn_of

SEED = b"room-seed"


class TestEntries:
    def test_every_game_offers_random_and_search_and_wraps_bare_policies(self) -> None:
        table_ = bots_of(GAME)
        assert list(table_) == ["random", "search", "heuristic", "search-heuristic"]
        assert (table_["random"].searches, table_["search"].searches) == (False, True)
        assert (table_["heuristic"].searches, table_["heuristic"].nodes) == (False, 0)
        assert table_["search"].nodes == SEARCH_NODES

    @pytest.mark.parametrize(("search", "nodes"), [(None, 5), (ismcts(HANDS, random_policy), 0)])
    def test_a_budget_goes_with_a_search_only(self, search: Any, nodes: int) -> None:
        with pytest.raises(ValueError, match="nodes"):
            Bot(random_policy, search, nodes)

    def test_an_entry_is_a_policy(self) -> None:
        prompt = Prompt("p", ["draw"], choices={"draw": [{}]})
        assert Bot(random_policy)(None, prompt, Rng(b"k", "s")) == {"kind": "draw"}


class TestContract:
    """What `think` hands a search: the seat's view and prompt, worlds re-dealt for the seat, a budget."""

    def test_a_search_gets_worlds_and_a_generator_not_keyed_by_the_room_seed(self) -> None:
        match = table()
        seen: list[Any] = []

        def spy(seat: int, view: Any, prompt: Prompt, rng: Rng, worlds: Any, nodes: int) -> Thought:
            seen.extend([seat, view, prompt, rng, worlds(Rng(b"w", "world")), nodes])
            return Thought({"kind": "reveal", "slot": 0}, 7)

        state = match.state
        thought = think(GAME, Bot(random_policy, spy, 9), state, 0, Rng(SEED, "bot/0/v4"))
        assert thought == Thought({"kind": "reveal", "slot": 0}, 7)
        seat, view, prompt, rng, world, nodes = seen
        assert (seat, view, prompt, nodes) == (0, GAME.view(state, 0), GAME.prompts(state)[0], 9)
        assert rng.seed != SEED and rng.stream == "bot/0/v4"
        assert GAME.encode_state(world) == GAME.encode_state(GAME.redeal(state, 0, Rng(b"w", "world")))

    def test_a_plain_policy_draws_from_the_private_generator(self) -> None:
        match = table()
        drawn: list[Rng] = []

        def policy(view: Any, prompt: Prompt, rng: Rng) -> dict[str, Any]:
            drawn.append(rng)
            return {"kind": "reveal", "slot": 1}

        think(GAME, Bot(policy), match.state, 0, Rng(SEED, "bot/0/v4"))
        assert (drawn[0].seed, drawn[0].stream) == (private(Rng(SEED, "bot/0/v4")).seed, "bot/0/v4")
        assert len(drawn[0].seed) == 32 and drawn[0].seed != SEED


class TestSearch:
    def test_the_search_spends_exactly_its_budget_and_decides_the_same_way_every_time(self) -> None:
        match = table()
        bot = Bot(random_policy, ismcts(GAME, random_policy), 300)
        first = think(GAME, bot, match.state, 0, Rng(SEED, "bot/0/v4"))
        again = think(GAME, bot, match.state, 0, Rng(SEED, "bot/0/v4"))
        assert first == again and first.nodes == 300
        assert first.action in candidates(GAME.prompts(match.state)[0])

    def test_a_single_candidate_costs_no_node(self) -> None:
        match = table()
        prompt = Prompt("one", ["stop", "reveal"], choices={"stop": [{}], "reveal": []})
        assert candidates(prompt) == [{"kind": "stop"}]
        search = ismcts(GAME, random_policy)
        thought = search(1, None, prompt, Rng(b"k", "s"), lambda rng: match.state, 50)
        assert thought == Thought({"kind": "stop"}, 0)

    def test_a_non_holder_stops_rather_than_reveal_the_cheese_for_sure(self) -> None:
        """GRE-14: the last hidden slot holds the cheese; revealing it takes the curse, stopping moves +7."""
        match = table()
        turn_of(match, 1, 0, [PLASTER, WRESTLING, ZOO, CHEESE])
        reveal(match, 1, 0, 1, 2)
        thought = think(GAME, bots_of(GAME)["search"], match.state, 1, Rng(SEED, "bot/1/v7"))
        assert thought.action == {"kind": "stop"}

    def test_a_play_out_whose_rollout_is_refused_is_void(self) -> None:
        """A refused step may leave the state half-changed, so nothing of that play-out is scored: with a
        rollout that is always refused, no candidate is scored and the first one is played."""

        def refused(view: Any, prompt: Prompt, rng: Rng) -> dict[str, Any]:
            return {"kind": "reveal", "slot": 99}

        match = table()
        search = ismcts(GAME, refused)
        prompt = GAME.prompts(match.state)[0]
        thought = search(0, None, prompt, Rng(b"k", "s"), lambda rng: GAME.redeal(match.state, 0, rng), 40)
        assert thought == Thought(candidates(prompt)[0], 40)
