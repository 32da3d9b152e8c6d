"""Operating a worker: the health probes, Prometheus metrics, event-loop and collector pauses, giving a
crowd's memory back (`trimmer`) and the actions in flight that a graceful shutdown finishes."""
