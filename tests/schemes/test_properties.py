"""Round trips (parse(build(x)) == x, every built URI valid for its rule and for URI) and
differential tests against the standard library: pathlib and url2pathname for file
paths (RFC 8089), base64 and email for data URLs (RFC 2397), email for mailto header
fields (RFC 6068)."""

from __future__ import annotations

import base64
import email.message
import email.parser
import email.policy
import nturl2path
import string
import urllib.parse
import urllib.request
from pathlib import PurePosixPath, PureWindowsPath

from hypothesis import given, settings
from hypothesis import strategies as st

import urikit
from urikit.schemes import data, file, mailto, urn
from urikit.strategies import from_rule

SETTINGS = settings(max_examples=150, deadline=None, database=None)

_text = st.text(st.characters(codec="utf-8"), max_size=12)
# File names: spaces, %, #, ?, non-ASCII; no separator, no NUL.
_name = st.text(
    st.characters(codec="utf-8", exclude_characters="/\\:\x00"), min_size=1, max_size=8
).filter(lambda s: s not in (".", ".."))


@SETTINGS
@given(st.lists(_name, min_size=1, max_size=4))
def test_posix_paths_agree_with_pathlib_and_url2pathname(names: list[str]) -> None:
    path = PurePosixPath("/", *names)
    uri = file.from_path(path, flavour="posix")
    assert uri == path.as_uri()  # pyright: ignore[reportDeprecated]
    assert urikit.is_valid(uri, "file-URI") and urikit.is_valid(uri, "URI")
    assert file.to_path(uri, flavour="posix") == path
    assert urllib.request.url2pathname(file.parse(uri).path) == str(path)  # pyright: ignore[reportDeprecated]
    assert urllib.parse.unquote(urllib.request.pathname2url(str(path))) == str(path)


@SETTINGS
@given(
    st.one_of(
        st.sampled_from(string.ascii_letters).map(lambda d: f"{d}:\\"),
        st.from_regex(r"\\\\[a-z][a-z0-9]{0,5}\\[a-z]{1,5}\\", fullmatch=True),
    ),
    st.lists(_name, max_size=3),
)
def test_windows_paths_agree_with_pathlib_and_nturl2path(anchor: str, names: list[str]) -> None:
    path = PureWindowsPath(anchor, *names)
    uri = file.from_path(path, flavour="windows")
    assert uri == path.as_uri()  # pyright: ignore[reportDeprecated]
    assert urikit.is_valid(uri, "file-URI") and urikit.is_valid(uri, "URI")
    assert file.to_path(uri, flavour="windows") == path
    assert PureWindowsPath(nturl2path.url2pathname(uri[len("file:") :])) == path  # pyright: ignore[reportDeprecated]


@SETTINGS
@given(st.binary(max_size=40), st.booleans())
def test_data_payloads_agree_with_base64_and_unquote(payload: bytes, as_base64: bool) -> None:
    uri = data.build(payload, media_type="application/octet-stream", base64=as_base64)
    assert urikit.is_valid(uri, "dataurl") and urikit.is_valid(uri, "URI")
    value = data.parse(uri)
    assert (value.data, value.base64) == (payload, as_base64)
    tail = uri.partition(",")[2]
    if as_base64:
        assert base64.b64decode(tail, validate=True) == payload
    else:
        assert urllib.parse.unquote_to_bytes(tail) == payload


_token = st.text(st.sampled_from(string.ascii_letters + string.digits + "-+."), min_size=1)


@SETTINGS
@given(_token, _token, st.dictionaries(_token.map(str.lower), _token, max_size=3))
def test_data_media_types_agree_with_email(kind: str, subtype: str, params: dict[str, str]) -> None:
    uri = data.build(b"x", media_type=f"{kind}/{subtype}", params=params)
    value = data.parse(uri)
    assert data.parse(str(value)) == value
    message = email.message.Message()
    message["Content-Type"] = f"{kind}/{subtype}" + "".join(f"; {k}={v}" for k, v in params.items())
    assert value.media_type == message.get_content_type()
    assert dict(value.params) == {k: message.get_param(k) for k in params}


_atom = st.text(
    st.sampled_from(string.ascii_letters + string.digits + "!#$%&'*+-/=?^_`{|}~"),
    min_size=1,
    max_size=6,
)


def _joined(local: list[str], labels: list[str]) -> str:
    return ".".join(local) + "@" + ".".join(labels)


_address = st.builds(
    _joined,
    st.lists(_atom, min_size=1, max_size=2),
    st.lists(st.from_regex(r"[a-z0-9]{1,6}", fullmatch=True), min_size=1, max_size=3),
)
_field_name = st.from_regex(r"[A-Za-z][A-Za-z0-9-]{0,8}", fullmatch=True)


@SETTINGS
@given(
    st.lists(_address, max_size=3),
    st.lists(st.tuples(_field_name, _text), max_size=3),
)
def test_mailto_round_trips(to: list[str], headers: list[tuple[str, str]]) -> None:
    uri = mailto.build(to=to, headers=headers)
    assert urikit.is_valid(uri, "mailtoURI") and urikit.is_valid(uri, "URI")
    assert mailto.parse(uri) == mailto.MailtoURI(tuple(to), tuple(headers))


_header_value = st.text(st.characters(min_codepoint=0x21, max_codepoint=0x7E), min_size=1)


@SETTINGS
@given(st.lists(st.tuples(_field_name, _header_value), min_size=1, max_size=3))
def test_mailto_headers_agree_with_email(headers: list[tuple[str, str]]) -> None:
    value = mailto.parse(mailto.build(headers=headers))
    block = "".join(f"{name}: {text}\r\n" for name, text in value.headers) + "\r\n"
    message = email.parser.HeaderParser(policy=email.policy.compat32).parsestr(block)
    assert message.items() == list(value.headers)


@SETTINGS
@given(from_rule("namestring"))
def test_urn_round_trips(text: str) -> None:
    value = urn.parse(text, namespaces=False)
    assert urn.parse(str(value), namespaces=False) == value
    assert urn.equivalent(value, text)
    assert urikit.is_valid(str(value), "URI")


@SETTINGS
@given(st.sampled_from(["mailtoURI", "dataurl", "file-URI", "http-URI", "wss-URI"]), st.data())
def test_every_scheme_rule_is_within_uri(rule: urikit.RuleName, draw: st.DataObject) -> None:
    """RFC 9110 4.2, 6455 3, 6068 2, 2397 3, 8089 2: each scheme's URIs are URIs."""
    assert urikit.is_valid(draw.draw(from_rule(rule)), "URI")
