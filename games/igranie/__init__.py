"""iGranie z Gruzem (game id ``igranie``): survive 24 weeks of life after university and fill your Dream
Bank with 15 Money and 15 Food. Rules IGR-1…37; rulings in ``README.md`` beside this file."""

from games.igranie.game import GAME, Igranie

__all__ = ["GAME", "Igranie"]
