"""Data files: the provenance of a file and of each row of a ``mixed`` file, validated at load."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest

from games.engine import PROVENANCES, DataError, parse_rows


class Card(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    cost: int


def parse(provenance: str, *rows: Any) -> tuple[str, list[Card], list[str]]:
    """``(file provenance, rows, row provenances)`` of a ``deck.json`` holding ``rows``."""
    table = parse_rows("deck.json", json.dumps({"provenance": provenance, "rows": list(rows)}), Card)
    return table.provenance, table.rows, list(table.row_provenance)


def card(id: str, cost: int = 1, **extra: Any) -> dict[str, Any]:
    return {"id": id, "cost": cost, **extra}


class TestVocabulary:
    def test_the_terms_are_rulebook_publisher_reviews_reconstruction(self) -> None:
        assert PROVENANCES == ("rulebook", "publisher", "reviews", "reconstruction")

    @pytest.mark.parametrize("term", PROVENANCES)
    def test_a_file_of_one_provenance_gives_it_to_every_row(self, term: str) -> None:
        assert parse(term, card("a"), card("b", 2)) == (term, [Card("a", 1), Card("b", 2)], [term, term])


class TestMixedFiles:
    def test_each_row_names_its_provenance_which_is_not_a_field_of_the_row(self) -> None:
        rows = [card("a", provenance="rulebook"), card("b", 2, provenance="reviews")]
        assert parse("mixed", *rows) == ("mixed", [Card("a", 1), Card("b", 2)], ["rulebook", "reviews"])

    def test_an_empty_mixed_file_loads(self) -> None:
        assert parse("mixed") == ("mixed", [], [])


@pytest.mark.parametrize(
    ("provenance", "rows", "message"),
    [
        (
            "mixed",
            [card("a", provenance="rulebook"), card("b")],
            "deck.json: row 1 (id 'b'): a row of a 'mixed' file must name its provenance",
        ),
        (
            "mixed",
            [card("a", provenance="guess")],
            "deck.json: row 0 (id 'a'): provenance 'guess' is not one of "
            "rulebook, publisher, reviews, reconstruction",
        ),
        (
            "mixed",
            [card("a", provenance="mixed")],
            "deck.json: row 0 (id 'a'): provenance 'mixed' is not one of "
            "rulebook, publisher, reviews, reconstruction",
        ),
        (
            "mixed",
            [{"cost": 1, "provenance": None}],
            "deck.json: row 0: provenance None is not one of rulebook, publisher, reviews, reconstruction",
        ),
        (
            "mixed",
            [["a", 1]],
            "deck.json: row 0: a row of a 'mixed' file must name its provenance",
        ),
        (
            "reconstruction",
            [card("a"), card("b", provenance="rulebook")],
            "deck.json: row 1 (id 'b'): only a 'mixed' file's rows name a provenance",
        ),
        (
            "mixed",
            [card("a", "two", provenance="publisher")],
            "deck.json: row 0 (id 'a'): Expected `int`, got `str` - at `$.cost`",
        ),
        (
            "guess",
            [card("a")],
            "deck.json: Invalid enum value 'guess' - at `$.provenance`",
        ),
    ],
    ids=[
        "a mixed file's row without provenance",
        "an unknown term",
        "mixed is not a row's term",
        "a term that is not a string",
        "a row that is not an object",
        "a row's provenance in a file that is not mixed",
        "a bad field in a mixed file's row",
        "an unknown file provenance",
    ],
)
def test_a_bad_provenance_names_the_file_and_the_row(provenance: str, rows: list[Any], message: str) -> None:
    with pytest.raises(DataError) as caught:
        parse(provenance, *rows)
    assert str(caught.value) == message
