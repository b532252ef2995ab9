"""The exceptions urikit raises (RFC 3986 gives the rules they report).

Every cause is catalogued in docs/errors.md; ``tests/errors/test_errors.py`` keeps that page
and :data:`BuildErrorCode` in step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final, NamedTuple, Self, TypeVar

from urikit.errors.codes import BuildErrorCode, build_message
from urikit.errors.redact import Span, in_spans, redact, redact_spans, secret_spans

__all__ = [
    "IN_PASSWORD",
    "InvalidTemplateError",
    "InvalidURIError",
    "Location",
    "TemplateExpansionError",
    "URIBuildError",
    "URIError",
    "expected_str",
    "plain_str",
    "sentence",
]


_WINDOW = 60  # characters of context shown on each side of the caret


class URIError(Exception):
    """Base class of every error urikit raises on purpose."""


class Location(NamedTuple):
    """Where and why text fails a rule: the fields :class:`InvalidURIError` reports."""

    position: int
    rule: str
    reason: str
    component: str | None


class InvalidURIError(URIError, ValueError):
    """Text that does not match an RFC 3986 rule.

    ``position`` is the 0-based index of the first character at which no valid
    continuation exists (``len(text)`` when the input ended early), ``rule`` the most
    specific RFC rule that failed there, ``reason`` a sentence for humans, and
    ``component`` the URI component it happened in, where there is one.

    Every field speaks about one text, :attr:`text`: the text as given with a password
    written ``***`` (RFC 3.2.1, 7.5). ``position`` counts in it; an error inside the
    password is placed at the ``***`` and its reason and rule name no character
    (docs/errors.md, "Passwords"). ``str()``, ``repr()``, ``args`` and pickles agree.

    The fields are read-only. An error raised by a failed match finds them the first
    time one is read (the scan that locates an error costs more than the match), so
    code that only needs the verdict does not pay for the location.
    """

    # _raw: the text as given (only to locate the error and to redact it). Located: the
    # fields in _raw, set by __init__. Pending (see pending()): None here until a field
    # is first read, and _find the function that finds them. _shown: the redacted text
    # and the fields in it, made when first read. _kind: what the text was checked as,
    # which tells where a password is in it (a rule or component name), None until
    # known. Slots: raising makes no instance dict.
    __slots__ = ("_find", "_kind", "_location", "_raw", "_shown")
    _raw: str
    _location: Location | None
    _find: Callable[[str], Location] | None
    _shown: tuple[str, Location] | None
    _kind: str | None

    def __init__(
        self,
        text: str,
        *,
        position: int,
        rule: str,
        reason: str,
        component: str | None = None,
    ) -> None:
        super().__init__()  # no arguments kept: ``args`` is redacted
        self._raw = text
        self._location = Location(position, rule, reason, component)
        self._find = self._shown = self._kind = None

    @classmethod
    def pending(
        cls, text: str, find: Callable[[str], Location], *, rule: str | None = None
    ) -> Self:
        """An error for ``text`` whose fields ``find(text)`` gives when first read;
        ``rule``: what ``text`` was checked as (a rule or component name), which tells
        where a password is in it (by default the ``name`` of the object ``find`` is a
        method of, such as a compiled rule's; else the component found tells)."""
        error = cls.__new__(cls)  # no __init__: nothing found yet
        error._raw = text
        error._find = find
        error._location = error._shown = None
        error._kind = rule
        return error

    def _located(self) -> Location:
        """The fields in the text as given (for urikit's own use, never shown)."""
        location = self._location
        if location is None:
            find = self._find
            assert find is not None, "an InvalidURIError is made located or pending"
            location = self._location = find(self._raw)  # _find stays: threads may race
        return location

    def _redacted(self) -> tuple[str, Location]:
        """The text with its password written ``***`` and the fields in it: the position
        moved with the text and, where it fell inside the password, the reason and rule
        naming no character (RFC 7.5)."""
        shown = self._shown
        if shown is None:
            location = self._located()
            spans = self._secret()
            if not spans:
                shown = self._raw, location
            else:
                text, position = redact_spans(self._raw, spans, location.position)
                if in_spans(spans, location.position):
                    rule = self._password_rule(location.rule, self._kind)
                    location = location._replace(rule=rule, reason=IN_PASSWORD)
                    if location.component in _READ_BEFORE_THE_AT:
                        location = location._replace(component="userinfo")
                shown = text, location._replace(position=position)
            self._shown = shown
        return shown

    @staticmethod
    def _password_rule(rule: str, kind: str | None) -> str:
        """The rule said for an error in a password: the password's own, naming none of
        the rules its characters come from; ``iuserinfo`` where ``rule`` or ``kind`` (what
        the text was checked as) is an IRI rule (RFC 3987 2.2 prefixes each with "i")."""
        iri = rule.startswith("i") or (kind is not None and (kind[:1] == "i" or "IRI" in kind))
        return "iuserinfo" if iri else "userinfo"

    def _secret(self) -> tuple[Span, ...]:
        kind = self._kind
        if kind is None:  # found when needed: raising costs no more
            kind = self._kind = _checked_as(self._find) or self._located().component
        return secret_spans(self._raw, kind)

    @property
    def text(self) -> str:
        """The text that failed the rule, a password in it written ``***``."""
        if self._shown is None and (self._kind or _checked_as(self._find)):
            spans = self._secret()  # known without locating the error
        elif self._location is None and ":" not in self._raw:
            spans = ()  # no password without ":", whatever the component found
        else:
            return self._redacted()[0]
        return redact_spans(self._raw, spans, 0)[0]

    @property
    def position(self) -> int:
        """0-based index in :attr:`text` of the first character with no valid
        continuation (the start of ``***`` when it is in the password)."""
        return self._redacted()[1].position

    @property
    def rule(self) -> str:
        """The most specific RFC rule that failed at :attr:`position`."""
        return self._redacted()[1].rule

    @property
    def reason(self) -> str:
        """Why, in a sentence for people."""
        return self._redacted()[1].reason

    @property
    def component(self) -> str | None:
        """The URI component the position lies in, where there is one."""
        return self._redacted()[1].component

    @property
    def args(self) -> tuple[str, int, str, str, str | None]:  # type: ignore[override]
        """``(text, position, rule, reason, component)``."""
        text, (position, rule, reason, component) = self._redacted()
        return (text, position, rule, reason, component)

    def in_component(self, component: str) -> Self:
        """This error, naming ``component`` (for text checked as one part of a whole)."""
        location, find = self._location, self._find
        if location is None and find is not None:

            def found_in_component(text: str) -> Location:
                return find(text)._replace(component=component)

            return type(self).pending(self._raw, found_in_component, rule=component)
        changed = self._located()._replace(component=component)
        return type(self)(self._raw, **changed._asdict())

    @property
    def message(self) -> str:
        """One line: what is wrong and where, without the caret picture."""
        return _sentence(self._redacted()[1])

    def __str__(self) -> str:
        """The message, and the text around the position with a caret under it."""
        text, location = self._redacted()
        shown, caret = excerpt(text, location.position)
        return f"{_sentence(location)}\n  {shown}\n  {caret}"

    def redacted(self) -> Self:
        """This error made from its redacted :attr:`text` and fields (an error shows no
        password anyway; this one does not hold it either)."""
        return _as_shown(type(self), *self._redacted())

    def __repr__(self) -> str:
        text, location = self._redacted()
        return (
            f"{type(self).__name__}({text!r}, position={location.position!r},"
            f" rule={location.rule!r}, reason={location.reason!r},"
            f" component={location.component!r})"
        )

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[type[Self], str, Location], Self],
        tuple[type[Self], str, Location],
        dict[str, object] | None,
    ]:
        # What is pickled is the redacted error: no password leaves in a pickle either.
        return _as_shown, (type(self), *self._redacted()), _state(self)


