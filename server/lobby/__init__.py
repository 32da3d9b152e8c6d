"""The lobby: rooms and seats over HTTP (`api`, `lobby`), hashed secret tokens, per-client rate limits
and the browser client's pages (`web`)."""
