"""The server: Starlette app (lobby HTTP API, websocket sessions), rooms, stores, bus and scheduler."""
