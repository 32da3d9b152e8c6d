"""The engine's shared pieces of a game's `apply`: the handler by kind, the choices check, the end."""

from __future__ import annotations

import pytest

from games.engine import GameEnded, IllegalAction, Outcome, Prompt, Timeout, handler, require_choice
from games.engine.model import ActionStruct


class Take(ActionStruct, frozen=True, tag="take"):
    card: str


class Pass(ActionStruct, frozen=True, tag="pass"):
    pass


PROMPT = Prompt("p1", ["take", "pass"], choices={"take": [{"card": "a"}, {"card": "b"}]})


def test_the_handler_of_an_action_is_found_by_its_kind_timeouts_included() -> None:
    handlers = {"take": "take!", "timeout": "default!"}
    assert handler(handlers, Take("a")) == "take!"
    assert handler(handlers, Timeout("p1")) == "default!"


def test_a_kind_without_a_handler_is_our_bug_and_names_the_kind() -> None:
    with pytest.raises(TypeError, match="no handler for the action kind 'pass'"):
        handler({"take": 1}, Pass())


def test_a_value_the_prompt_does_not_list_is_a_bad_choice_and_a_free_kind_passes() -> None:
    require_choice(PROMPT, Take("b"))
    with pytest.raises(IllegalAction) as refused:
        require_choice(PROMPT, Take("z"))
    assert (refused.value.code, refused.value.details) == ("action/bad_choice", {"kind": "take"})
    with pytest.raises(IllegalAction):
        require_choice(PROMPT, Pass())
    require_choice(PROMPT, Pass(), free={"pass"})


def test_the_end_event_says_what_the_outcome_says() -> None:
    assert GameEnded.of(Outcome([2, 1], [1])) == GameEnded([2, 1], [1], "finished", False)
    guarded = Outcome([1, 1], [0, 1], "turn_limit", guard=True)
    assert GameEnded.of(guarded) == GameEnded([1, 1], [0, 1], "turn_limit", True)
    # the game's own word may say more than the engine's ``finished`` (GRU-15: which end came first)
    assert GameEnded.of(Outcome([1, 2], [0]), "points") == GameEnded([1, 2], [0], "points", False)
