"""URI Templates (RFC 6570): typed, all four levels, expanding to valid URI references.

``URITemplate("/users{/id}{?fields*}").expand(id="42", fields=["a", "b"])`` gives the
parsed reference ``/users/42?fields=a&fields=b``.
"""

from __future__ import annotations

from urikit.template._expand import Pairs, Scalar, TemplateValue, Values
from urikit.template._template import URITemplate

__all__ = ["Pairs", "Scalar", "TemplateValue", "URITemplate", "Values"]
