"""Unknown fields inside an action are refused by every game (protocol/README.md), and the engine refuses
to build a game whose action Structs would silently ignore them."""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest

from games.catalog import with_fixtures
from games.engine.errors import IllegalAction
from games.fixtures.hands import HandsGame

GAMES = with_fixtures()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_action_kind_of_every_game_refuses_unknown_fields(game_id: str) -> None:
    game = GAMES[game_id]
    kinds = typing.get_args(game.Action) or (game.Action,)
    assert [k.__name__ for k in kinds if not k.__struct_config__.forbid_unknown_fields] == []


def test_gregs_refuses_an_extra_field_in_an_action() -> None:
    with pytest.raises(IllegalAction) as caught:
        GAMES["gregs"].convert_action({"kind": "choose", "character": "chr-greg", "x": 1})
    assert (caught.value.code, caught.value.message) == (
        "action/malformed",
        "Object contains unknown field `x`",
    )


def test_a_timeout_with_an_extra_field_is_refused() -> None:
    with pytest.raises(IllegalAction) as caught:
        GAMES["gregs"].convert_action({"kind": "timeout", "prompt": "p", "extra": True})
    assert caught.value.code == "action/malformed"


def test_a_game_whose_action_ignores_unknown_fields_cannot_be_built() -> None:
    class Lax(msgspec.Struct, frozen=True, tag="lax", tag_field="kind"):
        n: int = 0

    class LaxGame(HandsGame):
        id = "fixture-lax"
        Action: Any = Lax

    with pytest.raises(TypeError, match="fixture-lax: action Lax must set forbid_unknown_fields=True"):
        LaxGame()


def test_a_game_whose_event_is_tagged_type_cannot_be_built() -> None:
    class Typed(msgspec.Struct, frozen=True, tag="typed", tag_field="type"):
        n: int = 0

    class TypedGame(HandsGame):
        id = "fixture-typed"
        EventBody: Any = Typed

    with pytest.raises(TypeError, match="fixture-typed: event Typed must be tagged with tag_field='kind'"):
        TypedGame()


def test_every_event_of_every_game_is_tagged_kind() -> None:
    # the reaction and commit fixtures were tagged "type" while the protocol documents "kind"
    reaction = GAMES["fixture-reaction"].EventBody
    assert msgspec.json.encode(reaction.__args__[2](seat=1)) == b'{"kind":"passed","seat":1}'
    commit = GAMES["fixture-commit"].EventBody
    assert {t.__struct_config__.tag_field for t in commit.__args__} == {"kind"}
