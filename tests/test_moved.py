"""Old import paths keep working for one release, with a warning naming the new home
(issue 24: the public API stays exactly as it is)."""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import sys

import pytest

import urikit
from urikit._moved import MOVED


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_old_path_is_the_module_at_its_new_home(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=new.replace(".", r"\.")):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)


def test_from_import_of_an_old_module_warns() -> None:
    sys.modules.pop("urikit.model", None)
    if "model" in vars(urikit):  # an earlier import set the attribute on the package
        delattr(urikit, "model")
    with pytest.warns(DeprecationWarning, match=r"urikit\.values\.uri"):
        from urikit import model
    assert vars(model)["URI"] is urikit.URI


def test_values_pickled_under_the_old_module_load() -> None:
    """A value pickled before the move names urikit.model; it loads as today's value."""
    uri = urikit.parse("https://example.com/a?b#c")
    old = pickle.dumps(uri, protocol=0).replace(b"urikit.values.uri", b"urikit.model")
    assert b"urikit.model" in old
    sys.modules.pop("urikit.model", None)
    with pytest.warns(DeprecationWarning):
        assert pickle.loads(old) == uri


def test_exceptions_name_their_public_home() -> None:
    """Tracebacks and pickles say urikit.errors.X, wherever the class is written."""
    for name in ("InvalidURIError", "URIBuildError", "PolicyError", "URIError"):
        assert getattr(urikit, name).__module__ == "urikit.errors"


def test_unknown_paths_are_not_found() -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("urikit.no_such_module")


def test_a_policy_pickled_before_host_syntax_and_scheme_rules_loads() -> None:
    """A Policy's state from before those two rules has two values fewer."""
    policy = urikit.Policy(allow_password=False, schemes={"http"})
    state = [getattr(policy, field.name) for field in dataclasses.fields(policy)]
    old = urikit.Policy.__new__(urikit.Policy)
    old.__setstate__((*state[:-3], state[-1]))  # without host_syntax and scheme_rules
    assert old == policy
    assert not old.accepts("http://u:p@h/") and old.accepts("http://h/")


def test_a_policy_error_pickled_under_its_old_module_loads() -> None:
    error = urikit.Policy(schemes={"https"}).problems("http://h/")
    raised = urikit.PolicyError("http://h/", tuple(error))
    made = pickle.dumps(raised, protocol=0)
    old = made.replace(b"urikit.errors.problems\n", b"urikit._problems\n").replace(
        b"urikit.errors\n", b"urikit._problems\n"
    )
    assert b"urikit._problems" in old
    sys.modules.pop("urikit._problems", None)
    with pytest.warns(DeprecationWarning):
        loaded = pickle.loads(old)
    assert str(loaded) == str(raised)
