"""Unknown fields inside an action are refused by every game (protocol/README.md), and the engine refuses
to build a game whose action Structs would silently ignore them."""

from __future__ import annotations

import typing
from typing import Any

import msgspec
import pytest

from games.catalog import with_fixtures
from games.engine.errors import IllegalAction
from games.engine.plugin import struct_types
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


class Tight(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    n: int = 0


class Loose(msgspec.Struct, frozen=True):
    n: int = 0


def lax_game(action: Any = None, options: Any = None) -> type[HandsGame]:
    """A `HandsGame` with another action union or options type."""

    class Lax(HandsGame):
        id = "fixture-lax"

    if action is not None:
        Lax.Action = action
    if options is not None:
        Lax.Options = options
    return Lax


@pytest.mark.parametrize(
    "field",
    [list[Loose], dict[str, Loose], Loose | None, tuple[int, Loose], list[dict[str, list[Loose]]]],
    ids=["list", "dict", "optional", "tuple", "nested"],
)
def test_a_game_whose_nested_action_struct_ignores_unknown_fields_cannot_be_built(field: Any) -> None:
    holder = msgspec.defstruct(
        "Holder", [("inner", field)], tag="hold", tag_field="kind", forbid_unknown_fields=True, frozen=True
    )
    with pytest.raises(TypeError, match="fixture-lax: action Loose must set forbid_unknown_fields=True"):
        lax_game(action=holder)()


def test_a_game_whose_options_or_nested_options_ignore_unknown_fields_cannot_be_built() -> None:
    class Top(msgspec.Struct, frozen=True):
        size: int = 4

    with pytest.raises(TypeError, match="fixture-lax: options Top must set forbid_unknown_fields=True"):
        lax_game(options=Top)()
    with pytest.raises(TypeError, match="fixture-lax: options Loose must set forbid_unknown_fields=True"):
        lax_game(options=Outer)()


class Outer(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rules: Loose = Loose()


class Node(msgspec.Struct, forbid_unknown_fields=True):
    kids: list[Node] = []
    leaf: Tight | None = None


def test_struct_types_walks_recursive_structs_once_each() -> None:
    assert [s.cls for s in struct_types(Node)] == [Node, Tight]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_struct_reachable_from_every_games_action_and_options_refuses_unknown_fields(
    game_id: str,
) -> None:
    game = GAMES[game_id]
    structs = [s for root in (game.Action, game.Options) for s in struct_types(root)]
    assert [s.cls.__name__ for s in structs if not s.forbid_unknown_fields] == []


def test_an_unknown_field_nested_in_an_action_is_malformed_with_its_path() -> None:
    with pytest.raises(IllegalAction) as caught:
        GAMES["fixture-meld"].convert_action({"kind": "submit", "groups": [{"cards": [], "colour": "red"}]})
    assert (caught.value.code, caught.value.message) == (
        "action/malformed",
        "Object contains unknown field `colour` - at `$.groups[0]`",
    )


def test_an_unknown_nested_option_is_refused_with_its_path() -> None:
    with pytest.raises(msgspec.ValidationError, match=r"unknown field `bogus` - at `\$.groups`"):
        GAMES["fixture-meld"].options({"groups": {"bogus": 1}})
