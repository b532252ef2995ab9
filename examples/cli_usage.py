"""The ``urikit`` command, driven from Python through ``urikit.cli.main([...])``.

The same commands run in a shell as ``urikit ...`` or ``python -m urikit ...``; ``main``
returns the exit status instead of exiting. Results go to stdout, errors (with a caret)
to stderr; ``--json`` puts one JSON object per input on stdout instead.
``python examples/cli_usage.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from urikit.cli import main as urikit_main

COMMANDS = [
    ["validate", "https://example.com/ok", "http://exa mple.com/"],
    ["validate", "--schemes", "https", "--no-allow-userinfo", "http://u@h/"],
    ["validate", "--schemes", "http,https", "--host-syntax", "dns", "https://a..b/"],
    ["parse", "foo://example.com:8042/over/there?name=ferret#nose"],
    ["resolve", "http://a/b/c/d;p?q", "../g", "g?y#s", "../../../g"],
    ["relativize", "http://a/b/c/d", "http://a/b/x/y"],
    ["normalize", "HTTP://Example.COM:80/%7euser/./a/../b"],
    ["normalize", "--json", "HTTP://h/a/../b", "a b"],  # JSON Lines, one object per input
    ["build", "--scheme", "https", "--host", "example.com", "--path", "/a b", "--param", "q=x&y"],
    ["pattern", "IPv4address"],
]


def main(argv: Sequence[str] | None = None) -> int:
    for command in COMMANDS:
        print("$ urikit " + " ".join(_quoted(arg) for arg in command))
        status = urikit_main(command)
        print(f"(exit status {status})\n")
    return 0


def _quoted(arg: str) -> str:
    plain = all(c.isalnum() or c in "-_./:=" for c in arg)
    return arg if plain else "'" + arg.replace("'", "'\\''") + "'"


if __name__ == "__main__":
    raise SystemExit(main())
