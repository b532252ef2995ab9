"""Reference resolution (RFC 3986 5.2), same-document references (4.4), relativization.

``resolve(base, ref)`` follows the algorithm of RFC 5.2.2 to the letter, with
``remove_dot_segments`` (5.2.4) and ``merge`` (5.2.3) as public functions. One addition,
which RFC 5.3 leaves to the implementation: when the target has no authority and its
path starts with ``"//"`` (``foo:/a/b`` + ``..//g``), the path is written ``"/.//g"`` so
that the target recomposes to a string that parses back to the same components (a bare
``"//g"`` would be read as an authority). ``/./`` is a dot segment, so the target still
identifies the same resource.

Percent-encoded dots (``%2E``) are not dot segments here (RFC 2.3 lets a normalizer
decode them first; :func:`urikit.normalize` does).
"""

from __future__ import annotations

from urikit._core.components import Fields, fields_of
from urikit.errors import InvalidURIError, plain_str
from urikit.values.uri import URI, URIReference, as_reference, from_fields, parse

__all__ = ["is_same_document", "merge", "relativize", "remove_dot_segments", "resolve"]


def remove_dot_segments(path: str) -> str:
    """RFC 5.2.4: ``path`` with its ``"."`` and ``".."`` segments interpreted and removed.

    The RFC's two-buffer algorithm, step by step: the input buffer is ``path`` read from
    index ``i`` on, the output buffer a list of segments (each with its leading ``"/"``,
    if any), so every step costs O(1) besides reading its segment once, and the whole run
    is linear in ``len(path)``. Rules A and D can only apply while the input does not
    start with ``"/"`` (at the start of a relative path); after that every step reads
    one ``"/" segment`` and applies rule B, C or E to it.
    """
    return _remove_dots(path if type(path) is str else plain_str(path, "path"))


def _remove_dots(path: str) -> str:
    """:func:`remove_dot_segments` of a plain ``str``."""
    if not path.startswith(".") and "/." not in path:
        return path  # no complete "." or ".." segment can occur: nothing to do
    if path[0] == "/":
        return _remove_dot_segments_absolute(path)
    out: list[str] = []
    i = 0
    n = len(path)
    while i < n and path[i] != "/":
        if path.startswith("../", i):  # A. remove a prefix "../" or "./"
            i += 3
        elif path.startswith("./", i):
            i += 2
        elif (i + 1 == n and path[i] == ".") or (i + 2 == n and path.startswith("..", i)):
            return ""  # D. an input of just "." or ".." is removed
        else:  # E. move the first segment (no leading "/") to the output
            j = path.find("/", i)
            if j < 0:
                j = n
            out.append(path[i:j])
            i = j
    find = path.find
    while i < n:  # the input buffer starts with "/"
        j = find("/", i + 1)
        if j < 0:
            j = n
        segment = path[i + 1 : j]
        if segment == ".":  # B. "/./" or a final "/." becomes "/"
            if j == n:
                out.append("/")
            i = j
        elif segment == "..":  # C. "/../" or a final "/.." becomes "/", and the last
            if out:  # output segment (with its preceding "/", if any) is removed
                out.pop()
            if j == n:
                out.append("/")
            i = j
        else:  # E. move "/" and the first segment to the output
            out.append(path[i:j])
            i = j
    return "".join(out)


def _remove_dot_segments_absolute(path: str) -> str:
    """remove_dot_segments for a path that starts with "/", segment by segment.

    Every step of 5.2.4 then reads one ``"/" segment``: rule B drops a ``"."``, rule C
    drops a ``".."`` and pops the last output segment, rule E keeps the segment; a final
    ``"."`` or ``".."`` leaves the output ending in ``"/"`` (an empty last segment).
    """
    out: list[str] = []
    segments = path.split("/")
    for segment in segments[1:]:
        if segment == "..":
            if out:
                out.pop()
        elif segment != ".":
            out.append(segment)
    if segments[-1] in (".", ".."):
        out.append("")
    return "/" + "/".join(out)


def _merge(has_authority: bool, base_path: str, ref_path: str) -> str:
    if has_authority and not base_path:
        return "/" + ref_path
    return base_path[: base_path.rfind("/") + 1] + ref_path


