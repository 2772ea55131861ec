"""Every command teaches: --help works and shows an example."""

import pytest
from click.testing import CliRunner

from mage_cli.main import COMMANDS, cli

BUILT = sorted(cli.list_commands(None))


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
    missing = [name for name in COMMANDS if name not in BUILT]
    # commands of later stages may be absent in a partial checkout, never broken
    for name in BUILT:
        assert cli.get_command(None, name) is not None, name
    assert len(missing) < len(COMMANDS)
