"""Application rules on top of RFC 3986: which URIs a form field or a config accepts.

RFC 3986 says what a URI *is*; an application still decides which ones it *wants*:
only ``https``, a host always, no credentials in the URI (RFC 3.2.1, 7.5), no fragment,
no IP address or internal host (RFC 7.4), at most so many characters. A :class:`Policy`
states those rules once::

    policy = Policy(schemes={"https"}, require_host=True, allow_userinfo=False)
    url = policy.check(form["homepage"])       # the parsed URI, or PolicyError
    errors = policy.problems(form["homepage"])  # every problem at once, for a form

Messages are written to be shown to the person who typed the text, as they are:
``scheme 'ftp' is not allowed; use https``, ``invalid character ' ' at position 10 in
host: ...``. A syntax error keeps the position and the rule that failed, and is the only
problem reported: the other rules would be judged on broken text. Common slips get a
hint (``missing scheme? did you mean 'https://example.com'``) only when the text it
proposes passes the policy (:attr:`Problem.suggestion`).

Hosts are judged by :func:`urikit._core.hosts.analyze` in every spelling; what DNS answers for
a name no syntax check sees (README, "Hosts, DNS and SSRF": resolve, then check).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Generic, Literal, Never, cast, overload

from typing_extensions import TypeVar, Unpack

from urikit._core.hosts import HostKind, analyze
from urikit._core.iri_mapping import iri_to_uri
from urikit._core.reachable import dns_host_problem
from urikit.errors import InvalidURIError, plain_str
from urikit.errors.problems import (
    PolicyError,
    Problem,
    once_normalized,
    problem,
    redacted_problems,
    syntax_problem,
)
from urikit.policy._arguments import (
    HostSyntax,
    PolicyRules,
    Requirement,
    RulesBesidesHost,
    checked_arguments,
)
from urikit.policy._hints import (
    around_hinted,
    encoding_hinted,
    example_scheme,
    hinted,
    iri_hinted,
    scheme_start,
    without_implied,
)
from urikit.policy._parts import (
    Parts,
    either,
    host_position,
    internal_host,
    parts_of,
    plain_public_name,
    points_here,
    reference_fields,
    scheme_rule_problems,
)
from urikit.policy._ports import port_problems, port_range_problems
from urikit.policy.checked_types import RelativeReferenceWithHost, URIWithHost
from urikit.values.normalize import normalize as _rfc_normalize
from urikit.values.uri import URI, RelativeReference, URIReference, parse

__all__ = ["Policy"]  # the package urikit.policy names the rest of its API

# The rule an empty text fails to be, by ``require`` (RFC 3986 3, 4.2, 4.1).
_REQUIRED_RULE: dict[Requirement, str] = {
    "absolute": "URI",
    "relative": "relative-ref",
    "any": "URI-reference",
}

#: What :meth:`Policy.check` returns: URI, RelativeReference or either, by ``require``.
R = TypeVar("R", bound=URI | RelativeReference, covariant=True, default=URI | RelativeReference)


@dataclass(frozen=True, slots=True, init=False)
class Policy(Generic[R]):
    """Rules a URI-reference must follow beyond RFC 3986 syntax; immutable, reusable.

    Every argument is keyword-only and checked when the policy is made.

    - ``schemes``: allowed schemes (compared case-insensitively, RFC 3.1), a collection
      of str; ``None`` allows any. It restricts the scheme a reference has; whether it
      must have one is ``require``'s business.
    - ``require``: ``"absolute"`` (the default) wants a URI, i.e. a scheme (RFC 3;
      add ``allow_fragment=False`` for an RFC 4.3 absolute-URI), ``"relative"`` a
      relative reference (RFC 4.2), ``"any"`` either. :meth:`check` is typed to
      return :class:`~urikit.URI`, :class:`~urikit.RelativeReference` or either.
    - ``require_host``: a non-empty host (RFC 3.2.2), so ``file:///x`` fails. The
      type checker then knows that the host :meth:`check` returns is a ``str``
      (:class:`URIWithHost`, :class:`RelativeReferenceWithHost`).
    - ``allow_userinfo`` / ``allow_password``: whether ``user@`` / ``user:password@``
      may appear (RFC 3.2.1 deprecates passwords; RFC 7.5 explains why).
    - ``allow_fragment``: whether ``#fragment`` may appear (RFC 3.5).
    - ``allow_ip_host``: whether the host may be an IP address in any spelling: an
      IP-literal, an IPv4address, or a reg-name that a reader (``getaddrinfo``,
      ``inet_aton``, ``ipaddress``, a WHATWG URL parser) reads as one once decoded
      (``2130706433``, ``0x7f.1``, ``127.0.0.1.``, ``%3A%3A1``,
      ``127.0.0.1%00.evil.example``; RFC 7.4).
    - ``allow_internal_host``: whether the host may lead to this machine or an internal
      network without DNS: an address, in any spelling (also inside IPv6), of a block
      of the IANA special-purpose registries that is not globally reachable
      (:func:`urikit.hosts.special_purpose`; loopback, private-use, link-local,
      documentation ...), multicast, a special-use name that leads to this machine or
      its network or that no DNS lookup may be made for (``localhost``, ``.local``,
      ``home.arpa``, ``.test``, ``.onion``, ...: every internal row of
      :data:`urikit.hosts.SPECIAL_USE_NAMES`, RFC 6761; after decoding, in any case,
      with trailing dots), an empty host, an IPvFuture literal; and port 0, which no
      client can connect to (``"port-zero"``, RFC 6335 6). ``False``
      for server-side fetches of user-given URLs; names still need the
      resolve-then-check step (:func:`urikit.security.resolve_checked`). Either flag
      ``False`` also refuses a reg-name that decodes to what no host name holds (NUL, a
      control character, ``:``, ``%``, ...; ``"host-not-a-name"``).
    - ``host_syntax``: ``"generic"`` (the default) takes any host RFC 3.2.2 allows;
      ``"dns"`` only hosts a client can look up: an IP-literal, a dotted-quad
      IPv4address or a DNS host name (RFC 1123 2.1: labels of letters, digits and
      hyphens, not starting or ending with ``-``, 1-63 octets, at most 253 in all, an
      optional trailing dot; ``xn--`` labels valid A-labels, RFC 5890; the last label
      not all digits), so ``exa%20mple.com``, ``a..b`` and ``256.1.1.1`` fail; an
      empty host (``file:///x``) is ``require_host``'s business.
    - ``ports``: the ports allowed (``{443}``, ``range(1024, 65536)``); without an
      explicit port the scheme's default (:data:`urikit.DEFAULT_PORTS`) is judged, and
      a reference whose port cannot be told is refused. ``None`` allows any port up to
      65535; every policy refuses a larger one (16 bits, TCP and UDP) unless listed here.
    - ``max_length``: the most characters accepted, also for the value returned.
    - ``accept_iri``: text beyond ASCII is taken as an IRI-reference (RFC 3987 2.2) and
      mapped to the URI it stands for (RFC 3987 3.1, :func:`urikit.iri_to_uri`) before
      the other rules judge it; what :meth:`check` returns is that URI. A text that is
      no IRI is a ``"syntax"`` problem located in the text as given; the positions of
      other problems count in the mapped URI. ``idna``: a non-ASCII host becomes
      A-labels (IDNA2008, UTS #46; the ``urikit[idna]`` extra) instead of ``%XX``.
    - ``scheme_rules``: a URI whose scheme is registered (:mod:`urikit.schemes`: http,
      https, ws, wss, mailto, urn, data, file, and the user's) must match the scheme's
      rule: ``http://`` (an empty host, RFC 9110 4.2.1) or ``ws://h/#x`` (a fragment,
      RFC 6455 3) are ``"scheme-rule"`` problems naming the rule and the RFC section.
    - ``strip_whitespace``: whitespace around the text (``str.strip``, the commonest
      slip in a form, as Django's ``CharField`` strips it) is removed before checking,
      and problems count positions in the text so stripped; whitespace inside is still
      refused. Without it, a text with whitespace around it is refused with a hint.
    - ``normalize``: ``True`` returns accepted values normalized (RFC 6.2.2, 6.2.3, via
      :func:`urikit.normalize`); a callable is applied instead. The result is checked
      against this policy again, so what :meth:`check` returns always satisfies it.
    """

    schemes: frozenset[str] | None
    require: Requirement
    require_host: bool
    allow_userinfo: bool
    allow_password: bool
    allow_fragment: bool
    allow_ip_host: bool
    allow_internal_host: bool
    ports: Collection[int] | None
    max_length: int | None
    accept_iri: bool
    idna: bool
    host_syntax: HostSyntax
    scheme_rules: bool
    strip_whitespace: bool
    normalize: bool | Callable[[URIReference], URIReference]

    # What check() returns follows require and require_host: a URI's scheme is a str,
    # and with require_host=True so is the host.
    @overload
    def __init__(
        self: Policy[URIWithHost],
        *,
        require: Literal["absolute"] = ...,
        require_host: Literal[True],
        normalize: bool | Callable[[URI], URIReference] = ...,
        **rules: Unpack[RulesBesidesHost],
    ) -> None: ...
    @overload
    def __init__(
        self: Policy[URI],
        *,
        require: Literal["absolute"] = ...,
        normalize: bool | Callable[[URI], URIReference] = ...,
        **rules: Unpack[PolicyRules],
    ) -> None: ...
    @overload
    def __init__(
        self: Policy[RelativeReferenceWithHost],
        *,
        require: Literal["relative"],
        require_host: Literal[True],
        normalize: bool | Callable[[RelativeReference], URIReference] = ...,
        **rules: Unpack[RulesBesidesHost],
    ) -> None: ...
    @overload
    def __init__(
        self: Policy[RelativeReference],
        *,
        require: Literal["relative"],
        normalize: bool | Callable[[RelativeReference], URIReference] = ...,
        **rules: Unpack[PolicyRules],
    ) -> None: ...
    @overload
    def __init__(
        self: Policy[URIWithHost | RelativeReferenceWithHost],
        *,
        require: Requirement,
        require_host: Literal[True],
        normalize: bool | Callable[[URIReference], URIReference] = ...,
        **rules: Unpack[RulesBesidesHost],
    ) -> None: ...
    @overload
    def __init__(
        self: Policy[URI | RelativeReference],
        *,
        require: Requirement,
        normalize: bool | Callable[[URIReference], URIReference] = ...,
        **rules: Unpack[PolicyRules],
    ) -> None: ...
    def __init__(
        self,
        *,
        require: Requirement = "absolute",
        normalize: bool | Callable[[Never], URIReference] = False,
        **rules: Unpack[PolicyRules],
    ) -> None:
        # normalize is called only with values that ``require`` admits
        for name, value in checked_arguments(require, normalize, rules).items():
            object.__setattr__(self, name, value)

    def check(self, text: str) -> R:
        """The parsed (and, if asked, normalized) reference; else :class:`PolicyError`.

        What comes back satisfies this policy, normalized or not (RFC 6 may lengthen a
        reference: ``http://h`` becomes ``http://h/``).
        """
        if self.normalize is False and type(text) is str:
            plain = text.strip() if self.strip_whitespace else text
            if plain.isascii() and self.accepts(plain):
                return cast(R, parse(plain))  # as it is: no IRI to map, nothing to normalize
        return self._checked(text, hint=True)

    def _checked(self, text: str, *, hint: bool) -> R:
        if self.strip_whitespace:
            text = plain_str(text).strip()
        ref, problems = self._evaluate(text, hint=hint)
        if problems:
            raise PolicyError(text, tuple(problems))
        assert ref is not None
        if self.normalize is not False:
            out = _rfc_normalize(ref) if self.normalize is True else self.normalize(ref)
            if type(out) is not URI and type(out) is not RelativeReference:
                raise TypeError(f"the normalizer returned a {type(out).__name__}, not a reference")
            after = self._rules(parts_of(out, len(str(out))))
            if after:
                raise PolicyError(text, tuple(once_normalized(p) for p in after))
            ref = out
        return cast(R, ref)

    def problems(self, text: str) -> list[Problem]:
        """Every problem with ``text`` (empty when the policy accepts it), for a form;
        a text with a syntax error has that one problem."""
        if self.accepts(text):
            return []
        return self._evaluate(text, hint=True)[1]

    def accepts(self, text: str) -> bool:
        """Whether :meth:`check` would accept ``text`` (the hints of a refusal unwritten).

        The common case is told here, without writing a problem: the components, the
        length, and a host that is a plain name (:func:`plain_public_name`); what it
        cannot tell (text to map as an IRI, a host to analyze, an empty host, listed
        ports, a normalizer) the full check does. tests/policy/test_accepts.py holds
        the two to the same answers."""
        if type(text) is not str:
            return self._fully_accepts(text)
        if self.strip_whitespace:
            text = text.strip()
        fields = reference_fields(text)
        if fields is None:
            return self.accept_iri and not text.isascii() and self._fully_accepts(text)
        scheme, userinfo, host, port, _, _, fragment = fields
        if self.max_length is not None and len(text) > self.max_length:
            return False
        if scheme is None:
            if self.require == "absolute":
                return False
        elif self.require == "relative" or (
            self.schemes is not None and scheme.lower() not in self.schemes
        ):
            return False
        if fragment is not None and not self.allow_fragment:
            return False
        if userinfo is not None and (
            not self.allow_userinfo or (not self.allow_password and ":" in userinfo)
        ):
            return False
        if not host:
            if self.require_host:
                return False
            if host is not None:
                return self._fully_accepts(text)
        else:
            if self.host_syntax == "dns" and dns_host_problem(host) is not None:
                return False
            if self.ports is not None or not (
                (self.allow_ip_host and self.allow_internal_host) or plain_public_name(host)
            ):
                return self._fully_accepts(text)
            if port and port_range_problems(port, 0, zero=not self.allow_internal_host):
                return False
        if self.scheme_rules and scheme is not None and scheme_rule_problems(text, scheme):
            return False
        return self.normalize is False or self._fully_accepts(text)

    def _fully_accepts(self, text: str) -> bool:
        """Whether :meth:`check` accepts ``text``, every rule judged in full."""
        try:
            self._checked(text, hint=False)
        except PolicyError:
            return False
        return True

    # -- the checks ---------------------------------------------------------------------

    def _evaluate(self, text: str, *, hint: bool) -> tuple[URIReference | None, list[Problem]]:
        text = plain_str(text)
        if self.strip_whitespace:
            text = text.strip()
        try:
            if self.accept_iri and not text.isascii():
                text = iri_to_uri(text, idna=self.idna)
            ref: URIReference | None = parse(text)
        except InvalidURIError as error:
            syntax = syntax_problem("syntax", error)
            if not self.accept_iri:  # say how a Policy takes international text
                syntax = iri_hinted(syntax, text)
            if hint:  # "percent-encode it": kept where what it makes passes
                syntax = around_hinted(syntax, text, self.accepts)
                syntax = encoding_hinted(syntax, text, self.accepts)
            return None, [syntax]  # other rules would be judged on broken text
        assert ref is not None
        found = redacted_problems(text, self._rules(parts_of(ref, len(text))))
        if self.scheme_rules and ref.scheme is not None:
            found.extend(scheme_rule_problems(text, ref.scheme))
        found = without_implied(found, has_authority=ref.host is not None)
        if found and not text:
            return ref, [problem("empty", rule=_REQUIRED_RULE[self.require])]
        return ref, hinted(
            text, found, accepts=self.accepts, schemes=self.schemes
        ) if hint and found else found

    def _rules(self, parts: Parts) -> list[Problem]:
        """Every rule of this policy that ``parts`` break, in the order of the text."""
        found: list[Problem] = []
        if self.max_length is not None and parts.length > self.max_length:
            found.append(
                problem(
                    "too-long",
                    position=self.max_length,
                    length=parts.length,
                    max_length=self.max_length,
                )
            )
        found.extend(self._scheme_problems(parts.scheme))
        found.extend(self._authority_problems(parts))
        if parts.fragment is not None and not self.allow_fragment:
            found.append(
                problem(
                    "fragment-forbidden",
                    component="fragment",
                    position=parts.length - len(parts.fragment) - 1,
                )
            )
        return found

    def _scheme_problems(self, scheme: str | None) -> list[Problem]:
        if scheme is None:
            if self.require == "absolute":
                return [
                    problem(
                        "scheme-required",
                        component="scheme",
                        position=0,
                        scheme=example_scheme(self.schemes),
                        start=scheme_start(example_scheme(self.schemes)),
                    )
                ]
            return []
        if self.require == "relative":
            return [problem("scheme-forbidden", component="scheme", position=0, scheme=scheme)]
        if self.schemes is not None and scheme.lower() not in self.schemes:
            return [
                problem(
                    "scheme-not-allowed",
                    component="scheme",
                    position=0,
                    scheme=scheme,
                    allowed=either(sorted(self.schemes)),
                )
            ]
        return []

    def _authority_problems(self, parts: Parts) -> list[Problem]:
        found: list[Problem] = []
        host, userinfo = parts.host, parts.userinfo
        userinfo_at = parts.authority_at  # RFC 3.2: "//" authority
        host_at = host_position(parts)
        if self.require_host and not host:
            found.append(
                problem(
                    "host-required", component="host", position=None if host is None else host_at
                )
            )
        if userinfo is not None:
            if not self.allow_userinfo:
                found.append(
                    problem("userinfo-forbidden", component="userinfo", position=userinfo_at)
                )
            elif not self.allow_password and ":" in userinfo:
                found.append(
                    problem(
                        "password-forbidden",
                        component="userinfo",
                        position=userinfo_at + userinfo.index(":") + 1,
                    )
                )
        if host is not None:
            found.extend(self._host_problems(host, host_at))
            if self.ports is not None:
                found.extend(port_problems(self.ports, parts, port_at=host_at + len(host)))
            elif parts.port:
                found.extend(
                    port_range_problems(
                        parts.port, host_at + len(host) + 1, zero=not self.allow_internal_host
                    )
                )
        return found

    def _host_problems(self, host: str, at: int) -> list[Problem]:
        """RFC 7.4: an address in any spelling, and where it leads (RFC 6890, 6761)."""
        found: list[Problem] = []
        if self.host_syntax == "dns" and host:
            why = dns_host_problem(host)
            if why is not None:
                found.append(
                    problem("host-not-dns", component="host", position=at, host=host, problem=why)
                )
        if self.allow_ip_host and self.allow_internal_host:
            return found
        info = analyze(host)
        if info.not_a_name is not None:
            found.append(
                problem(
                    "host-not-a-name",
                    component="host",
                    position=at,
                    host=host,
                    problem=info.not_a_name,
                )
            )
        if not self.allow_ip_host and info.is_ip:
            shown = (
                host if info.kind is not HostKind.REG_NAME else f"{host}, read as {info.address}"
            )
            found.append(problem("ip-host-forbidden", component="host", position=at, host=shown))
        if not self.allow_internal_host:
            purpose = info.special_purpose if host else "empty"
            if purpose is not None:
                found.append(
                    problem(
                        "internal-host-forbidden",
                        component="host",
                        position=at,
                        host=internal_host(host, purpose, info),
                        person="this-computer" if points_here(purpose) else None,
                    )
                )
        return found
