"""Every command teaches: --help works and shows an example."""

import importlib
import pkgutil

import click
import pytest
from click.testing import CliRunner

import mage_cli
from mage_cli.main import COMMANDS, cli


def _built() -> dict:
    """{name: 'module:attribute'} of every top-level command the mage_cli modules define (read from the
    modules themselves, not from the registry)."""
    found, children = {}, set()
    for info in pkgutil.iter_modules(mage_cli.__path__):
        module = importlib.import_module(f"mage_cli.{info.name}")
        for attribute, value in vars(module).items():
            if isinstance(value, click.Command) and value is not cli \
                    and getattr(value.callback, "__module__", None) == module.__name__:
                found[attribute, module.__name__] = value
                if isinstance(value, click.Group):
                    children |= {id(command) for command in value.commands.values()}
    return {command.name: f"{module}:{attribute}" for (attribute, module), command in found.items()
            if id(command) not in children}


BUILT = sorted(_built())


def test_every_spec_command_of_the_engine_issue_exists():
    for name in ("init", "status", "stage", "drafts", "groom", "notes", "show", "index", "dial"):
        assert name in BUILT


@pytest.mark.parametrize("name", BUILT)
def test_command_has_help_with_an_example(name):
    result = CliRunner().invoke(cli, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage: " in result.output
    assert "Example" in result.output, f"`mage {name} --help` shows no example"


def test_group_help_lists_every_built_command():
    result = CliRunner().invoke(cli, ["--help"])
    for name in BUILT:
        assert name in result.output


def test_registry_points_at_real_commands():
    assert _built() == COMMANDS  # every command a module defines is registered, where it is defined
    for name in BUILT:
        command = cli.get_command(None, name)
        assert command is not None and command.name == name, name


def test_a_command_whose_module_is_gone_fails_loudly(monkeypatch):
    monkeypatch.setitem(COMMANDS, "vanished", "mage_cli.vanished_cmd:vanished")
    assert "vanished" in cli.list_commands(None)  # listed, never silently dropped
    result = CliRunner().invoke(cli, ["vanished", "--help"])
    assert result.exit_code != 0
    assert "the `vanished` command is missing from this install (no module mage_cli.vanished_cmd)" in str(result.exception)
