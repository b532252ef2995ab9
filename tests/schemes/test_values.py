"""The typed values of urikit.schemes against the RFCs' examples and rules, and the
registry (Policy, normalize and equivalent with scheme_rules)."""

from __future__ import annotations

import pytest

import urikit
from tests.syntax.scheme_tables import (
    RFC_2397_4,
    RFC_2397_BAD_ESCAPE,
    RFC_6068_6,
    RFC_6068_WRONG,
    RFC_8141_URNS,
    RFC_9110_4_2_3,
)
from urikit import InvalidURIError
from urikit._syntax.abnf import Ref
from urikit.schemes import (
    chars,
    data,
    file,
    lit,
    mailto,
    opt,
    ref,
    register,
    registered,
    rep,
    urn,
    web,
)

# --- RFC 9110 4.2, RFC 6455 3, RFC 6454 ------------------------------------------------


@pytest.mark.parametrize("text", RFC_9110_4_2_3)
def test_http_examples_share_one_origin_rfc_9110_4_2_3(text: str) -> None:
    u = web.parse(text)
    assert (u.effective_port, u.origin) == (80, web.Origin("http", "example.com", 80))
    assert u.origin.serialize() == "http://example.com"  # RFC 6454 6.2
    assert urikit.equivalent(text, RFC_9110_4_2_3[0], scheme_rules=True)


@pytest.mark.parametrize(
    ("text", "port", "secure"),
    [("https://h/", 443, True), ("ws://h/", 80, False), ("wss://h:8443/", 8443, True)],
)
def test_default_ports_rfc_9110_4_2_2_and_rfc_6455_3(text: str, port: int, secure: bool) -> None:
    u = web.parse(text)
    assert (u.effective_port, u.secure) == (port, secure)


def test_origin_keeps_a_port_that_is_not_the_default_rfc_6454_6_2() -> None:
    assert web.parse("https://A.example:8443/x").origin.serialize() == "https://a.example:8443"


@pytest.mark.parametrize(
    ("text", "rule", "component", "section"),
    [
        ("http://", "http-URI", "host", "RFC 9110 4.2.1"),
        ("https://u@:1/", "https-URI", "host", "RFC 9110 4.2.2"),
        ("http://h/#f", "http-URI", "fragment", "RFC 9110 4.2.5"),
        ("ws://h/#x", "ws-URI", "fragment", "RFC 6455 3"),
        ("wss://u@h/", "wss-URI", "userinfo", "RFC 6455 3"),
    ],
)
def test_a_must_of_the_prose_names_its_section(
    text: str, rule: urikit.RuleName, component: str, section: str
) -> None:
    with pytest.raises(InvalidURIError) as info:
        web.parse(text)
    assert (info.value.rule, info.value.component) == (rule, component)
    assert section in info.value.reason
    assert not urikit.is_valid(text, rule)


def test_resource_name_rfc_6455_3() -> None:
    assert web.parse("ws://h").resource_name == "/"
    assert web.parse("ws://h/chat?").resource_name == "/chat"
    assert web.parse("wss://h/chat?a=1").resource_name == "/chat?a=1"


# --- RFC 6068 --------------------------------------------------------------------------


@pytest.mark.parametrize("text", RFC_6068_6)
def test_mailto_examples_round_trip_rfc_6068_6(text: str) -> None:
    value = mailto.parse(text)
    assert str(value) == text  # the RFC's examples are written as build() writes
    assert mailto.parse(str(value)) == value


def test_mailto_fields_rfc_6068_6_1() -> None:
    value = mailto.parse("mailto:joe@example.com?cc=bob@example.com&body=hello")
    assert value.to == ("joe@example.com",)
    assert value.headers == (("cc", "bob@example.com"), ("body", "hello"))
    assert (value.subject, value.body) == (None, "hello")
    m = mailto.parse("mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index")
    assert m.body == "send current-issue\r\nsend index"  # RFC 6068 5: line breaks %0D%0A


@pytest.mark.parametrize(
    ("address", "text"),
    [  # RFC 6068 6.1, 6.2: the address and its URI
        ("gorby%kremvax@example.com", "mailto:gorby%25kremvax@example.com"),
        ("Mike&family@example.org", "mailto:Mike%26family@example.org"),
        ('"not@me"@example.org', "mailto:%22not%40me%22@example.org"),
        ('"oh\\\\no"@example.org', "mailto:%22oh%5C%5Cno%22@example.org"),
    ],
)
def test_mailto_addresses_rfc_6068_6_2(address: str, text: str) -> None:
    assert mailto.parse(text).to == (address,)
    assert mailto.build(to=[address]) == text


