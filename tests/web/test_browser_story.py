"""The browser's log is the catalogue's story (issue 22's one sentence renderer): every line of a finished
bot room of each game, in English and in the game's own language, is the story's sentence with the
seats named by their players ("Seat 1 (random bot)", "Miejsce 1 (bot random)"), never the generic
renderer's "Kind: field value" and never a raw word."""

from __future__ import annotations

import re
from typing import Any

import httpx
import msgspec
import pytest

from games.engine.catalog import CatalogDoc, teller_of
from tests.web.conftest import Pages
from tests.web.helpers import OUTCOME, public_log, room_summary
from tests.web.test_browser_catalog import finished_bot_room

#: words a log line never shows: ids, a script's or Python's empties, an untold field, a bare seat number
RAW = re.compile(
    r"\bundefined\b|\bnull\b|\bNone\b|\[\]|\{|\}|\b\w+_\w+\b|\b(seat|miejsce|místo|Platz) \d+(?! \()"
)

#: the kinds whose sentence names a field the server derives (Infarkt's tracks, figures, piles, an
#: option's action with its price and effects; Gregs' places on the track): the browser's story cannot
#: tell them, so the game's renderer does; and Gregs' winner, whom the page names by character
#: (test_browser_gregs_newcomer checks both exactly)
DERIVED = {"infarkt": {"placed", "changed", "moved", "chosen"}, "gregs": {"moved", "game_end"}}


#: how a seat held by a bot is named, by language (chrome.json ``ui.seat.bot``)
BOT = {"en": "{} bot", "pl": "bot {}", "cs": "bot {}", "de": "{}-Bot"}


def seat_names(summary: dict[str, Any], word: str, lang: str = "en") -> dict[int, str]:
    named = {}
    for seat, info in enumerate(summary["seats"]):
        name = info.get("name") or (BOT[lang].format(info["bot"]) if info.get("bot") else None)
        named[seat] = f"{word} {seat} ({name})" if name else f"{word} {seat}"
    return named


@pytest.mark.parametrize(
    ("game", "locale"),
    [
        ("gregs", "en-US"),
        ("gregs", "de-DE"),
        ("grucha", "en-GB"),
        ("grucha", "pl-PL"),
        ("igranie", "en-US"),
        ("igranie", "pl-PL"),
        ("infarkt", "en-US"),
        ("infarkt", "cs-CZ"),
    ],
)
def test_issue_22_every_log_line_is_the_story_naming_seats_by_their_players(
    pages: Pages, base_url: str, game: str, locale: str
) -> None:
    room = finished_bot_room(base_url, game)
    lang = locale[:2]
    doc = httpx.get(f"{base_url}/api/games/{game}/catalog", params={"lang": lang}).json()
    story = teller_of(msgspec.convert(doc, CatalogDoc))
    word = doc["list_words"]["seat"]
    names = seat_names(room_summary(base_url, room), word[0].upper() + word[1:], lang)
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale))
    page.wait_for_selector(OUTCOME)
    page.wait_for_selector("#public-log:not([hidden])")
    lines = page.locator("#public-log-list li").all_inner_texts()
    bodies = [e["body"] for e in public_log(base_url, room)]
    assert len(lines) == len(bodies) > 0
    for body, line in zip(bodies, lines, strict=True):
        generic = f"{body['kind'].replace('_', ' ').capitalize()}: "
        assert not line.startswith(generic), line
        assert RAW.search(line) is None, (line, body)
        if body["kind"] in DERIVED.get(game, set()):
            continue
        told = story.describe(body, names.__getitem__)
        assert line == told[0].upper() + told[1:], body
    assert any(name in line for line in lines for name in names.values())
