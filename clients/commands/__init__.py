"""One module per ``boardroom`` subcommand; each has ``register(subparsers)`` and sets ``func``."""
