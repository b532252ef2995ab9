"""What every framework door's tests share: a policy, texts it refuses (one with a
password that no message may show, RFC 3986 7.5) and texts it accepts as typed."""

from __future__ import annotations

from urikit import Policy

POLICY = Policy(schemes={"https"}, require_host=True, allow_userinfo=False)

#: Texts the policy refuses: a missing scheme, a scheme not allowed, a space, a
#: password (never shown), an IDN under a default policy, a zone identifier.
REFUSED = [
    "example.com",
    "ftp://example.com/",
    "https://exa mple.com/",
    "https://user:secret@example.com/",
    "https://bücher.example/",
    "https://[fe80::1%25eth0]/",
]

#: Texts it accepts, as typed (a query, no slash added) once their surrounding
#: whitespace is removed.
ACCEPTED = {
    "https://example.com": "https://example.com",
    "  https://example.com/a?b=c#d\n": "https://example.com/a?b=c#d",
}


def person_messages(text: str) -> list[str]:
    """The person's messages of the policy's problems with ``text``."""
    return [problem.person_message for problem in POLICY.problems(text.strip())]
