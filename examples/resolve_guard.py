"""Fetch a URL someone else chose without reaching your internal network (SSRF guard).

:func:`urikit.security.resolve_checked` judges the URL with a policy, resolves its host
once, refuses it if any address is internal (IANA special-purpose registries, RFC 6890)
and returns the addresses it checked. Each client below connects to exactly those,
never looking the name up again (DNS rebinding), and still sends the name: in the
``Host`` header and, for https, in TLS (SNI and the certificate check).

- httpx: :class:`GuardedTransport`, a transport; every redirect hop passes through it.
- urllib3: :func:`fetch_with_urllib3`, one pool per checked address; no redirects
  followed (each hop must be checked again: call it with the ``Location``).
- requests: :class:`GuardedAdapter`, mounted on a session; every hop passes through it.

``python examples/resolve_guard.py`` serves a page on 127.0.0.1 and fetches it with
each client through a stand-in resolver that answers ``api.example`` with 127.0.0.1
(allowed on purpose with ``allow=``) and ``rebind.example`` with 10.0.0.5 (refused).
"""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
from collections.abc import Collection, Mapping, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import httpx
import requests
import requests.adapters
import urllib3

from urikit import URI, Policy, PolicyError, parse
from urikit.security import CheckedHost, Resolver, resolve_checked

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def host_field(uri: URI) -> str:
    """The ``Host`` header for ``uri``: host and port as written (RFC 9110 7.2)."""
    assert uri.host is not None
    return uri.host if not uri.port else f"{uri.host}:{uri.port}"


def tls_name(checked: CheckedHost) -> str:
    """The name TLS sends (SNI) and checks the certificate against."""
    return checked.host.encode("idna").decode("ascii")  # A-labels, as DNS and certificates


# -- httpx: a transport ------------------------------------------------------------------


class GuardedTransport(httpx.BaseTransport):
    """Checks every request's URL, then sends it to a checked address.

    One connection pool per name: httpx pools connections by address, and a TLS
    connection made (and its certificate checked) for one name must not carry a
    request for another name at the same address. ``inner`` replaces the pools (tests).
    """

    def __init__(
        self,
        policy: Policy[URI] | None = None,
        *,
        resolver: Resolver = socket.getaddrinfo,
        allow: Collection[Network] = (),
        inner: httpx.BaseTransport | None = None,
    ) -> None:
        self._policy, self._resolver, self._allow = policy, resolver, allow
        self._inner = inner
        self._pools: dict[str, httpx.BaseTransport] = {}
        self._lock = threading.Lock()

    def _pool(self, name: str) -> httpx.BaseTransport:
        if self._inner is not None:
            return self._inner
        with self._lock:
            pool = self._pools.get(name)
            if pool is None:
                pool = self._pools[name] = httpx.HTTPTransport()
            return pool

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        checked = resolve_checked(
            str(request.url), self._policy, resolver=self._resolver, allow=self._allow
        )
        url, failure, name = request.url, None, tls_name(checked)
        # the Host header keeps the name; TLS sends and checks it through sni_hostname
        request.extensions = {**request.extensions, "sni_hostname": name}
        for address in checked.addresses:
            request.url = url.copy_with(host=str(address))
            try:
                return self._pool(name).handle_request(request)
            except httpx.ConnectError as error:  # try the next checked address
                failure = error
        assert failure is not None
        raise failure

    def close(self) -> None:
        for pool in [*self._pools.values(), *([self._inner] if self._inner else [])]:
            pool.close()


# -- urllib3: a pool per checked address --------------------------------------------------


def connection_pool(
    checked: CheckedHost, address: ipaddress.IPv4Address | ipaddress.IPv6Address
) -> urllib3.HTTPConnectionPool:
    """A pool that connects to ``address`` and speaks TLS to the checked name."""
    if checked.uri.scheme.lower() == "https":
        name = tls_name(checked)
        return urllib3.HTTPSConnectionPool(
            str(address), checked.port, server_hostname=name, assert_hostname=name
        )
    return urllib3.HTTPConnectionPool(str(address), checked.port)


