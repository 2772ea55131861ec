"""`mage init` and `mage dial`: create a knowledge base, read and set its dials."""

import os
from pathlib import Path

import click

from mage_cli.common import echo_json, group_kb_dir, json_option, kb_option, open_kb, wants_personal
from mage_engine.grooming.autonomy import PERMITS, current_actor, require
from mage_engine.kb.dials import AUTONOMIES, SENSITIVITIES, THRESHOLDS
from mage_engine.kb.config import ENV_OVERRIDES, load_config, set_dial
from mage_engine.kb.init import init_kb


@click.command()
@click.argument("folder", required=False, type=click.Path(file_okay=False, path_type=Path))
@click.option("--personal", is_flag=True, help="Create your personal KB ($XDG_DATA_HOME/mage, or MAGE_PERSONAL_KB).")
@json_option
def init(folder, as_json, personal):
    """Create a knowledge base in FOLDER (default: here, or the KB this folder is in). Safe to run again.

    Creates mage/ (config.yaml, notes/, skills/: commit these) and .mage/
    (trail, drafts, search index: local scratch), and adds .mage/ to .gitignore.
    Says what it created; inside a knowledge base it says so and creates
    only what is missing; outside a git repository it warns (mage/ is meant
    to be committed and reviewed).

    \b
    With --personal it creates your own KB, read beside every project's (a
    folder you may make a git repository and push to a remote of yours).

    \b
    Example:
      cd my-project && mage init
      mage init ~/src/acme-api
      mage init --personal
    """
    if personal or wants_personal():
        return _init_personal(folder, as_json)
    root = folder or (Path(group_kb_dir()) if group_kb_dir() else None) or _enclosing_kb() or Path.cwd()
    result = init_kb(root)
    if as_json:
        echo_json({"kb": str(result.kb.root), "created": result.created, "already": result.existed,
                   "gitignore_updated": result.gitignore_updated, "gitignore_refused": result.gitignore_refused,
                   "in_git": result.in_git})
    else:
        _print_init(result)
    if not result.in_git:
        click.echo(f"warning: {result.kb.root} is not inside a git repository; mage/ is meant to be committed "
                   "and reviewed: run `git init` there (mage itself never commits)", err=True)


def _init_personal(folder, as_json) -> None:
    from mage_engine.kbs.personal import init_personal

    if folder or group_kb_dir():
        raise click.UsageError("--personal takes no folder: set MAGE_PERSONAL_KB to put it elsewhere")
    result = init_personal()
    if as_json:
        echo_json({"kb": str(result.kb.root), "created": result.created, "already": result.existed,
                   "personal": True, "in_git": result.in_git})
        return
    if result.existed:
        click.echo(f"already your personal knowledge base: {result.kb.root}")
    else:
        click.echo(f"created your personal knowledge base at {result.kb.root}")
    for path in result.created:
        click.echo(f"  created {path}")
    if not result.existed:
        click.echo("It is read beside every project's KB. Stage into it with `mage stage --personal`, or accept "
                   "a draft into it with `mage groom --accept ID --to personal`.")
    if not result.in_git:
        click.echo(f"To take it to your other machines: `git init {result.kb.root}` and push it to a remote of "
                   "your own (mage itself never commits).")


def _enclosing_kb() -> Path | None:
    """The KB this folder is in, when it belongs to the same project.

    A personal KB in ~ is not every project's below it: inside a git
    repository only a KB within that repository counts, outside one any KB
    but the home folder's.
    """
    from mage_engine.kb.layout import find_kb_root

    here = Path.cwd().resolve()
    root = find_kb_root(here)
    if root is None or root == here:
        return root
    repo = next((folder for folder in (here, *here.parents) if (folder / ".git").exists()), None)
    if repo is not None:
        return root if root.is_relative_to(repo) else None
    return root if root != Path.home().resolve() else None


def _print_init(result) -> None:
    made = result.created or result.gitignore_updated
    if result.existed:
        here = Path.cwd().resolve()
        nested = "" if Path(result.kb.root).resolve() == here else \
            f"; `mage init .` makes a separate one in {here}"  # run in a folder below the KB's
        click.echo(f"already a knowledge base: {result.kb.root}" + ("" if made else " (nothing to create)") + nested)
    else:
        click.echo(f"created a knowledge base at {result.kb.root}")
    for path in result.created:
        click.echo(f"  created {path}")
    if result.gitignore_updated:
        click.echo("  added .mage/ to .gitignore")
    if result.gitignore_refused:
        click.echo(f"warning: .gitignore {result.gitignore_refused}, so mage left it alone and .mage/ (the trail, "
                   f"drafts) is not git-ignored: replace it with a real file, then run `mage init` again", err=True)
    if not result.existed:
        click.echo("Next: `mage connect claude-code` to wire the hooks, or `mage stage` a first lesson.")


