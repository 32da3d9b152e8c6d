"""Grucha's catalogue (issue 22): names and texts of every id, in English and Polish."""
