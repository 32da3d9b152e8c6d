"""Refusals of player actions, with stable codes declared in one registry.

Blame is in the type: `IllegalAction` is the player's fault (an error reply; the connection stays and the
state is unchanged). A bug of ours raises anything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Every code an `IllegalAction` may carry, with a one-line meaning. Games add theirs with `declare`.
CODES: dict[str, str] = {}


def declare(codes: Mapping[str, str]) -> None:
    """Add error codes (``"area/what"`` -> meaning) to the registry.

    Raises ``ValueError`` when a code is already declared with another meaning (two modules disagree).
    """
    for code, meaning in codes.items():
        if CODES.get(code, meaning) != meaning:
            raise ValueError(f"error code {code!r} declared twice with different meanings")
        CODES[code] = meaning


declare(
    {
        "action/no_prompt": "this seat has nothing to do now",
        "action/not_offered": "this kind of action is not offered to this seat now",
        "action/malformed": "the action payload does not match the game's action types",
        "action/illegal": "the action breaks a rule of the game",
        "action/stale_prompt": "the action answers a prompt that is no longer current",
        "action/bad_choice": "the chosen value is not among the legal choices",
        "commit/already": "this seat has already committed this round",
        "window/not_your_turn": "another seat must play or pass first in this ordered window",
        "window/answered": "this seat has already answered this once window (an offer or a question)",
        "window/no_target": "the targeted play does not exist or cannot be targeted",
        "game/over": "the game has ended",
    }
)


class IllegalAction(Exception):
    """An action refused by the rules; the state it was applied to must be discarded by the caller.

    ``code`` is a declared code (see `CODES`), ``message`` a sentence for people, ``details`` JSON-able
    data for clients. The message and details are derived only from what the actor can see.
    Raises ``ValueError`` at construction for an undeclared code (our bug, not the player's).
    """

    def __init__(self, code: str, message: str = "", details: Mapping[str, Any] | None = None) -> None:
        if code not in CODES:
            raise ValueError(f"undeclared error code {code!r}")
        super().__init__(code, message or CODES[code])
        self.code = code
        self.message = message or CODES[code]
        self.details: dict[str, Any] = dict(details or {})

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r}, {self.details!r})"
