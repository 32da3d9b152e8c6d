"""IGR-1, IGR-2 and the options: the table at the start."""

from __future__ import annotations

import pytest

from games.engine import Ctx, Rng
from games.igranie import GAME, cards
from tests.games.igranie.helpers import FIEFIURKA, ILONA, LENA, MARCIN, STEFAN, act, choices, table


def test_igr1_every_player_starts_with_5_food_5_money_and_5_cards_on_start() -> None:
    state = table(ILONA, MARCIN, STEFAN)
    for p in state.players:
        assert (p.food, p.money, len(p.hand) + len(p.specials), p.space) == (5, 5, 5, "start")
    assert len(state.res) == 52 - 15 and (len(state.work), len(state.chillout)) == (54, 54)
    assert (state.round, state.phase, state.active) == (1, "roll", 0)


def test_igr1_special_cards_dealt_at_setup_lie_face_up() -> None:
    for n in range(40):
        state = GAME.setup(5, GAME.options({}), Ctx(Rng(f"s{n}".encode(), "setup")))
        if any(p.specials for p in state.players):
            break
    assert all(c in cards.SPECIALS for p in state.players for c in p.specials)
    assert not any(c in cards.SPECIALS for p in state.players for c in p.hand)


@pytest.mark.parametrize(
    ("seats", "options", "ok"),
    [(2, {}, False), (2, {"allow_two_players": True}, True), (3, {}, True), (5, {}, True), (6, {}, False)],
)
def test_seat_counts_are_3_to_5_and_2_with_allow_two_players(
    seats: int, options: dict[str, bool], ok: bool
) -> None:
    ctx = Ctx(Rng(b"x", "setup"))
    if ok:
        assert GAME.setup(seats, GAME.options(options), ctx).seats == seats
    else:
        with pytest.raises(ValueError):
            GAME.setup(seats, GAME.options(options), ctx)


def test_removed_cards_stay_in_the_box_and_unknown_ids_are_refused() -> None:
    state = table(ILONA, MARCIN, STEFAN, removed_cards=["wrk-tax-1", "res-luck-1"])
    assert "wrk-tax-1" not in state.work and len(state.work) == 53
    assert all("res-luck-1" not in p.hand for p in state.players) and "res-luck-1" not in state.res
    with pytest.raises(ValueError):
        GAME.setup(3, GAME.options({"removed_cards": ["nope"]}), Ctx(Rng(b"x", "setup")))


def test_igr1_characters_are_chosen_from_the_first_player_on_and_the_default_takes_the_first_free() -> None:
    state = GAME.setup(3, GAME.options({"first_player": "1"}), Ctx(Rng(b"x", "setup")))
    assert list(GAME.prompts(state)) == [1]
    act(state, 1, "choose", character=LENA)
    prompt = GAME.prompts(state)[2]
    assert (prompt.timer, prompt.default) == ("setup", "first_free")
    act(state, 2, "timeout", prompt=prompt.id)
    assert state.players[2].character == ILONA


@pytest.mark.parametrize(
    ("character", "loop"), [(ILONA, "chillout"), (LENA, "chillout"), (MARCIN, "work"), (STEFAN, "work")]
)
def test_igr2_women_go_round_chillout_first_and_men_work(character: str, loop: str) -> None:
    others = [c for c in (ILONA, LENA, MARCIN, STEFAN) if c != character][:2]
    state = table(character, *others)
    assert state.players[0].next_loop == loop


def test_igr2_fiefiurka_chooses_her_first_loop_at_setup() -> None:
    state = GAME.setup(3, GAME.options({"first_player": "seat0"}), Ctx(Rng(b"x", "setup")))
    for seat, character in enumerate((FIEFIURKA, MARCIN, STEFAN)):
        act(state, seat, "choose", character=character)
    assert choices(state, 0, "first_loop") == [{"loop": "chillout"}, {"loop": "work"}]
    act(state, 0, "first_loop", loop="work")
    assert (state.players[0].next_loop, state.phase) == ("work", "roll")
