"""Every prompt in words and the outcome explained (issue "a table a newcomer can play from the page
alone"): a seeded game of each game with the page holding one seat against server bots, every label the
page shows read at each step; exact labels of the cases the issue names, in English and in the game's
language (plural forms by Intl.PluralRules); and the end of game panel's ranks with their reasons."""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.web.conftest import Pages, serve
from tests.web.helpers import CURTAIN, OUTCOME, click_action, offered, pick, room_summary, take_seat
from tests.web.test_browser_catalog import finished_bot_room
from tests.web.test_browser_infarkt import CONFIRM, PLACE, place_step

#: what no label may show: a script's or Python's empties, a raw id, an English possessive or bot mark
#: glued on a name, a plural glued on a number
ARTEFACT = re.compile(
    r"\bundefined\b|\bnull\b|\bNone\b|\bFalse\b|\bTrue\b|\[\]|\bNaN\b|[{}]|\w+_\w+"
    r"|\b(res|work|chill|spc|chr|goods|medicine|event|motif|action|choice|end|rank)-[a-z0-9-]+\b"
    r"|\b(10|[AKQJ2-9])[CDHS]-[ab]\b|\bJK-a\d\b|'s action|\) \(|you\)'s|\b1 cards\b"
)

#: an English seat name with the bot's policy glued on as "(bot heuristic)" (in Polish and Czech "bot
#: random" is the language's own order)
ENGLISH_ARTEFACT = re.compile(r"\(bot ")

#: every label of the page now: buttons, choice groups' names, options, headings and the curtain
LABELS = """() => [
  ...[...document.querySelectorAll('#controls button, #table button, #curtain button, #controls option')]
    .map((e) => e.textContent),
  ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')),
  ...[...document.querySelectorAll('#table h3, #curtain h2, #curtain p, .field-hint, #outcome')]
    .map((e) => e.innerText),
].filter((t) => t && t.trim())"""

GAMES = {"gregs": ("de-DE", 4), "igranie": ("pl-PL", 3), "infarkt": ("cs-CZ", 3), "grucha": ("pl-PL", 3)}
SEED = "00" * 16


@pytest.fixture(scope="module")
def base_url() -> Any:
    """`boardroom serve` accepting fixed room seeds, with long turn timers (the page's seat waits)."""
    with serve("--allow-seed", "--timer", "turn=300", "--timer", "setup=300") as url:
        yield url


def seeded_room(pages: Pages, base_url: str, game: str, seats: int, locale: str) -> tuple[Any, str]:
    """A seeded room of ``game``: bots at seats 1.., the page (in ``locale``) takes seat 0 and starts it."""
    made = httpx.post(f"{base_url}/api/rooms", json={"game": game, "seats": seats, "seed": SEED}).json()
    auth = {"Authorization": f"Bearer {made['host_token']}"}
    for seat in range(1, seats):
        url = f"{base_url}/api/rooms/{made['room']}/seats/{seat}/bot"
        assert httpx.post(url, json={"policy": "random"}, headers=auth).status_code < 300
    page = pages.open(f"/rooms/{made['room']}", pages.context(locale=locale))
    take_seat(page, 0)
    return page, str(made["room"])


def walk(page: Any, limit: float) -> set[str]:
    """Play seat 0 by clicking what the page offers until the end or ``limit`` seconds, reading every
    label at each step; returns the labels seen."""
    seen: set[str] = set()
    deadline = time.monotonic() + limit
    clicks = 0
    while time.monotonic() < deadline and not page.locator(OUTCOME).count():
        with contextlib.suppress(PlaywrightError):
            seen.update(page.evaluate(LABELS))
        if page.locator(CURTAIN).count():
            page.locator(CURTAIN).click()
            continue
        if page.locator(f"{PLACE}:not([disabled]), {CONFIRM}:not([disabled])").count():
            place_step(page)
            continue
        found = [f for f in offered(page) if f[0] not in ("place", "submit")]
        if found and click_action(page, *pick(found, clicks)):
            clicks += 1
            continue
        page.wait_for_timeout(40)
    seen.update(page.evaluate(LABELS))
    return seen


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("english", [True, False])
def test_every_label_of_a_seeded_game_is_words(pages: Pages, base_url: str, game: str, english: bool) -> None:
    locale, seats = GAMES[game]
    page, _room = seeded_room(pages, base_url, game, seats, "en-US" if english else locale)
    seen = walk(page, limit=15)  # a fuzz of the first prompts of each game; the cases below are exact
    assert len(seen) > 5
    bad = sorted(
        label for label in seen if ARTEFACT.search(label) or (english and ENGLISH_ARTEFACT.search(label))
    )
    assert bad == []


#: Infarkt's two decisions that name Work: which figure acts next, and the action at Work
RESOLVE = {"seat": 0, "step": "resolve"}
AT_WORK = {"seat": 0, "step": "option", "place": "work"}

