"""Bot entries: the random policy every game gets and the types of a game's named bots (a game's table
of bots and the one way to run one are `games.engine.thinking`).

A bot entry (`Bot`) is either a plain policy ``(view, prompt, rng) -> action`` (cheap: it runs where it
is asked) or a search with a budget in *nodes* (actions applied in sampled worlds), never in seconds, so
the same seed decides the same way on any machine. A server runs searching entries off its event loop.

The search contract (what keeps a search bot honest): it never receives the state. `think` hands it the
seat's view and prompt and a determinization function ``worlds(rng) -> state`` that returns
``Game.redeal(state, seat, rng)``: a world dealt anew wherever the seat cannot see, which the
non-interference check holds to exactly the seat's knowledge (its view, prompt, events and errors are
unchanged by it). The search must play only in such worlds; it draws from the bot's own generator, never
the room's seed, so a sampled future is not the room's future either.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from games.engine.model import Prompt
from games.engine.rng import Rng

#: A plain bot: what its seat sees (the ``View`` Struct), its prompt and a generator of its own -> an
#: action in wire form (``{"kind": "reveal", "slot": 2}``), exactly what a client would send.
Policy = Callable[[Any, Prompt, Rng], dict[str, Any]]

#: A determinization: a generator -> a world (a state) the seat cannot tell from the real one.
Worlds = Callable[[Rng], Any]

#: Nodes of the generic ``search`` bot per decision when a game does not name its own budget.
SEARCH_NODES = 1500


def random_policy(view: Any, prompt: Prompt, rng: Rng) -> dict[str, Any]:
    """A uniformly random legal action among the prompt's finite ``choices`` (kinds first, then fields).

    Raises ``ValueError`` when the prompt lists no finite choice (such a game must ship its own policy).
    """
    kinds = [k for k in prompt.kinds if prompt.choices.get(k)]
    if not kinds:
        raise ValueError(f"prompt {prompt.id!r} lists no finite choice for a random bot")
    kind = rng.choice(kinds)
    return {"kind": kind, **rng.choice(prompt.choices[kind])}


class Thought(msgspec.Struct, frozen=True):
    """A bot's decision: the ``action`` (wire form) and the ``nodes`` it searched (0 for a plain policy)."""

    action: dict[str, Any]
    nodes: int = 0


#: A search: ``(seat, view, prompt, rng, worlds, nodes) -> Thought``, at most ``nodes`` nodes.
Search = Callable[[int, Any, Prompt, Rng, Worlds, int], Thought]


@dataclass(frozen=True)
class Bot:
    """One named bot of a game.

    ``policy`` is what a plain bot plays; ``search`` (with its budget ``nodes``, at least 1) makes it a
    searching bot, whose ``policy`` is only what it plays where no world can be sampled. A `Bot` is
    itself a `Policy` (calling it calls ``policy``), so callers that take policies take entries too.
    Raises ``ValueError`` for a search without a budget, or a budget without a search.
    """

    policy: Policy
    search: Search | None = None
    nodes: int = 0

    def __post_init__(self) -> None:
        if (self.search is None) != (self.nodes == 0) or self.nodes < 0:
            raise ValueError(f"a searching bot needs nodes >= 1 and a plain one 0, got {self.nodes}")

    @property
    def searches(self) -> bool:
        """Whether this entry searches (a server runs it off its event loop)."""
        return self.search is not None

    def __call__(self, view: Any, prompt: Prompt, rng: Rng) -> dict[str, Any]:
        return self.policy(view, prompt, rng)


def entry(value: Bot | Policy) -> Bot:
    """``value`` as a `Bot` (a bare policy is a plain bot)."""
    return value if isinstance(value, Bot) else Bot(value)


def private(rng: Rng) -> Rng:
    """A generator over ``rng``'s stream under a key derived one way from its seed (BLAKE2b of the stream
    name keyed by the seed, 32 bytes): a bot's draws stay seeded, but the room seed, which fixes every
    deal of the room, does not reach the bot."""
    key = hashlib.blake2b(rng.stream.encode(), key=rng.seed, digest_size=32).digest()
    return Rng(key, rng.stream)
