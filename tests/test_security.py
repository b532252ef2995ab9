"""Security checks (RFC 3986 7)."""

from __future__ import annotations

import dataclasses

import pytest

from urikit import URI, InvalidURIError, parse
from urikit.security import REDACTED, Finding, check, redacted


def codes(text: str) -> list[str]:
    return [f.code for f in check(text)]


@pytest.mark.parametrize(
    "text",
    [
        "http://0x7f.1/",
        "http://2130706433/",
        "http://0177.0.0.1/",
        "http://127.1/",
        "http://010.0.0.1/",
        "http://0x7F000001/",
        "http://127.0.0.1./",
        "http://%31%32%37.0.0.1/",  # decodes to an IPv4 address
    ],
)
def test_rare_numeric_ip_forms(text: str) -> None:
    # RFC 7.4: a reg-name read as an IPv4 address by inet_aton-style resolvers
    findings = [f for f in check(text) if f.code == "numeric-host"]
    assert len(findings) == 1
    assert findings[0].section == "7.4"
    assert findings[0].component == "host"
    assert "127.0.0.1" in findings[0].message or "10.0.0.1" in findings[0].message


@pytest.mark.parametrize(
    "text", ["http://127.0.0.1/", "http://1.2.3.4.5/", "http://256.1/x", "http://0x1g/"]
)
def test_not_numeric_forms(text: str) -> None:
    # a plain IPv4address (RFC 3.2.2) is fine; non-numbers and out-of-range ones are names
    assert "numeric-host" not in codes(text)


def test_userinfo_and_password() -> None:
    # RFC 7.5 (userinfo leaks), 3.2.1 ("user:password" is deprecated)
    assert codes("http://user@h/") == ["userinfo"]
    found = check("http://user:secret@h/")
    assert [(f.code, f.section) for f in found] == [("userinfo", "7.5"), ("password", "3.2.1")]
    assert all(f.component == "userinfo" for f in found)


@pytest.mark.parametrize(
    "text",
    [
        "http://www.bank.example@evil.example/",
        "http://www.bank.example:x@evil.example/",
        "http://192.168.0.1@evil.example/",
        "http://bank%2Eexample@evil/",
    ],
)
def test_semantic_attack(text: str) -> None:
    # RFC 7.6: userinfo that looks like the host
    assert "userinfo-looks-like-host" in codes(text)


def test_plain_user_is_not_hostlike() -> None:
    assert "userinfo-looks-like-host" not in codes("ftp://anonymous@ftp.example/")


@pytest.mark.parametrize(
    ("text", "component"),
    [
        ("http://h/a%2Fb", "path"),
        ("http://h/a%5cb", "path"),
        ("http://h/a%3Fb", "path"),
        ("http://evil%2Fexample/", "host"),
        ("http://a%40b/", "host"),
        ("http://a%2Eb/", "host"),
    ],
)
def test_encoded_delimiters(text: str, component: str) -> None:
    # RFC 7.3: delimiters hidden by percent-encoding
    found = [f for f in check(text) if f.code == "encoded-delimiter"]
    assert [(f.section, f.component) for f in found] == [("7.3", component)]


@pytest.mark.parametrize("text", ["http://h/%2E%2E/etc", "/a/%2e/b", "http://h/.%2E"])
def test_encoded_dot_segments(text: str) -> None:
    assert "encoded-dot-segment" in codes(text)


@pytest.mark.parametrize(
    ("text", "code", "component"),
    [
        ("http://h/a%00.txt", "nul-character", "path"),
        ("http://h%00.example/", "nul-character", "host"),
        ("http://h/a%0Ab", "control-character", "path"),
        ("http://h/a%7F", "control-character", "path"),
        ("http://h%0D%0A/", "control-character", "host"),
    ],
)
def test_control_characters(text: str, code: str, component: str) -> None:
    # RFC 7.3: NUL and controls after decoding
    found = [f for f in check(text) if f.code == code]
    assert [(f.section, f.component) for f in found] == [("7.3", component)]


@pytest.mark.parametrize("text", ["http://h/a/../b", "../x", "./x", "http://h/a/."])
def test_dot_segments(text: str) -> None:
    assert "dot-segment" in codes(text)


@pytest.mark.parametrize(
    "text",
    [
        "http://example.com/a/b?q=%2F#f",
        "https://www.example.org:8443/path/file.html",
        "mailto:someone@example.com",
        "urn:isbn:0451450523",
        "http://[2001:db8::1]/",
        "http://192.0.2.1/",
        "/a/b.c/..d/%41",
        "",
    ],
)
def test_clean_references(text: str) -> None:
    assert check(text) == ()


def test_finding_is_frozen() -> None:
    finding = check("http://u:p@h/")[0]
    assert isinstance(finding, Finding)
    with pytest.raises(dataclasses.FrozenInstanceError):
        finding.code = "x"  # type: ignore[misc]


def test_redacted() -> None:
    assert redacted("http://user:secret@h/p?q") == f"http://user:{REDACTED}@h/p?q"
    assert redacted(URI.parse("ftp://u:%41b@h/")) == "ftp://u:***@h/"
    assert redacted("http://user@h/") == "http://user@h/"
    assert redacted("//u:@h") == "//u:***@h"
    assert parse(redacted("http://u:p@h/")).password == REDACTED


def test_invalid_and_wrong_types() -> None:
    with pytest.raises(InvalidURIError):
        check("http://h/ a")
    with pytest.raises(TypeError):
        check(42)  # type: ignore[arg-type]