def test_mailto_build_encodes_as_rfc_6068_5() -> None:
    uri = mailto.build(to=["a@b"], subject="x y+z", body="100% & more?=#")
    assert uri == "mailto:a@b?subject=x%20y+z&body=100%25%20%26%20more%3F%3D%23"
    assert mailto.build(to=["a@b"], cc=["c@d", "e@f"]) == "mailto:a@b?cc=c@d,e@f"
    assert "%C3%A9" in mailto.build(subject="caf\u00e9")  # UTF-8 (RFC 6068 2)


def test_mailto_refusals_name_position_rule_reason() -> None:
    with pytest.raises(InvalidURIError) as info:
        mailto.parse(RFC_6068_WRONG)
    assert (info.value.position, info.value.rule) == (41, "hfields")
    with pytest.raises(InvalidURIError) as info:
        mailto.parse("mailto:a%20b@example.org")  # a space decoded: no dot-atom
    assert (info.value.position, info.value.rule) == (7, "addr-spec")
    with pytest.raises(ValueError, match="addr-spec"):
        mailto.build(to=["not an address"])


# --- RFC 8141 --------------------------------------------------------------------------


@pytest.mark.parametrize("text", RFC_8141_URNS)
def test_urn_examples_parse_rfc_8141(text: str) -> None:
    value = urn.parse(text)
    assert urn.parse(str(value)) == value
    assert str(value).lower() == text.lower()


def test_urn_equivalence_rfc_8141_3_2() -> None:
    first, second, third, fourth, fifth, sixth = (
        RFC_8141_URNS[5:8],
        RFC_8141_URNS[8:11],
        RFC_8141_URNS[11:14],
        RFC_8141_URNS[14:16],
        RFC_8141_URNS[16:18],
        RFC_8141_URNS[18:19],
    )
    base = first[0]
    assert all(urn.equivalent(base, other) for other in (*first, *second))
    assert all(urikit.equivalent(base, o, scheme_rules=True) for o in (*first, *second))
    assert not any(urn.equivalent(a, b) for a in third for b in (*third, base) if a != b)
    assert urn.equivalent(*fourth) and not urn.equivalent(base, fourth[0])
    assert not any(urn.equivalent(base, other) for other in (*fifth, *sixth))
    assert not urikit.equivalent(base, fourth[0], scheme_rules=True)


def test_urn_components_rfc_8141_2_3() -> None:
    value = urn.parse("urn:example:foo-bar-baz-qux?+CCResolve:cc=uk?=a=b#c")
    assert (value.nid, value.nss, value.r, value.q, value.f) == (
        "example",
        "foo-bar-baz-qux",
        "CCResolve:cc=uk",
        "a=b",
        "c",
    )
    assert urn.parse("urn:example:a").r is None


@pytest.mark.parametrize(
    ("text", "section"),
    [
        ("urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6", ""),  # RFC 9562 4, Figure 4
        ("urn:isbn:0-395-36341-1", ""),
        ("urn:isbn:978-0-306-40615-7", ""),
        ("urn:issn:0378-5955", ""),
        ("urn:oid:1.3.6.1.4.1", ""),
        ("urn:ietf:rfc:2648", ""),
        ("urn:ietf:params:xml:ns:yang:1", ""),
        ("urn:uuid:f81d4fae-7dec-11d0-a765", "RFC 9562 4"),
        ("urn:isbn:0-395-36341-2", "ISO 2108"),
        ("urn:issn:0378-5954", "issn check digit"),
        ("urn:oid:1.03", "RFC 3061 2"),
        ("urn:ietf:rfc:two", "RFC 2648 3"),
    ],
)
def test_namespace_syntax(text: str, section: str) -> None:
    if not section:
        urn.parse(text)
        return
    with pytest.raises(InvalidURIError) as info:
        urn.parse(text)
    assert (info.value.rule, info.value.position) == ("NSS", text.index(":", 4) + 1)
    assert section in info.value.reason
    urn.parse(text, namespaces=False)


def test_uuid_nss_compares_in_any_case_rfc_9562_4() -> None:
    upper = "urn:uuid:F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6"
    assert urn.equivalent(upper, "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6")
    # The same rule where scheme-based normalization (RFC 3986 6.2.3) compares URNs.
    lower = "urn:uuid:f81d4fae-7dec-11d0-a765-00a0c91e6bf6"
    assert urikit.equivalent(upper, lower, scheme_rules=True)
    assert urikit.normalize(upper, scheme_rules=True) == lower
    assert not urikit.equivalent(upper, lower)  # RFC 3986 alone compares an NSS as written
    # Only the uuid namespace reads its NSS in any case (RFC 8141 3.1).
    assert not urikit.equivalent("urn:example:ABC", "urn:example:abc", scheme_rules=True)


