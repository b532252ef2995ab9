"""``file:`` URIs (RFC 8089): host and path, and the local file system paths they name.

>>> f = parse("file://host.example.com/Share/a%20b.txt")
>>> f.host, f.path
('host.example.com', '/Share/a%20b.txt')
>>> to_path(f, flavour="windows")
PureWindowsPath('//host.example.com/Share/a b.txt')
>>> from_path("/tmp/a b", flavour="posix")
'file:///tmp/a%20b'

:func:`from_path` writes what :meth:`pathlib.PurePath.as_uri` writes (every character
but the unreserved ones and ``/`` percent-encoded; a drive as ``file:///C:/``; a UNC
path as ``file://host/share/``), except where that is no RFC 8089 2 ``file-URI``:

- a POSIX path that begins with exactly two slashes (``//a/b``, which POSIX leaves to
  the implementation) makes ``as_uri`` write ``file:////a/b``, a UNC-like path of
  Appendix E.3.2; :func:`from_path` refuses it with ``ValueError``;
- a Windows path under ``\\\\?\\`` or ``\\\\.\\`` (Win32 namespaces, RFC 8089 Appendix
  D) has no form in RFC 8089; :func:`from_path` refuses it too.

:func:`to_path` reads a local path (no host, or ``localhost``, RFC 8089 3) on either
flavour, and a remote host as a UNC path on Windows (Appendix E.3.1); it refuses what
names no path there: a remote host on POSIX, an encoded separator or NUL in a segment.
With ``parse(..., nonstandard=True)`` the Appendix E forms are read too (drive letters
without a slash, ``|`` for ``:``, UNC strings in the path).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import PurePath, PurePosixPath, PureWindowsPath
from typing import Literal, TypeAlias

from urikit._syntax.rfc3986 import chars_of
from urikit.errors.redact import redact
from urikit.schemes._common import checked, decoded, quote_octets

__all__ = ["FileURI", "Flavour", "from_path", "parse", "to_path"]

Flavour: TypeAlias = Literal["posix", "windows"]

_PREFIX = "file:"


@dataclass(frozen=True, slots=True)
class FileURI:
    """A ``file:`` URI: ``host`` None without an authority, ``""`` when empty, as
    written otherwise; ``path`` as written (percent-encoded). ``str()`` gives the URI."""

    host: str | None
    path: str

    @property
    def is_local(self) -> bool:
        """No host, an empty one or ``localhost`` (RFC 8089 3), and no UNC string in
        the path (Appendix E.3.2)."""
        local_host = self.host is None or self.host.lower() in ("", "localhost")
        return local_host and not self.path.startswith("//")

    def __str__(self) -> str:
        return _PREFIX + ("" if self.host is None else "//" + self.host) + self.path


def parse(text: str, *, nonstandard: bool = False) -> FileURI:
    """The host and path of a ``file:`` URI (rule ``file-URI``, RFC 8089 2; with
    ``nonstandard``, ``file-URI-nonstandard``: Appendix F). Raises
    :class:`~urikit.InvalidURIError` (position, rule, reason) otherwise."""
    text = checked(text, "file-URI-nonstandard" if nonstandard else "file-URI")
    rest = text[len(_PREFIX) :]
    if not rest.startswith("//"):
        return FileURI(None, rest)
    slash = rest.find("/", 2)
    return FileURI(rest[2:slash], rest[slash:])


def _flavour(flavour: Flavour | None) -> Flavour:
    if flavour is None:
        return "windows" if os.name == "nt" else "posix"
    if flavour not in ("posix", "windows"):
        raise ValueError(f"flavour must be one of ('posix', 'windows', None), not {flavour!r}")
    return flavour


def to_path(uri: str | FileURI, *, flavour: Flavour | None = None) -> PurePath:
    """The local path ``uri`` names: a :class:`~pathlib.PurePosixPath` (``"posix"``) or
    :class:`~pathlib.PureWindowsPath` (``"windows"``); None is this system's.

    Raises ``ValueError`` where the URI names no path of that flavour: a remote host on
    POSIX, a segment holding an encoded separator (``%2F``; on Windows ``%5C`` too) or
    NUL, escapes that are not UTF-8; :class:`~urikit.InvalidURIError` for text that is no
    ``file-URI-nonstandard``.
    """
    value = uri if isinstance(uri, FileURI) else parse(uri, nonstandard=True)
    kind = _flavour(flavour)
    text = str(value)
    start = len(text) - len(value.path)
    path = decoded(text, start, len(text), "path-absolute", "path")
    forbidden = "\x00\\" if kind == "windows" else "\x00"
    segments = value.path.split("/")
    for segment in segments:
        piece = decoded(segment, 0, len(segment), "segment", "path")
        if "/" in piece or any(c in piece for c in forbidden):
            raise ValueError(f"the segment {segment!r} holds a separator or NUL: no {kind} name")
    host = None if value.host is None else decoded(value.host, 0, len(value.host), "host")
    remote = host is not None and host.lower() not in ("", "localhost")
    if kind == "posix":
        if remote or path.startswith("//"):
            raise ValueError(
                f"{redact(text)!r} names a file on another host, no local POSIX path"
            )  # RFC 3986 7.5
        return PurePosixPath(path)
    if remote:
        return PureWindowsPath(f"//{host}{path}")
    if path.startswith("///"):
        path = path[1:]  # "file://///host/share": the slash Firefox adds (Appendix E.3.2)
    if len(path) >= 3 and path[0] == "/" and path[1].isascii() and path[1].isalpha():
        if path[2] in ":|" and (len(path) == 3 or path[3] == "/"):
            path = path[1] + ":" + path[3:]  # "/c:/x" and "/c|/x" (Appendix E.2, E.2.2)
    elif len(path) >= 2 and path[0].isalpha() and path[1] in ":|":
        path = path[0] + ":" + path[2:]  # "file:c:/x" (Appendix E.2)
    return PureWindowsPath(path)


_SAFE = chars_of("unreserved") | {"/"}


def from_path(path: str | os.PathLike[str], *, flavour: Flavour | None = None) -> str:
    """The ``file:`` URI of the absolute ``path`` (RFC 8089 2), as
    :meth:`pathlib.PurePath.as_uri` writes it where that is RFC 8089's (see above).

    Raises ``ValueError`` for a relative path, a POSIX path beginning with exactly two
    slashes, or a Windows path in a Win32 namespace (``\\\\?\\``, ``\\\\.\\``).
    """
    kind = _flavour(flavour)
    if kind == "posix":
        posix = PurePosixPath(path)
        if not posix.is_absolute():
            raise ValueError(f"a file URI names an absolute path, not {str(posix)!r}")
        text = str(posix)
        if text.startswith("//"):
            raise ValueError(f"{text!r}: a POSIX path beginning '//' has no RFC 8089 2 form")
        return "file://" + quote_octets(os.fsencode(text), _SAFE)
    windows = PureWindowsPath(path)
    if not windows.is_absolute():
        raise ValueError(f"a file URI names an absolute path, not {str(windows)!r}")
    drive = windows.drive
    if drive.startswith(("\\\\?\\", "\\\\.\\")):
        raise ValueError(f"{str(windows)!r} is in a Win32 namespace, which RFC 8089 cannot name")
    posix_form = windows.as_posix()
    if len(drive) == 2 and drive[1] == ":":
        return f"file:///{drive}" + quote_octets(posix_form[2:].encode("utf-8"), _SAFE)
    return _PREFIX + quote_octets(posix_form.encode("utf-8"), _SAFE)