def merge(base: URIReference | str, ref_path: str) -> str:
    """RFC 5.2.3: ``ref_path`` appended to the base path's "directory".

    ``"/" + ref_path`` when the base has an authority and an empty path; otherwise the
    base path up to and including its last ``"/"`` (nothing if it has none), then
    ``ref_path``.
    """
    _, _, host, _, path, _, _ = fields_of(base, "base")
    return _merge(host is not None, path, plain_str(ref_path, "ref_path"))


def _relative_base(text: str) -> InvalidURIError:
    return InvalidURIError(
        text,
        position=0,
        rule="absolute-URI",
        reason="a base URI must have a scheme (RFC 5.1): the base is the first argument"
        " (base, ref); a relative base must be resolved itself first",
        component="scheme",
    )


def _base_fields(base: URIReference | str) -> Fields:
    """The base URI's components (RFC 5.1): a scheme needed; a fragment is ignored."""
    fields = fields_of(base, "base", "URI")
    if fields[0] is None:
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
    b_scheme, b_userinfo, b_host, b_port, b_path, b_query, _ = _base_fields(base)
    r_scheme, r_userinfo, r_host, r_port, r_path, r_query, r_fragment = fields_of(ref, "ref")
    if (
        r_scheme is not None and not strict and r_scheme.lower() == b_scheme.lower()  # type: ignore[union-attr]
    ):
        r_scheme = None
    scheme: str | None
    if r_scheme is not None:
        scheme = r_scheme
        userinfo, host, port = r_userinfo, r_host, r_port
        path = _remove_dots(r_path)
        query = r_query
    else:
        scheme = b_scheme
        if r_host is not None:
            userinfo, host, port = r_userinfo, r_host, r_port
            path = _remove_dots(r_path)
            query = r_query
        else:
            userinfo, host, port = b_userinfo, b_host, b_port
            if not r_path:
                path = b_path
                query = b_query if r_query is None else r_query
            else:
                if r_path[0] == "/":
                    path = _remove_dots(r_path)
                else:
                    path = _remove_dots(_merge(b_host is not None, b_path, r_path))
                query = r_query
    if host is None and path.startswith("//"):
        path = "/." + path  # RFC 5.3: keep the path from being read as an authority
    return from_fields((scheme, userinfo, host, port, path, query, r_fragment))  # type: ignore[return-value]


def is_same_document(base: URIReference | str, ref: URIReference | str) -> bool:
    """Whether ``ref`` is a same-document reference against ``base`` (RFC 4.4); the
    arguments come in :func:`resolve`'s order.

    True when the target of ``ref`` is, aside from its fragment, identical (component
    by component, as written) to ``base`` without its fragment: ``""`` and ``"#f"``
    always are. Compare normalized values (:func:`urikit.normalize`) for equivalence.
    """
    b = _as_base(base)
    target = resolve(b, ref)
    return fields_of(target)[:6] == fields_of(b)[:6]


def _guard_relative_path(path: str) -> str:
    """A relative-path reference's path that resolution cannot misread (RFC 4.2)."""
    first = path.partition("/")[0]
    if ":" in first or path.startswith("/"):
        return "./" + path
    return path


def _relative_path(has_authority: bool, base_path: str, target_path: str) -> str | None:
    """A relative path from the base's directory to ``target_path``, or None."""
    directory = _merge(has_authority, base_path, "")
    dir_segments = directory.split("/")[:-1]  # the directory ends with "/" (or is "")
    target_segments = target_path.split("/")
    if directory.startswith("/") != target_path.startswith("/"):
        return None
    common = 0
    limit = min(len(dir_segments), len(target_segments) - 1)
    while common < limit and dir_segments[common] == target_segments[common]:
        common += 1
    ups = len(dir_segments) - common
    if ups and not directory.startswith("/"):
        return None  # ".." cannot climb a rootless path (RFC 5.2.4 makes it absolute)
    rest = "/".join(target_segments[common:])
    if ups:
        return "../" * ups + rest
    if not rest:
        return "."
    return _guard_relative_path(rest)


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
        raise InvalidURIError(
            str(t),
            position=0,
            rule="URI",
            reason="the target must be a URI with a scheme (RFC 5.2)",
            component="scheme",
        )
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
            rel = _relative_path(host is not None, b_path, path)
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
        f"no reference resolves to {str(t)!r} against this base: its path keeps dot"
        " segments, which resolution removes (RFC 5.2.4); normalize it first"
    )