_Error = TypeVar("_Error", bound=InvalidURIError)


def _state(error: URIError) -> dict[str, object] | None:
    """What a pickle or a copy of ``error`` sets on it after making it: its notes (PEP
    678, ``add_note``) and any attribute a program gave it, as Python's own exceptions
    keep them; None when there is none."""
    return dict(vars(error)) or None  # the redacted fields are slots, not in it


def _as_shown(cls: type[_Error], text: str, location: Location) -> _Error:
    """An error of ``cls`` whose ``text`` and fields are already as shown (redacted,
    RFC 7.5): nothing in it is redacted again, so its fields stay as they were."""
    error = cls(text, **location._asdict())
    error._shown = text, location  # pyright: ignore[reportPrivateUsage]
    return error


def _checked_as(find: Callable[[str], Location] | None) -> str | None:
    """The rule a pending error's text was checked as: the ``name`` of the object whose
    method ``find`` is (a compiled rule's ``location``), if it has one."""
    name: object = getattr(getattr(find, "__self__", None), "name", None)
    return name if isinstance(name, str) else None


def location_as_given(error: InvalidURIError) -> Location:
    """``error``'s fields in the text as given, password and all: for urikit's own code
    that relates the position to that text; never to be shown (RFC 7.5)."""
    return error._located()  # pyright: ignore[reportPrivateUsage]


def location_as_shown(error: InvalidURIError) -> tuple[str, Location]:
    """``error``'s :attr:`~InvalidURIError.text` and its fields in that text, password
    written ``***`` (RFC 7.5): what its properties give one by one, found once, for a
    caller that writes all of them (the CLI's report and JSON record)."""
    return error._redacted()  # pyright: ignore[reportPrivateUsage]


# Components the text before a password can read as, until its "@" (``user:pw/x@h``:
# host ``user``, port ``pw``); an error inside the password is in the userinfo.
_READ_BEFORE_THE_AT: Final = frozenset({"host", "port"})

