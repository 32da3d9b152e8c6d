"""Each per-step check fails on a game broken in the way it guards against (the suite can fail)."""

from __future__ import annotations

from typing import Any

from clients.conformance import STEP_CHECKS, Config, Finding, StepContext, play_out
from games.engine import Ctx, Outcome, Prompt
from games.fixtures.hands import HandsGame, HandsState

SEED = b"broken-games-seed"
QUICK = Config(leak_scan=False, interference_every=0)


def findings(game: Any, config: Config = QUICK) -> list[Finding]:
    return play_out(game, 2, SEED, None, config).findings


class LosesACard(HandsGame):
    def setup(self, seats: int, options: Any, ctx: Ctx) -> HandsState:
        state = super().setup(seats, options, ctx)
        state.deck.pop()
        return state


class SortsThePileWhenAsked(HandsGame):
    def prompts(self, state: HandsState) -> dict[int, Prompt]:
        state.pile.sort()
        return super().prompts(state)


class CrownsEveryone(HandsGame):
    def outcome(self, state: HandsState) -> Outcome | None:
        found = super().outcome(state)
        return found and Outcome(ranks=found.ranks, winners=[0, 1])


class FallsAsleep(HandsGame):
    def prompts(self, state: HandsState) -> dict[int, Prompt]:
        return {} if state.turn == 3 else super().prompts(state)


class OffersAStrangerCard(HandsGame):
    def prompts(self, state: HandsState) -> dict[int, Prompt]:
        prompts = super().prompts(state)
        for prompt in prompts.values():
            prompt.choices["play"] = [{"card": "X9"}]
        return prompts


class NeverEnds(HandsGame):
    def prompts(self, state: HandsState) -> dict[int, Prompt]:
        return {state.active: Prompt(id=f"t{state.turn}", kinds=["draw"], choices={"draw": [{}]})}

    def apply(self, state: HandsState, seat: int, action: Any, ctx: Ctx) -> list[Any]:
        state.turn += 1
        return []


def test_invariants_check_reports_a_lost_card_after_setup() -> None:
    found = findings(LosesACard())
    assert [(f.check, f.step, f.detail) for f in found][:1] == [
        ("invariant", 0, "cards are not conserved: each of the 24 must be in one place exactly once")
    ]


def test_purity_check_reports_a_prompt_that_changes_the_state() -> None:
    found = findings(SortsThePileWhenAsked())
    assert found[0].check == "purity"


def test_outcome_check_reports_winners_not_ranked_1() -> None:
    found = findings(CrownsEveryone())
    assert found[-1].check == "outcome"
    assert found[-1].value == [0, 1]


def test_liveness_check_reports_a_table_where_nobody_can_act() -> None:
    found = findings(FallsAsleep())
    assert [(f.check, f.step) for f in found] == [("liveness", 3)]


def test_the_driver_reports_a_prompted_choice_the_game_refuses() -> None:
    config = Config(leak_scan=False, interference_every=0, timeout_share=0.0)
    found = findings(OffersAStrangerCard(), config)
    assert (found[0].check, found[0].value) == ("probe", "action/bad_choice: that card is not in your hand")
    assert found[0].detail == "the prompted action {'kind': 'play', 'card': 'X9'} was refused"


def test_a_play_out_past_the_step_cap_counts_as_guarded() -> None:
    result = play_out(NeverEnds(), 2, SEED, None, Config(step_cap=50, leak_scan=False, interference_every=0))
    assert (result.steps, result.guarded, result.findings) == (50, True, [])


def test_extra_step_checks_run_after_every_step_with_consecutive_views() -> None:
    seen: list[tuple[int, bool]] = []

    def record(ctx: StepContext) -> list[Finding]:
        seen.append((ctx.match.version, ctx.prev_views is not None and set(ctx.prev_views) == set(ctx.views)))
        return []

    result = play_out(HandsGame(), 2, SEED, None, QUICK, [*STEP_CHECKS, record])
    assert seen == [(0, False)] + [(v, True) for v in range(1, result.steps + 1)]


def test_patch_check_reports_a_diff_that_does_not_rebuild_the_view(monkeypatch: Any) -> None:
    from clients.conformance import checks

    monkeypatch.setattr(checks, "diff", lambda a, b: [])  # a diff that forgets every change
    kinds = {f.check for f in findings(HandsGame())}
    assert kinds == {"patch"}


def test_patch_check_passes_with_the_protocol_diff() -> None:
    assert [f for f in findings(HandsGame()) if f.check == "patch"] == []
