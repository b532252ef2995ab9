"""Application rules on top of RFC 3986: which URIs a form field or a config accepts.

RFC 3986 says what a URI *is*; an application still decides which ones it *wants*:
only ``https``, a host always, no credentials in the URI (RFC 3.2.1, 7.5), no fragment,
at most so many characters. A :class:`Policy` states those rules once::

    policy = Policy(schemes={"https"}, require_host=True, allow_userinfo=False)
    url = policy.check(form["homepage"])       # the parsed URI, or PolicyError
    errors = policy.problems(form["homepage"])  # every problem at once, for a form

Messages are written to be shown to the person who typed the text, as they are:
``scheme 'ftp' is not allowed; use https``, ``invalid character ' ' at position 10 in
host: ...``. A syntax error keeps the position and the rule that failed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, replace
from typing import Literal, TypeAlias

from urikit._locate import missing_scheme
from urikit._redact import redact
from urikit.errors import InvalidURIError, URIError, expected_str
from urikit.model import HostKind, URIReference, parse
from urikit.normalization import normalize as _rfc_normalize
from urikit.splitting import split
from urikit.validation import is_valid

__all__ = ["Policy", "PolicyError", "Problem", "ProblemCode", "Requirement"]

Requirement: TypeAlias = Literal["absolute", "relative", "any"]
ProblemCode: TypeAlias = Literal[
    "syntax",
    "too-long",
    "scheme-required",
    "scheme-forbidden",
    "scheme-not-allowed",
    "host-required",
    "userinfo-forbidden",
    "password-forbidden",
    "fragment-forbidden",
    "ip-host-forbidden",
]
Normalizer: TypeAlias = Callable[[URIReference], URIReference]


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One reason a policy rejects a text.

    ``code`` is stable (for programs), ``message`` is for people; ``component`` is the
    URI component concerned and ``position`` the 0-based index in the text, where known.
    ``rule`` is the RFC 3986 rule that failed and ``reason`` the syntax error's own
    reason (without the position), for ``"syntax"`` problems.
    """

    code: ProblemCode
    message: str
    component: str | None = None
    position: int | None = None
    rule: str | None = None
    reason: str | None = None


class PolicyError(URIError, ValueError):
    """A text that the policy rejects; ``str()`` is the first problem's message.

    ``problems`` holds every problem found; ``problem`` is the first one (the one the
    message describes). For a syntax error ``position`` and ``rule`` come from RFC 3986.
    """

    def __init__(self, text: str, problems: tuple[Problem, ...]) -> None:
        if not problems:
            raise ValueError("a PolicyError needs at least one problem")
        super().__init__(text, problems)
        self.text = text
        self.problems = problems

    @property
    def problem(self) -> Problem:
        """The first problem, the one ``str()`` shows."""
        return self.problems[0]

    @property
    def code(self) -> ProblemCode:
        """The first problem's code."""
        return self.problems[0].code

    @property
    def position(self) -> int | None:
        """The first problem's position in the text, where known."""
        return self.problems[0].position

    @property
    def component(self) -> str | None:
        """The URI component the first problem is in, where known."""
        return self.problems[0].component

    @property
    def message(self) -> str:
        """The first problem's message, to show as it is."""
        return self.problems[0].message

    def __str__(self) -> str:
        return self.problems[0].message

    def __repr__(self) -> str:
        """The text with a password written ``***`` (RFC 7.5), and the problems."""
        return f"{type(self).__name__}({redact(self.text)!r}, problems={self.problems!r})"


_REQUIREMENTS = ("absolute", "relative", "any")


