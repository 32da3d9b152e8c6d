"""Information-set Monte Carlo search: the generic ``search`` bot every game gets (pure, seeded).

For a prompt with finite choices, each round samples one world with the determinization ``worlds`` (the
game's own `Game.redeal` for the seat: see `games.engine.bots` for the contract) and plays every
candidate action in it to the game's end, every prompted seat acting by the rollout policy in a random
order. The same world serves every candidate of a round (common random numbers: a lucky deal favours no
candidate). The candidate with the best (lowest) mean rank of the searching seat wins; ties go to the
first in prompt order.

The budget counts *nodes*: one node is one action applied in a sampled world. A play-out that would pass
the budget is cut off and not scored; a round that leaves a candidate unscored still counts for the
others. Everything is drawn from the bot's generator (forked per world and per play-out), so a seed
decides the same way every time; no clock is read.
"""

from __future__ import annotations

from typing import Any

from games.engine.bots import Policy, Search, Thought, Worlds
from games.engine.errors import IllegalAction
from games.engine.model import Ctx, Prompt, Timeout
from games.engine.plugin import Game, step
from games.engine.rng import Rng


def candidates(prompt: Prompt) -> list[dict[str, Any]]:
    """Every legal action of ``prompt``'s finite choices, in wire form, in prompt order."""
    return [{"kind": kind, **fields} for kind in prompt.kinds for fields in prompt.choices.get(kind, [])]


def playout(
    game: Game[Any, Any], world: Any, seat: int, action: Any, rollout: Policy, rng: Rng, budget: int
) -> tuple[int | None, int]:
    """Play ``action`` (a decoded action) of ``seat`` in a copy of ``world``, then every seat by
    ``rollout`` to the end: ``(seat's rank, nodes)``, or ``(None, nodes)`` when cut off at ``budget``
    nodes, when the world has no prompt left before its outcome, or when the rollout's action is refused
    (the play-out is void). Each step draws from ``rng``.

    Raises `IllegalAction` when ``action`` is not legal in ``world``."""
    state = game.copy(world)
    step(game, state, seat, action, Ctx(rng))
    nodes = 1
    while (outcome := game.outcome(state)) is None:
        prompts = game.prompts(state)
        if nodes >= budget or not prompts:
            return None, nodes
        actor = list(prompts)[rng.below(len(prompts))]  # concurrent prompts act in a random order
        prompt = prompts[actor]
        try:
            move = game.convert_action(rollout(game.view(state, actor), prompt, rng))
        except (IllegalAction, ValueError, KeyError, IndexError):
            move = Timeout(prompt.id)  # no answer from the rollout here (a free-form prompt): the default
        try:
            step(game, state, actor, move, Ctx(rng))
        except IllegalAction:
            return None, nodes + 1  # a refused step may leave the state half-changed: the play-out is void
        nodes += 1
    return outcome.ranks[seat], nodes


class _Tally:
    """Rank sums and play-out counts per candidate."""

    def __init__(self, size: int) -> None:
        self.ranks = [0] * size
        self.counts = [0] * size

    def best(self) -> int | None:
        scored = [i for i, n in enumerate(self.counts) if n]
        return min(scored, key=lambda i: self.ranks[i] / self.counts[i]) if scored else None


def ismcts(game: Game[Any, Any], rollout: Policy) -> Search:
    """The search of ``game`` with play-outs by ``rollout``: a `games.engine.bots.Search`.

    With a single candidate it answers at once (0 nodes); with none (free-form kinds only) it plays
    ``rollout``'s own answer, which may raise ``ValueError`` as `games.engine.bots.random_policy` does.
    """

    def search(seat: int, view: Any, prompt: Prompt, rng: Rng, worlds: Worlds, nodes: int) -> Thought:
        options = candidates(prompt)
        if len(options) <= 1:
            return Thought(options[0] if options else rollout(view, prompt, rng))
        decoded = [game.convert_action(option) for option in options]
        tally, used, round_no = _Tally(len(options)), 0, 0
        while used < nodes:
            world = worlds(rng.fork(f"{rng.stream}/world/{round_no}"))
            for index, action in enumerate(decoded):
                if used >= nodes:
                    break
                play_rng = rng.fork(f"{rng.stream}/play/{round_no}/{index}")
                try:
                    rank, spent = playout(game, world, seat, action, rollout, play_rng, nodes - used)
                except IllegalAction:
                    rank, spent = None, 1  # not legal in this world: a redeal that broke the contract
                used += spent
                if rank is not None:
                    tally.ranks[index] += rank
                    tally.counts[index] += 1
            round_no += 1
        best = tally.best()
        return Thought(options[0 if best is None else best], used)

    return search
