"""The exceptions urikit raises (RFC 3986 gives the rules they report).

Every cause is catalogued in docs/errors.md; ``tests/errors/test_errors.py`` keeps that page
and :data:`BuildErrorCode` in step.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import NamedTuple, Self

from urikit.errors.codes import BuildErrorCode, build_message
from urikit.errors.redact import password_span, redact_at

__all__ = [
    "InvalidTemplateError",
    "InvalidURIError",
    "Location",
    "TemplateExpansionError",
    "URIBuildError",
    "URIError",
    "expected_str",
    "plain_str",
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

    The fields are read-only. An error raised by a failed match finds them the first
    time one is read (the scan that locates an error costs more than the match), so
    code that only needs the verdict does not pay for the location.
    """

    # Located: the fields, set by __init__. Pending (see pending()): None here until a
    # field is first read, and _find the function that finds them.
    _location: Location | None = None
    _find: Callable[[str], Location] | None = None

    def __init__(
        self,
        text: str,
        *,
        position: int,
        rule: str,
        reason: str,
        component: str | None = None,
    ) -> None:
        super().__init__(text)
        self._location = Location(position, rule, reason, component)

    @classmethod
    def pending(cls, text: str, find: Callable[[str], Location]) -> Self:
        """An error for ``text`` whose fields ``find(text)`` gives when first read."""
        error = cls.__new__(cls, text)  # no __init__: nothing found yet
        error._find = find
        return error

    def _located(self) -> Location:
        location = self._location
        if location is None:
            find = self._find
            assert find is not None, "an InvalidURIError is made located or pending"
            location = self._location = find(self.text)  # _find stays: threads may race
        return location

    @property
    def text(self) -> str:
        """The text that failed the rule, as given."""
        text: str = super().args[0]
        return text

    @property
    def position(self) -> int:
        """0-based index of the first character with no valid continuation."""
        return self._located().position

    @property
    def rule(self) -> str:
        """The most specific RFC rule that failed at :attr:`position`."""
        return self._located().rule

    @property
    def reason(self) -> str:
        """Why, in a sentence for people."""
        return self._located().reason

    @property
    def component(self) -> str | None:
        """The URI component the position lies in, where there is one."""
        return self._located().component

    @property
    def args(self) -> tuple[str, int, str, str, str | None]:  # type: ignore[override]
        """``(text, position, rule, reason, component)``."""
        position, rule, reason, component = self._located()
        return (self.text, position, rule, reason, component)

    def in_component(self, component: str) -> Self:
        """This error, naming ``component`` (for text checked as one part of a whole)."""
        location, find = self._location, self._find
        if location is None and find is not None:

            def found_in_component(text: str) -> Location:
                return find(text)._replace(component=component)

            return type(self).pending(self.text, found_in_component)
        changed = self._located()._replace(component=component)
        return type(self)(self.text, **changed._asdict())

    @property
    def message(self) -> str:
        """One line: what is wrong and where, without the caret picture (from the fields
        as they are; ``str()`` and ``repr()`` hide a password, RFC 7.5)."""
        return _sentence(self._located())

    def _shown(self) -> tuple[str, Location]:
        """The text with its password written ``***`` and the location in it: the
        position moved with the text and, where it fell inside the password, the reason
        no longer naming the character (RFC 7.5)."""
        location = self._located()
        text, position = redact_at(self.text, location.position)
        span = password_span(self.text)
        reason = location.reason
        if span is not None and span[0] <= location.position < span[1]:
            reason = _IN_PASSWORD
        return text, location._replace(position=position, reason=reason)

    def __str__(self) -> str:
        """The message, and the text around the position with a caret under it; a
        password in the text is shown as ``***`` (RFC 7.5)."""
        text, location = self._shown()
        shown, caret = excerpt(text, location.position)
        return f"{_sentence(location)}\n  {shown}\n  {caret}"

    def redacted(self) -> Self:
        """This error with a password in its text written ``***`` (RFC 7.5), the
        position moved with it: for errors that must not carry secrets anywhere."""
        text, location = self._shown()
        return type(self)(text, **location._asdict())

    def __repr__(self) -> str:
        text, location = self._shown()
        return (
            f"{type(self).__name__}({text!r}, position={location.position!r},"
            f" rule={location.rule!r}, reason={location.reason!r},"
            f" component={location.component!r})"
        )

    def __reduce__(self) -> tuple[Callable[[], InvalidURIError], tuple[()]]:
        # Pickle would pass the fields by position; the constructor takes keywords.
        rebuild = partial(type(self), self.text, **self._located()._asdict())
        return rebuild, ()


_IN_PASSWORD = "a character the rule does not allow, in the password (not shown, RFC 7.5)"


def _sentence(location: Location) -> str:
    position, rule, reason, component = location
    where = f" in {component}" if component else ""
    what, colon, hint = reason.partition(": ")
    hint = f": {hint}" if colon else ""
    return f"{what} at position {position}{where}{hint} (rule {rule})"


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

    def __reduce__(self) -> tuple[Callable[[], URIBuildError], tuple[()]]:
        return partial(type(self), self.message, code=self.code), ()


class InvalidTemplateError(InvalidURIError):
    """A URI Template that does not match RFC 6570 section 2.

    The fields are those of :class:`InvalidURIError`; ``rule`` is the RFC 6570 rule that
    failed (``literals``, ``varname``, ``max-length``, ``expression``, ...).
    """


class TemplateExpansionError(URIBuildError):
    """Values that a URI Template cannot expand into a valid URI reference.

    ``variable`` names the variable whose value is at fault (None when the template's
    own text is), ``template`` is the template's text; ``code`` says which cause.
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
        self.template = template
        self.variable = variable

    def __reduce__(self) -> tuple[Callable[[], URIBuildError], tuple[()]]:
        rebuild = partial(
            type(self),
            self.message,
            code=self.code,
            template=self.template,
            variable=self.variable,
        )
        return rebuild, ()


def expected_str(value: object, what: str = "text", *, values: bool = False) -> TypeError:
    """The one TypeError for a non-str where text is needed (bytes: decode them first);
    ``values``: a URI or RelativeReference is accepted too."""
    hint = "; decode bytes first" if isinstance(value, bytes | bytearray) else ""
    expected = "a str, URI or RelativeReference" if values else "a str"
    return TypeError(f"{what} must be {expected}, not {type(value).__name__}{hint}")


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
