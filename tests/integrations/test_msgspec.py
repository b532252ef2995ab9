"""The msgspec door: JSON and MessagePack decoded into a Struct with URI fields
through dec_hook, encoded through enc_hook, refusing with Policy.problems."""

from __future__ import annotations

import msgspec
import pytest

from tests.integrations.doors import ACCEPTED, POLICY, REFUSED, person_messages
from urikit import URI
from urikit.integrations.msgspec import dec_hook, decoding, enc_hook


class Webhook(msgspec.Struct):
    target: URI
    fallback: URI | None = None


@pytest.mark.parametrize(("typed", "kept"), ACCEPTED.items())
def test_json_and_msgpack_decode_the_uri_as_typed(typed: str, kept: str) -> None:
    data = msgspec.json.encode({"target": typed})
    webhook = msgspec.json.decode(data, type=Webhook, dec_hook=decoding(POLICY))
    assert type(webhook.target) is URI and str(webhook.target) == kept
    assert msgspec.json.encode(webhook, enc_hook=enc_hook) == (
        msgspec.json.encode({"target": kept, "fallback": None})
    )
    packed = msgspec.msgpack.encode(webhook, enc_hook=enc_hook)
    assert msgspec.msgpack.decode(packed, type=Webhook, dec_hook=dec_hook) == webhook


@pytest.mark.parametrize("text", REFUSED)
def test_decoding_refuses_with_the_policy_s_problems(text: str) -> None:
    data = msgspec.json.encode({"target": text})
    with pytest.raises(msgspec.ValidationError) as raised:
        msgspec.json.decode(data, type=Webhook, dec_hook=decoding(POLICY))
    assert str(raised.value) == ". ".join(person_messages(text)) + " - at `$.target`"
    assert "secret" not in str(raised.value)


def test_a_number_where_a_uri_belongs_is_refused() -> None:
    """Said in the person's words, as every door says it (one voice)."""
    with pytest.raises(msgspec.ValidationError) as raised:
        msgspec.json.decode(b'{"target": 3}', type=Webhook, dec_hook=dec_hook)
    assert str(raised.value) == "Enter the address as text - at `$.target`"
