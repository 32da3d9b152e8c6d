"""``boardroom bench``: the load benchmark (DESIGN "Where the time goes", docs/benchmarks.md).

Three kinds of process, so each one's CPU is measured apart: the worker(s) under test (``boardroom
serve --fixtures`` with the rate limits lifted), the load generator of bot clients over real websockets
(`load`), and the orchestrator (`runner`), which starts them pinned to separate cores when ``taskset``
exists, samples the workers' CPU and RSS from ``/proc`` between the generator's ``MEASURE_START`` and
``MEASURE_END`` lines, runs the transport baseline in the same invocation (`runner.measure_baseline`)
and the peer frameworks, Colyseus and boardgame.io, when asked (`peers`), and prints every figure also as
a ratio to the baseline, and µs per action and p99 as ratios to Colyseus (`report`).
"""
