"""Gregs Tagebuch at the table for a newcomer (issue "a table a newcomer can play from the page
alone"), in Chromium, in English and German: a turn a rule ends says which rule, with a link into the
rules panel (GRE-14, 17, 18); a move on the popularity track in words, places counted from 1 and a move
the track's end cut short said to be one (GRE-7); the last round's turns in plural forms; the winner
named by character and seat (GRE-20); the status lines and piles in the page's language; the fixture
tables' plurals; and the rules panel showing the time the reader's move has left."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from games.gregs import GAME
from tests.games.gregs.test_story import MOVES
from tests.web.conftest import Pages
from tests.web.helpers import OUTCOME, public_log, take_seat
from tests.web.test_browser_catalog import finished_bot_room

CHROME = json.loads((Path(__file__).resolve().parents[2] / "clients/web/app/chrome.json").read_text("utf-8"))

#: per language: the page's word for a seat, a random bot's mark, the log's "move" and the story's teller
WORDS = {
    "en-US": ("Seat", "random bot", "move", GAME.story),
    "de-DE": ("Platz", "random-Bot", "Zug", GAME.catalog.teller("de")),
}


def catalog(base_url: str, lang: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{base_url}/api/games/gregs/catalog", params={"lang": lang}).json()
    return answer


def finished_game(pages: Pages, base_url: str, locale: str) -> tuple[Any, str]:
    """A 3-seat Gregs room that random bots played to the end, open in a page of ``locale`` (its log
    read from the room's public log: the page came late)."""
    room = finished_bot_room(base_url, "gregs")
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale))
    page.wait_for_selector(OUTCOME)
    page.wait_for_selector("#log li[data-version]")
    return page, room


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_gre14_gre17_gre18_gre7_gre20_the_log_says_why_a_turn_ended_how_far_a_move_went_and_who_won(
    pages: Pages, base_url: str, locale: str
) -> None:
    page, room = finished_game(pages, base_url, locale)
    seat_word, bot, move, teller = WORDS[locale]
    lang = locale[:2]
    rules = {r["id"]: r["name"] for r in catalog(base_url, lang)["rules"]}
    names = {k: v["name"] for k, v in catalog(base_url, lang)["entries"].items()}
    link = CHROME[lang]["ui.rules.link"]
    entries = public_log(base_url, room)
    characters = {e["body"]["seat"]: e["body"]["character"] for e in entries if e["body"]["kind"] == "chosen"}

    def seat(n: int) -> str:
        return f"{seat_word} {n} ({bot})"

    def capital(text: str) -> str:
        return text[0].upper() + text[1:]

    shown = page.locator("#log li[data-version]").all_inner_texts()
    assert len(shown) == len(entries)
    over = 0
    for entry, line in zip(entries, shown, strict=True):
        body, version = entry["body"], entry["version"]
        if body["kind"] == "moved":
            assert line == f"{move} {version} {capital(teller.describe(body, seat))}"
        elif body["kind"] == "revealing_over":
            over += 1
            told = capital(teller.describe(body, seat))
            rule = link.replace("{rule}", body["rule"]).replace("{name}", rules[body["rule"]])
            assert line == f"{move} {version} {told} {rule}"
        elif body["kind"] == "game_end":
            (winner,) = body["winners"]
            won = f"{names[characters[winner]]}, {seat(winner)}"
            expected = {"en": f"Game over: {won} won", "de": f"Spielende: Sieg für {won}"}[lang]
            assert line == f"{move} {version} {expected}"
    assert over == page.locator("#log a.rule-link").count() > 0  # a bot game always meets the cheese

    # the outcome names the winner's character, then its seat
    (winner,) = next(e["body"]["winners"] for e in entries if e["body"]["kind"] == "game_end")
    won = f"{names[characters[winner]]}, {seat(winner)}"
    assert (
        page.locator("#outcome .winners").inner_text()
        == {"en": f"Winner: {won}", "de": f"Sieger: {won}"}[lang]
    )
    first = page.locator("#outcome .ranking li").first.inner_text()
    assert first.startswith({"en": f"Rank 1: {won} — ", "de": f"Rang 1: {won} — "}[lang])

    # the log's link opens the rules panel at the rule that ended the turn
    first_link = page.locator("#log a.rule-link").first
    rule = first_link.get_attribute("data-rule")
    first_link.click()
    assert page.locator("#rules-body").is_visible()
    assert page.locator(f"#rule-{rule}.rule-current").is_visible()


#: a Gregs table's context in the page: the catalogue in the page's language, seat n named "<word> n"
CONTEXT = """async ([lang, word, view, viewer]) => {
  const { nameOf, textOf } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/gregs/catalog?lang=${lang}`)).json();
  return { viewer, view, catalog, outcome: null, pending: false, seats: [], name: (n) => `${word} ${n}`,
           nameOf: (id) => nameOf(catalog, id), textOf: (id) => textOf(catalog, id), offered: () => null,
           choose: () => {} };
}"""

