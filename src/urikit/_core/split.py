"""The non-validating split of RFC 3986 Appendix B, for logs and non-conforming input.

``split`` applies exactly the regular expression of Appendix B::

    ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?

It *never* fails and *never* validates: every string, however broken (spaces, stray
``%``, non-ASCII, ``http://{host}/x``), is cut into the five components the way a
conforming parser would cut it if the string were valid. Use :func:`urikit.parse` for
a checked, typed reference; use ``split`` to look at text you cannot reject.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from re import Match
from typing import NamedTuple

from urikit.errors import expected_str
from urikit.errors.redact import redact

__all__ = ["SplitResult", "split"]

# Appendix B, verbatim; DOTALL so that "." in the fragment also takes line breaks.
_APPENDIX_B = r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?"


class SplitResult(NamedTuple):
    """The five components of RFC 3986 Appendix B: None when undefined, "" when empty.

    ``path`` is always defined (RFC 3.3), possibly empty.
    """

    scheme: str | None
    authority: str | None
    path: str
    query: str | None
    fragment: str | None

    def __repr__(self) -> str:
        """The fields, a password in the authority written ``***`` (RFC 3.2.1, 7.5)."""
        authority = None if self.authority is None else redact("//" + self.authority)[2:]
        return (
            f"SplitResult(scheme={self.scheme!r}, authority={authority!r},"
            f" path={self.path!r}, query={self.query!r}, fragment={self.fragment!r})"
        )


@cache
def _appendix_b() -> Callable[[str], Match[str] | None]:
    return re.compile(_APPENDIX_B, re.DOTALL).match


def split(text: str) -> SplitResult:
    """Split ``text`` with the Appendix B regex (RFC 3986, Appendix B); never raises.

    Nothing is checked: ``split("a b://x y")`` gives ``scheme="a b"``. A ``TypeError``
    is raised only for a non-``str`` argument.
    """
    if not isinstance(text, str):
        raise expected_str(text)
    m = _appendix_b()(text)
    assert m is not None  # every group is optional and [^?#]* matches ""
    scheme, authority, path, query, fragment = m.group(2, 4, 5, 7, 9)
    return SplitResult(scheme, authority, path, query, fragment)
