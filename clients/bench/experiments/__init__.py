"""Evaluation-only code of the benchmarks (docs/benchmarks.md, "Levers"), kept to rerun a measurement
from a checkout and never installed (``pyproject.toml`` excludes this package): granian under the app
(``boardroom bench --server granian``), and the lean Redis connection with its reply-path
micro-benchmark (``python -m clients.bench.experiments.redis_path``)."""