# --- RFC 2397 --------------------------------------------------------------------------


def test_data_examples_rfc_2397_4() -> None:
    note, gif, query = (data.parse(t) for t in RFC_2397_4)
    assert (note.media_type, dict(note.params), note.data) == (
        "text/plain",
        {"charset": "US-ASCII"},  # RFC 2397 2: the default
        b"A brief note",
    )
    assert gif.media_type == "image/gif" and gif.base64 and gif.data.startswith(b"GIF87a")
    assert query.data == b"select_vcount,fcol_from_fieldtable/local"
    with pytest.raises(InvalidURIError) as info:
        data.parse(RFC_2397_BAD_ESCAPE)  # "%fg" is no escape
    assert (info.value.position, info.value.rule) == (40, "pct-encoded")


def test_data_defaults_and_case_rfc_2397_2() -> None:
    value = data.parse("data:;charset=utf-8,%C3%A9")
    assert (value.media_type, dict(value.params)) == ("text/plain", {"charset": "utf-8"})
    assert data.parse("data:Text/HTML;BASE64,PGI+").media_type == "text/html"
    with pytest.raises(InvalidURIError, match="not base64"):
        data.parse("data:;base64,QQ=")
    with pytest.raises(TypeError):
        data.build("text")  # type: ignore[arg-type]


# --- RFC 8089 --------------------------------------------------------------------------


def test_file_forms_rfc_8089() -> None:
    assert file.parse("file:///path/to/file") == file.FileURI("", "/path/to/file")
    assert file.parse("file:/path/to/file") == file.FileURI(None, "/path/to/file")
    remote = file.parse("file://host.example.com/path/to/file")
    assert remote.host == "host.example.com" and not remote.is_local
    with pytest.raises(InvalidURIError) as info:
        file.parse("file:c:/path/to/file")
    assert "Appendix E.2" in info.value.reason
    assert file.parse("file:c:/path/to/file", nonstandard=True).path == "c:/path/to/file"


@pytest.mark.parametrize(
    ("text", "windows"),
    [  # RFC 8089 Appendix E
        ("file:///c:/path/to/file", "c:/path/to/file"),
        ("file:c:/path/to/file", "c:/path/to/file"),
        ("file:///c|/path/to/file", "c:/path/to/file"),
        ("file:/c|/path/to/file", "c:/path/to/file"),
        ("file:c|/path/to/file", "c:/path/to/file"),
        ("file://host.example.com/Share/file.txt", "//host.example.com/Share/file.txt"),
        ("file:////host.example.com/path/to/file", "//host.example.com/path/to/file"),
        ("file://///host.example.com/path/to/file", "//host.example.com/path/to/file"),
    ],
)
def test_to_path_reads_appendix_e_on_windows(text: str, windows: str) -> None:
    from pathlib import PureWindowsPath

    assert file.to_path(text, flavour="windows") == PureWindowsPath(windows)


def test_to_path_refuses_what_names_no_local_path_rfc_8089_3() -> None:
    with pytest.raises(ValueError, match="another host"):
        file.to_path("file://host.example.com/x", flavour="posix")
    with pytest.raises(ValueError, match="separator"):
        file.to_path("file:///a%2Fb", flavour="posix")
    assert str(file.to_path("file://localhost/etc/fstab", flavour="posix")) == "/etc/fstab"


def test_to_path_keeps_a_password_out_of_its_message_rfc_3986_7_5() -> None:
    """Appendix F's file-auth may carry userinfo; the message writes the password ***."""
    with pytest.raises(ValueError, match="another host") as caught:
        file.to_path("file://user:secret@host.example/x", flavour="posix")
    assert "secret" not in str(caught.value)
    assert "user:***@host.example" in str(caught.value)


def test_from_path_refuses_what_rfc_8089_cannot_name() -> None:
    with pytest.raises(ValueError, match="absolute"):
        file.from_path("a/b", flavour="posix")
    with pytest.raises(ValueError, match="'//'"):
        file.from_path("//a/b", flavour="posix")
    with pytest.raises(ValueError, match="Win32"):
        file.from_path("\\\\?\\C:\\x", flavour="windows")


# --- the registry ----------------------------------------------------------------------

