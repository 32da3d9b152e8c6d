"""What a new user on a phone needs from Infarkt's rules side: a medicine window long enough to read
and answer (INF-19), a pass that says it gives up the medicine for now, goods that name their symbol
(INF-15), a guard end that names the last round played, and rule texts free of provenance notes."""

from __future__ import annotations

import msgspec

from clients.commands.arena import play
from games.engine import Bot
from games.infarkt import GAME
from games.infarkt.bot import heuristic
from server.play.deadlines import TimerPolicy, schedule_for
from server.settings import Settings
from server.store.model import RoomMeta, SeatRecord
from tests.games.infarkt.helpers import (
    ANTIDEP,
    BEER,
    CIGARETTES,
    HEADCHEESE,
    STATINS,
    choose,
    empty_hands,
    give,
    of_kind,
    prompts,
    table,
    take_out,
    visit,
)

CHRISTMAS = "event-christmas-1"


def _text(row: str, lang: str) -> str:
    words = GAME.catalog.rows[row].words(lang)
    assert words is not None
    return words.text


def test_inf19_the_medicine_window_gives_a_holder_15_seconds_by_default() -> None:
    assert GAME.timers == {"medicine": 15.0, "family": 10.0}
    settings = Settings()
    policy = TimerPolicy(settings.timer_seconds(), games={"infarkt": settings.timer_seconds(GAME.timers)})
    match = table(3)
    state = visit(match, 0, "work")
    empty_hands(state)
    give(state, 0, ANTIDEP)
    choose(match, 0, "work")
    window = prompts(match)
    assert list(window) == [0] and window[0].timer == "medicine"
    meta = RoomMeta("r", "infarkt", [SeatRecord(s, name=f"p{s}") for s in range(3)], "h")
    schedule = schedule_for(meta, 1, window, None, {}, 1000.0, policy)
    assert [(d.seat, d.kind, d.due) for d in schedule.deadlines] == [(0, "timeout", 1015.0)]


def test_inf19_the_pass_says_it_keeps_the_medicine_for_a_later_window() -> None:
    assert _text("choice.pass", "cs") == (
        "Nech tento účinek proběhnout: v tomto okně nepoužiješ žádný lék (ani žeton rodiny). "
        "Zůstanou ti na další okno."
    )
    assert _text("choice.pass", "en") == (
        "Let this effect happen: use no medicine (and no family token) in this window. "
        "You keep them for a later one."
    )


def test_inf15_a_goods_card_text_opens_with_its_symbol() -> None:
    assert [_text(c, "cs") for c in (BEER, CIGARETTES, HEADCHEESE)] == [
        "Pití: obezita +1, deprese -1.",
        "Kuřivo: deprese -2, rakovina +1.",
        "Jídlo: cholesterol +2, deprese -1.",
    ]
    assert _text(STATINS, "en").startswith("Use it at any moment")


def test_inf17_a_guard_end_shows_the_last_round_played() -> None:
    outcome, match = play(GAME, [Bot(heuristic)] * 3, GAME.options({"round_limit": 3}), b"end")
    assert (outcome.guard, outcome.reason) == (True, "round_limit")
    view = GAME.view(match.state, None)
    assert (view.phase, view.round, view.round_limit) == ("over", 3, 3)


def test_inf3_no_rule_text_of_the_players_panel_carries_a_provenance_note() -> None:
    rules = [row for row in GAME.catalog.rows.values() if row.group == "rule"]
    assert len(rules) == 28
    for row in rules:
        for lang in ("en", "cs"):
            text = _text(row.id, lang)
            assert "reconstruction" not in text and "rekonstrukce" not in text, (row.id, text)
    assert _text("INF-3", "cs") == (
        "Karty, které jmenují pravidla a recenze, a aspoň jeden lék na každý ukazatel."
    )
    assert GAME.catalog.provenance["INF-3"] == "reconstruction"


def test_inf1_a_price_a_seat_cannot_pay_is_told_as_having_had_no_effect() -> None:
    match = table(3)
    seat = match.state.start
    empty_hands(match.state)
    take_out(match.state, CHRISTMAS)
    match.state.offer[0] = CHRISTMAS
    match.state.players[seat].money = 0
    (changed,) = of_kind(choose(match, seat, CHRISTMAS), "changed")
    assert (changed.deltas, changed.money, changed.money_lost) == ([0, 0, 2, 0, 0, 0], 0, -2)
    assert changed.lost == [0, 0, 0, -2, 0, 0]  # depression was already at 0
    wire = msgspec.to_builtins(changed)
    assert GAME.catalog.teller("cs").describe(wire) == (
        f"místo {seat}: obezita +2 (Vánoce) — deprese -2 bez účinku: deprese už je na 0 (INF-1); "
        "peníze -2 bez účinku: nezbyly peníze, z čeho je zaplatit"
    )
    assert GAME.story.describe(wire) == (
        f"seat {seat}: obesity +2 (Christmas) — depression -2 had no effect: depression is already at 0"
        " (INF-1); money -2 had no effect: no money left to pay it"
    )


def test_inf12_inf14_an_actions_cards_are_counted_as_the_rule_counts_them() -> None:
    # a swap is 1 for 1 (INF-14), a spree looks at 3 and keeps 2 (INF-12): never a bare "cards: 3"
    assert [_text(f"action.{a}", "cs") for a in ("market-a", "supermarket-c", "supermarket-b")] == [
        "Směň 1 kartu za 1 svou: peníze +1, směna 1 za 1.",
        "Prohlédni 3 vrchní zboží, 2 si nech, jedno vrať: zaplať 2, prohlédni 3, 2 si nech, tlak +1.",
        "Kup 2 vrchní karty zboží: zaplať 2, koupené zboží: 2.",
    ]
    assert _text("action.supermarket-c", "en") == (
        "Look at the top 3 goods, keep 2, return one: pay 2, look at 3, keep 2, blood pressure +1."
    )


def test_inf19_a_timeout_that_passes_is_told_in_words_in_english_and_czech() -> None:
    """A window's pass on a timeout reads as a sentence, where it showed the default's id: 'vypršel
    čas (pass)'."""
    wire = {"kind": "timed_out", "seat": 1, "default": "pass"}
    assert GAME.story.describe(wire) == "seat 1 ran out of time: passed"
    assert GAME.catalog.teller("cs").describe(wire) == "místo 1: vypršel čas, pas"
