"""IRIs (RFC 3987): validation of iris.txt, and mapping IRIs to URIs (3.1).

Validation, every line of iris.txt as ``IRI-reference``:

- ``urikit.is_valid(s, "IRI-reference")``;
- floor: the hand-written strict regex of ``floor_iri.py`` (``re``, ``fullmatch``);
- ``rfc3987.match(s, "IRI_reference")``: the peer's pattern on ``regex``.

Mapping, every valid line to a URI-reference:

- ``urikit.iri_to_uri(s)`` (validates first, then encodes);
- urllib: ``urlsplit``, then ``quote`` of each component with the characters that
  component may hold as ``safe`` (so existing escapes and delimiters stay), then
  ``urlunsplit``; it validates nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import quote, urlsplit, urlunsplit

import rfc3987
from _harness import compare, corpus_dir, ratio_table, target
from floor_iri import IRI_FLOOR

import urikit

REPEAT = 5

_floor = IRI_FLOOR.fullmatch
_peer = rfc3987.match

# What each component may hold besides percent-encodings (RFC 3986 3.2-3.5), plus "%".
_USERINFO_SAFE = "-._~!$&'()*+,;=:%"
_HOST_SAFE = "-._~!$&'()*+,;=[]:%"
_PATH_SAFE = "-._~!$&'()*+,;=:@/%"
_QUERY_SAFE = "-._~!$&'()*+,;=:@/?%"


def validate_urikit(s: str) -> bool:
    return urikit.is_valid(s, "IRI-reference")


def validate_floor(s: str) -> bool:
    return _floor(s) is not None


def validate_rfc3987(s: str) -> bool:
    return _peer(s, "IRI_reference") is not None


def map_urikit(s: str) -> str:
    return urikit.iri_to_uri(s)


def map_urllib(s: str) -> str:
    parts = urlsplit(s)
    netloc = parts.netloc
    if netloc:
        userinfo, at, hostport = netloc.rpartition("@")
        netloc = quote(userinfo, _USERINFO_SAFE) + at + quote(hostport, _HOST_SAFE)
    return urlunsplit(
        (
            parts.scheme,
            netloc,
            quote(parts.path, _PATH_SAFE),
            quote(parts.query, _QUERY_SAFE),
            quote(parts.fragment, _QUERY_SAFE),
        )
    )


VALIDATORS: dict[str, Callable[[str], bool]] = {
    "urikit": validate_urikit,
    "floor (hand-written re)": validate_floor,
    "rfc3987 (regex)": validate_rfc3987,
}
MAPPERS: dict[str, Callable[[str], str]] = {
    "urikit.iri_to_uri": map_urikit,
    "urllib: urlsplit + quote per component": map_urllib,
}


def load_iris() -> list[str]:
    """The non-empty lines of the corpus's iris.txt."""
    text = (corpus_dir() / "iris.txt").read_text(encoding="utf-8")
    return [line for line in text.split("\n") if line]


def main() -> str:
    lines = load_iris()
    valid = [line for line in lines if urikit.is_valid(line, "IRI-reference")]
    same = sum(map_urikit(s) == map_urllib(s) for s in valid)
    validation = compare(VALIDATORS, lines, repeat=REPEAT)
    mapping = compare(MAPPERS, valid, repeat=REPEAT)
    verdicts = {name: sum(map(check, lines)) for name, check in VALIDATORS.items()}
    every, ours = f"all {len(lines)}", validation["urikit"]
    floor, peer = validation["floor (hand-written re)"], validation["rfc3987 (regex)"]
    target(
        "IRI validate", items=every, ours=ours, reference="IRI floor regex", theirs=floor, bound=1.3
    )
    target(
        "IRI validate vs rfc3987",
        items=every,
        ours=ours,
        reference="`rfc3987`",
        theirs=peer,
        bound=1,
    )
    target(
        "IRI to URI",
        items=f"{len(valid)} valid of {len(lines)}",
        ours=mapping["urikit.iri_to_uri"],
        reference="urllib split + quote",
        theirs=mapping["urllib: urlsplit + quote per component"],
        bound=1.0,
    )
    return "\n\n".join(
        [
            "## IRIs: validation and mapping to URIs (RFC 3987)",
            f"iris.txt: {len(lines)} lines, {len(valid)} valid `IRI-reference`s. Best of "
            f"{REPEAT} interleaved passes, µs per line.",
            "Validation of every line as `IRI-reference`:",
            ratio_table(validation, reference="urikit"),
            "Lines accepted: "
            + ", ".join(f"{name} {count}" for name, count in verdicts.items())
            + " (the differences are explained in tests/differential/test_rfc3987.py).",
            "Mapping every valid line to a URI (RFC 3987 3.1); urllib validates nothing:",
            ratio_table(mapping, reference="urikit.iri_to_uri"),
            f"Same output on {same} of {len(valid)} lines (urllib's `urlunsplit` drops an "
            "empty query or fragment and its delimiter).",
        ]
    )


if __name__ == "__main__":
    print(main())
