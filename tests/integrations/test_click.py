"""The click door, and typer through its parser: commands run by click's CliRunner and
typer.testing, refusing with Policy.problems as a usage error (exit status 2)."""

from __future__ import annotations

from typing import Annotated

import click
import pytest
import typer
from click.testing import CliRunner
from typer.testing import CliRunner as TyperRunner

from tests.integrations.doors import ACCEPTED, POLICY, REFUSED, person_messages
from urikit import URI
from urikit.integrations.click import URIParamType, uri_parser


@click.command()
@click.option("--endpoint", type=URIParamType(policy=POLICY), required=True)
def ping(endpoint: URI) -> None:
    click.echo(f"{type(endpoint).__name__} {endpoint}")


app = typer.Typer()


@app.command()
def fetch(target: Annotated[URI, typer.Argument(parser=uri_parser(policy=POLICY))]) -> None:
    typer.echo(f"{type(target).__name__} {target}")


@pytest.mark.parametrize(("typed", "kept"), ACCEPTED.items())
def test_click_gives_the_command_the_uri_as_typed(typed: str, kept: str) -> None:
    done = CliRunner().invoke(ping, ["--endpoint", typed])
    assert (done.exit_code, done.output) == (0, f"URI {kept}\n")


@pytest.mark.parametrize("text", REFUSED)
def test_click_refuses_with_the_policy_s_problems(text: str) -> None:
    done = CliRunner().invoke(ping, ["--endpoint", text])
    assert done.exit_code == 2
    said = ". ".join(person_messages(text))
    assert f"Invalid value for '--endpoint': {said}" in done.output
    assert "secret" not in done.output


@pytest.mark.parametrize(("typed", "kept"), ACCEPTED.items())
def test_typer_gives_the_command_the_uri_through_its_parser(typed: str, kept: str) -> None:
    done = TyperRunner().invoke(app, [typed])
    assert (done.exit_code, done.output) == (0, f"URI {kept}\n")


@pytest.mark.parametrize("text", REFUSED)
def test_typer_refuses_with_the_policy_s_problems(text: str) -> None:
    done = TyperRunner().invoke(app, [text])
    assert done.exit_code == 2
    assert "secret" not in done.output
    flat = " ".join(done.output.replace("│", " ").split())
    assert " ".join(". ".join(person_messages(text)).split()) in flat
