"""What the kernel's ``parse`` writes into: ``bind()`` names the value classes and the
slots of their seven components (RFC 3), and the kernel writes a new value's
components at those slots' offsets. So ``bind()`` refuses any slot the value classes do
not have: another class's member descriptor, one slot for two components, a slot
beyond the instance. The kernel keeps the binding it had when it refuses one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

import pytest

import urikit
from tests.kernel.inputs import built_kernel
from urikit._core.components import SCHEMES, shared_scheme
from urikit._core.views import ReferenceViews
from urikit.values.uri import URI, RelativeReference

KERNEL: ModuleType = built_kernel()

NAMES = ("_scheme", "_userinfo", "_host", "_port", "_path", "_query", "_fragment")


@pytest.fixture(autouse=True)
def _bound_again() -> Iterator[None]:
    """Whatever a test binds, urikit's own classes are bound after it."""
    yield
    KERNEL.bind(ReferenceViews, URI, RelativeReference, SCHEMES, shared_scheme)


def _still_bound() -> None:
    value = urikit.parse("http://u@h:1/p?q#f")
    assert type(value) is URI
    assert (value.scheme, value.userinfo, value.host, value.port) == ("http", "u", "h", "1")
    assert (value.path, value.query, value.fragment) == ("/p", "q", "f")


class _Wide:
    """A class with slots far past those of a small object."""

    __slots__ = tuple(f"s{i}" for i in range(40))


class _Narrow:
    __slots__ = ("a",)


def _classes(slots: Callable[[str], object]) -> tuple[type, type, type]:
    """A components class whose seven names are ``slots(name)``, and two value classes
    deriving from it."""
    components = type("Components", (), {name: slots(name) for name in NAMES})
    return components, type("Value", (components,), {}), type("Relative", (components,), {})


def _wide_slot(name: str) -> object:
    return _Wide.__dict__[f"s{30 + NAMES.index(name)}"]


def test_a_member_descriptor_of_another_class_is_refused() -> None:
    """The slots of a wider class, set as class attributes: parse would write past the
    end of every value (AddressSanitizer: heap-buffer-overflow)."""
    with pytest.raises(TypeError, match="bind: _scheme is not an object slot"):
        KERNEL.bind(*_classes(_wide_slot), {}, shared_scheme)
    _still_bound()


def test_value_classes_outside_the_slots_owner_are_refused() -> None:
    """The components class holds real slots, but the value classes do not derive from
    the class that owns them."""
    with pytest.raises(TypeError, match="bind"):
        KERNEL.bind(ReferenceViews, _Narrow, RelativeReference, SCHEMES, shared_scheme)
    components, uri, relative = _classes(lambda name: ReferenceViews.__dict__[name])
    with pytest.raises(TypeError, match="bind: _scheme is not an object slot"):
        KERNEL.bind(components, uri, relative, {}, shared_scheme)
    _still_bound()


def test_one_slot_for_two_components_is_refused() -> None:
    """Two components in one slot: the first would be overwritten, its reference lost."""

    class Twice(ReferenceViews):
        __slots__ = ()

    Twice._query = ReferenceViews.__dict__["_path"]  # type: ignore[misc]  # pyright: ignore[reportAttributeAccessIssue]
    with pytest.raises(TypeError, match="bind: _query is not an object slot"):
        KERNEL.bind(Twice, type("U", (Twice,), {}), type("R", (Twice,), {}), {}, shared_scheme)
    _still_bound()


def test_urikit_binds_its_own_classes() -> None:
    KERNEL.bind(ReferenceViews, URI, RelativeReference, SCHEMES, shared_scheme)
    _still_bound()
    assert type(urikit.parse("../a")) is RelativeReference
