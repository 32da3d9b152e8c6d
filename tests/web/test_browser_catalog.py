"""Issue 22 in the browser: Gregs' table names its characters and cards from the game's catalogue in
the page's language (de or en), with their texts as tooltips, and no raw word shows on the page."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from tests.web.conftest import Pages
from tests.web.helpers import OUTCOME

#: words a page never shows: ids, and a script's or Python's empties
RAW = re.compile(
    r"\b(act|chr|rank|res|spc|wrk|chl|lfx)-[a-z]|\b(Chl|Wrk|Res|Spc|Lfx) [a-z]"
    r"|\bundefined\b|\bnull\b|\bNone\b|\[\]"
)


def finished_bot_room(base_url: str, game: str = "gregs") -> str:
    made = httpx.post(f"{base_url}/api/rooms", json={"game": game, "seats": 3}).json()
    auth = {"Authorization": f"Bearer {made['host_token']}"}
    for seat in range(3):
        httpx.post(
            f"{base_url}/api/rooms/{made['room']}/seats/{seat}/bot", json={"policy": "random"}, headers=auth
        )
    deadline = time.monotonic() + 60
    while httpx.get(f"{base_url}/api/rooms/{made['room']}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return str(made["room"])


def finished_table(pages: Pages, base_url: str, game: str, locale: str) -> tuple[Any, dict[str, Any], str]:
    """A finished bot room of ``game`` open in a browser of ``locale``: the page, the catalogue's entries
    in that language and the page's visible text."""
    room = finished_bot_room(base_url, game)
    params = {"lang": locale[:2]}
    entries = httpx.get(f"{base_url}/api/games/{game}/catalog", params=params).json()["entries"]
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale))
    page.wait_for_selector(OUTCOME)
    page.wait_for_selector("#public-log:not([hidden])")
    return page, entries, page.locator("body").inner_text()


@pytest.mark.parametrize(("locale", "cheese"), [("de-DE", "Stinkkäse"), ("en-US", "Stinky Cheese")])
def test_issue_22_gregs_table_reads_names_and_texts_from_the_catalogue_in_the_page_language(
    pages: Pages, base_url: str, locale: str, cheese: str
) -> None:
    page, entries, text = finished_table(pages, base_url, "gregs", locale)
    lang = locale[:2]
    names = page.locator("#table .track li .character-name").all_inner_texts()
    assert names and all(
        n in {e["name"] for e in entries.values() if e["group"] == "character"} for n in names
    )
    tooltips = page.locator("#table .track li.track-character").evaluate_all(
        "els => els.map(e => document.getElementById(e.getAttribute('aria-describedby')).textContent)"
    )
    text_of = {e["name"]: e["text"] for e in entries.values() if e["group"] == "character"}
    assert tooltips == [text_of[n] for n in names]
    faces = page.locator("#table .fan-card.face-up .card-face").all_inner_texts()
    motifs = {e["name"] for k, e in entries.items() if k.startswith("act-")} | {entries["cheese"]["name"]}
    assert all(f.split(" (")[0] in motifs for f in faces)
    assert RAW.search(text) is None, RAW.search(text)
    assert page.get_attribute("html", "lang") == lang
    assert entries["cheese"]["name"] == cheese and "Greg" in {e["name"] for e in entries.values()}
    if lang == "de":
        assert page.inner_text("#log-title") == "Was geschah (Ältestes zuerst)"
        # the log is told by the catalogue's German story
        log = page.locator("#public-log-list li").all_inner_texts()
        assert log and sum(line.startswith("Platz ") for line in log) > len(log) // 2


@pytest.mark.parametrize("locale", ["pl-PL", "en-GB"])
def test_issue_22_igranie_table_names_cards_spaces_and_characters_from_the_catalogue(
    pages: Pages, base_url: str, locale: str
) -> None:
    page, entries, text = finished_table(pages, base_url, "igranie", locale)
    lang = locale[:2]
    assert RAW.search(text) is None, RAW.search(text)
    tip = "(e) => document.getElementById(e.getAttribute('aria-describedby')).textContent"
    heads = page.locator("#table .ig-players h3").evaluate_all(
        f"els => els.map(e => [e.innerText, ({tip})(e)])"
    )
    characters = {e["name"]: e["text"] for e in entries.values() if e["group"] == "character"}
    for head, described in heads:
        name = head.split(": ")[1].removesuffix(" (to play)").removesuffix(" (teraz gra)")
        assert described.split("\n")[0] == characters[name]  # then a line per Ability
    loops = page.locator("#table .ig-loop h3").all_inner_texts()
    assert loops == [entries["work"]["name"], entries["chillout"]["name"]]
    if lang == "pl":
        assert loops == ["Praca", "Chill"]
        log = page.locator("#public-log-list li").all_inner_texts()
        assert sum(line.startswith(("Miejsce ", "Runda ")) for line in log) > len(log) // 2


@pytest.mark.parametrize("locale", ["cs-CZ", "en-US"])
def test_issue_22_infarkt_table_names_tracks_places_and_cards_from_the_catalogue(
    pages: Pages, base_url: str, locale: str
) -> None:
    page, entries, text = finished_table(pages, base_url, "infarkt", locale)
    lang = locale[:2]
    raw = re.compile(r"\b(goods|medicine|event|action)[-.][a-z]|\bundefined\b|\bnull\b|\bNone\b|\[\]")
    assert raw.search(text) is None, raw.search(text)
    tracks = page.locator("#table .inf-track .track-name").all_inner_texts()
    ids = ["cholesterol", "pressure", "obesity", "depression", "diabetes", "cancer"]
    assert tracks[:6] == [entries[t]["name"] for t in ids]
    if lang == "cs":
        assert tracks[:6] == ["cholesterol", "tlak", "obezita", "deprese", "cukrovka", "rakovina"]
        assert "Posilovna" in text or "Domov" in text
