"""Building API URLs from user input safely, with the typestate Builder.

Every value goes in raw and is percent-encoded for its own component exactly once
(RFC 3986 2.1, 2.4): a user name with "/" cannot add a path segment, a search with "&"
or "#" cannot add a query parameter or cut the URL short, and already-encoded text is
never encoded twice. Compare string formatting, which lets the input rewrite the URL.
Links the API hands back are edited the same way: ``with_query_param`` changes one
parameter and keeps the others as the server wrote them; ``/`` appends one segment of data.
``python examples/build_api_urls.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

import urikit
from urikit import URI, Builder

API = Builder().scheme("https").host("api.example.com")


def user_repos_url(user: str, search: str, page: int) -> URI:
    """``GET /users/{user}/repos?q={search}&page={page}``, whatever the input holds."""
    return (
        API.segments(["", "users", user, "repos"])
        .query_params([("q", search), ("page", str(page))])
        .build()
    )


def naive_url(user: str, search: str, page: int) -> str:
    """What string formatting builds: the input can change the URL's structure."""
    return f"https://api.example.com/users/{user}/repos?q={search}&page={page}"


def next_page(link: URI) -> URI:
    """The link to the page after ``link``: only ``page`` changes (RFC 3.4)."""
    page = dict(link.decoded_query_pairs()).get("page") or "1"
    return link.with_query_param("page", str(int(page) + 1))


def repo_issues_url(repo: URI, label: str) -> URI:
    """``{repo}/issues?label={label}``: the label is one value, whatever it holds."""
    return (repo / "issues").with_query_param("label", label)


def main(argv: Sequence[str] | None = None) -> int:
    cases = [
        ("alice", "uri parser", 1),
        ("../admin", "x", 1),  # tries to climb out of /users/
        ("bob", "rock&roll=yes#frag", 2),  # tries to add a parameter and a fragment
        ("zoë", "100%", 3),  # non-ASCII (UTF-8, RFC 2.5) and a bare "%"
    ]
    for user, search, page in cases:
        url = user_repos_url(user, search, page)
        print(f"user={user!r} search={search!r} page={page}")
        print(f"  naive:   {naive_url(user, search, page)}")
        print(f"  builder: {url}")
        # Reading it back gives exactly what went in (RFC 2.4: decode once).
        assert url.decoded_segments == ("", "users", user, "repos")
        assert url.decoded_query_pairs() == [("q", search), ("page", str(page))]
        ok = urikit.is_valid(naive_url(user, search, page), "URI")
        print(f"  naive is {'a valid' if ok else 'NOT a valid'} URI; the builder's always is")
    # A link from the API, spelled its own way ("+" and %7E): only "page" changes.
    link = URI.parse("https://api.example.com/search?q=rock+roll&sort=%7Estars&page=2")
    print(f"next page: {next_page(link)}")
    assert next_page(link).query == "q=rock+roll&sort=%7Estars&page=3"
    repo = URI.parse("https://api.example.com/repos/alice/uri%20kit")
    print(f"issues:    {repo_issues_url(repo, 'good first issue/help')}")
    try:
        _ = repo / ".."  # a dot segment is navigation, never data
    except urikit.URIBuildError as error:
        print(f"refused:   {error}")
    # A port needs a host, a build needs a scheme: mistakes a type checker reports.
    print(Builder().scheme("http").host("127.0.0.1").port(8080).path("/health").build())
    print(Builder().path("docs/a b.html").fragment("see also").build_reference())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