@dataclass(frozen=True, slots=True)
class Policy:
    """Rules a URI-reference must follow beyond RFC 3986 syntax; immutable, reusable.

    - ``schemes``: allowed schemes (compared case-insensitively, RFC 3.1); ``None``
      allows any. It restricts the scheme a reference has; whether it must have one
      is ``require``'s business.
    - ``require``: ``"absolute"`` (the default) wants a URI, i.e. a scheme (RFC 3;
      add ``allow_fragment=False`` for an RFC 4.3 absolute-URI), ``"relative"`` a
      relative reference (RFC 4.2), ``"any"`` either.
    - ``require_host``: a non-empty host (RFC 3.2.2), so ``file:///x`` fails.
    - ``allow_userinfo`` / ``allow_password``: whether ``user@`` / ``user:password@``
      may appear (RFC 3.2.1 deprecates passwords; RFC 7.5 explains why).
    - ``allow_fragment``: whether ``#fragment`` may appear (RFC 3.5).
    - ``allow_ip_host``: whether the host may be an IP address or IP-literal (RFC 3.2.2).
    - ``max_length``: the most characters accepted.
    - ``normalize``: ``True`` returns accepted values normalized (RFC 6.2.2, 6.2.3, via
      :func:`urikit.normalize`); a callable is applied instead.
    """

    schemes: Collection[str] | None = None
    require: Requirement = "absolute"
    require_host: bool = False
    allow_userinfo: bool = True
    allow_password: bool = True
    allow_fragment: bool = True
    allow_ip_host: bool = True
    max_length: int | None = None
    normalize: bool | Normalizer = field(default=False)

    def __post_init__(self) -> None:
        if self.schemes is not None:
            if isinstance(self.schemes, str):
                raise TypeError("schemes must be a collection of names, e.g. {'https'}")
            for scheme in self.schemes:
                if not isinstance(scheme, str) or not is_valid(scheme, "scheme"):
                    raise ValueError(f"not a scheme (RFC 3.1): {scheme!r}")
            object.__setattr__(self, "schemes", frozenset(s.lower() for s in self.schemes))
        if self.require not in _REQUIREMENTS:
            raise ValueError(f"require must be one of {_REQUIREMENTS}, not {self.require!r}")
        if self.max_length is not None and (
            isinstance(self.max_length, bool) or self.max_length < 1
        ):
            raise ValueError(f"max_length must be a positive int, not {self.max_length!r}")

    def check(self, text: str) -> URIReference:
        """The parsed (and, if asked, normalized) reference; else :class:`PolicyError`."""
        ref, problems = self._evaluate(text)
        if problems:
            raise PolicyError(text, tuple(problems))
        assert ref is not None
        if self.normalize is True:
            return _rfc_normalize(ref)
        if callable(self.normalize):
            return self.normalize(ref)
        return ref

    def problems(self, text: str) -> list[Problem]:
        """Every problem with ``text`` (empty when the policy accepts it), for a form."""
        return self._evaluate(text)[1]

    def accepts(self, text: str) -> bool:
        """Whether :meth:`check` would accept ``text``."""
        return not self._evaluate(text)[1]

    # -- the checks ---------------------------------------------------------------------

    def _evaluate(self, text: str) -> tuple[URIReference | None, list[Problem]]:
        if not isinstance(text, str):
            raise expected_str(text)
        found: list[Problem] = []
        if self.max_length is not None and len(text) > self.max_length:
            found.append(
                Problem(
                    code="too-long",
                    message=f"the URI is {len(text)} characters long;"
                    f" at most {self.max_length} are allowed",
                    position=self.max_length,
                )
            )
        try:
            ref = parse(text)
        except InvalidURIError as error:
            found.append(
                Problem(
                    code="syntax",
                    message=error.message,
                    component=error.component,
                    position=error.position,
                    rule=error.rule,
                    reason=error.reason,
                )
            )
            # What can still be told from the RFC Appendix B split of the text.
            parts = split(text)
            scheme = parts.scheme if parts.scheme and is_valid(parts.scheme, "scheme") else None
            found.extend(self._scheme_problems(scheme))
            if parts.fragment is not None and not self.allow_fragment:
                found.append(self._fragment_problem(len(text) - len(parts.fragment) - 1))
            return None, self._hinted(text, found)
        found.extend(self._scheme_problems(ref.scheme))
        found.extend(self._authority_problems(ref))
        if ref.fragment is not None and not self.allow_fragment:
            found.append(self._fragment_problem(len(text) - len(ref.fragment) - 1))
        return ref, self._hinted(text, found)

    def _scheme_problems(self, scheme: str | None) -> list[Problem]:
        if scheme is None:
            if self.require == "absolute":
                return [
                    Problem(
                        code="scheme-required",
                        message=f"a full URI is required, starting with a scheme such as "
                        f"'{self._example_scheme()}:'",
                        component="scheme",
                        position=0,
                    )
                ]
            return []
        if self.require == "relative":
            return [
                Problem(
                    code="scheme-forbidden",
                    message=f"a relative reference is required, without a scheme ('{scheme}:')",
                    component="scheme",
                    position=0,
                )
            ]
        if self.schemes is not None and scheme.lower() not in self.schemes:
            return [
                Problem(
                    code="scheme-not-allowed",
                    message=f"scheme {scheme!r} is not allowed;"
                    f" use {_either(sorted(self.schemes))}",
                    component="scheme",
                    position=0,
                )
            ]
        return []

    def _authority_problems(self, ref: URIReference) -> list[Problem]:
        found: list[Problem] = []
        host, userinfo = ref.host, ref.userinfo
        # Where the authority's parts start in the text (RFC 3.2: "//" authority).
        userinfo_at = (0 if ref.scheme is None else len(ref.scheme) + 1) + 2
        host_at = userinfo_at + (0 if userinfo is None else len(userinfo) + 1)
        if self.require_host and host is None:
            found.append(
                Problem(
                    code="host-required",
                    message="a host is required",
                    component="host",
                )
            )
        elif self.require_host and not host:
            found.append(
                Problem(
                    code="host-required",
                    message="the host is empty; a host is required",
                    component="host",
                    position=host_at,
                )
            )
        if userinfo is not None:
            if not self.allow_userinfo:
                found.append(
                    Problem(
                        code="userinfo-forbidden",
                        message="user information before the host ('name@') is not allowed",
                        component="userinfo",
                        position=userinfo_at,
                    )
                )
            elif not self.allow_password and ":" in userinfo:
                found.append(
                    Problem(
                        code="password-forbidden",
                        message="a password in the URI is not allowed",
                        component="userinfo",
                        position=userinfo_at + userinfo.index(":") + 1,
                    )
                )
        if host and not self.allow_ip_host and ref.host_kind is not HostKind.REG_NAME:
            found.append(
                Problem(
                    code="ip-host-forbidden",
                    message=f"an IP address as host ({host}) is not allowed; use a domain name",
                    component="host",
                    position=host_at,
                )
            )
        return found

    def _fragment_problem(self, position: int) -> Problem:
        return Problem(
            code="fragment-forbidden",
            message="a fragment ('#...') is not allowed",
            component="fragment",
            position=position,
        )

    def _hinted(self, text: str, found: list[Problem]) -> list[Problem]:
        """``found``, the first problem a missing scheme explains followed by the hint
        ("missing scheme? ...") when ``text`` looks like a URI written without one."""
        for index, problem in enumerate(found):
            if problem.code in _SCHEME_MISSING_SHOWS:
                hint = missing_scheme(text, self._example_scheme())
                if hint is not None:
                    found[index] = replace(problem, message=f"{problem.message}; {hint}")
                break
        return found

    def _example_scheme(self) -> str:
        if self.schemes:
            return "https" if "https" in self.schemes else min(self.schemes)
        return "https"


# The problems that a text written without its scheme causes.
_SCHEME_MISSING_SHOWS = frozenset({"scheme-required", "scheme-not-allowed", "host-required"})


def _either(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " or " + names[-1]
