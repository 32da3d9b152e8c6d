"""Starting, serving and stopping a worker: settings from flags and the environment (`config`), uvicorn's
configuration and the HTTP deadlines (`serving`), trusted proxies, the supervisor of several workers on
one port, and the graceful shutdown."""
