"""Reference resolution between values (RFC 3986 5.2): :func:`resolve`, :func:`merge`,
same-document references (4.4) and :func:`relativize`, over the algorithms of
:mod:`urikit._core.resolution`. Strings are parsed first."""

from __future__ import annotations

from urikit._core.components import Groups
from urikit._core.resolution import (
    merge_paths,
    relative_path,
    remove_dot_segments,
    target_fields,
)
from urikit._core.views import fields_of, groups_of
from urikit.errors import InvalidURIError, plain_str
from urikit.errors.reasons import reason
from urikit.errors.redact import redact
from urikit.values.uri import URI, URIReference, as_reference, from_fields, parse

__all__ = ["is_same_document", "merge", "relativize", "remove_dot_segments", "resolve"]


def merge(base: URIReference | str, ref_path: str) -> str:
    """RFC 5.2.3: ``ref_path`` appended to the base path's "directory".

    ``"/" + ref_path`` when the base has an authority and an empty path; otherwise the
    base path up to and including its last ``"/"`` (nothing if it has none), then
    ``ref_path``.
    """
    fields = fields_of(base, "base")
    return merge_paths(fields.host is not None, fields.path, plain_str(ref_path, "ref_path"))


def no_scheme(text: str, *, rule: str, reason: str) -> InvalidURIError:
    """The error for ``text``, a reference without the scheme its part in resolution
    needs (RFC 3986 5.1, 5.2; RFC 3987 6.5 for IRIs): ``reason`` says which part."""
    return InvalidURIError(text, position=0, rule=rule, reason=reason, component="scheme")


def _relative_base(text: str) -> InvalidURIError:
    return no_scheme(
        text,
        rule="absolute-URI",
        reason=reason("base-no-scheme"),
    )


def _base_fields(base: URIReference | str) -> Groups:
    """The base URI's components (RFC 5.1): a scheme needed; a fragment is ignored."""
    fields = groups_of(base, "base", "URI")
    scheme = fields[0]
    if scheme is None:
        raise _relative_base(str.__str__(base) if isinstance(base, str) else str(base))
    return fields


def _as_base(base: URIReference | str) -> URI:
    if type(base) is URI:
        return base
    return from_fields(_base_fields(base))  # type: ignore[return-value]


def resolve(base: URIReference | str, ref: URIReference | str, *, strict: bool = True) -> URI:
    """The target URI of ``ref`` against ``base`` (RFC 5.2.2).

    ``base`` must have a scheme; its fragment, if any, is dropped (RFC 5.1); a base
    without a scheme raises :class:`InvalidURIError`. Strings are parsed first. With
    ``strict=False`` a reference scheme equal to the base scheme (compared
    case-insensitively) is ignored, the backward-compatible rule of RFC 5.2.2 that reads
    ``http:g`` against an ``http`` base as ``g``.
    """
    fields = target_fields(_base_fields(base), groups_of(ref, "ref"), strict=strict)
    return from_fields(fields)  # type: ignore[return-value]


def is_same_document(base: URIReference | str, ref: URIReference | str) -> bool:
    """Whether ``ref`` is a same-document reference against ``base`` (RFC 4.4); the
    arguments come in :func:`resolve`'s order.

    True when the target of ``ref`` is, aside from its fragment, identical (component
    by component, as written) to ``base`` without its fragment: ``""`` and ``"#f"``
    always are. Compare normalized values (:func:`urikit.normalize`) for equivalence.
    """
    b = _as_base(base)
    target = resolve(b, ref)
    return fields_of(target)._replace(fragment=None) == fields_of(b)._replace(fragment=None)


def relativize(base: URIReference | str, target: URIReference | str) -> URIReference:
    """The shortest reference that :func:`resolve` turns back into ``target`` (RFC 5.2).

    ``resolve(base, relativize(base, target)) == target`` always holds. The candidates,
    shortest first wins: ``""`` or a fragment (RFC 4.4), a query, a relative path
    (``"./"`` guards a first segment with a ``":"``, RFC 4.2), an absolute path, a
    network-path reference, ``target`` itself. A target with a different scheme (compared
    exactly, as resolution copies the base's) comes back as it is. A target that no
    reference resolves to raises :class:`ValueError`: one whose path still holds dot
    segments (resolution always removes them) and that does not share the base's path.
    """
    b = _as_base(base)
    b_scheme, b_userinfo, b_host, b_port, b_path, b_query, _ = fields_of(b)
    t = as_reference(target, "target")
    if type(t) is not URI:
        raise no_scheme(str(t), rule="URI", reason=reason("target-no-scheme"))
    scheme, userinfo, host, port, path, query, fragment = fields_of(t)
    tail = ("" if query is None else "?" + query) + ("" if fragment is None else "#" + fragment)
    frag = "" if fragment is None else "#" + fragment
    candidates: list[str] = []
    if scheme == b_scheme:
        if (userinfo, host, port) == (b_userinfo, b_host, b_port):
            if path == b_path:
                if query == b_query:
                    candidates.append(frag)
                if query is not None:
                    candidates.append(tail)
            rel = relative_path(host is not None, b_path, path)
            if rel is not None:
                candidates.append(rel + tail)
            if path.startswith("/"):
                candidates.append(("/." + path if path.startswith("//") else path) + tail)
        if host is not None:
            candidates.append(f"//{t.authority}{path}{tail}")
    candidates.sort(key=len)
    for text in candidates:
        ref = parse(text)
        if resolve(b, ref) == t:
            return ref
    if resolve(b, t) == t:
        return t
    raise ValueError(
        f"no reference resolves to {redact(str(t))!r} against this base: its path keeps"
        " dot segments, which resolution removes (RFC 5.2.4); normalize it first"
    )