DRAWN = (
    """async ([lang, word, view, viewer]) => {
  const ctx = await ("""
    + CONTEXT
    + """)([lang, word, view, viewer]);
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const box = document.createElement('div');
  box.append(rendererFor('gregs').view(ctx));
  document.body.append(box);
  const texts = (sel) => [...box.querySelectorAll(sel)].map((e) => e.innerText);
  const drawn = { status: texts('.gregs-status li'), track: texts('.gregs-track h3, .gregs-track p'),
                  fan: texts('.fan li'), sum: texts('.revealed-sum'), note: texts('.gregs-rule-note'),
                  rank: [...box.querySelectorAll('.track-rank')].map((e) => e.getAttribute('aria-label')) };
  box.remove();
  return drawn;
}"""
)

ROW = ["chr-greg", "chr-rupert", "chr-manni", "rank-51", "rank-40", "rank-30", "rank-20", "rank-10", "rank-2"]


def gregs_view(**fields: Any) -> dict[str, Any]:
    view = {
        "phase": "reveal",
        "seats": 3,
        "characters": ["chr-greg", "chr-rupert", "chr-manni"],
        "row": ROW,
        "holder": 1,
        "active": 0,
        "holder_turn": False,
        "to_act": 0,
        "fan": [
            {"slot": 0, "card": "act-plaster-cast-1", "value": 2},
            {"slot": 1, "card": None, "value": None},
        ],
        "revealed_sum": 2,
        "draw_count": 1,
        "discard_count": 0,
        "discard": [],
        "turn": 4,
        "turn_limit": 200,
        "last_round": False,
        "turns_left": None,
    }
    return view | fields


def open_table_words(pages: Pages, base_url: str, locale: str) -> Any:
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "gregs", "seats": 3}).json()["room"]
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale))
    page.wait_for_selector("#lang")  # the chrome's words are loaded
    return page


STATUS = {
    "en-US": (
        ["Turn 5", "Curse holder: Rupert, Seat 1", "Draw pile: 1 card", "Discard pile: 0 cards"],
        [
            "Popularity track",
            "Least popular on the left; right of the 2 is rank 1. Places are counted from 1 on the left.",
        ],
        ["Slot 0\nPlaster Cast (+2)", "Slot 1"],
        ["Revealed this turn: +2"],
        "rank 51",
        {0: "Last round: no turns left", 1: "Last round: 1 turn left", 3: "Last round: 3 turns left"},
    ),
    "de-DE": (
        ["Zug 5", "Fluchträger: Rupert, Platz 1", "Nachziehstapel: 1 Karte", "Ablagestapel: 0 Karten"],
        [
            "Beliebtheitsleiste",
            "Links die Unbeliebtesten; rechts von der 2 ist Rang 1. Die Stellen zählen von 1 an links.",
        ],
        ["Karte 0\nGipsarm (+2)", "Karte 1"],
        ["In diesem Zug aufgedeckt: +2"],
        "Rang 51",
        {0: "Letzte Runde: kein Zug mehr", 1: "Letzte Runde: noch 1 Zug", 3: "Letzte Runde: noch 3 Züge"},
    ),
}


@pytest.mark.parametrize("locale", sorted(STATUS))
def test_gre20_the_status_lines_piles_and_last_round_are_words_with_plurals(
    pages: Pages, base_url: str, locale: str
) -> None:
    page = open_table_words(pages, base_url, locale)
    status, track, fan, revealed, rank, last = STATUS[locale]
    word = WORDS[locale][0]
    drawn = page.evaluate(DRAWN, [locale[:2], word, gregs_view(), None])
    assert (drawn["status"], drawn["track"], drawn["fan"], drawn["sum"]) == (status, track, fan, revealed)
    assert drawn["rank"][0] == rank and drawn["note"] == []
    for left, line in last.items():
        view = gregs_view(last_round=True, turns_left=left)
        assert page.evaluate(DRAWN, [locale[:2], word, view, None])["status"] == [*status, line]


NOTE = {
    "en-US": "Only the cheese is left face down, so the revealing ended without a stop: the holder moved by"
    " the revealed sum and now gives the curse away. Rule GRE-18: Passing the curse",
    "de-DE": "Nur der Käse liegt noch verdeckt, also endete das Aufdecken ohne Aufhören: der Fluchträger zog"
    " um die aufgedeckte Summe und gibt jetzt den Fluch weiter. Regel GRE-18: Den Fluch weitergeben",
}


