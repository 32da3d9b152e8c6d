"""The client's address behind trusted proxies (``--trusted-proxy``, docs/operations.md "The client
address behind a proxy").

Each proxy appends the address it was reached from to ``X-Forwarded-For``; everything left of the
entry the nearest trusted proxy appended was written by whoever reached it, the client included. So
the client is the right-most entry that is not itself a trusted proxy. uvicorn's own handling agrees
except under ``*``, where it takes the left-most entry: the one a client writes itself, so with the
shipped compose file (``*``) a client that varied the header was never rate-limited, and one that
named another address locked that address out.
"""

from __future__ import annotations

from typing import Any

from uvicorn.middleware.proxy_headers import (
    ProxyHeadersMiddleware,
    _parse_host_port,
    _parse_raw_hosts,
    _TrustedHosts,
)


class TrustedProxies(_TrustedHosts):
    """uvicorn's set of trusted proxies (addresses, networks, or ``*`` for every peer) that names the
    client as the right-most forwarded entry that is not a trusted proxy; under ``*`` that is the
    right-most entry (the one the peer appended). When every entry is a trusted proxy, the left-most."""

    def get_trusted_client_address(self, x_forwarded_for: str) -> tuple[str, int]:
        """``(host, port)`` (port 0 when the entry has none) of the client in an ``X-Forwarded-For``
        value (comma-separated entries, the nearest proxy's last)."""
        hosts = _parse_raw_hosts(x_forwarded_for)
        if self.always_trust:
            return _parse_host_port(hosts[-1])
        for entry in reversed(hosts):
            host, port = _parse_host_port(entry)
            if host not in self:
                return host, port
        return _parse_host_port(hosts[0])


class ProxyHeaders(ProxyHeadersMiddleware):
    """uvicorn's proxy headers middleware (``X-Forwarded-For`` and ``X-Forwarded-Proto`` believed from
    ``trusted`` peers only) naming the client as `TrustedProxies` does."""

    def __init__(self, app: Any, trusted: list[str]) -> None:
        super().__init__(app, trusted)
        self.trusted_hosts = TrustedProxies(trusted)
