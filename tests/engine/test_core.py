"""Engine basics: the error-code registry, data-file validation, atomic actions and exact replay."""

from __future__ import annotations

import json

import msgspec
import pytest

from games.engine import CODES, DataError, IllegalAction, Match, declare, parse_rows
from games.engine.model import Timeout
from games.fixtures import commit

GAME = commit.GAME


class Row(msgspec.Struct):
    id: str
    cost: int


class TestErrorCodes:
    def test_undeclared_code_is_refused_at_construction(self) -> None:
        with pytest.raises(ValueError, match="undeclared error code 'action/made_up'"):
            IllegalAction("action/made_up")

    def test_declared_code_carries_its_meaning_as_default_message(self) -> None:
        error = IllegalAction("commit/already", details={"round": 2})
        assert (error.code, error.message, error.details) == (
            "commit/already",
            "this seat has already committed this round",
            {"round": 2},
        )

    def test_redeclaring_a_code_with_another_meaning_is_refused(self) -> None:
        with pytest.raises(ValueError, match="declared twice"):
            declare({"game/over": "something else"})
        assert CODES["game/over"] == "the game has ended"


class TestDataFiles:
    def text(self, rows: list[object]) -> str:
        return json.dumps({"provenance": "reconstruction", "rows": rows})

    def test_good_rows_convert(self) -> None:
        text = self.text([{"id": "a", "cost": 1}, {"id": "b", "cost": 2}])
        table = parse_rows("deck.json", text, Row)
        assert (table.provenance, table.rows) == ("reconstruction", [Row("a", 1), Row("b", 2)])
        assert table.row_provenance == ["reconstruction", "reconstruction"]

    def test_corrupted_row_names_file_index_id_and_field(self) -> None:
        text = self.text([{"id": "a", "cost": 1}, {"id": "b", "cost": "two"}])
        with pytest.raises(DataError) as caught:
            parse_rows("deck.json", text, Row)
        assert str(caught.value) == "deck.json: row 1 (id 'b'): Expected `int`, got `str` - at `$.cost`"

    def test_corrupted_row_without_id_is_named_by_index(self) -> None:
        with pytest.raises(DataError, match=r"^deck\.json: row 0: "):
            parse_rows("deck.json", self.text([["not", "an", "object"]]), Row)

    def test_unknown_provenance_is_refused(self) -> None:
        text = json.dumps({"provenance": "guess", "rows": []})
        with pytest.raises(DataError, match=r"^deck\.json: "):
            parse_rows("deck.json", text, Row)


class TestMatch:
    def test_illegal_action_leaves_state_version_and_log_unchanged(self) -> None:
        match = Match(GAME, 3, GAME.options(), b"seed")
        match.act(0, {"kind": "bid", "card": 2})
        before = (GAME.encode_state(match.state), match.version, len(match.log))
        refusals = [
            (0, {"kind": "bid", "card": 3}, "commit/already"),
            (1, {"kind": "bid", "card": 9}, "action/bad_choice"),
            (1, {"kind": "bid", "card": "x"}, "action/malformed"),
            (1, {"kind": "timeout", "prompt": "commit/0/1"}, "action/stale_prompt"),
        ]
        for seat, action, code in refusals:
            with pytest.raises(IllegalAction) as caught:
                match.act(seat, action)
            assert caught.value.code == code
            assert (GAME.encode_state(match.state), match.version, len(match.log)) == before

    def test_replay_reproduces_the_state_bytes(self) -> None:
        match = Match(GAME, 2, GAME.options(), b"replay")
        actions = [(0, 5), (1, 4), (1, 1), (0, 1), (0, 2), (1, 2)]
        for seat, card in actions:
            match.act(seat, {"kind": "bid", "card": card}, now=100.0 + seat)
        prompt = GAME.prompts(match.state)[0].id
        match.act(0, msgspec.to_builtins(Timeout(prompt)))
        replayed = Match.replay(GAME, 2, GAME.options(), b"replay", match.log)
        assert replayed.version == match.version == 7
        assert GAME.encode_state(replayed.state) == GAME.encode_state(match.state)

    def test_same_seed_same_deal_other_seed_other_deal(self) -> None:
        deals = [Match(GAME, 2, GAME.options(), seed).state.deck for seed in (b"a", b"a", b"b")]
        assert deals[0] == deals[1]
        assert deals[0] != deals[2]
