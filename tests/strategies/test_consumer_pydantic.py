"""What a user of urikit writes: property tests of their own pydantic model, with data
from urikit.strategies. The documentation shows this file as the worked example."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from pydantic import BaseModel, ValidationError

from urikit.integrations.pydantic import URIField, URIReferenceField
from urikit.strategies import near_misses, uri_references, uris


class Bookmark(BaseModel):
    """The consumer's model: where a page lives, and a link found on it."""

    page: URIField  # an absolute URI (RFC 3)
    link: URIReferenceField  # a URI or a relative reference (RFC 4.1)


@settings(max_examples=50, deadline=None)
@given(page=uris(), link=uri_references())
def test_every_valid_uri_is_accepted_and_kept_as_written(page: str, link: str) -> None:
    bookmark = Bookmark.model_validate({"page": page, "link": link})
    assert bookmark.model_dump(mode="json") == {"page": page, "link": link}


@settings(max_examples=50, deadline=None)
@given(link=near_misses("URI-reference"))
@example(link='//:@"')  # a password, empty: the text shown is longer than the text given
def test_a_near_miss_is_a_validation_error_that_says_where(link: str) -> None:
    with pytest.raises(ValidationError) as caught:
        Bookmark.model_validate({"page": "https://example.com/", "link": link})
    (error,) = caught.value.errors()
    assert error["loc"] == ("link",)
    assert error["type"] == "uri_syntax"
    context = error.get("ctx")
    # The position counts in the text shown, the password written *** (RFC 7.5).
    assert context is not None and 0 <= context["position"] <= len(error["input"])
