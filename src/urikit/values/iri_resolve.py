"""Resolution of IRI references (RFC 3987 6.5): RFC 3986 5.2 applied to IRI text, with
no conversion to a URI and back. :func:`resolve_iri` gives an :class:`IRIReference`."""

# pyright: reportPrivateUsage=false
# (an IRIReference is read and made through its fields, as its own setters do)

from __future__ import annotations

from urikit._core.resolution import target_fields
from urikit._core.views import fields_of, made
from urikit.errors import plain_str
from urikit.errors.reasons import reason
from urikit.values.iri import IRIReference
from urikit.values.resolve import no_scheme

__all__ = ["resolve_iri"]


def _iri(value: IRIReference | str) -> IRIReference:
    return value if isinstance(value, IRIReference) else IRIReference(plain_str(value))


def resolve_iri(
    base: IRIReference | str, ref: IRIReference | str, *, strict: bool = True
) -> IRIReference:
    """The target IRI of ``ref`` against ``base`` (RFC 3987 6.5: the algorithm of RFC
    3986 5.2 on the IRI's own characters).

    ``base`` must have a scheme (an IRI, RFC 3986 5.1); its fragment is ignored.
    Strings are checked as IRI-references (:class:`~urikit.InvalidURIError` otherwise).
    ``strict=False`` ignores a reference scheme equal to the base's (RFC 3986 5.2.2).
    The result maps to the URI that resolving the mapped URIs gives (RFC 3987 3.1).
    """
    base_iri, ref_iri = _iri(base), _iri(ref)
    if base_iri.scheme is None:
        raise no_scheme(
            str(base_iri),
            rule="IRI",
            reason=reason("iri-base-no-scheme"),
        )
    return made(IRIReference, target_fields(fields_of(base_iri), fields_of(ref_iri), strict=strict))
