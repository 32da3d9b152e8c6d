"""Clients: the Python SDK, the bot runner and the ``boardroom`` command line."""
