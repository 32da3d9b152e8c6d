"""The catalogue module: rows checked at load, the English fallback, language negotiation and the
story told in another language (issue 22)."""

from __future__ import annotations

import re

import msgspec
import pytest

from games.engine import DataError
from games.engine.catalog import (
    Catalog,
    CatalogDoc,
    Row,
    Words,
    check_catalog,
    derive,
    negotiate,
    required_ids,
    teller_of,
)
from games.engine.story import StoryLine
from games.gregs import GAME as GREGS
from games.gregs.events import EventBody
from games.infarkt import GAME as INFARKT

GREG = Row(
    "chr-greg", "character", en=Words("Greg", "The diarist."), de=Words("Greg", "Der Tagebuchschreiber.")
)
ROBOT = Row(
    "motif",
    "term",
    en=Words("Robot", "Moves you {value:+d}."),
    de=Words("Roboter", "Bewegt dich {value:+d}."),
)


def _catalog(*rows: Row, translations: dict[str, list[StoryLine]] | None = None, **kw: object) -> Catalog:
    given = [(row, "reconstruction") for row in rows]
    return check_catalog(
        "gregs",
        "c.json",
        given,
        ("en", "de"),
        GREGS.story,
        EventBody,
        translations or {},
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("rows", "error"),
    [
        ((GREG, GREG), "c.json: row 1 (id 'chr-greg'): given twice"),
        ((Row("x", "term", en=Words("X"), pl=Words("Iks")),), "c.json: row 0 (id 'x'): pl is not a language"),
        (
            (Row("x", "term", en=Words("X", "Does."), de=Words("X")),),
            "de needs a name, and a text exactly where",
        ),
        ((Row("x", "term", en=Words("X"), de=Words(" ")),), "de needs a name"),
        ((Row("option.x", "option", en=Words("X")),), "an option needs words in every language"),
    ],
)
def test_issue_22_a_bad_row_is_refused_naming_it(rows: tuple[Row, ...], error: str) -> None:
    with pytest.raises(DataError, match=re.escape(error)):
        _catalog(*rows)


def test_issue_22_an_id_the_game_requires_without_a_row_is_refused() -> None:
    with pytest.raises(DataError, match=re.escape("c.json: no row for phase.reveal")):
        _catalog(GREG, required={"chr-greg", "phase.reveal"})


def test_issue_22_a_translated_story_row_is_checked_like_an_english_one() -> None:
    with pytest.raises(
        DataError, match=re.escape("c.json: story in de: row 0 (kind 'chosen'): chosen has no field who")
    ):
        _catalog(GREG, translations={"de": [StoryLine("chosen", "{who}")]})


def test_issue_22_a_missing_language_falls_back_to_english_and_says_so() -> None:
    cat = _catalog(GREG, Row("phase.over", "phase", en=Words("Game over", "It ended.")))
    entries = cat.doc("de").entries
    assert entries["chr-greg"].text == "Der Tagebuchschreiber." and entries["chr-greg"].lang == "de"
    assert (entries["phase.over"].name, entries["phase.over"].lang) == ("Game over", "en")
    de = next(c for c in cat.coverage() if c.lang == "de")
    assert (de.entries, de.total, de.story, de.story_total) == (1, 2, 0, 13)


def test_issue_22_a_built_row_takes_the_place_of_the_file_row_that_lends_it_words() -> None:
    def own(rows: dict[str, Row]) -> list[tuple[Row, str]]:
        return [(derive("act-robot-1", "card", rows["motif"], value=-2), "rulebook")]

    cat = _catalog(GREG, ROBOT, own_rows=own)
    assert cat.doc("de").entries["act-robot-1"].text == "Bewegt dich -2."
    assert cat.provenance["act-robot-1"] == "rulebook"


def test_issue_22_the_version_changes_with_the_contents_and_the_bytes_are_encoded_once() -> None:
    a, b = _catalog(GREG), _catalog(GREG, ROBOT)
    assert a.version != b.version and a.version == _catalog(GREG).version
    assert a.encoded("de") is a.encoded("de")
    with pytest.raises(KeyError):
        a.doc("cs")


