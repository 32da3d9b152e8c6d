"""A heuristic bot for Gregs Tagebuch: a pure policy ``(view, prompt, rng) -> action`` in wire form.

It sees only the public `View`. The action cards not yet seen (all 39 less the discard pile and the
revealed slots) are equally likely to be any unrevealed action card of the fan, so their mean value is the
expected gain of one more reveal, and the cheese hides in one of the unrevealed slots: the chance that the
next reveal meets it is 1 / (unrevealed slots). It reveals on while the expected gain beats the expected
cost of the cheese, and hands the curse to the best placed rival.
"""

from __future__ import annotations

from typing import Any

from games.engine import Prompt, Rng
from games.gregs.cards import VALUES
from games.gregs.events import View

#: Estimated cost, in places, of taking the curse by the cheese outside the last round (GRE-14): the
#: holder's next turn risks nothing moved (GRE-17), and a holder cannot win (GRE-20).
CURSE_COST = 1.5
#: The same in the last round, where a curse taken in one's last turn means ranking behind the winner.
LAST_ROUND_CURSE_COST = 30.0
#: Places the holder gains over the table by handing the curse on (the receiver falls back 3, GRE-18).
HANDOFF_GAIN = 3.0


def unseen_mean(view: View) -> float:
    """Mean value (places) of the action cards not seen yet: 39 less discards and revealed slots."""
    seen = list(view.discard) + [s.card for s in view.fan if s.card is not None]
    unseen = dict(VALUES)
    for card in seen:
        unseen.pop(card, None)
    return sum(unseen.values()) / len(unseen) if unseen else 0.0


def cheese_chance(view: View) -> float:
    """Chance that the next reveal is the cheese (it lies in one of the unrevealed slots, GRE-11)."""
    hidden = sum(1 for s in view.fan if s.card is None)
    return 1.0 / hidden if hidden else 1.0


def keep_revealing(view: View) -> bool:
    """Whether one more reveal is worth its risk, for the player to act (holder or not)."""
    p = cheese_chance(view)
    if p >= 1.0:
        return False
    gain = (1 - p) * unseen_mean(view)
    if view.holder_turn:
        # GRE-17: the cheese wipes out the revealed sum and keeps the curse (no hand-over).
        loss = max(view.revealed_sum, 0) + HANDOFF_GAIN + CURSE_COST
    else:
        # GRE-14: the revealed sum is still moved; only the curse is taken.
        loss = LAST_ROUND_CURSE_COST if view.last_round else CURSE_COST
    return gain > p * loss


def _position(view: View, seat: int) -> int:
    return view.row.index(view.characters[seat] or "")


def heuristic(view: View, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """The heuristic's action for ``prompt`` (the first free character, no cut, a risk-aware reveal or
    stop, the curse to the rightmost rival)."""
    choices = prompt.choices
    if "choose" in choices:
        return {"kind": "choose", **choices["choose"][0]}
    if "cut" in choices:
        return {"kind": "cut", "position": 0}
    if "curse" in choices:
        targets = [c["target"] for c in choices["curse"]]
        return {"kind": "curse", "target": max(targets, key=lambda s: _position(view, s))}
    if choices.get("stop") and not keep_revealing(view):
        return {"kind": "stop"}
    return {"kind": "reveal", **rng.choice(choices["reveal"])}
