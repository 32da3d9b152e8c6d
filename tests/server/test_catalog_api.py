"""``GET /api/games/{game}/catalog`` and the languages of ``GET /api/games`` (issue 22)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import jsonschema
import msgspec
import pytest

from games.engine.catalog import CatalogDoc
from protocol.schema import SCHEMA_DIR
from server.settings import Settings
from server.testing import running_server

from .conftest import GAMES


@pytest.fixture(scope="module")
def client() -> Iterator[httpx.Client]:
    with running_server(Settings(), games=GAMES) as server, httpx.Client(base_url=server.url) as http:
        yield http


def test_issue_22_games_list_their_languages_english_first(client: httpx.Client) -> None:
    languages = {g["id"]: g["languages"] for g in client.get("/api/games").json()}
    assert languages["gregs"] == ["en", "de"] and languages["grucha"] == ["en", "pl"]
    assert languages["igranie"] == ["en", "pl"] and languages["infarkt"] == ["en", "cs"]
    assert languages["fixture-hands"] == ["en"]


def test_issue_22_the_catalogue_answers_in_the_language_asked_with_names_texts_rules_and_story(
    client: httpx.Client,
) -> None:
    response = client.get("/api/games/igranie/catalog", params={"lang": "pl"})
    assert response.status_code == 200 and response.headers["content-language"] == "pl"
    doc = msgspec.json.decode(response.content, type=CatalogDoc)
    assert (doc.game, doc.lang, doc.languages) == ("igranie", "pl", ["en", "pl"])
    tenner = doc.entries["chl-tenner-1"]
    assert (tenner.name, tenner.text, tenner.group) == ("Dycha w zimowej kurtce", "Weź 3 Pieniądze.", "card")
    assert doc.rules[0].id == "IGR-1" and doc.story["passed"][0].text == "{seat:seat} pasuje"
    assert doc.list_words == {"and": "i", "seat": "miejsce", "seats": "miejsca"}


def test_issue_22_accept_language_chooses_when_no_lang_is_asked_and_english_is_the_fallback(
    client: httpx.Client,
) -> None:
    czech = client.get("/api/games/infarkt/catalog", headers={"Accept-Language": "cs-CZ,cs;q=0.9,en;q=0.5"})
    assert czech.headers["content-language"] == "cs" and czech.json()["entries"]["home"]["name"] == "Domov"
    other = client.get("/api/games/infarkt/catalog", params={"lang": "fr"}, headers={"Accept-Language": "de"})
    assert other.headers["content-language"] == "en" and other.json()["lang"] == "en"
    assert other.json()["entries"]["home"]["name"] == "Home"


def test_issue_22_the_etag_changes_per_language_and_a_matching_if_none_match_gets_304(
    client: httpx.Client,
) -> None:
    first = client.get("/api/games/gregs/catalog", params={"lang": "de"})
    etag = first.headers["etag"]
    assert etag == f'"gregs-de-{first.json()["version"]}"'
    assert first.headers["cache-control"] == "public, max-age=300"
    again = client.get("/api/games/gregs/catalog", params={"lang": "de"}, headers={"If-None-Match": etag})
    assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", etag)
    english = client.get("/api/games/gregs/catalog", headers={"If-None-Match": etag})
    assert english.status_code == 200 and english.headers["etag"] != etag


def test_issue_22_a_fixture_game_serves_its_story_in_english(client: httpx.Client) -> None:
    doc = client.get("/api/games/fixture-hands/catalog").json()
    assert (doc["lang"], doc["entries"], doc["rules"]) == ("en", {}, [])
    assert sorted(doc["story"]) == ["drew", "drew_face_down", "played"]


@pytest.mark.parametrize(
    ("path", "status", "code"),
    [
        ("/api/games/chess/catalog", 404, "game/not_found"),
        ("/api/games/gregs/catalog?lang=%3Cscript%3E", 400, "request/invalid"),
    ],
)
def test_issue_22_a_bad_catalogue_request_is_refused_with_its_code(
    client: httpx.Client, path: str, status: int, code: str
) -> None:
    response = client.get(path)
    assert (response.status_code, response.json()["code"]) == (status, code)


@pytest.mark.parametrize(
    ("game", "lang"), [("gregs", "de"), ("grucha", "pl"), ("igranie", "en"), ("infarkt", "cs")]
)
def test_issue_22_every_served_catalogue_matches_the_published_schema(
    client: httpx.Client, game: str, lang: str
) -> None:
    schema = json.loads((SCHEMA_DIR / "catalog.json").read_text(encoding="utf-8"))
    jsonschema.validate(client.get(f"/api/games/{game}/catalog", params={"lang": lang}).json(), schema)
