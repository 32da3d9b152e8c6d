"""Jak nedostat infarkt (``infarkt``): rules INF-1…28, see README.md."""

from games.infarkt.game import GAME, Infarkt

__all__ = ["GAME", "Infarkt"]
