"""The marshmallow door: a schema with URI fields, loaded and dumped by marshmallow,
refusing with Policy.problems."""

from __future__ import annotations

from typing import cast

import pytest
from marshmallow import Schema, ValidationError

from tests.integrations.doors import ACCEPTED, POLICY, REFUSED, person_messages
from urikit import URI as URIValue
from urikit.integrations.marshmallow import URI


class WebhookSchema(Schema):
    target = URI(policy=POLICY, required=True)
    fallback = URI(allow_none=True)


@pytest.mark.parametrize(("typed", "kept"), ACCEPTED.items())
def test_load_gives_the_uri_as_typed_and_dump_its_text(typed: str, kept: str) -> None:
    loaded = cast("dict[str, object]", WebhookSchema().load({"target": typed, "fallback": None}))
    assert type(loaded["target"]) is URIValue and str(loaded["target"]) == kept
    assert WebhookSchema().dump(loaded) == {"target": kept, "fallback": None}


@pytest.mark.parametrize("text", REFUSED)
def test_load_refuses_with_the_policy_s_problems(text: str) -> None:
    with pytest.raises(ValidationError) as raised:
        WebhookSchema().load({"target": text})
    said = cast("dict[str, list[str]]", raised.value.messages_dict)
    assert said == {"target": person_messages(text)}
    assert "secret" not in str(said)


def test_a_value_that_is_not_text_is_invalid() -> None:
    with pytest.raises(ValidationError) as raised:
        WebhookSchema().load({"target": 42})
    said = cast("dict[str, list[str]]", raised.value.messages_dict)
    assert said == {"target": ["Enter the address as text"]}
