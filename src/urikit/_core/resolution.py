"""Reference resolution over the components record (RFC 3986 5.2): dot-segment removal
(5.2.4), merging paths (5.2.3), the target's components (5.2.2) and the relative path
between two paths that :func:`urikit.relativize` builds on.

One addition, which RFC 5.3 leaves to the implementation: when the target has no
authority and its path starts with ``"//"`` (``foo:/a/b`` + ``..//g``), the path is
written ``"/.//g"`` so that the target recomposes to a string that parses back to the
same components (a bare ``"//g"`` would be read as an authority). ``/./`` is a dot
segment, so the target still identifies the same resource.

Percent-encoded dots (``%2E``) are not dot segments here (RFC 2.3 lets a normalizer
decode them first; :func:`urikit.normalize` does).
"""

from __future__ import annotations

from urikit._core.components import Groups
from urikit.errors import plain_str

__all__ = [
    "guard_relative_path",
    "merge_paths",
    "relative_path",
    "remove_dot_segments",
    "target_fields",
]


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


def merge_paths(has_authority: bool, base_path: str, ref_path: str) -> str:
    """RFC 5.2.3 over the base's path, given whether the base has an authority."""
    if has_authority and not base_path:
        return "/" + ref_path
    return base_path[: base_path.rfind("/") + 1] + ref_path


def target_fields(base: Groups, ref: Groups, *, strict: bool = True) -> Groups:
    """The components of the target of ``ref`` against ``base`` (RFC 5.2.2), both as
    fields; ``base`` has a scheme (RFC 5.1). ``strict=False`` is the backward-compatible
    rule that ignores a reference scheme equal to the base's."""
    b_scheme, b_userinfo, b_host, b_port, b_path, b_query, _ = base
    r_scheme, r_userinfo, r_host, r_port, r_path, r_query, r_fragment = ref
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
                    path = _remove_dots(merge_paths(b_host is not None, b_path, r_path))
                query = r_query
    if host is None and path.startswith("//"):
        path = "/." + path  # RFC 5.3: keep the path from being read as an authority
    return (scheme, userinfo, host, port, path, query, r_fragment)


def guard_relative_path(path: str) -> str:
    """A relative-path reference's path that resolution cannot misread (RFC 4.2)."""
    first = path.partition("/")[0]
    if ":" in first or path.startswith("/"):
        return "./" + path
    return path


def relative_path(has_authority: bool, base_path: str, target_path: str) -> str | None:
    """A relative path from the base's directory to ``target_path``, or None."""
    directory = merge_paths(has_authority, base_path, "")
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
    return guard_relative_path(rest)
