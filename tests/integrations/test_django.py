"""The Django and Django REST framework doors in a Django project
(tests/integrations/django_site): a form, a model with its migration, the admin and a
serializer, through Django's own test tools (the test client, the form API,
``makemigrations``), with the same problems as :meth:`urikit.Policy.problems`."""

from __future__ import annotations

from typing import cast

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db.migrations.writer import MigrationWriter
from django.test import Client
from django.utils import translation
from rest_framework.exceptions import ErrorDetail

from tests.integrations.django_site.links.forms import CALLBACKS, SignupForm, WebhookSerializer
from tests.integrations.django_site.links.models import HOMEPAGES, Bookmark
from urikit import URI, Policy
from urikit.integrations.django import URIFormField, URIModelField, URIValidator


def test_the_form_field_returns_a_uri_or_none() -> None:
    """A cleaned value is the URI as typed (surrounding whitespace removed, nothing
    else: no slash added); an empty optional field is None."""
    form = SignupForm({"homepage": "", "callback": "  https://example.com/hook?a=1  "})
    assert form.is_valid(), form.errors
    assert form.cleaned_data["homepage"] is None
    callback = form.cleaned_data["callback"]
    assert type(callback) is URI and str(callback) == "https://example.com/hook?a=1"
    form = SignupForm({"homepage": "https://example.com", "callback": "https://h.example"})
    assert form.is_valid() and str(form.cleaned_data["homepage"]) == "https://example.com"


@pytest.mark.parametrize(
    "text",
    ["example.com", "ftp://example.com/", "https://exa mple.com/", "https://u:pw@h.example/"],
)
def test_the_form_refuses_with_the_policy_s_problems(text: str) -> None:
    """One voice: the form's errors are Policy.problems, said to the person, with their
    codes; no password appears (RFC 3986 7.5)."""
    form = SignupForm({"callback": text})
    assert not form.is_valid()
    problems = CALLBACKS.problems(text)
    assert form.errors["callback"] == [p.person_message for p in problems]
    codes = [error["code"] for error in form.errors.get_json_data()["callback"]]
    assert codes == [p.code for p in problems]
    assert "pw" not in str(form.errors)


def test_a_required_form_field_says_django_s_required_message() -> None:
    form = SignupForm({"callback": "   "})
    assert not form.is_valid()
    assert form.errors["callback"] == ["This field is required."]


def test_the_validator_gives_code_and_params_and_goes_through_gettext() -> None:
    """Django's ValidationError carries the problem's code and the values of its
    person's message as params; the message is looked up with gettext."""
    validator = URIValidator(Policy(schemes={"https"}))
    with pytest.raises(ValidationError) as raised:
        validator("ftp://example.com/")
    (error,) = raised.value.error_list
    assert error.code == "scheme-not-allowed"
    assert error.params == {"scheme": "ftp", "allowed": "https"}
    assert (
        error.message
        == "Addresses starting with %(scheme)s: are not accepted here; use %(allowed)s"
    )
    assert raised.value.messages == [
        "Addresses starting with ftp: are not accepted here; use https"
    ]
    # no catalogue of urikit's in French: the English text
    with translation.override("fr"), pytest.raises(ValidationError) as raised:
        validator("https://exa mple.com/100%")
    assert raised.value.messages == ["This address has a space in it"]


def test_a_percent_in_a_message_with_params_is_kept() -> None:
    """Django puts params in with %: a '%' of the message itself is doubled first."""
    with pytest.raises(ValidationError) as raised:
        URIValidator(Policy(schemes={"https"}, max_length=10))("https://example.com/%zz")
    assert raised.value.messages == ["This address has a % that does not start a code such as %20"]


def test_the_validator_refuses_whitespace_it_would_leave_in_the_value() -> None:
    """A validator changes nothing: the text it passes is stored as it is, so whitespace
    around it (no part of a URI, RFC 3986 Appendix C) is refused as Policy.problems
    refuses it, unless the policy strips whitespace itself."""
    text = " https://example.com/ "
    with pytest.raises(ValidationError) as raised:
        URIValidator(CALLBACKS)(text)
    assert raised.value.messages == [p.person_message for p in CALLBACKS.problems(text)]
    URIValidator(Policy(strip_whitespace=True))(text)