def test_issue_22_a_translated_story_uses_its_names_and_list_words() -> None:
    row = StoryLine("game_end", "Sieg für {winners:seats}")
    cat = _catalog(GREG, translations={"de": [StoryLine("chosen", "Platz {seat} wählte {character}"), row]})
    teller = cat.teller("de")
    assert teller.describe({"kind": "chosen", "seat": 2, "character": "chr-greg"}) == "Platz 2 wählte Greg"
    assert teller.describe({"kind": "game_end", "winners": [0, 2], "ranks": [], "reason": "finished"}) == (
        "Sieg für Plätze 0 und 2"
    )
    # a kind not translated is told in English, its seat named in the language's words as lists are
    assert (
        teller.describe({"kind": "last_round", "seat": 1}) == "Platz 1 reached rank 1: the last round begins"
    )


@pytest.mark.parametrize(
    ("asked", "accept", "served"),
    [
        ("de", None, "de"),
        ("cs", "de-AT,de;q=0.9", "de"),
        (None, "fr-FR,fr;q=0.9,de;q=0.5,en;q=0.4", "de"),
        (None, "en;q=0.9,de;q=0.8", "en"),
        (None, "de;q=0", "en"),
        (None, None, "en"),
        (None, "*", "en"),
    ],
)
def test_issue_22_the_language_served_follows_the_query_then_accept_language(
    asked: str | None, accept: str | None, served: str
) -> None:
    assert negotiate(["en", "de"], asked, accept) == served


def test_issue_22_every_value_an_option_type_closes_needs_a_row() -> None:
    """Infarkt's ``variant`` and ``expansions`` close their values: each needs ``option.<field>.<value>``,
    so that a form names every choice; Gregs' ``start`` (a pattern) closes none."""
    from games.gregs.model import Options as GregsOptions
    from games.infarkt import actions
    from games.infarkt import model as infarkt

    needed = required_ids(infarkt.Phase, infarkt.Options, actions.Action, (), (), ())
    assert {"option.variant.base", "option.variant.extreme", "option.expansions.family"} <= needed
    gregs = required_ids(str, GregsOptions, actions.Action, (), (), ())
    assert {i for i in gregs if i.startswith("option.")} == {
        "option.start",
        "option.offer_cut",
        "option.turn_limit",
    }


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("en", "seat 1 fell back by 3 on the popularity track, or to its left end if nearer"),
        (
            "de",
            "Platz 1 fällt auf der Beliebtheitsleiste um 3 zurück, oder bis an ihr linkes Ende,"
            " wenn es näher ist",
        ),
    ],
)
def test_gre_7_a_served_catalogue_tells_a_move_without_the_server_s_derived_fields(
    lang: str, sentence: str
) -> None:
    served = msgspec.json.decode(GREGS.catalog.encoded(lang), type=CatalogDoc)  # type: ignore[union-attr]
    moved = {"kind": "moved", "seat": 1, "by": -3, "start": 1, "end": 0}
    assert teller_of(served).describe(moved) == sentence
    stuck = teller_of(served).describe(moved | {"start": 0})
    assert (
        stuck
        == {
            "en": "seat 1 could not fall back on the popularity track: already at its left end",
            "de": "Platz 1 kann auf der Beliebtheitsleiste nicht zurückfallen: schon an ihrem linken Ende",
        }[lang]
    )


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [("en", "seat 1 took action A at Gym"), ("cs", "místo 1 vybralo akci A: Posilovna")],
)
def test_inf_9_a_served_catalogue_tells_an_option_taken_without_the_server_s_derived_fields(
    lang: str, sentence: str
) -> None:
    served = msgspec.json.decode(INFARKT.catalog.encoded(lang), type=CatalogDoc)  # type: ignore[union-attr]
    option = [r for r in served.story["chosen"] if r.when == {"step": "option"}]
    assert [r.text for r in option] == [
        {"en": "{seat:seat} chose {deed}", "cs": "{seat:seat} vybralo {deed}"}[lang]
    ]
    chosen = {"kind": "chosen", "seat": 1, "step": "option", "value": "A", "place": "gym"}
    assert teller_of(served).describe(chosen) == sentence