@pytest.mark.parametrize("locale", sorted(NOTE))
def test_gre18_the_table_says_the_holders_revealing_ended_by_the_rule(
    pages: Pages, base_url: str, locale: str
) -> None:
    page = open_table_words(pages, base_url, locale)
    revealed = [
        {"slot": 0, "card": "act-plaster-cast-1", "value": 2},
        {"slot": 1, "card": "act-wrestling-1", "value": 1},
        {"slot": 2, "card": None, "value": None},
        {"slot": 3, "card": "act-zoo-wee-mama-1", "value": 4},
    ]
    ended = gregs_view(phase="curse", holder=0, holder_turn=True, fan=revealed, revealed_sum=7)
    drawn = page.evaluate(DRAWN, [locale[:2], WORDS[locale][0], ended, 0])
    assert drawn["note"] == [NOTE[locale]]
    # a stop with more than the cheese face down was the holder's own choice: no note
    stopped = gregs_view(
        phase="curse", holder=0, holder_turn=True, fan=[*revealed, {"slot": 4, "card": None}]
    )
    assert page.evaluate(DRAWN, [locale[:2], WORDS[locale][0], stopped, 0])["note"] == []


DESCRIBED = (
    """async ([lang, bodies]) => {
  const ctx = await ("""
    + CONTEXT
    + """)([lang, 'Seat', null, null]);
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const { tell } = await import('/static/sdk/catalog.js');
  // the page tells a move by the renderer where the story's row names fields only the server derives
  // (it asks the story without plain sentences, as the table does)
  const describe = (b) => rendererFor('gregs').describe(b, { ...ctx, logSeat: () => 'Ann' });
  return bodies.map((b) => [tell(ctx.catalog, b, { plain: false }), describe(b)]);
}"""
)


@pytest.mark.parametrize("locale", ["en-US", "de-DE"])
def test_gre7_the_page_tells_a_move_as_the_story_does(pages: Pages, base_url: str, locale: str) -> None:
    page = open_table_words(pages, base_url, locale)
    bodies = [{"kind": "moved", "seat": 0, **fields} for fields, _, _ in MOVES]
    told = page.evaluate(DESCRIBED, [locale[:2], bodies])
    expected = [english if locale == "en-US" else german for _, english, german in MOVES]
    assert [line for _, line in told] == expected
    # the story's own rows tell a move that goes nowhere (no places, or already at the track's end: the
    # conditions name the event's own fields); the others are the renderer's
    seat = "seat 0" if locale == "en-US" else "Platz 0"
    assert [row for row, _ in told] == [None] * 4 + [line.replace("Ann", seat) for line in expected[4:]]


HANDS = """async () => {
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const view = { hand: ['H7'], hand_sizes: [1, 3], scores: [1, 0], active: 1, deck_size: 1,
                 pile: ['S2', 'D5'] };
  const ctx = { view, viewer: 0, name: (n) => `Seat ${n}`, offered: () => [], pending: false };
  const box = document.createElement('div');
  box.append(rendererFor('fixture-hands').view(ctx));
  return [...box.querySelectorAll('.hand-sizes li, section[aria-label=Table] > p')].map((e) => e.textContent);
}"""


def test_the_fixture_table_counts_cards_and_points_in_plural_forms(pages: Pages, base_url: str) -> None:
    page = open_table_words(pages, base_url, "en-US")
    assert page.evaluate(HANDS) == [
        "Deck: 1 card. Pile: D5 on top (2 cards).",
        "you: 1 card, 1 point",
        "Seat 1: 3 cards, 0 points — to play",
    ]


COUNTDOWN = {"en-US": r"Your move is waiting: (\d+) s left", "de-DE": r"Dein Zug wartet: noch (\d+) s"}


@pytest.mark.parametrize("locale", sorted(COUNTDOWN))
def test_the_rules_panel_shows_how_long_the_readers_move_has_left(
    pages: Pages, base_url: str, locale: str
) -> None:
    made = httpx.post(f"{base_url}/api/rooms", json={"game": "gregs", "seats": 3}).json()
    auth = {"Authorization": f"Bearer {made['host_token']}"}
    for seat in (1, 2):
        url = f"{base_url}/api/rooms/{made['room']}/seats/{seat}/bot"
        assert httpx.post(url, json={"policy": "random"}, headers=auth).status_code < 300
    spectator = pages.open(f"/rooms/{made['room']}", pages.context(locale=locale))
    page = pages.open(f"/rooms/{made['room']}", pages.context(locale=locale))
    take_seat(page, 0)
    page.wait_for_selector("#controls button[data-kind=choose]")
    page.click("#rules-toggle")
    assert page.locator("#rules-body").is_visible()
    shown = page.locator("#rules-countdown")
    first = re.fullmatch(COUNTDOWN[locale], shown.inner_text())
    assert first is not None and 290 <= int(first[1]) <= 300  # the server's setup timer: 300 s
    time.sleep(2.2)
    later = re.fullmatch(COUNTDOWN[locale], shown.inner_text())
    assert later is not None and int(later[1]) < int(first[1])  # it counts down while the reader reads
    # a spectator has no move waiting: no countdown in its rules panel
    spectator.wait_for_function("document.getElementById('viewer').textContent.length > 0")
    assert spectator.locator("#rules-countdown").is_hidden()
