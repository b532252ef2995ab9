"""The one table of error codes, :data:`MESSAGES`: each code's message (a ``str.format``
template), the section of the RFC that makes it an error and its kind, as rust-url keeps
one table of its parse errors. Each table module writes its rows with :func:`rows_of` and
enters them with :func:`table` (the build and policy rows here; the reasons, the template
reasons in their modules). :meth:`URIBuildError.of` writes every
build message from it, a :class:`urikit.Policy` every problem's (:func:`problem_message`),
the syntax error locator every reason (:mod:`urikit.errors.reasons`); the catalogue in
docs/errors.md is checked against it. An argument urikit cannot use is a ``TypeError``
or ``ValueError`` written where it is raised: its text has no code."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, Literal, NamedTuple, Protocol, TypeAlias, TypeVar

__all__ = [
    "BUILD_ERRORS",
    "MESSAGES",
    "PERSON_MESSAGES",
    "PROBLEMS",
    "BuildErrorCode",
    "Message",
    "MessageKind",
    "PersonCode",
    "ProblemCode",
    "RowWriter",
    "build_message",
    "person_template",
    "problem_message",
    "rows_of",
    "shown_port",
    "table",
]

#: Who writes a message: a URIBuildError, a Policy's Problem (and the phrases its
#: messages are made of), the syntax error locator (and every other InvalidURIError),
#: the DNS host-name check, an InvalidTemplateError, and a message for the person at a
#: form (:data:`PERSON_MESSAGES`).
MessageKind: TypeAlias = Literal["build", "policy", "syntax", "host", "template", "person"]

#: Why components cannot form a reference: :attr:`URIBuildError.code`.
BuildErrorCode: TypeAlias = Literal[
    "needs-host",
    "password-without-user",
    "port-out-of-range",
    "host-not-dns",
    "zone-id",
    "path-double-slash",
    "path-colon-first-segment",
    "path-not-absolute",
    "scheme-required",
    "scheme-forbidden",
    "query-conflict",
    "path-conflict",
    "dot-segment",
    "template-invalid-result",
    "template-prefix-composite",
    "template-lone-surrogate",
]


#: Why a policy rejects a text: :attr:`Problem.code` (the rows of :data:`PROBLEMS`).
ProblemCode: TypeAlias = Literal[
    "syntax",
    "empty",
    "too-long",
    "scheme-required",
    "scheme-forbidden",
    "scheme-not-allowed",
    "host-required",
    "userinfo-forbidden",
    "password-forbidden",
    "fragment-forbidden",
    "host-not-a-name",
    "ip-host-forbidden",
    "internal-host-forbidden",
    "port-not-allowed",
    "host-not-dns",
    "port-out-of-range",
    "port-zero",
    "scheme-rule",
]


class Message(NamedTuple):
    """One code's message for people, the section of a standard behind it (empty where
    an option is urikit's own), who writes it and, for a policy problem, the message
    for the person at the form (``template`` is the developer's)."""

    template: str
    section: str
    kind: MessageKind
    person: str = ""


class RowWriter(Protocol):
    """What writes the rows of one kind (:func:`rows_of`)."""

    def __call__(self, template: str, section: str = "", *, person: str = "") -> Message: ...


def rows_of(kind: MessageKind) -> RowWriter:
    """What writes a row of ``kind``: ``rows_of("policy")(template, section)``;
    ``person``, a policy problem's message for the person at the form."""

    def row(template: str, section: str = "", *, person: str = "") -> Message:
        return Message(template, section, kind, person)

    return row


_MESSAGES: Final[dict[tuple[MessageKind, str], Message]] = {}

#: Every row of every table, by kind and code: a code is unique within its kind (a few,
#: such as ``port-out-of-range``, name a build error and a policy problem alike).
MESSAGES: Final[Mapping[tuple[MessageKind, str], Message]] = MappingProxyType(_MESSAGES)

_Code = TypeVar("_Code", bound=str)


def table(rows: Mapping[_Code, Message]) -> Mapping[_Code, Message]:
    """``rows`` entered in :data:`MESSAGES`, each once, as a read-only table."""
    for code, row in rows.items():
        if _MESSAGES.setdefault((row.kind, code), row) is not row:
            raise KeyError((row.kind, code))
    return MappingProxyType(rows)


_build = rows_of("build")

BUILD_ERRORS: Final[Mapping[BuildErrorCode, Message]] = table(
    {
        "needs-host": _build(
            "{what} without a host: userinfo and a port belong to an authority,"
            " which starts with a host{advice}",
            "RFC 3986 3.2",
        ),
        "password-without-user": _build("a password needs a user name", "RFC 3986 3.2.1"),
        "port-out-of-range": _build(
            "a port is a number from 0 to {max_port}, not {port}", "RFC 3986 3.2.3"
        ),
        "host-not-dns": _build(
            "the host {host!r} is not a host name DNS can look up: {problem}",
            "RFC 3986 3.2.2, RFC 1123 2.1",
        ),
        "zone-id": _build(
            "a zone identifier cannot go in a URI (RFC 9844 obsoleted RFC 6874): {host!r}",
            "RFC 3986 3.2.2",
        ),
        "path-double-slash": _build(
            "without an authority a path cannot start with '//': it would be read as an authority",
            "RFC 3986 3.3",
        ),
        "path-colon-first-segment": _build(
            "the first segment of a relative path cannot contain ':': it would be read as"
            " a scheme; prefix the path with './'",
            "RFC 3986 4.2",
        ),
        "path-not-absolute": _build(
            "with an authority the path must be empty or start with '/'", "RFC 3986 3.3"
        ),
        "scheme-required": _build("{what} needs a scheme; {advice}", "RFC 3986 3"),
        "scheme-forbidden": _build(
            "a relative reference has no scheme; use build()", "RFC 3986 4.2"
        ),
        "query-conflict": _build("give query or query_params, not both", "RFC 3986 3.4"),
        "path-conflict": _build("give path or segments, not both", "RFC 3986 3.3"),
        "dot-segment": _build(
            "the path segment {segment!r} is a dot segment, not data: resolution and"
            " normalization remove every spelling of it",
            "RFC 3986 5.2.4, 6.2.2",
        ),
        "template-invalid-result": _build(
            "{culprit} makes the expansion {expansion!r} of {template!r} invalid: {reason}",
            "RFC 6570 3",
        ),
        "template-prefix-composite": _build(
            "{{{spec}}} asks for a prefix of {name!r}, which is a list or an associative"
            " array: prefixes apply to strings only",
            "RFC 6570 2.4.1",
        ),
        "template-lone-surrogate": _build(
            "the value of {name!r} holds a lone surrogate (U+{point:04X}) at position"
            " {position}: it has no UTF-8 form, so no octets to percent-encode",
            "RFC 3986 2.5",
        ),
    }
)


_policy = rows_of("policy")


PROBLEMS: Final[Mapping[ProblemCode, Message]] = table(
    {
        "syntax": _policy(
            "{message}", "RFC 3986 4.1", person="This address is not written correctly"
        ),
        "empty": _policy(
            "the value is empty; a {rule} is required", "RFC 3986 4.2", person="Enter an address"
        ),
        "too-long": _policy(
            "the URI is {length} characters long; at most {max_length} are allowed",
            "RFC 9110 4.1",
            person="This address is too long: {length} characters, where at most"
            " {max_length} are accepted",
        ),
        "scheme-required": _policy(
            "a full URI is required, starting with a scheme such as '{scheme}:'",
            "RFC 3986 3, 4.3",
            person="Add {start} at the start",
        ),
        "scheme-forbidden": _policy(
            "a relative reference is required, without a scheme ('{scheme}:')",
            "RFC 3986 4.2",
            person="Enter a link within this site, without {scheme}: at the start",
        ),
        "scheme-not-allowed": _policy(
            "scheme {scheme!r} is not allowed; use {allowed}",
            "RFC 3986 3.1",
            person="Addresses starting with {scheme}: are not accepted here; use {allowed}",
        ),
        "host-required": _policy(
            "a host is required",
            "RFC 3986 3.2.2",
            person="This address needs a site name, such as example.com",
        ),
        "userinfo-forbidden": _policy(
            "user information before the host ('name@') is not allowed",
            "RFC 3986 3.2.1",
            person="Remove the name and the @ before the site name",
        ),
        "password-forbidden": _policy(
            "a password in the URI is not allowed",
            "RFC 3986 3.2.1, 7.5",
            person="Remove the password from this address",
        ),
        "fragment-forbidden": _policy(
            "a fragment ('#...') is not allowed",
            "RFC 3986 3.5",
            person="Remove the # and what follows it",
        ),
        "host-not-a-name": _policy(
            "the host {host} is not a host name: {problem}",
            "RFC 3986 3.2.2, 7.3",
            person="The site name in this address has characters no site name can have",
        ),
        "ip-host-forbidden": _policy(
            "an IP address as host ({host}) is not allowed; use a domain name",
            "RFC 3986 3.2.2, 7.4",
            person="Use a site name such as example.com, not a numeric address",
        ),
        "internal-host-forbidden": _policy(
            "{host}; a public host is required",
            "RFC 3986 7.4; RFC 6890, 6761",
            person="This address points to a private network, not to a public site",
        ),
        "port-not-allowed": _policy(
            "{port} is not allowed; use {allowed}",
            "RFC 3986 3.2.3",
            person="This port is not accepted here; use {allowed}",
        ),
        "host-not-dns": _policy(
            "the host {host} is not a host name DNS can look up: {problem}",
            "RFC 3986 3.2.2; RFC 1123 2.1, RFC 5890",
            person="The site name {host} is not valid",
        ),
        "port-out-of-range": _policy(
            "port {port} is not a port a client can use: a port is a number from 0 to {max_port}",
            "RFC 3986 3.2.3",
            person="The port number is too large: ports go up to {max_port}",
        ),
        "port-zero": _policy(
            "port 0 is no port a client can connect to: a connection to it fails, and"
            " a reader may take it for the scheme's default",
            "RFC 3986 3.2.3; RFC 6335 6",
            person="Port 0 cannot be used; remove it or use the site's real port",
        ),
        "scheme-rule": _policy(
            "{message}",
            "RFC 9110 4.2, 6455 3, 6068 2, 8141 2, 2397 3, 8089 2",
            person="This is not a valid {scheme} address",
        ),
    }
)


_person = rows_of("person")

#: Why text is refused, said for the person at a form: what a syntax error is in the
#: words of the form (:func:`urikit.errors.problems.syntax_problem` chooses the row by
#: the character at the error), and the finer cases of a few problems. The keys of
#: :data:`PERSON_MESSAGES`.
PersonCode: TypeAlias = Literal[
    "space-around",
    "space",
    "whitespace",
    "control",
    "international-name",
    "interface-name",
    "backslash",
    "percent",
    "ended",
    "scheme-start",
    "port-not-a-number",
    "ip-literal",
    "in-password",
    "character",
    "this-computer",
    "hint",
    "not-text",
]

PERSON_MESSAGES: Final[Mapping[PersonCode, Message]] = table(
    {
        "space-around": _person(
            "Remove the space at the start or the end of this address", "RFC 3986 C"
        ),
        "space": _person("This address has a space in it", "RFC 3986 2, C"),
        "whitespace": _person("This address has a tab or a line break in it", "RFC 3986 2, C"),
        "control": _person("This address has an invisible control character in it", "RFC 3986 2"),
        "international-name": _person(
            "Site names with letters such as {char} are not accepted here", "RFC 3987 3.1"
        ),
        "interface-name": _person(
            "Remove the % and the network interface name after the address in [ ]",
            "RFC 9844",
        ),
        "backslash": _person("Use / instead of \\ in this address", "RFC 3986 2"),
        "percent": _person(
            "This address has a % that does not start a code such as %20", "RFC 3986 2.1"
        ),
        "ended": _person("This address is incomplete", "RFC 3986 3"),
        "scheme-start": _person(
            "This address must start with letters and a colon, such as https:", "RFC 3986 3.1"
        ),
        "port-not-a-number": _person("The port after the : must be a number", "RFC 3986 3.2.3"),
        "ip-literal": _person("The numeric address between [ and ] is not valid", "RFC 3986 3.2.2"),
        "in-password": _person(
            "The password in this address has a character that cannot be there",
            "RFC 3986 3.2.1",
        ),
        "character": _person('This address cannot contain "{char}"', "RFC 3986 2"),
        "this-computer": _person(
            "This address points to this computer, not to a public site", "RFC 6890; RFC 6761 6.3"
        ),
        "hint": _person("Did you mean {suggestion}? {message}", "RFC 3986 3"),
        "not-text": _person("Enter the address as text", "RFC 3986 2"),
    }
)


def person_template(code: ProblemCode | PersonCode) -> str:
    """The person's message of a problem ``code`` (a row of :data:`PROBLEMS`) or of a
    finer case (a row of :data:`PERSON_MESSAGES`), a ``str.format`` template."""
    problem = _MESSAGES.get(("policy", code))
    if problem is not None and problem.person:
        return problem.person
    return _MESSAGES["person", code].template


def problem_message(code: ProblemCode, **values: object) -> str:
    """The message of a policy problem ``code`` with ``values`` put in, as it is shown
    to the person who typed the text (without the section: :data:`PROBLEMS` has it). No
    template escapes a brace, so one without values is its own text."""
    template = _MESSAGES["policy", code].template
    return template.format(**values) if values else template


def build_message(code: BuildErrorCode, **values: object) -> str:
    """The message of ``code`` with ``values`` put in, ending with its RFC section."""
    message = _MESSAGES["build", code]
    return f"{message.template.format(**values)} ({message.section})"


def shown_port(port: int) -> int | str:
    """``port`` as a message shows it: ``str(10**5000)`` itself fails."""
    return port if abs(port) < 10**9 else "a number that large"
