"""Another ASGI server under the same app, for ``boardroom bench --server`` only (docs/benchmarks.md,
"Levers: the server under the app"): granian. Production serves on uvicorn."""
