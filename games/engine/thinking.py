"""A game's table of bots, the one way to run one (`think`) and the one play-out loop (`play_out`), above
the plugin and the search.

The contract a bot keeps is in `games.engine.bots`: a plain policy sees its seat's view and prompt; a
search also gets a determinization of the state, never the state itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.engine.bots import SEARCH_NODES, Bot, Policy, Thought, entry, private, random_policy
from games.engine.match import Match
from games.engine.model import Event
from games.engine.plugin import Game
from games.engine.rng import Rng, bot_rng
from games.engine.search import ismcts


def bots_of(game: Game[Any, Any]) -> dict[str, Bot]:
    """Every bot ``game`` offers, by name: ``random`` (the game's own, else `random_policy`), ``search``
    (information-set Monte Carlo search over the game's ``random`` bot, `games.engine.search`) and the
    entries of `Game.bots` (which may replace either)."""
    own = {name: entry(value) for name, value in game.bots().items()}
    rollout = own.get("random", Bot(random_policy)).policy
    table = {"random": Bot(random_policy), "search": Bot(rollout, ismcts(game, rollout), SEARCH_NODES)}
    return {**table, **own}


def think(game: Game[Any, Any], bot: Bot | Policy, state: Any, seat: int, rng: Rng) -> Thought:
    """``bot``'s decision for ``seat`` at ``state``: a plain policy sees the seat's view and prompt; a
    search gets them and ``worlds`` (`Game.redeal` of ``state`` for ``seat``), never ``state`` itself.
    Either draws from `private` of ``rng`` (the room's seed keys ``rng``; the bot never sees it).

    Raises ``KeyError`` when ``seat`` has no prompt, and whatever the bot raises.
    """
    bot = entry(bot)  # a bare policy is a plain bot
    view, prompt, rng = game.view(state, seat), game.prompts(state)[seat], private(rng)
    if bot.search is None:
        return Thought(bot.policy(view, prompt, rng))

    def worlds(world_rng: Rng) -> Any:
        return game.redeal(state, seat, world_rng)

    return bot.search(seat, view, prompt, rng, worlds, bot.nodes)


#: ``(game, bot, state, seat, rng) -> Thought``: how `play_out` asks a seat for its decision (`think`).
Decide = Callable[[Game[Any, Any], Bot | Policy, Any, int, Rng], Thought]


def play_out(
    game: Game[Any, Any],
    bots: Sequence[Bot | Policy],
    options: Any,
    seed: bytes,
    step_cap: int | None = None,
    decide: Decide = think,
    events: list[Event[Any]] | None = None,
) -> Match:
    """One game in memory to its end, or to ``step_cap`` applied actions: seat i is played by
    ``bots[i]`` through ``decide`` (`think`: each bot sees only its seat and draws from `bot_rng`).
    Among several prompted seats the one to act is drawn from the stream ``play/v<version>``. Returns
    the `Match` (its ``state``, ``version`` and ``log``); with ``events``, each step's events are appended
    to it. Raises what a refused action raises
    (`IllegalAction`: a bot that broke the rules)."""
    match = Match(game, len(bots), options, seed)
    while game.outcome(match.state) is None and (step_cap is None or match.version < step_cap):
        prompted = sorted(game.prompts(match.state))
        if not prompted:
            break
        seat = prompted[Rng(seed, f"play/v{match.version}").below(len(prompted))]
        thought = decide(game, bots[seat], match.state, seat, bot_rng(seed, seat, match.version))
        stepped = match.act(seat, thought.action)
        if events is not None:
            events += stepped
    return match
