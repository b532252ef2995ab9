"""A rule name held in a str is narrowed to RuleName by is_rule_name (a TypeGuard)."""

from __future__ import annotations

from typing import assert_type

import urikit

name: str = "IPv6address"
if urikit.is_rule_name(name):
    assert_type(name, urikit.RuleName)
    urikit.validate("::1", name)
