"""Issue 21, point 2: the client behind trusted proxies is the right-most forwarded entry that is not a
trusted proxy (`server.process.proxies`), under ``*`` too."""

from __future__ import annotations

from server.process.proxies import TrustedProxies


def test_any_peer_trusted_names_the_entry_the_proxy_appended_not_the_clients_own() -> None:
    assert TrustedProxies(["*"]).get_trusted_client_address("6.6.6.6, 203.0.113.9") == ("203.0.113.9", 0)


def test_the_right_most_entry_that_is_not_a_trusted_proxy_is_the_client() -> None:
    trusted = TrustedProxies(["127.0.0.1", "10.0.0.0/8"])
    forwarded = "6.6.6.6, 203.0.113.9:4711, 10.1.2.3, 127.0.0.1"
    assert trusted.get_trusted_client_address(forwarded) == ("203.0.113.9", 4711)


def test_a_chain_of_trusted_proxies_alone_names_its_first() -> None:
    assert TrustedProxies(["10.0.0.0/8"]).get_trusted_client_address("10.0.0.1, 10.0.0.2") == ("10.0.0.1", 0)