@click.command()
@click.argument("dial_name", required=False, type=click.Choice(["sensitivity", "autonomy"]))
@click.argument("value", required=False)
@kb_option
@json_option
def dial(dial_name, value, kb_dir, as_json):
    """Show the two dials, show one (its value and what it means), or set one.

    \b
    sensitivity  low | normal | high: how soon patterns become candidates (K)
                 and procedures graduate into skills (M):
                 low K=4 M=7 · normal K=3 M=5 · high K=2 M=4
    autonomy     operator | approver | overseer: what the agent may groom
                 (a person can always groom; only a person changes autonomy)

    \b
    Examples:
      mage dial
      mage dial autonomy
      mage dial sensitivity high
      mage dial autonomy approver
    """
    allowed = {"sensitivity": SENSITIVITIES, "autonomy": AUTONOMIES}.get(dial_name, ())
    if value is not None and value not in allowed:
        raise click.UsageError(f"unknown {dial_name} '{value}': choose one of {', '.join(allowed)}")
    kb = open_kb(kb_dir)
    if dial_name and value is None:
        _show_one(dial_name, load_config(kb), as_json)
        return
    if dial_name:
        if dial_name == "autonomy":
            require("set-autonomy", load_config(kb).autonomy)
        set_dial(kb, dial_name, value)
    config = load_config(kb)
    _say_the_environment_wins(dial_name, value, config)
    data = {"sensitivity": config.sensitivity, "autonomy": config.autonomy, "K": config.k, "M": config.m,
            "permits": PERMITS[config.autonomy], "actor": current_actor(), "warnings": config.warnings}
    if as_json:
        echo_json(data)
        return
    _print_dials(data)


def _say_the_environment_wins(name, value, config) -> None:
    """`MAGE_SENSITIVITY=low mage dial sensitivity normal` writes normal, but this shell still runs low."""
    variable = next((env for env, (attr, _) in ENV_OVERRIDES.items() if attr == name), None)
    if value is not None and variable and os.environ.get(variable) and getattr(config, name) != value:
        click.echo(f"mage: note: mage/config.yaml now says {name}: {value}, but {variable}="
                   f"{os.environ[variable]} in this environment wins over it (unset it to use the file)", err=True)


def _show_one(name: str, config, as_json: bool) -> None:
    """`mage dial NAME`: the value, what it means, and the other levels."""
    if name == "sensitivity":
        levels = {level: f"K={k} (chapters before a pattern is a candidate), M={m} (chapters before a procedure "
                         f"graduates)" for level, (k, m) in THRESHOLDS.items()}
        value = config.sensitivity
        meaning = levels[value] if not config.thresholds else \
            f"K={config.k}, M={config.m} (set by `thresholds:` in mage/config.yaml, which wins over the dial)"
    else:
        levels, value = dict(PERMITS), config.autonomy
        meaning = PERMITS[value]
    if as_json:
        echo_json({"dial": name, "value": value, "meaning": meaning, "levels": levels})
        return
    click.echo(f"{name}  {value}: {meaning}")
    for level, text in levels.items():
        click.echo(f"  {'*' if level == value else ' '} {level:<9} {text}")
    click.echo(f"Set it with `mage dial {name} {'|'.join(levels)}`.")


def _print_dials(data: dict) -> None:
    for warning in data["warnings"]:
        if not warning.startswith(tuple(ENV_OVERRIDES)):  # the command line said those once already
            click.echo(f"warning: {warning}", err=True)
    click.echo(f"sensitivity  {data['sensitivity']:<9} K={data['K']} (chapters before a pattern is a candidate), "
               f"M={data['M']} (chapters before a procedure graduates)")
    click.echo(f"autonomy     {data['autonomy']:<9} {data['permits']}")
    levels = " · ".join(f"{name} K={k} M={m}" for name, (k, m) in THRESHOLDS.items())
    click.echo(f"             sensitivity levels: {levels}")
