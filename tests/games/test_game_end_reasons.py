"""Issue 21, point 6: what protocol/README.md ("`outcome.reason` and the `game_end` event") promises a
client of every game's last event: ``outcome.reason`` is ``finished`` when the rules ended the game with
winners, else the same word as the ``game_end`` event's ``reason``; a game's ``game_end`` carries
``guard`` in every game (the engine's `GameEnded`), equal to the outcome's."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from clients.conformance.playout import policy_of
from games.catalog import shipped
from games.engine import Match, Rng

GAMES = shipped()
#: the games with a guard, as the table says (every ``game_end`` has a ``guard`` field)
GUARDED = {"gregs", "infarkt"}
#: each table's words, as protocol/README.md lists them
WORDS = {
    "gregs": {"finished", "turn_limit"},
    "grucha": {"rounds", "points", "time"},
    "igranie": {"round_24", "death", "dream_bank", "no_survivor"},
    "infarkt": {"finished", "no_survivor", "round_limit"},
}


def last_game_end(game_id: str, seed: bytes) -> tuple[dict[str, Any], Any] | None:
    """A random play-out's ``game_end`` body and outcome (``None``: not over within the step cap)."""
    game = GAMES[game_id]
    match = Match(game, game.min_seats if game_id != "igranie" else 3, game.options(), seed)
    policy, rng = policy_of(game), Rng(seed, "test/game_end")
    for _ in range(game.coverage().step_cap):
        prompts = game.prompts(match.state)
        if not prompts:
            break
        seat = min(prompts)
        events = match.act(seat, policy(game.view(match.state, seat), prompts[seat], rng))
        for event in events:
            body = msgspec.to_builtins(event.body)
            if body["kind"] == "game_end":
                return body, game.outcome(match.state)
    return None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_game_end_reason_and_guard_relate_to_the_outcome_as_documented(game_id: str) -> None:
    ended = 0
    for i in range(3):
        found = last_game_end(game_id, f"end-{i}".encode())
        if found is None:
            continue
        body, outcome = found
        ended += 1
        assert body["reason"] in WORDS[game_id]
        expected = "finished" if outcome.winners and not outcome.guard else body["reason"]
        assert outcome.reason == expected, (body, outcome)
        assert "guard" in body
        assert body["guard"] == outcome.guard
        assert not outcome.guard or game_id in GUARDED
    assert ended >= 1