@pytest.mark.parametrize("host", ["08.1.1.1", "1.2.3.09", "001.2.3.4"])
def test_leading_zeros_that_are_not_octal_are_flagged(host: str) -> None:
    # RFC 7.4: leading zeros make dotted-decimal hosts ambiguous across parsers.
    codes = [f.code for f in check(f"http://{host}/")]
    assert "numeric-host" in codes


def test_security_is_reachable_from_the_package() -> None:
    import urikit

    assert [f.code for f in urikit.security.check("http://u:p@h/")] == ["userinfo", "password"]


# -- every spelling of a host a resolver reads as an address (RFC 7.4) ---------------------


@pytest.mark.parametrize(
    "text",
    [
        "http://0x" + "0" * 62 + "7f.1/",  # longer than 64 characters
        "http://%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1/",  # full-width digits
        "http://127%E3%80%820%E3%80%820%E3%80%821/",  # ideographic full stops
    ],
)
def test_numeric_hosts_in_any_length_and_unicode_spelling_rfc_7_4(text: str) -> None:
    found = [f for f in check(text) if f.code == "numeric-host"]
    assert len(found) == 1
    assert "127.0.0.1" in found[0].message


@pytest.mark.parametrize(
    "text",
    [
        "http://[::ffff:127.0.0.1]/",
        "http://[::ffff:7f00:1]/",
        "http://[::127.0.0.1]/",
        "http://[64:ff9b::7f00:1]/",
        "http://[2002:7f00:1::]/",
    ],
)
def test_ipv4_inside_ipv6_rfc_7_4(text: str) -> None:
    found = [f for f in check(text) if f.code == "embedded-ipv4"]
    assert [(f.section, f.component) for f in found] == [("7.4", "host")]
    assert "127.0.0.1" in found[0].message


@pytest.mark.parametrize(
    "text",
    [
        "http://www.bank.example%3A443@evil.example/",  # an encoded ':' ends the fake host
        "http://127.0.0.1%2F@evil.example/",  # an encoded '/' does too
        "http://localhost@evil.example/",  # RFC 6761 name without a dot
        "http://0x7f.1@evil.example/",  # a numeric spelling
        "http://%EF%BD%97%EF%BD%97%EF%BD%97.bank.example@evil.example/",  # full-width www
        "http://[::1]%2F@evil.example/".replace("[", "%5B").replace("]", "%5D"),
    ],
)
def test_userinfo_deception_rfc_7_6(text: str) -> None:
    assert "userinfo-looks-like-host" in codes(text)


@pytest.mark.parametrize(
    "text", ["http://alice@h/", "http://a.b:secret-x.y@h/", "ftp://anonymous:x@h/"]
)
def test_ordinary_user_names(text: str) -> None:
    # "a.b" alone is a DNS-like name: flagged; a password never makes a user host-like
    expected = text.startswith("http://a.b")
    assert ("userinfo-looks-like-host" in codes(text)) is expected


def test_findings_name_special_purpose_blocks_as_iana_does() -> None:
    """An address is named by its IANA special-purpose block (RFC 6890)."""
    (numeric,) = check("http://0x7f.1/")
    assert numeric.message == (
        "the host '0x7f.1' is a rare spelling of an IP address: resolvers read it as"
        ' 127.0.0.1, in 127.0.0.0/8 "Loopback" (RFC 1122, Section 3.2.1.3)'
    )
    (embedded,) = check("http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/")  # Teredo
    assert embedded.code == "embedded-ipv4"
    assert embedded.message.endswith(
        "192.0.2.45 (teredo), which is where it leads, in 192.0.2.0/24"
        ' "Documentation (TEST-NET-1)" (RFC 5737)'
    )
    (public,) = check("http://[64:ff9b::808:808]/")
    assert public.message.endswith("8.8.8.8 (nat64), which is where it leads")


@pytest.mark.parametrize(
    ("text", "name", "a_labels"),
    [
        ("http://b%C3%A4nk.example@evil.example/", "bänk.example", "xn--bnk-qla.example"),
        ("http://b%C3%A4nk.example:pw@evil.example/", "bänk.example", "xn--bnk-qla.example"),
        ("http://b%C3%A4nk.example%3A443@evil.example/", "bänk.example", "xn--bnk-qla.example"),
        ("http://b%C3%A4nk%E3%80%82example@evil.example/", "bänk.example", "xn--bnk-qla.example"),
    ],
)
def test_user_part_that_decodes_to_an_idn_host_rfc_7_6(text: str, name: str, a_labels: str) -> None:
    """RFC 7.6's deception, the user part percent-encoded beyond ASCII (RFC 3.2.1):
    decoded, it is a host name IDNA can write (RFC 3987 3.1), which a reader takes for
    the host; an ideographic full stop counts as a dot (UTS #46)."""
    (finding,) = [f for f in check(text) if f.code == "userinfo-looks-like-idn-host"]
    assert (finding.section, finding.component) == ("7.6", "userinfo")
    assert repr(name) in finding.message and a_labels in finding.message
    assert "pw" not in finding.message  # the password is no part of it


@pytest.mark.parametrize(
    "text",
    [
        "http://b%C3%A4nk@evil.example/",  # one label: no host name
        "http://b%C3%A4nk..example@evil.example/",  # an empty label
        "http://%FF.example@evil.example/",  # not UTF-8
        "http://b%C3%A4%20nk.example@evil.example/",  # a space is in no host name
        "http://alice.example@evil.example/",  # ASCII: userinfo-looks-like-host's case
        "http://alice:b%C3%A4nk.example@evil.example/",  # in the password, not the user
    ],
)
def test_user_parts_that_are_no_idn_host(text: str) -> None:
    assert "userinfo-looks-like-idn-host" not in codes(text)
