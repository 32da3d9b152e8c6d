"""Gregs Tagebuch: Von Idioten umzingelt! (game id ``gregs``): push your character to rank 1 and do not
end holding the cheese curse. Rules GRE-1…21; rulings in ``README.md`` beside this file."""

from games.gregs.game import GAME, Gregs

__all__ = ["GAME", "Gregs"]
