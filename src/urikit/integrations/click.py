"""click and typer: :class:`URIParamType`, a parameter type checked by a
:class:`urikit.Policy` (the ``urikit[click]`` extra; docs/forms.md).

::

    @click.command()
    @click.option("--endpoint", type=URIParamType(policy=Policy(schemes={"https"})))
    def main(endpoint: urikit.URI) -> None: ...

    # typer: the same check as an Annotated parser
    def main(endpoint: Annotated[urikit.URI, typer.Option(parser=uri_parser())]): ...

A refusal is click's usage error (exit status 2) with each problem's person's message
(docs/errors.md). Surrounding whitespace is removed; nothing else of the text changes.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from urikit.integrations._form import WEB, Refused, check, said
from urikit.policy.checker import Policy
from urikit.values.uri import URI

__all__ = ["URIParamType", "uri_parser"]


class URIParamType(click.ParamType[URI]):
    """A ``type=`` whose value is a :class:`urikit.URI` that passes ``policy`` (by
    default an ``http`` or ``https`` URI with a host)."""

    name = "uri"

    def __init__(self, policy: Policy[URI] | None = None) -> None:
        self.policy: Policy[URI] = WEB if policy is None else policy

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> URI:
        """The URI ``value`` names, or click's usage error with the person's messages."""
        if isinstance(value, URI):
            return value
        try:
            return check(self.policy, str(value))
        except Refused as refused:
            self.fail(said(refused.problems), param, ctx)


def uri_parser(*, policy: Policy[URI] | None = None) -> Callable[[str], URI]:
    """A ``parser=`` for typer: the :class:`urikit.URI` that passes ``policy``, else a
    :class:`ValueError` with the person's messages, which typer shows as a usage error."""
    chosen: Policy[URI] = WEB if policy is None else policy

    def parse(text: str) -> URI:
        return check(chosen, text)

    return parse
