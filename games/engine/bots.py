"""Bot policies the engine offers every game."""

from __future__ import annotations

from typing import Any

from games.engine.model import Prompt
from games.engine.rng import Rng


def random_policy(view: Any, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """A uniformly random legal action among the prompt's finite ``choices`` (kinds first, then fields).

    Raises ``ValueError`` when the prompt lists no finite choice (such a game must ship its own policy).
    """
    kinds = [k for k in prompt.kinds if prompt.choices.get(k)]
    if not kinds:
        raise ValueError(f"prompt {prompt.id!r} lists no finite choice for a random bot")
    kind = rng.choice(kinds)
    return {"kind": kind, **rng.choice(prompt.choices[kind])}