def test_the_validator_deconstructs_for_migrations() -> None:
    validator = URIValidator(HOMEPAGES)
    path, args, kwargs = validator.deconstruct()
    assert path == "urikit.integrations.django.URIValidator"
    assert kwargs == {"policy": HOMEPAGES} or args == (HOMEPAGES,)
    assert URIValidator(HOMEPAGES) == validator != URIValidator()
    text, imports = MigrationWriter.serialize(validator)
    assert "urikit.Policy(" in text and "import urikit" in imports
    namespace: dict[str, object] = {}
    exec("\n".join([*sorted(imports), f"value = {text}"]), namespace)
    assert namespace["value"] == validator


@pytest.mark.parametrize(
    "policy",
    [
        Policy(schemes={"https", "wss"}, ports=range(1, 1024), max_length=300, host_syntax="dns"),
        Policy(normalize=True),  # RFC 3986 6.2.2: a rule of the policy like any other
        Policy(require="any", normalize=True, schemes={"https"}),
    ],
)
def test_a_policy_written_in_a_migration_reads_back_equal(policy: Policy[URI]) -> None:
    text, imports = MigrationWriter.serialize(policy)
    namespace: dict[str, object] = {}
    exec("\n".join([*sorted(imports), f"value = {text}"]), namespace)
    assert namespace["value"] == policy


@pytest.mark.django_db
def test_the_migration_is_up_to_date() -> None:
    """makemigrations finds nothing to do: the model field deconstructs to the
    migration written from it (its policy too)."""
    call_command("makemigrations", "links", "--check", "--dry-run", verbosity=0)


@pytest.mark.django_db
def test_the_model_stores_the_text_and_checks_it_on_full_clean() -> None:
    bookmark = Bookmark(title="Example", url=URI("https://example.com/a?b#c"))
    bookmark.full_clean()
    bookmark.save()
    stored = Bookmark.objects.get(pk=bookmark.pk)
    assert stored.url == "https://example.com/a?b#c"
    refused = Bookmark(title="Local", url="https://localhost/")
    with pytest.raises(ValidationError) as raised:
        refused.full_clean()
    assert raised.value.message_dict["url"] == [
        "This address points to this computer, not to a public site"
    ]


def test_the_model_field_s_form_field_is_the_uri_form_field() -> None:
    model_field = Bookmark._meta.get_field("url")
    assert isinstance(model_field, URIModelField)
    field = model_field.formfield()
    assert isinstance(field, URIFormField) and field.policy == HOMEPAGES


@pytest.mark.django_db
def test_the_admin_adds_a_bookmark_and_refuses_a_bad_one(client: Client) -> None:
    """Through the admin's add form: a good URL is stored as typed; a bad one comes
    back with the person's message."""
    User.objects.create_superuser("admin", "admin@example.com", "pw-admin")
    client.login(username="admin", password="pw-admin")
    done = client.post(
        "/admin/links/bookmark/add/",
        {"title": "Docs", "url": " https://example.com/docs ", "mirror": ""},
    )
    assert done.status_code == 302, done.content.decode()
    assert Bookmark.objects.get(title="Docs").url == "https://example.com/docs"
    refused = client.post(
        "/admin/links/bookmark/add/", {"title": "Bad", "url": "http://10.0.0.1/", "mirror": ""}
    )
    assert refused.status_code == 200
    page = refused.content.decode()
    assert "Addresses starting with http: are not accepted here; use https" in page
    assert not Bookmark.objects.filter(title="Bad").exists()


def test_the_serializer_field_returns_a_uri_and_writes_text() -> None:
    serializer = WebhookSerializer(data={"target": " https://example.com/hook "})
    assert serializer.is_valid()
    target = serializer.validated_data["target"]
    assert type(target) is URI and str(target) == "https://example.com/hook"
    written = WebhookSerializer({"target": target, "fallback": None})
    assert _said(written, "data") == {
        "target": "https://example.com/hook",
        "fallback": None,
    }


@pytest.mark.parametrize("text", ["example.com", "https://u:secret@example.com/", "http://h/"])
def test_the_serializer_refuses_with_the_policy_s_problems(text: str) -> None:
    serializer = WebhookSerializer(data={"target": text})
    assert not serializer.is_valid()
    errors = cast("list[ErrorDetail]", _said(serializer, "errors")["target"])
    problems = CALLBACKS.problems(text)
    assert errors == [p.person_message for p in problems]
    assert [e.code for e in errors] == [p.code for p in problems]
    assert "secret" not in str(errors)


def _said(serializer: WebhookSerializer, what: str) -> dict[str, object]:
    """A serializer's ``data`` or ``errors`` (DRF's stubs leave their item types open)."""
    return dict(getattr(serializer, what))
