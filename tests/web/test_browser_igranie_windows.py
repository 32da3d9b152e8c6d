"""What a new user met at iGranie's reaction windows (IGR-18, 29, 30, 36): a window's purpose names
what it follows (the die rolled, a theft's running totals, the card action or Ability played), and a
Resourcefulness card's own-turn action is never called a Special card's, in English and Polish."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec
import pytest

from games.igranie import GAME
from tests.games.igranie.helpers import LENA, MARCIN, STEFAN, act, ask, empty_hands, give, table, to_phase
from tests.web.conftest import Pages

PURPOSE_OF = """async ([lang, view, prompt]) => {
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const { nameOf, textOf } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/igranie/catalog?lang=${lang}`)).json();
  const names = ['Ala', 'Bartek', 'Celina'];
  const ctx = { view, viewer: null, several: true, prompt: null, catalog, seats: [],
                name: (n) => `${lang === 'pl' ? 'Miejsce' : 'Seat'} ${n} (${names[n]})`,
                nameOf: (id) => nameOf(catalog, id), textOf: (id) => textOf(catalog, id),
                offered: () => null };
  return rendererFor('igranie').purpose(prompt, ctx);
}"""


def _roll() -> tuple[Any, Any]:
    state = table(LENA, MARCIN, STEFAN)
    empty_hands(state)
    act(state, 0, "roll", dice=[4])
    return state, 1


def _theft() -> tuple[Any, Any]:
    state = table(MARCIN, STEFAN, LENA)
    empty_hands(state)
    give(state, 1, "res-excuse-1")
    to_phase(state, 0, "food")
    state.players[0].food = 0
    act(state, 0, "steal", target=1)
    act(state, 1, "pass", dice=[5, 4])
    ask(state, {1: {"kind": "modify", "card": "res-excuse-1", "side": 1}})  # the defender's +2: 5-6
    return state, 2


def _coupons() -> tuple[Any, Any]:
    state = table(LENA, MARCIN, STEFAN)
    empty_hands(state)
    give(state, 0, "res-coupons-1")
    to_phase(state, 0, "shop")
    act(state, 0, "special", card="res-coupons-1", seat=None)
    return state, 1


CASES = {
    "roll": (
        _roll,
        "a window after the roll of Seat 0 (Ala): 4",
        "okno po rzucie: Miejsce 0 (Ala), wynik 4",
    ),
    "theft": (
        _theft,
        "a window in the theft by Seat 0 (Ala) from Seat 1 (Bartek): 5 against 6 now",
        "okno przy kradzieży: Miejsce 0 (Ala) okrada Miejsce 1 (Bartek), teraz 5 przeciw 6",
    ),
    "coupons": (
        _coupons,
        "a window after Seat 0 (Ala) played the action of Coupons",
        "okno po zagraniu: Miejsce 0 (Ala), akcja karty Kupony",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_igr30_a_windows_purpose_says_what_it_follows(pages: Pages, base_url: str, case: str) -> None:
    make, english, polish = CASES[case]
    state, seat = make()
    prompt = msgspec.to_builtins(GAME.prompts(state)[seat])
    view = msgspec.to_builtins(GAME.view(state, seat))
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "igranie", "seats": 3}).json()["room"]
    for lang, said in (("en", english), ("pl", polish)):
        page = pages.open(f"/rooms/{room}", pages.context(locale={"en": "en-US", "pl": "pl-PL"}[lang]))
        page.wait_for_selector("#lang")
        assert page.evaluate(PURPOSE_OF, [lang, view, prompt]) == said


OUTCOME_OF = """async ([lang, outcome, view]) => {
  const { drawOutcome } = await import('/static/app/outcome.js');
  const { nameOf, textOf } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/igranie/catalog?lang=${lang}`)).json();
  const seats = [{ name: 'Ala' }, { name: 'Bartek' }, { name: 'Celina' }];
  drawOutcome(outcome, seats, { game: 'igranie', view, nameOf: (id) => nameOf(catalog, id),
                                textOf: (id) => textOf(catalog, id) });
  const box = document.getElementById('outcome');
  return [...box.querySelectorAll('.winners, .ending, .ranking li')].map((e) => e.innerText);
}"""


def test_igr23_the_end_screen_tells_the_ending_that_happened_by_rank_and_character(
    pages: Pages, base_url: str
) -> None:
    """A new user's end screen listed every possible ending, said "Miejsce 1: Miejsce 0 (Ala)" (rank and
    seat in one word) and named no character: it tells the Dream Bank that filled (IGR-23), ranks as
    "1. miejsce" and names each seat's character."""
    players = [
        {"character": "lena", "bank_money": 15, "bank_food": 15, "dead": False},
        {"character": "marcin", "bank_money": 6, "bank_food": 3, "dead": False},
        {"character": "stefan", "bank_money": 2, "bank_food": 1, "dead": False},
    ]
    view = {"players": players, "winner": 0, "reason": "dream_bank"}
    outcome = {"ranks": [1, 2, 3], "winners": [0], "reason": "finished", "guard": False}
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "igranie", "seats": 3}).json()["room"]
    page = pages.open(f"/rooms/{room}", pages.context(locale="pl-PL"))
    page.wait_for_selector("#lang")
    assert page.evaluate(OUTCOME_OF, ["pl", outcome, view]) == [
        "Zwycięzca: Lena, Miejsce 0 (Ala)",
        "Jak się skończyło: Postać zapełniła Bank Marzeń 15 Pieniędzmi i 15 Jedzeniem i od razu wygrała"
        " (IGR-23).",
        "1. miejsce: Lena, Miejsce 0 (Ala) — zapełniony Bank Marzeń (30)",
        "2. miejsce: Marcin, Miejsce 1 (Bartek) — 9 w Banku Marzeń",
        "3. miejsce: Stefan, Miejsce 2 (Celina) — 3 w Banku Marzeń",
    ]
    short = {**view, "winner": 1, "reason": "last_week"}
    english = pages.open(f"/rooms/{room}", pages.context(locale="en-US"))
    english.wait_for_selector("#lang")
    said = english.evaluate(OUTCOME_OF, ["en", {**outcome, "winners": [1]}, short])
    assert said[:2] == [
        "Winner: Marcin, Seat 1 (Bartek)",
        "How it ended: The last week of this shorter game ended: the largest deposited total wins (IGR-24).",
    ]


