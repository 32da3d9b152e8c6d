"""Play: one action from its request to its commit, and what a room's deadlines and bots add to it."""
