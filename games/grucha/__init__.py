"""Grucha (game id ``grucha``): the rummy with free table rearrangement, for 2 to 5 players. Rules
GRU-1…15; rulings in ``README.md`` beside this file."""

from games.grucha.game import GAME, Grucha

__all__ = ["GAME", "Grucha"]