#: The reason of an error inside a password: neither the character nor its place.
IN_PASSWORD: Final = "a character the rule does not allow in the password (not shown, RFC 7.5)"


def _sentence(location: Location) -> str:
    return sentence(location)


def sentence(location: Location, *, with_position: bool = True) -> str:
    """The one-line message of ``location``; ``with_position=False`` leaves the 0-based
    position out, for a report that gives a 1-based column of its own (the CLI)."""
    position, rule, reason, component = location
    if reason == IN_PASSWORD:
        return f"{reason} (rule {rule})"
    where = f" in {component}" if component else ""
    what, colon, hint = reason.partition(": ")
    hint = f": {hint}" if colon else ""
    at = f" at position {position}" if with_position else ""
    return f"{what}{at}{where}{hint} (rule {rule})"


class URIBuildError(URIError, ValueError):
    """Components that cannot form a valid reference together (RFC 3.2, 3.3, 4.2).

    ``code`` says which cause (for programs, stable); ``str()`` is the message for people.
    """

    def __init__(self, message: str, *, code: BuildErrorCode) -> None:
        super().__init__(message)
        self.code: BuildErrorCode = code

    @classmethod
    def of(cls, code: BuildErrorCode, **values: object) -> Self:
        """The error of ``code``, its message written from the one table
        (:data:`urikit.errors.codes.BUILD_ERRORS`) with ``values`` put in."""
        return cls(build_message(code, **values), code=code)

    @property
    def message(self) -> str:
        """The sentence for people, as ``str()`` gives it."""
        return str(self.args[0])

    def __reduce__(
        self,
    ) -> tuple[Callable[[], URIBuildError], tuple[()], dict[str, object] | None]:
        return partial(type(self), self.message, code=self.code), (), _state(self)


class InvalidTemplateError(InvalidURIError):
    """A URI Template that does not match RFC 6570 section 2.

    The fields are those of :class:`InvalidURIError`; ``rule`` is the RFC 6570 rule that
    failed (``literals``, ``varname``, ``max-length``, ``expression``, ...).
    """

    @staticmethod
    def _password_rule(rule: str, kind: str | None) -> str:
        return rule  # RFC 6570's rules name no character of a password


class TemplateExpansionError(URIBuildError):
    """Values that a URI Template cannot expand into a valid URI reference.

    ``variable`` names the variable whose value is at fault (None when the template's
    own text is), ``template`` is the template's text (a password in it written
    ``***``, RFC 7.5); ``code`` says which cause.
    """

    def __init__(
        self,
        message: str,
        *,
        code: BuildErrorCode,
        template: str,
        variable: str | None,
    ) -> None:
        super().__init__(message, code=code)
        self.template: str = redact(template)  # as every message shows it (RFC 7.5)
        self.variable = variable

    def __reduce__(
        self,
    ) -> tuple[Callable[[], URIBuildError], tuple[()], dict[str, object] | None]:
        rebuild = partial(
            type(self),
            self.message,
            code=self.code,
            template=self.template,
            variable=self.variable,
        )
        return rebuild, (), _state(self)


def expected_str(value: object, what: str = "text", *, values: bool = False) -> TypeError:
    """The one TypeError for a non-str where text is needed (bytes: decode them first);
    ``values``: a URI or RelativeReference is accepted too."""
    wanted = "a str, URI or RelativeReference" if values else "a str"
    advice = "; decode bytes first" if isinstance(value, bytes | bytearray) else ""
    return TypeError(f"{what} must be {wanted}, not {type(value).__name__}{advice}")


def plain_str(value: object, what: str = "text") -> str:
    """``value`` as a plain ``str`` (the one input rule): a str subclass is read by its
    characters (``str.__str__``, whatever its own ``__str__`` says); anything else is
    the :func:`expected_str` TypeError naming ``what``."""
    if type(value) is str:
        return value
    if isinstance(value, str):
        return str.__str__(value)
    raise expected_str(value, what)


def excerpt(text: str, position: int) -> tuple[str, str]:
    """The text around ``position`` made printable, and a caret line under it."""
    start = max(0, position - _WINDOW)
    end = min(len(text), position + _WINDOW)
    before = _printable_text(text[start:position])
    after = _printable_text(text[position:end])
    prefix = "..." if start else ""
    suffix = "..." if end < len(text) else ""
    return f"{prefix}{before}{after}{suffix}", " " * (len(prefix) + len(before)) + "^"


def _printable_text(text: str) -> str:
    # A lone surrogate is not printable either, so most texts are taken as they are.
    return text if text.isprintable() else "".join(map(_printable, text))


def _printable(char: str) -> str:
    if char.isprintable() and not 0xD800 <= ord(char) <= 0xDFFF:
        return char
    return repr(char)[1:-1]
