"""Rule tests of the shipped games, one module per game section."""