_HOST = rep(ref("unreserved") | ref("pct-encoded") | ref("sub-delims"), 1, possessive=True)
# s3://bucket/key: a bucket is 3-63 lowercase letters, digits, '.' and '-' (AWS naming).
S3 = (
    lit("s3://") + rep(chars("abcdefghijklmnopqrstuvwxyz0123456789.-"), 3, 63) + ref("path-abempty")
)
# postgresql://[user[:password]@][host][:port][/dbname][?param=value&...]
POSTGRESQL = (
    lit("postgresql://")
    + ref("authority")
    + opt(lit("/") + ref("segment"))
    + opt(lit("?") + ref("query"), possessive=True)
)
# redis://[[user]:password@]host[:port][/db-number]
REDIS = (
    lit("redis://")
    + opt(ref("userinfo") + lit("@"))
    + _HOST
    + opt(lit(":") + ref("port"), possessive=True)
    + opt(lit("/") + rep(ref("DIGIT"), 1, 2))
)


def test_registered_schemes_apply_in_policy_and_normalize() -> None:
    """A registration replaces a built-in scheme's (here the connection strings' rules
    of urikit._syntax.connection), which this test puts back when it is done."""
    built_in = [registered("postgresql"), registered("redis")]
    register("s3", S3)
    register("postgresql", POSTGRESQL, default_port=5432)
    register("redis", REDIS, default_port=6379)
    try:
        policy = urikit.Policy(scheme_rules=True)
        assert policy.accepts("s3://my-bucket/photos/2024/a.jpg")
        assert not policy.accepts("s3://ab/key")  # a bucket name has 3 characters or more
        assert policy.accepts(
            "postgresql://u@db.example:5432/app?sslmode=require&connect_timeout=5"
        )
        assert not policy.accepts("postgresql://db/app/extra")
        assert policy.accepts("redis://:secret@cache.example:6379/15")
        problems = policy.problems("redis://cache.example/db0")
        assert [p.code for p in problems] == ["scheme-rule"]
        assert (problems[0].rule, problems[0].position) == ("redis-URI", 22)
        assert (
            urikit.normalize("postgresql://DB:5432/app", scheme_rules=True) == "postgresql://db/app"
        )
        assert urikit.normalize("REDIS://h:6379", scheme_rules=True) == "redis://h/"
        assert registered("S3") is not None and registered("S3").default_port is None  # type: ignore[union-attr]
    finally:
        for scheme in built_in:
            assert scheme is not None
            register(scheme.name, scheme.rule, default_port=scheme.default_port)


def test_policy_scheme_rules_off_by_default_and_built_in_rules() -> None:
    assert urikit.Policy().accepts("http://")
    strict = urikit.Policy(scheme_rules=True)
    assert not strict.accepts("http://") and not strict.accepts("mailto:a b@c")
    assert strict.accepts("gopher://anything/goes")  # no rule registered for it


def test_register_refuses_bad_arguments() -> None:
    with pytest.raises(ValueError, match="is not a scheme"):
        register("1x", S3)
    with pytest.raises(ValueError, match="unknown rule"):
        register("x", "nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown rule 'nope'"):
        register("x", lit("x:") + Ref("nope"))
    with pytest.raises(ValueError, match="0-65535"):
        register("x", "URI", default_port=70000)


@pytest.mark.parametrize(
    ("text", "normal"),
    [  # RFC 3986 6.2.3 by scheme
        ("ws://H:80/chat#x", "ws://h/chat"),  # RFC 6455 3: no fragment
        ("WSS://h:443", "wss://h/"),
        ("mailto:a@EXAMPLE.org?TO=b@x.org&Subject=hi", "mailto:a@example.org,b@x.org?subject=hi"),
        ("URN:EXAMPLE:a%2cb%41", "urn:example:a%2Cb%41"),  # RFC 8141 3.1: not decoded
        ("http://EXAMPLE.com:/%7esmith/home.html", "http://example.com/~smith/home.html"),
    ],
)
def test_scheme_based_normalization(text: str, normal: str) -> None:
    assert urikit.normalize(text, scheme_rules=True) == normal
    assert urikit.normalize(normal, scheme_rules=True) == normal  # idempotent


def test_mailto_to_field_and_path_are_equivalent_rfc_6068_2() -> None:
    assert urikit.equivalent("mailto:a@b?to=c@d", "mailto:a@b,c@d", scheme_rules=True)
    assert not urikit.equivalent("mailto:a@b?to=c@d", "mailto:a@b,c@d")


def test_web_parse_names_what_is_wrong() -> None:
    with pytest.raises(InvalidURIError) as info:
        web.parse("ftp://h/")
    assert (info.value.position, info.value.rule) == (0, "scheme")
    with pytest.raises(InvalidURIError, match="16 bits") as info:
        web.parse("https://h:99999/")
    assert (info.value.position, info.value.rule) == (10, "port")
    with pytest.raises(InvalidURIError) as info:
        web.parse("https://h/", scheme="wss")
    assert info.value.rule == "wss-URI"