HAND_OF = """async ([lang, view, viewer]) => {
  const { rendererFor } = await import('/static/app/renderers/index.js');
  const { nameOf, textOf } = await import('/static/sdk/catalog.js');
  const catalog = await (await fetch(`/api/games/igranie/catalog?lang=${lang}`)).json();
  const ctx = { view, viewer, several: true, prompt: null, catalog, seats: [], name: (n) => `Miejsce ${n}`,
                nameOf: (id) => nameOf(catalog, id), textOf: (id) => textOf(catalog, id),
                offered: () => null };
  const box = document.createElement('div');
  box.append(rendererFor('igranie').view(ctx));
  document.body.append(box);
  const said = [...box.querySelectorAll('.ig-hand h3, .ig-hand-specials')].map((e) => e.innerText);
  box.remove();
  return said;
}"""


def test_igr1_a_hand_of_four_at_the_start_says_where_the_fifth_card_lies(pages: Pages, base_url: str) -> None:
    """IGR-1 deals 5 Resourcefulness cards; a Special card among them lies face up and is not replaced
    (README), so a new user saw "Twoja ręka (4)" with no word of why: the hand says so in week 1."""
    state = table(LENA, MARCIN, STEFAN)
    empty_hands(state)
    give(state, 0, "res-plan-1", "res-plan-2", "res-luck-1", "res-coupons-1")
    for p in state.players:  # the Special card Taser Monkey dealt to seat 0, laid face up
        state.res += p.specials
        p.specials = []
    state.res.remove("spc-taser")
    state.players[0].specials = ["spc-taser"]
    view = msgspec.to_builtins(GAME.view(state, 0))
    room = httpx.post(f"{base_url}/api/rooms", json={"game": "igranie", "seats": 3}).json()["room"]
    page = pages.open(f"/rooms/{room}", pages.context(locale="pl-PL"))
    page.wait_for_selector("#lang")
    assert page.evaluate(HAND_OF, ["pl", view, 0]) == [
        "Twoja ręka (4)",
        "Rozdane ci karty Specjalne leżą odkryte przed tobą, nie na ręce, i nie są uzupełniane: "
        "Małpka z taserem (IGR-1, IGR-26).",
    ]
    assert page.evaluate(HAND_OF, ["pl", {**view, "round": 2}, 0]) == ["Twoja ręka (4)"]
