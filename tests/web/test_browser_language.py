"""The chrome's languages (issue 22): every word of the page and a sentence for every code in en, pl, cs
and de as data (clients/web/app/chrome.json), a language switch in the header remembered per browser,
and the browser's own language as the default."""

from __future__ import annotations

import json
import re
from pathlib import Path

from games.catalog import with_fixtures
from games.engine.errors import CODES
from protocol.codes import CLOSES, ERRORS
from tests.web.conftest import Pages

ROOT = Path(__file__).resolve().parents[2]
CHROME = json.loads((ROOT / "clients" / "web" / "app" / "chrome.json").read_text(encoding="utf-8"))


def _codes() -> set[str]:
    with_fixtures()  # the games declare their codes on import
    api = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    lobby = {
        c
        for cell in re.findall(r"^\| \d{3} \| (.+?) \|", api, re.M)
        for c in re.findall(r"`([a-z_]+/[a-z_]+)`", cell)
    }
    return set(ERRORS) | set(CODES) | lobby | {"net/offline"}


def test_issue_22_the_chrome_has_every_word_in_all_four_languages() -> None:
    assert CHROME["languages"] == ["en", "pl", "cs", "de"]
    words = {k for k in CHROME["en"] if k.startswith("ui.")}
    for lang in CHROME["languages"]:
        assert {k for k in CHROME[lang] if k.startswith("ui.")} == words, lang
        for text in CHROME[lang].values():  # a sentence, or its plural forms by Intl.PluralRules category
            forms = text if isinstance(text, dict) else {"other": text}
            assert "other" in forms and set(forms) <= {"zero", "one", "two", "few", "many", "other"}, text
            assert all(form.strip() for form in forms.values()), text
    used = set()
    for page in ("index.html", "table.html"):
        used |= set(
            re.findall(r'data-i18n(?:-label)?="([^"]+)"', (ROOT / "clients" / "web" / page).read_text())
        )
    assert used - words == set()


def test_every_prompt_and_outcome_sentence_is_in_english_and_in_the_game_s_language() -> None:
    own = {"gregs": "de", "grucha": "pl", "igranie": "pl", "infarkt": "cs"}
    for game, lang in own.items():
        keys = {k for k in CHROME["en"] if k.startswith(f"{game}.")}
        assert keys and keys - set(CHROME[lang]) == set(), game
    outcome = {k for k in CHROME["en"] if k.startswith("outcome.")}
    shared = {
        k for k in outcome if not k.startswith(("outcome.gregs.", "outcome.igranie.", "outcome.grucha."))
    }
    for lang in ("pl", "cs", "de"):
        assert shared - {"outcome.guard.rounds", "outcome.guard.turns"} - set(CHROME[lang]) == set(), lang


def test_issue_22_every_code_has_a_sentence_in_polish_czech_and_german() -> None:
    for lang in ("pl", "cs", "de"):
        errors = {k.removeprefix("error.") for k in CHROME[lang] if k.startswith("error.")}
        closes = {int(k.removeprefix("close.")) for k in CHROME[lang] if k.startswith("close.")}
        assert _codes() - errors == set(), lang
        assert set(CLOSES) - closes == set(), lang


def test_issue_22_the_header_switch_changes_the_language_and_the_browser_remembers_it(pages: Pages) -> None:
    page = pages.open("/")
    page.wait_for_selector("#opt-gregs-turn_limit")
    assert page.inner_text("#create-title") == "New room" and page.get_attribute("html", "lang") == "en"
    with page.expect_navigation():
        page.select_option("#lang", "pl")
    page.wait_for_selector("#opt-gregs-turn_limit")
    assert (page.inner_text("#create-title"), page.inner_text("#create button[type=submit]")) == (
        "Nowy pokój",
        "Utwórz pokój",
    )
    assert page.get_attribute("html", "lang") == "pl" and page.input_value("#lang") == "pl"
    # remembered: another page of the same browser opens in Polish
    again = pages.open("/", page.context)
    again.wait_for_selector("#opt-gregs-turn_limit")
    assert again.inner_text("#rooms-title") == "Pokoje"


def test_issue_22_the_default_follows_the_browser_language(pages: Pages) -> None:
    page = pages.open("/", pages.context(locale="cs-CZ"))
    page.wait_for_selector("#opt-gregs-turn_limit")
    assert (page.input_value("#lang"), page.inner_text("#create-title")) == ("cs", "Nová místnost")
    german = pages.open("/", pages.context(locale="de-DE"))
    german.wait_for_selector("#opt-gregs-turn_limit")
    assert german.inner_text("h1") == "Lobby" and german.inner_text("#first-page") == "Erste Seite"
