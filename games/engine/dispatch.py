"""What every game's `Game.apply` repeats: finding the handler of an action's kind, and refusing a
value its prompt does not list.

    HANDLERS = {"reveal": _reveal, "stop": _stop, "timeout": _timeout}
    handler(HANDLERS, action)(state, seat, action, ctx)
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from games.engine.errors import IllegalAction
from games.engine.model import Prompt, encode_args, kind_of

H = TypeVar("H")


def handler(handlers: Mapping[str, H], action: Any) -> H:
    """The handler of ``action``'s kind in ``handlers`` (kind -> handler). Raises `TypeError` naming the
    kind when the game has none: our bug, not the client's (`check` refused kinds the prompt does not
    offer before the game sees them)."""
    kind = kind_of(action)
    try:
        return handlers[kind]
    except KeyError:
        raise TypeError(f"no handler for the action kind {kind!r}") from None


def require_choice(prompt: Prompt, action: Any, free: Collection[str] = ()) -> None:
    """Refuse ``action`` unless its fields are one of the values ``prompt.choices`` lists for its kind;
    kinds in ``free`` take values the game checks itself. Raises `IllegalAction` ``action/bad_choice``
    with ``details.kind``."""
    kind = kind_of(action)
    if kind in free:
        return
    if encode_args(action) not in prompt.choices.get(kind, []):
        raise IllegalAction("action/bad_choice", details={"kind": kind})
