"""Pure game rules: the engine every game plugs into, and one package per game.

Nothing under ``games`` performs I/O, reads a clock or uses global randomness (checked by import-linter).
"""
