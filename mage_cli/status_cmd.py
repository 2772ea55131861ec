"""`mage status`: counts, dials, last capture and wiring of this knowledge base."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.base.clip import plain
from mage_engine.kb.config import ENV_OVERRIDES
from mage_engine.kbs.confirmed import WAITING as UNCONFIRMED
from mage_engine.status import kb_status


@click.command()
@kb_option
@json_option
def status(kb_dir, as_json):
    """Show the knowledge base: counts, dials (and the K/M they imply), last capture, hooks.

    \b
    Example:
      mage status
      mage status --json | jq .drafts
    """
    kb = open_kb(kb_dir)
    data = kb_status(kb)
    from mage_engine.kb.config import load_config_cached
    from mage_engine.kbs.status import others_status

    data["other_kbs"] = others_status(kb, load_config_cached(kb))
    if as_json:
        echo_json(data)
        return
    dials = data["dials"]
    click.echo(f"knowledge base  {data['kb']}")
    unreadable = f" ({data['unreadable_notes']} unreadable: see `mage doctor`)" if data.get("unreadable_notes") else ""
    click.echo(f"notes {data['notes']}{unreadable} · drafts {data['drafts']} · skills {data['skills']} · "
               f"chapters {_shown(data['chapters'])} · candidates {data['candidates']}")
    click.echo(f"dials           sensitivity {dials['sensitivity']} (K={dials['K']}, M={dials['M']}) · "
               f"autonomy {dials['autonomy']}")
    click.echo(f"last capture    {data['last_capture'] or 'never (connect a host: mage connect claude-code)'}")
    click.echo(f"hooks           {_hooks(data['hooks'])}")
    click.echo(f"injected        {_injections(data.get('injections'))}")
    _print_other_kbs(data["other_kbs"])
    if data.get("memory_md"):
        cost = data["memory_md"]
        click.echo(f"MEMORY.md       {cost['lines']} of {cost['host_lines']} lines, "
                   f"{cost['bytes'] / 1000:.1f} of {cost['host_bytes'] // 1000} KB loaded at launch")
    for warning in data["warnings"]:
        if not warning.startswith(tuple(ENV_OVERRIDES)):  # the command line said those once already
            click.echo(f"warning: {plain(warning)}", err=True)


def _print_other_kbs(other: dict) -> None:
    """The personal KB and the `kbs:` ones, searched beside this one."""
    personal = other["personal"]
    if personal.get("this"):
        click.echo("personal KB     this one (read beside every project's)")
    elif personal["exists"]:
        click.echo(f"personal KB     {personal['path']} · notes {personal['notes']} · drafts {personal['drafts']}")
    else:
        click.echo(f"personal KB     none (`mage init --personal` makes one at {personal['path']})")
    for row in other["kbs"]:
        click.echo(f"{_label(row)}{row['path']} · notes {row['notes']}")
    for entry in other["unconfirmed"]:
        click.echo(f"{_label(entry)}{plain(entry['shown'])} · not read until confirmed here (`mage kbs --confirm`)")
    for entry in other["missing"]:
        click.echo(f"{_label(entry)}{plain(entry['path'])} · not cloned here")
    for entry in other["missing"]:
        click.echo(f"warning: kbs: {entry['path']} holds no knowledge base here (clone it, or remove it "
                   "from mage/config.yaml)", err=True)
    for entry in other["unconfirmed"]:
        click.echo(f"warning: {UNCONFIRMED.format(path=plain(entry['shown']))}", err=True)
    for entry in other["same_as"]:
        click.echo(f"warning: kbs: {plain(entry['path'])} is the same KB as {plain(entry['same_as'])}, so it is read "
                   "once (remove one of them from mage/config.yaml)", err=True)


def _label(entry: dict) -> str:
    """`[name] KB` padded to the column the other rows' values start at."""
    return f"[{entry['name']}] KB{' ' * max(1, 11 - len(entry['name']))}"


def _shown(value) -> str:
    return "?" if value is None or isinstance(value, dict) else str(value)


def _hooks(value) -> str:
    if not value:
        return "not wired (run `mage connect claude-code`)"
    if isinstance(value, dict) and "error" in value:
        return f"unknown ({value['error']})"
    if isinstance(value, dict):
        return value.get("summary") or ", ".join(f"{k}: {v}" for k, v in value.items())
    return str(value)


def _injections(value) -> str:
    """Totals, then the latest session's injections by event (what reached the agent)."""
    if not isinstance(value, dict) or "total" not in value:
        return "unknown" if value else "nothing yet"
    total = value["total"]
    if not total["injections"]:
        return "nothing yet (see .mage/injections.jsonl once hooks run)"
    n, sessions = total["injections"], total["sessions"]
    line = (f"{n} injection{'s' if n != 1 else ''}, {total['chars']} characters over "
            f"{sessions} session{'s' if sessions != 1 else ''}")
    latest = value["sessions"][0]
    events = ", ".join(f"{event} {row['injections']}x {row['chars']} chars"
                       for event, row in latest["by_event"].items())
    return f"{line}; latest {latest['session']}: {events}"