def fetch_with_urllib3(
    url: str, *, resolver: Resolver = socket.getaddrinfo, allow: Collection[Network] = ()
) -> urllib3.BaseHTTPResponse:
    checked = resolve_checked(url, resolver=resolver, allow=allow)
    uri = checked.uri
    target = (uri.path or "/") + ("" if uri.query is None else f"?{uri.query}")
    failure: Exception | None = None
    for address in checked.addresses:
        with connection_pool(checked, address) as pool:
            try:
                return pool.request(
                    "GET",
                    target,
                    headers={"Host": host_field(uri)},
                    redirect=False,
                    retries=False,
                    preload_content=True,
                )
            except urllib3.exceptions.NewConnectionError as error:
                failure = error
    assert failure is not None
    raise failure


# -- requests: a transport adapter ---------------------------------------------------------


class GuardedAdapter(requests.adapters.HTTPAdapter):
    """Checks every request's URL, then sends it to a checked address."""

    def __init__(
        self,
        policy: Policy[URI] | None = None,
        *,
        resolver: Resolver = socket.getaddrinfo,
        allow: Collection[Network] = (),
    ) -> None:
        super().__init__(max_retries=0)
        self._policy, self._resolver, self._allow = policy, resolver, allow

    def send(  # type: ignore[override]
        self, request: requests.PreparedRequest, **kwargs: Any
    ) -> requests.Response:
        assert request.url is not None
        url = request.url
        checked = resolve_checked(url, self._policy, resolver=self._resolver, allow=self._allow)
        request.headers["Host"] = host_field(checked.uri)
        failure: Exception | None = None
        for address in checked.addresses:
            request.url = str(checked.uri.with_host(address))
            try:
                response = super().send(request, **kwargs)
            except requests.ConnectionError as error:
                failure = error
                continue
            request.url = response.url = url  # redirects resolve against the name
            return response
        request.url = url
        assert failure is not None
        raise failure

    def build_connection_pool_key_attributes(
        self, request: requests.PreparedRequest, verify: bool | str, cert: Any = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """For https, TLS sends and checks the name of the Host header, not the IP."""
        host, pool = super().build_connection_pool_key_attributes(request, verify, cert)
        if host["scheme"] == "https":
            field = request.headers["Host"]  # the name, set by send()
            authority = field if isinstance(field, str) else field.decode("ascii")
            name = parse(f"//{authority}").decoded_host
            pool["server_hostname"] = pool["assert_hostname"] = name
        return host, pool


def guarded_session(**guard: Any) -> requests.Session:
    session = requests.Session()
    session.trust_env = False  # no proxy from the environment: connect where we checked
    adapter = GuardedAdapter(**guard)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    return session


# -- the demonstration -------------------------------------------------------------------


class _Echo(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        body = f"Host: {self.headers['Host']}, path {self.path}".encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet


def stand_in_resolver(answers: Mapping[str, str]) -> Resolver:
    """A resolver that answers from ``answers`` (name -> IPv4 address), for the demo."""

    def resolve(host: str, port: int, family: int, type: int, /) -> Sequence[Any]:
        if host not in answers:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (answers[host], port))]

    return resolve


def main(argv: Sequence[str] = ()) -> int:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    resolver = stand_in_resolver({"api.example": "127.0.0.1", "rebind.example": "10.0.0.5"})
    guard: dict[str, Any] = {
        "resolver": resolver,
        "allow": [ipaddress.ip_network("127.0.0.1/32")],  # this demo's own server only
    }
    url = f"http://api.example:{port}/hello?x=1"
    try:
        with httpx.Client(transport=GuardedTransport(**guard)) as client:
            print("httpx:   ", client.get(url).text)
        print("urllib3: ", fetch_with_urllib3(url, **guard).data.decode())
        with guarded_session(**guard) as session:
            print("requests:", session.get(url).text)
        for fetch in ("httpx", "urllib3", "requests"):
            bad = f"http://rebind.example:{port}/"
            try:
                if fetch == "httpx":
                    with httpx.Client(transport=GuardedTransport(**guard)) as client:
                        client.get(bad)
                elif fetch == "urllib3":
                    fetch_with_urllib3(bad, **guard)
                else:
                    with guarded_session(**guard) as session:
                        session.get(bad)
            except PolicyError as error:
                print(f"{fetch} refused: {error}")
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
