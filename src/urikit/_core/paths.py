"""Path rules of RFC 3986 3.3 and 4.2 that decide how a path is written beside the other
components."""

from __future__ import annotations

__all__ = ["unambiguous_path"]


def unambiguous_path(path: str, *, has_scheme: bool, has_host: bool) -> str:
    """``path`` (encoded) written so that it reads back as the same segments (RFC 3.3):

    - with an authority, a non-empty path gets a leading ``"/"`` (a path of segments:
      the Builder refuses raw path text without one, see
      :func:`urikit.build.parts.assemble`);
    - without one, a path starting ``"//"`` gets ``"/."`` in front (``/.//x``);
    - in a relative reference, a first segment containing ``":"`` gets ``"./"`` in
      front (RFC 4.2), so it is not read as a scheme.
    """
    if not path:
        return path
    if has_host:
        return path if path[0] == "/" else "/" + path
    if path.startswith("//"):
        return "/." + path
    if not has_scheme and ":" in path.partition("/")[0]:
        return "./" + path
    return path
