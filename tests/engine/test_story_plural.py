"""A story row chosen by a count's plural category (``{"count": {"plural": "few"}}``), by the CLDR rules
of the story's language (`games.engine.plural`): Grucha's Polish deal line reads "82 karty", where it
read "82 kart", and Infarkt's Czech face-down move "2 karty", "5 karet"; a condition naming a category
the language never gives a whole number, or a field that is not one, is refused at load."""

from __future__ import annotations

import pytest

from games.engine import DataError
from games.engine.plural import plural
from games.engine.story import StoryLine, check_story
from games.gregs.events import EventBody
from games.grucha import GAME as GRUCHA
from games.infarkt import GAME as INFARKT

COUNTS = (1, 2, 5, 22, 82)


#: Counts and their CLDR categories per language (the first letters: o(ne), f(ew), m(any), (o)t(her)).
COUNTED = (0, 1, 2, 3, 4, 5, 12, 21, 22, 25, 112, 104)
LETTER = {"o": "one", "f": "few", "m": "many", "t": "other"}


@pytest.mark.parametrize(
    ("lang", "letters"),
    [("pl", "mofffmmmfmmf"), ("cs", "tofffttttttt"), ("en", "totttttttttt"), ("de", "totttttttttt")],
)
def test_a_whole_number_takes_its_languages_cldr_category(lang: str, letters: str) -> None:
    assert [plural(lang, n) for n in COUNTED] == [LETTER[c] for c in letters]


def test_gru2_the_polish_deal_line_says_karta_karty_kart_by_the_stock_count() -> None:
    assert GRUCHA.catalog is not None
    teller = GRUCHA.catalog.teller("pl")
    told = [
        teller.describe({"kind": "round_started", "round": 1, "dealer": 1, "first": 0, "stock": n})
        for n in COUNTS
    ]
    assert told == [
        "runda 1: rozdaje miejsce 1, w decku 1 karta, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 2 karty, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 5 kart, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 22 karty, zaczyna miejsce 0",
        "runda 1: rozdaje miejsce 1, w decku 82 karty, zaczyna miejsce 0",
    ]
    english = GRUCHA.catalog.teller("en")
    assert english.describe({"kind": "round_started", "round": 1, "dealer": 1, "first": 0, "stock": 82}) == (
        "round 1: seat 1 dealt, 82 cards in the stock, seat 0 to play first"
    )


def test_gru_polish_draws_submissions_and_points_take_their_plural_form() -> None:
    assert GRUCHA.catalog is not None
    teller = GRUCHA.catalog.teller("pl")
    drew = [teller.describe({"kind": "drew", "seat": 2, "reason": "draw", "count": n}) for n in COUNTS]
    assert drew == [
        "miejsce 2 dobrało 1 kartę",
        "miejsce 2 dobrało 2 karty",
        "miejsce 2 dobrało 5 kart",
        "miejsce 2 dobrało 22 karty",
        "miejsce 2 dobrało 82 karty",
    ]
    penalty = [
        teller.describe({"kind": "drew", "seat": 2, "reason": "penalty", "count": n}) for n in (1, 3, 5)
    ]
    assert penalty == [
        "miejsce 2 dociągnęło kartę karną",
        "miejsce 2 dociągnęło 3 karne karty",
        "miejsce 2 dociągnęło 5 karnych kart",
    ]
    laid = [teller.describe({"kind": "submitted", "seat": 0, "count": n, "added": []}) for n in (2, 5, 22)]
    assert laid == ["miejsce 0 wyłożyło 2 karty", "miejsce 0 wyłożyło 5 kart", "miejsce 0 wyłożyło 22 karty"]
    shown = [
        teller.describe({"kind": "revealed", "seat": 1, "cards": ["JK-a1"], "points": n, "total": 40})
        for n in (1, 2, 5, 22)
    ]
    assert shown == [
        "miejsce 1 pokazuje dżoker: 1 punkt, suma 40",
        "miejsce 1 pokazuje dżoker: 2 punkty, suma 40",
        "miejsce 1 pokazuje dżoker: 5 punktów, suma 40",
        "miejsce 1 pokazuje dżoker: 22 punkty, suma 40",
    ]


def test_inf_the_czech_face_down_move_says_karta_karty_karet_by_the_count() -> None:
    assert INFARKT.catalog is not None
    teller = INFARKT.catalog.teller("cs")
    body = {"kind": "moved", "cards": [], "source": "deck:A", "target": "hand:1"}
    told = [teller.describe(body | {"count": n}) for n in COUNTS]
    origin, destination = told[0].split(": ", 1)[1].split(" → ")
    assert told == [
        f"1 karta lícem dolů: {origin} → {destination}",
        f"2 karty lícem dolů: {origin} → {destination}",
        f"5 karet lícem dolů: {origin} → {destination}",
        f"22 karet lícem dolů: {origin} → {destination}",
        f"82 karet lícem dolů: {origin} → {destination}",
    ]
    english = INFARKT.catalog.teller("en")
    assert [english.describe(body | {"count": n}).split(" moved")[0] for n in (1, 2)] == [
        "1 face-down card",
        "2 face-down cards",
    ]


@pytest.mark.parametrize(
    ("when", "lang", "error"),
    [
        (
            {"by": {"plural": "few"}},
            "en",
            "g/story.json: row 0 (kind 'moved'): 'few' is not a plural category of 'en' (known: one, other)",
        ),
        (
            {"by": {"plural": "other"}},
            "pl",
            "g/story.json: row 0 (kind 'moved'): 'other' is not a plural category of 'pl' "
            "(known: one, few, many)",
        ),
        (
            {"by": {"plural": "one"}},
            "fr",
            "g/story.json: row 0 (kind 'moved'): no plural rules for language 'fr' "
            "(known: ['cs', 'de', 'en', 'pl'])",
        ),
    ],
)
def test_a_plural_condition_the_language_never_meets_is_refused_at_load(
    when: dict[str, object], lang: str, error: str
) -> None:
    rows = [StoryLine("moved", "seat {seat:seat} moved {by}", when), StoryLine("moved", "seat {seat} moved")]
    with pytest.raises(DataError) as raised:
        check_story("g/story.json", rows, EventBody, {}, lang=lang)
    assert str(raised.value) == error


def test_a_plural_condition_on_a_field_that_is_not_a_whole_number_is_refused_at_load() -> None:
    rows = [StoryLine("chosen", "{seat:seat} chose {character}", {"character": {"plural": "one"}})]
    with pytest.raises(DataError) as raised:
        check_story("g/story.json", rows, EventBody, {})
    assert str(raised.value) == (
        "g/story.json: row 0 (kind 'chosen'): chosen's field character is not a whole number, "
        "so it has no plural"
    )
