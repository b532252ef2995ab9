"""Hypothesis strategies for URI references built from small component alphabets."""

from __future__ import annotations

from hypothesis import strategies as st

from urikit import URI, InvalidURIError, RelativeReference, URIReference, parse

SEGMENTS = ["", ".", "..", "a", "b", "c:d", "%2E", "%2e%2E", "g;x", "A%7e"]
HOSTS = ["a", "b", "x.y", "[::1]", "H%41"]


@st.composite
def _reference(draw: st.DrawFn, *, scheme: bool | None) -> URIReference:
    with_scheme = draw(st.booleans()) if scheme is None else scheme
    text = draw(st.sampled_from(["http", "a", "foo", "HTTP"])) + ":" if with_scheme else ""
    has_authority = draw(st.booleans())
    if has_authority:
        text += "//"
        text += draw(st.sampled_from(["", "u@", "u:p@"]))
        text += draw(st.sampled_from(HOSTS))
        text += draw(st.sampled_from(["", ":", ":80", ":8080"]))
    segments = draw(st.lists(st.sampled_from(SEGMENTS), max_size=5))
    path = "/".join(segments)
    if has_authority or draw(st.booleans()):
        path = "/" + path if segments else draw(st.sampled_from(["", "/"]))
    text += path
    text += draw(st.sampled_from(["", "?", "?q", "?y=1"]))
    text += draw(st.sampled_from(["", "#", "#f", "#s/../x"]))
    try:
        return parse(text)
    except InvalidURIError:
        # e.g. "//" opening a path without authority, or ":" in a first relative segment
        return parse("./" + text if not with_scheme else text.replace("//", "/./", 1))


def references() -> st.SearchStrategy[URIReference]:
    """Any reference: a URI or a relative reference."""
    return _reference(scheme=None)


def uris() -> st.SearchStrategy[URI]:
    """URIs (a scheme, maybe a fragment): bases and targets."""
    return _reference(scheme=True).filter(lambda r: isinstance(r, URI))  # type: ignore[return-value]


def relative_references() -> st.SearchStrategy[RelativeReference]:
    """References without a scheme."""
    return _reference(scheme=False).filter(  # type: ignore[return-value]
        lambda r: isinstance(r, RelativeReference)
    )