#: a label of each case the issue names: (game, locale, kind, choice, decision or None, expected)
CASES = [
    ("igranie", "en-US", "deposit", {"good": "money", "count": 3}, None, "Put 3 Money into the Dream Bank"),
    ("igranie", "pl-PL", "deposit", {"good": "money", "count": 5}, None, "Wpłać 5 Pieniędzy do Banku Marzeń"),
    ("igranie", "pl-PL", "deposit", {"good": "money", "count": 2}, None, "Wpłać 2 Pieniądze do Banku Marzeń"),
    ("igranie", "pl-PL", "deposit", {"good": "food", "count": 1}, None, "Wpłać 1 Jedzenie do Banku Marzeń"),
    ("igranie", "en-US", "buy", {"good": "cards", "count": 1}, None, "Buy 1 Resourcefulness card"),
    ("igranie", "en-US", "buy", {"good": "cards", "count": 4}, None, "Buy 4 Resourcefulness cards"),
    ("igranie", "pl-PL", "buy", {"good": "cards", "count": 1}, None, "Kup 1 kartę Zaradności"),
    ("igranie", "pl-PL", "buy", {"good": "cards", "count": 3}, None, "Kup 3 karty Zaradności"),
    ("igranie", "pl-PL", "buy", {"good": "cards", "count": 5}, None, "Kup 5 kart Zaradności"),
    (
        "igranie",
        "en-US",
        "use",
        {"ability": "cooks", "seats": [1, 2], "amounts": [1, 3], "goods": []},
        None,
        "Use Ilona Cooks: 1 to Seat 1, 3 to Seat 2",
    ),
    (
        "igranie",
        "en-US",
        "use",
        {"ability": "mom", "seats": [], "amounts": [], "goods": []},
        None,
        "Use Calling Mom for Help",
    ),
    ("igranie", "en-US", "deposit", {}, None, "Deposit"),
    (
        "infarkt",
        "en-US",
        "choose",
        {"value": "work"},
        RESOLVE,
        "Resolve your figure at Work next",
    ),
    (
        "infarkt",
        "en-US",
        "choose",
        {"value": "work"},
        AT_WORK,
        "Do Work (money +3, depression +2)",
    ),
    (
        "infarkt",
        "cs-CZ",
        "choose",
        {"value": "work"},
        RESOLVE,
        "Teď vyhodnoť figurku: Práce",
    ),
    (
        "infarkt",
        "cs-CZ",
        "choose",
        {"value": "work"},
        AT_WORK,
        "Proveď: Práce (peníze +3, deprese +2)",
    ),
    (
        "infarkt",
        "cs-CZ",
        "family",
        {"cancel": [0, 0, 0, 2, 0, 0]},
        None,
        "Zruš deprese +2 za 2 žetony rodiny",
    ),
    ("gregs", "en-US", "curse", {"target": 1}, None, "Give the curse to Rupert, Seat 1"),
    ("gregs", "de-DE", "reveal", {"slot": 2}, None, "Karte 2 aufdecken"),
    ("grucha", "en-US", "end", {"grucha": False}, None, "JUŻ (done)"),
]


LABEL_OF = """async ([game, lang, kind, choice, decision]) => {
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const { nameOf, textOf } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/${game}/catalog?lang=${lang}`)).json();
  const seat = (n) => `Seat ${n}`;
  const view = { decision, characters: ['chr-greg', 'chr-rupert', 'chr-manni'] };
  const ctx = { viewer: 0, view, catalog, name: seat, nameOf: (id) => nameOf(catalog, id),
                textOf: (id) => textOf(catalog, id) };
  return rendererFor(game).label(kind, choice, ctx);
}"""


@pytest.mark.parametrize(("game", "locale", "kind", "choice", "decision", "expected"), CASES)
def test_the_issues_labels_read_as_words(
    pages: Pages, base_url: str, game: str, locale: str, kind: str, choice: Any, decision: Any, expected: str
) -> None:
    room = httpx.post(f"{base_url}/api/rooms", json={"game": game, "seats": 3}).json()["room"]
    page = pages.open(f"/rooms/{room}", pages.context(locale=locale))
    page.wait_for_selector("#lang")  # the chrome's words are loaded
    lang = locale[:2]
    assert page.evaluate(LABEL_OF, [game, lang, kind, choice, decision]) == expected


def ranking(page: Any) -> list[str]:
    return [str(t) for t in page.locator("#outcome .ranking li").all_inner_texts()]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_outcome_gives_each_rank_its_reason(pages: Pages, base_url: str, game: str) -> None:
    room = finished_bot_room(base_url, game)
    page = pages.open(f"/rooms/{room}", pages.context(locale="en-US"))
    page.wait_for_selector(OUTCOME)
    lines = ranking(page)
    summary = room_summary(base_url, room)
    assert len(lines) == len(summary["seats"]) == 3
    # Gregs names each seat's character first, as its track does (GRE-20)
    character = "(Greg|Rupert|Finley|Rodrick|Manni|Fregley), " if game == "gregs" else ""
    if game == "igranie":  # the character each seat played too (IGR-1)
        character = "(Ilona|Lena|Marcin|Stefan|Fiefiurka), "
    for line in lines:
        assert re.fullmatch(rf"Rank [1-3]: {character}Seat [0-2] \(random bot\) — .+", line), line
        assert ARTEFACT.search(line) is None
    text = page.locator("#outcome").inner_text()
    assert "ranks [" not in text and "reason" not in text
    ending = page.locator("#outcome .ending").inner_text()
    assert ending.startswith("How it ended: ") != ending.startswith("A guard of the engine stopped the game")
