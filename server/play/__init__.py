"""Play: one action from its request to its commit (`rooms`, `step`), the deadlines a step schedules and
the scheduler that fires them (timeouts, bots, auto-passes)."""
