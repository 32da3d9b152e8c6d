"""Seats in the browser (docs/api.md, "Leaving and conceding"): a taken seat is given back before the
start, the host's bot picker offers the game's best bot first, every game's panel is in the page's
language with its seats named as the table names them, and mid-game a seat is left or conceded with a
second press, after which every viewer's players panel says who plays it."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from tests.web.conftest import Pages
from tests.web.helpers import add_bot, create_room, room_summary, take_seat


def held(page: Any, room: str) -> dict[str, str]:
    stored: dict[str, str] = page.evaluate(
        "(room) => JSON.parse(localStorage.getItem(`boardroom.room.${room}`)).seats", room
    )
    return stored


def mark(page: Any, seat: int, kind: str) -> str:
    found = page.locator(f"#seats-list [data-seat='{seat}'] .mark-{kind}")
    found.wait_for()
    return str(found.inner_text())


def test_a_taken_seat_is_given_back_before_the_start(pages: Pages, base_url: str) -> None:
    page = pages.open("/")
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    assert page.input_value("#bot-policy-1") == "heuristic"  # the game's best bot, not random
    page.click("[data-give-back='0']")
    page.wait_for_selector("[data-claim='0']")
    assert room_summary(base_url, room)["seats"][0]["taken"] is False
    assert held(page, room) == {}
    assert page.locator("[data-give-back]").count() == 0


def test_a_seat_left_or_conceded_mid_game_is_marked_for_every_viewer(pages: Pages, base_url: str) -> None:
    page = pages.open("/")
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    take_seat(page, 1)
    add_bot(page, 2)  # the last seat: the room starts
    page.wait_for_selector("#seat-exit:not([hidden]) [data-leave='0']")
    page.wait_for_selector("#seat-settings:not([hidden]) #auto-pass-1")
    assert page.locator("#seat-settings-list input").evaluate_all("els => els.map((e) => e.id)") == [
        "auto-pass-0",
        "auto-pass-1",
    ]
    page.click("[data-leave='0']")
    assert page.inner_text("[data-leave='0']") == "Leave for good? Seat 0 is played for you from now on"
    assert room_summary(base_url, room)["seats"][0]["left"] is False  # the first press only asks
    page.click("[data-leave='0']")
    page.wait_for_selector("[data-leave='0']", state="detached")
    # the form's leaver bot is the game's best bot: it plays the seat on
    assert mark(page, 0, "left") == "left: bot heuristic plays it"
    # a seat that left has no settings to save (the server refuses them seat/left): its row goes
    page.wait_for_selector("#auto-pass-0", state="detached")
    assert page.locator("#seat-settings").is_visible()
    assert page.locator("#seat-settings-list input").evaluate_all("els => els.map((e) => e.id)") == [
        "auto-pass-1"
    ]
    spectator = pages.open(f"/rooms/{room}")
    assert mark(spectator, 0, "left") == "left: bot heuristic plays it"
    page.click("[data-concede='1']")
    page.click("[data-concede='1']")
    assert mark(page, 1, "conceded") == "conceded: bot heuristic plays it"
    seat = room_summary(base_url, room)["seats"][1]
    assert (seat["left"], seat["conceded"], seat["bot"]) == (True, True, "heuristic")
    assert page.locator("#seat-exit").is_hidden()  # no seat of this tab plays on
    page.wait_for_selector("#seat-settings", state="hidden")  # nor has any setting left to save
    assert page.locator("#seat-settings-list input").count() == 0
    page.reload()
    page.wait_for_selector("#seats-list [data-seat='1'] .mark-conceded")
    page.wait_for_timeout(500)  # the settings would be read by now
    assert page.locator("#seat-settings").is_hidden()
    spectator.reload()
    assert mark(spectator, 1, "conceded") == "conceded: bot heuristic plays it"


def test_the_marks_and_buttons_speak_the_pages_language(pages: Pages, base_url: str) -> None:
    page = pages.open("/", locale="de-DE")
    room = create_room(page, "gregs", 3)
    take_seat(page, 0)
    assert page.inner_text("[data-give-back='0']") == "Platz 0 freigeben"
    add_bot(page, 1)
    add_bot(page, 2)
    page.wait_for_selector("[data-concede='0']")
    assert page.inner_text("#seat-exit-title") == "Den Tisch verlassen"
    page.click("[data-concede='0']")
    page.click("[data-concede='0']")
    assert mark(page, 0, "conceded") == "aufgegeben: Bot heuristic spielt"
    assert room_summary(base_url, room)["seats"][0]["conceded"] is True


#: The seat panel's words per language: a seat's word, then the templates over a seat's name ``{s}``
#: (or a bot's policy ``{p}``), as chrome.json words them.
PANEL = {
    "en-US": {
        "seat": "Seat",
        "take": "Take {s}",
        "add": "Add bot to {s}",
        "bot_for": "Bot for {s}",
        "taken": "{s}: taken",
        "free": "{s}: free",
        "bot": "{p} bot",
        "yours": "yours",
        "give": "Give {s} back",
        "note": "The game starts by itself once every seat is filled.",
        "mine": "your seat: Seat 0",
    },
    "pl-PL": {
        "seat": "Miejsce",
        "take": "Zajmij: {s}",
        "add": "Dodaj bota: {s}",
        "bot_for": "Bot dla: {s}",
        "taken": "{s}: zajęte",
        "free": "{s}: wolne",
        "bot": "bot {p}",
        "yours": "twoje",
        "give": "Zwolnij: {s}",
        "note": "Gra zacznie się sama, gdy wszystkie miejsca będą zajęte.",
        "mine": "twoje miejsce: Miejsce 0",
    },
    "cs-CZ": {
        "seat": "Místo",
        "take": "Obsaď: {s}",
        "add": "Přidej bota: {s}",
        "bot_for": "Bot pro: {s}",
        "taken": "{s}: obsazené",
        "free": "{s}: volné",
        "bot": "bot {p}",
        "yours": "tvoje",
        "give": "Uvolnit: {s}",
        "note": "Hra začne sama, jakmile budou obsazena všechna místa.",
        "mine": "tvé místo: Místo 0",
    },
    "de-DE": {
        "seat": "Platz",
        "take": "{s} nehmen",
        "add": "Bot auf {s} setzen",
        "bot_for": "Bot für {s}",
        "taken": "{s}: besetzt",
        "free": "{s}: frei",
        "bot": "{p}-Bot",
        "yours": "deiner",
        "give": "{s} freigeben",
        "note": "Das Spiel beginnt von selbst, sobald alle Plätze besetzt sind.",
        "mine": "dein Platz: Platz 0",
    },
}


@pytest.mark.parametrize(
    ("game", "locale", "seats"),
    [("grucha", "en-US", 3), ("igranie", "pl-PL", 3), ("infarkt", "cs-CZ", 3), ("gregs", "de-DE", 4)],
)
def test_the_seat_panel_is_in_the_page_s_language_and_names_seats_as_the_table_does(
    pages: Pages, base_url: str, game: str, locale: str, seats: int
) -> None:
    """Every game's seat panel before the start: its buttons, bot picker and rows in the page's language
    (a new user found "Take seat 0", "Add bot to seat 0" and "bot greedy" in English on a Polish page),
    each seat named as the seat list and the log name it ("Seat 1 (random bot)"); the lobby lists the
    seat held the same way."""
    words = PANEL[locale]
    info = {g["id"]: g for g in httpx.get(f"{base_url}/api/games").json()}[game]
    page = pages.open("/", pages.context(locale=locale))
    room = create_room(page, game, seats)
    page.wait_for_selector("[data-claim='0']")
    names = [f"{words['seat']} {n}" for n in range(seats)]
    assert page.locator("[data-claim]").all_inner_texts() == [words["take"].format(s=s) for s in names]
    assert page.locator("[data-bot]").all_inner_texts() == [words["add"].format(s=s) for s in names]
    pickers = page.locator("select[id^='bot-policy-']")
    assert [pickers.nth(n).get_attribute("aria-label") for n in range(seats)] == [
        words["bot_for"].format(s=s) for s in names
    ]
    policies = info["bots"]
    best = info["best_bot"] if info["best_bot"] in policies else policies[0]
    assert pickers.first.locator("option").all_inner_texts() == [words["bot"].format(p=p) for p in policies]
    assert page.inner_text("#setup-note") == words["note"]

    take_seat(page, 0)
    add_bot(page, 1)
    page.wait_for_selector("[data-give-back='0']")
    rows = page.locator(".setup-seat > span:first-child").all_inner_texts()
    bot = f"{names[1]} ({words['bot'].format(p=best)})"
    assert rows == [words["taken"].format(s=names[0]), bot] + [words["free"].format(s=s) for s in names[2:]]
    assert page.inner_text(".setup-seat .mark-mine") == words["yours"]
    assert page.inner_text("[data-give-back='0']") == words["give"].format(s=names[0])
    assert page.locator("#seats-list .seat-name").all_inner_texts()[:2] == [names[0], bot]

    lobby = pages.open("/", ctx=page.context)
    lobby.wait_for_selector(f"#mine-list a:has-text('{room}')")
    assert lobby.locator("#mine-list li").filter(has_text=room).inner_text() == f"{room} — {words['mine']}"
