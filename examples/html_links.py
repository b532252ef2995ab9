"""Resolving and normalizing the links of an HTML page (stdlib html.parser).

Each ``href``/``src`` is a URI-reference (RFC 3986 4.1) resolved against the page's base
URI (RFC 5.1: a ``<base href>`` if the page has one, else the page's own URI), then
normalized (RFC 6.2) so that equivalent links compare equal. Invalid ones are reported
with their position instead of being guessed at. ``python examples/html_links.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from html.parser import HTMLParser

import urikit

PAGE_URI = "https://www.example.com/docs/guide/intro.html"

PAGE = """<!doctype html>
<html><head>
  <base href="/docs/guide/">
  <link rel="stylesheet" href="../static/style.css">
</head><body>
  <a href="install.html">Install</a>
  <a href="./install.html#linux">Install on Linux</a>
  <a href="HTTPS://WWW.Example.com:443/docs/guide/install.html">Install (absolute)</a>
  <a href="../api/%7Ereference/index.html?lang=en">API</a>
  <a href="//cdn.example.net/logo.svg">Logo</a>
  <a href="#top">Top</a>
  <a href="mailto:docs@example.com">Write to us</a>
  <a href="install page.html">Broken: space</a>
  <a href="http://[::1">Broken: IPv6</a>
  <img src="/img/a%2Fb.png">
</body></html>
"""


class Links(HTMLParser):
    """Collects the ``href``/``src`` values and the ``<base href>`` of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.base: str | None = None
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None or name not in ("href", "src"):
                continue
            if tag == "base" and name == "href" and self.base is None:
                self.base = value.strip()
            elif tag != "base":
                self.links.append(value.strip())  # browsers strip ASCII whitespace


def resolve_links(
    page_uri: str, html: str
) -> tuple[list[urikit.URI], list[urikit.InvalidURIError]]:
    """The page's links resolved (RFC 5.2) and normalized (RFC 6.2), and the bad ones."""
    parser = Links()
    parser.feed(html)
    base = urikit.URI.parse(page_uri)
    if parser.base is not None:
        base = urikit.resolve(base, parser.base)  # RFC 5.1.1: base inside the content
    good: list[urikit.URI] = []
    bad: list[urikit.InvalidURIError] = []
    for link in parser.links:
        try:
            target = urikit.resolve(base, link)
        except urikit.InvalidURIError as error:
            bad.append(error)
            continue
        good.append(urikit.normalize(target))
    return good, bad


def main(argv: Sequence[str] | None = None) -> int:
    good, bad = resolve_links(PAGE_URI, PAGE)
    print(f"page {PAGE_URI}: {len(good)} links resolved, {len(bad)} invalid\n")
    for uri in good:
        print(f"  {uri}")
    unique = dict.fromkeys(urikit.normalized_key(uri.with_fragment(None)) for uri in good)
    print(f"\n{len(unique)} distinct documents (fragments ignored, RFC 6.2 equivalence)")
    print("\ninvalid links:")
    for error in bad:
        print("  " + str(error).replace("\n", "\n  "))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
