"""IGR Hidden information: hands and deck orders are hidden; the re-deal changes nothing a seat sees."""

from __future__ import annotations

import msgspec

from games.engine import Rng
from games.igranie import GAME, cards
from tests.games.igranie.helpers import ILONA, MARCIN, STEFAN, act, on_top, table


def test_hidden_lists_the_other_hands_and_every_deck_but_not_the_own_hand_or_the_discards() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    hidden = GAME.hidden(state, 0)
    assert set(state.players[1].hand) <= hidden and set(state.players[2].hand) <= hidden
    assert not set(state.players[0].hand) & hidden
    assert set(state.work) | set(state.chillout) | set(state.res) <= hidden
    assert GAME.hidden(state, None) >= {c for p in state.players for c in p.hand}


def test_the_redeal_keeps_the_seats_view_and_prompt_and_every_card() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    act(state, 0, "roll", dice=[3])
    for seat in (0, 1, None):
        alt = GAME.redeal(state, seat, Rng(b"redeal", "x"))
        assert msgspec.json.encode(GAME.view(alt, seat)) == msgspec.json.encode(GAME.view(state, seat))
        assert GAME.invariants(alt) == []
        if seat is not None:
            assert GAME.prompts(alt).get(seat) == GAME.prompts(state).get(seat)
        others = [s for s in range(3) if s != seat]
        assert any(alt.players[s].hand != state.players[s].hand for s in others) or alt.res != state.res
        assert not any(c in cards.SPECIALS for p in alt.players for c in p.hand)


def test_a_drawn_card_is_named_to_its_drawer_only_unless_it_is_a_special_card() -> None:
    from games.igranie import effects

    state = table(ILONA, MARCIN, STEFAN)
    on_top(state, "res", "spc-mug", "res-plan-4")
    mine, theirs = effects.draw(state, 0, 2, Rng(b"d", "x"), "test")
    assert mine.audience.sees(0) and not mine.audience.sees(1) and theirs.audience.sees(None)
    assert (mine.body.cards, theirs.body.cards) == (["res-plan-4", "spc-mug"], ["spc-mug"])
    assert "spc-mug" in state.players[0].specials and "res-plan-4" in state.players[0].hand
