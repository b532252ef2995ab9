"""Long-running fuzzer for urikit's text entry points (see fuzz/README.md).

With atheris installed (coverage-guided, libFuzzer options on the command line):

    .venv/bin/python fuzz/fuzz_parse.py -max_total_time=600 fuzz/corpus

Without it (or with ``--hypothesis``), the same checks run as a hypothesis property
under the ``fuzz`` profile; ``URIKIT_FUZZ_EXAMPLES`` sets the number of examples:

    URIKIT_FUZZ_EXAMPLES=200000 .venv/bin/python fuzz/fuzz_parse.py --hypothesis

Every input must satisfy, for any ``str`` (RFC 3986 Appendix A, 4.1, 5.2, 6.2):

- ``parse`` returns a value or raises ``InvalidURIError`` (with 0 <= position <= len);
- ``parse`` succeeds exactly when ``is_valid`` says so, and ``str(parse(x)) == x``;
- a parsed reference normalizes idempotently to a valid reference;
- resolved against a base, relativize then resolve gives the same target back;
- ``split``, ``extract``, ``quote``, ``unquote`` raise nothing but ``InvalidURIError``.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable

import urikit
from urikit import InvalidURIError

BASE = "http://a/b/c/d;p?q"  # RFC 5.4


def check(text: str) -> None:
    """Raise AssertionError (or an undocumented exception) if an invariant breaks."""
    valid = urikit.is_valid(text)
    try:
        ref = urikit.parse(text)
    except InvalidURIError as error:
        assert not valid, f"parse rejected what is_valid accepts: {text!r}"
        assert 0 <= error.position <= len(text), error.position
    else:
        assert valid, f"parse accepted what is_valid rejects: {text!r}"
        assert str(ref) == text
        once = urikit.normalize(ref)
        assert urikit.normalize(once) == once
        assert urikit.is_valid(str(once))
        target = urikit.resolve(BASE, ref)
        assert urikit.resolve(BASE, urikit.relativize(BASE, target)) == target
    urikit.split(text)
    list(urikit.extract(text))
    calls: tuple[Callable[[], object], ...] = (
        lambda: urikit.quote(text, "path"),
        lambda: urikit.unquote(text),
    )
    for call in calls:
        with contextlib.suppress(InvalidURIError):
            call()


def _atheris_main(argv: list[str]) -> None:
    import atheris

    def one_input(data: bytes) -> None:
        provider = atheris.FuzzedDataProvider(data)
        check(
            provider.ConsumeUnicodeNoSurrogates(len(data))
            if data[:1] == b"\0"
            else provider.ConsumeUnicode(len(data))
        )

    atheris.instrument_all()  # coverage feedback from urikit's (already imported) code
    atheris.Setup(argv, one_input)
    atheris.Fuzz()


def _hypothesis_main() -> None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    examples = int(os.environ.get("URIKIT_FUZZ_EXAMPLES", "100000"))
    settings.register_profile(
        "fuzz",
        max_examples=examples,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        print_blob=True,
    )
    settings.load_profile("fuzz")
    uriish = st.text("aZ09-._~!$&'()*+,;=:@/?#[]%vV \x00\né\U0001f600", max_size=80)

    @given(st.one_of(st.text(max_size=80), uriish))
    def fuzz(text: str) -> None:
        check(text)

    fuzz()
    print(f"ok: {examples} examples")


if __name__ == "__main__":
    args = sys.argv[1:]
    if "--hypothesis" in args:
        _hypothesis_main()
    else:
        try:
            import atheris  # noqa: F401
        except ImportError:
            print("atheris is not installed: running the hypothesis fallback", file=sys.stderr)
            _hypothesis_main()
        else:
            _atheris_main(sys.argv)
