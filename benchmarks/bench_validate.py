"""Validate every line of urls.txt as an RFC 3986 ``URI-reference``: urikit vs peers.

Contenders (each behind one plain Python wrapper call, so call overhead is alike):

- ``urikit.is_valid(s, "URI-reference")``.
- ``rfc3986_validator.validate_rfc3986(s, rule="URI_reference")``: one ``re`` pattern
  anchored ``^...$`` (so one trailing newline would pass; none occurs in the corpus).
- ``rfc3987.match(s, "URI_reference")``: one pattern from the ABNF, on ``regex``.
- rfc3986: ``Validator().check_validity_of(<all seven components>).validate(
  rfc3986.uri_reference(s))``, the library's non-deprecated way to check a whole
  reference (``URIReference.is_valid()`` is deprecated and warns on every call). Its
  parser splits with the non-validating Appendix B regex and *percent-encodes* path,
  query and fragment before any check, so spaces, non-ASCII and stray ``%`` there pass.
- floor: the hand-written regex of ``floor.py`` (``re``, possessive, ``fullmatch``).

Then ``urikit.is_valid(s, "URI")`` against ``can_ada.can_parse(s)`` (ada, C++, the
WHATWG parser): the native peer, whose target the kernel build is held to.
"""

from __future__ import annotations

from collections.abc import Callable

import can_ada
import rfc3986
import rfc3986_validator
import rfc3987
from _harness import compare, current_build, load_urls, markdown_table, ratio_table, target
from floor import FLOOR
from rfc3986.exceptions import ValidationError
from rfc3986.validators import Validator

import urikit

KERNEL = True  # run.py measures it in the kernel build too
REPEAT = 5
EXAMPLES = 4

_RFC3986_VALIDATOR = Validator().check_validity_of(
    "scheme", "userinfo", "host", "port", "path", "query", "fragment"
)
_floor_fullmatch = FLOOR.fullmatch


def check_urikit(s: str) -> bool:
    return urikit.is_valid(s, "URI-reference")


def check_rfc3986_validator(s: str) -> bool:
    return rfc3986_validator.validate_rfc3986(s, rule="URI_reference") is not None


def check_rfc3987(s: str) -> bool:
    return rfc3987.match(s, "URI_reference") is not None


def check_rfc3986(s: str) -> bool:
    try:
        _RFC3986_VALIDATOR.validate(rfc3986.uri_reference(s))
    except ValidationError:
        return False
    return True


def check_floor(s: str) -> bool:
    return _floor_fullmatch(s) is not None


CONTENDERS: dict[str, Callable[[str], bool]] = {
    "urikit": check_urikit,
    "floor (hand-written re)": check_floor,
    "rfc3986_validator": check_rfc3986_validator,
    "rfc3987 (regex)": check_rfc3987,
    "rfc3986 (Validator)": check_rfc3986,
}


#: ``URI`` (absolute) against can_ada, which reads only absolute URLs.
NATIVE: dict[str, Callable[[str], bool]] = {
    "urikit is_valid(s, 'URI')": lambda s: urikit.is_valid(s, "URI"),
    "can_ada.can_parse(s)": can_ada.can_parse,
}


def _shortest(lines: list[str], k: int) -> list[str]:
    return sorted(lines, key=lambda s: (len(s), s))[:k]


def agreement(lines: list[str]) -> str:
    """Accept counts and disagreements of every contender with urikit, with examples."""
    verdicts = {name: [check(s) for s in lines] for name, check in CONTENDERS.items()}
    mine = verdicts["urikit"]
    rows: list[tuple[str, int, int, int, int]] = []
    examples: list[str] = []
    for name, theirs in verdicts.items():
        only_mine = [s for s, a, b in zip(lines, mine, theirs, strict=True) if a and not b]
        only_theirs = [s for s, a, b in zip(lines, mine, theirs, strict=True) if b and not a]
        accepted = sum(theirs)
        rows.append((name, accepted, len(lines) - accepted, len(only_mine), len(only_theirs)))
        if name == "urikit":
            continue
        for label, found in (("urikit accepts", only_mine), ("urikit rejects", only_theirs)):
            if found:
                examples.append(f"# {label}, {name} disagrees ({len(found)}; shortest first)")
                examples.extend(repr(s) for s in _shortest(found, EXAMPLES))
    out = markdown_table(
        ("contender", "accepts", "rejects", "urikit yes, it no", "urikit no, it yes"), rows
    )
    if examples:
        out += "\n\nDisagreement examples:\n\n```text\n" + "\n".join(examples) + "\n```"
    return out


def main() -> str:
    lines = load_urls()
    timings = compare(CONTENDERS, lines, repeat=REPEAT)
    floor = timings["floor (hand-written re)"]
    items = f"all {len(lines)}"
    target(
        "validate",
        items=items,
        ours=timings["urikit"],
        reference="floor regex",
        theirs=floor,
        bound=1.1,
    )
    native = compare(NATIVE, lines, repeat=REPEAT)
    if current_build() == "kernel":
        ours, theirs = native.values()
        target(
            "validate vs can_ada",
            items=items,
            ours=ours,
            reference="can_ada",
            theirs=theirs,
            bound=0.8,
        )
    return "\n\n".join(
        [
            "## Validation: `URI-reference` over urls.txt",
            f"{len(lines)} lines, every line checked by every contender; best of {REPEAT} "
            "interleaved passes, µs per line (including one Python wrapper call each).",
            ratio_table(timings, reference="urikit"),
            "Against the native peer, every line as `URI`:",
            ratio_table(native),
            "Verdicts (same lines, compared with urikit's):",
            agreement(lines),
            "rfc3986 is checked with "
            "`Validator().check_validity_of(scheme, userinfo, host, port, path, query, "
            "fragment).validate(rfc3986.uri_reference(s))`; its parser percent-encodes "
            "path, query and fragment before checking them, so it is not a syntax check "
            "of the input as written.",
        ]
    )


if __name__ == "__main__":
    print(main())
