"""Websocket sessions: the ``/ws`` endpoint, connections with bounded send queues, and the per-worker
hub that fans each room's changes out to its local viewers."""
