"""`mage maintain`: review the notes (duplicates, stale pointers, unused notes, index hygiene, log lessons)."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb

LABELS = {"merge": "merge", "stale": "stale", "retire": "retire?", "index": "prune", "size": "too big",
          "summary": "no summary", "lesson": "lesson"}


@click.command()
@click.option("--apply", "apply_key", metavar="KEY", help="Do what the proposal KEY proposes (merge, retire, prune, stage).")
@click.option("--dismiss", "dismiss_keys", metavar="KEY", multiple=True,
              help="Dismiss a proposal for good (remembered in mage/dismissed.jsonl). Repeatable.")
@click.option("--reason", default="", help="Why it was dismissed (kept with it).")
@click.option("--days", type=click.IntRange(1, 3650), default=90, show_default=True,
              help="A note unused this long (while others were used) is a retire candidate.")
@click.option("--all", "show_all", is_flag=True, help="List dismissed proposals too.")
@kb_option
@json_option
def maintain(apply_key, dismiss_keys, reason, days, show_all, kb_dir, as_json):
    """Propose maintenance, each proposal with its evidence; you decide.

    Near-duplicate notes (merge), notes whose pointers name files that git
    says were deleted, renamed or much changed since (stale), notes unused
    for DAYS while others were used (retire), INDEX.md or MEMORY.md lines
    whose note is gone (prune), notes over the size cap or without a summary,
    and fixed failures in recent daily logs no note covers (lesson). git is
    only read. Nothing changes until you --apply or --dismiss a KEY.

    \b
    Example:
      mage maintain
      mage maintain --apply merge:cache-keys+ci-cache-keys
      mage maintain --dismiss retire:old-vpn-setup --reason "still needed yearly"
    """
    from mage_engine.maintain import review

    kb = open_kb(kb_dir)
    if dismiss_keys:
        from mage_engine.maintain.dismissed import dismiss

        for key in dismiss_keys:  # a typo is said, never remembered
            if not _dismissed(kb, key):
                review.find(kb, key, days)
        return _print(dismiss(kb, list(dismiss_keys), reason), as_json, "dismissed")
    if apply_key:
        from mage_engine.maintain.apply import apply

        return _print(apply(kb, review.find(kb, apply_key, days)), as_json, "applied")
    found = review.proposals(kb, days, include_dismissed=show_all)
    if as_json:
        echo_json({"proposals": [p.to_json() for p in found]})
        return
    if not found:
        click.echo("nothing to maintain: no duplicates, stale pointers, unused notes or index leftovers")
    for proposal in found:
        click.echo(f"{LABELS.get(proposal.kind, proposal.kind):10}  {proposal.title}")
        for line in proposal.evidence:
            click.echo(f"            {line}")
        click.echo(f"            key: {proposal.key}")


def _dismissed(kb, key: str) -> bool:
    from mage_engine.maintain.dismissed import dismissed_keys

    return key in dismissed_keys(kb)


def _print(result: dict, as_json: bool, verb: str) -> None:
    if as_json:
        echo_json(result)
        return
    if verb == "dismissed":
        for key in result["dismissed"]:
            click.echo(f"dismissed {key}")
        for key in result["already"]:
            click.echo(f"already dismissed {key}")
    else:
        what = ", ".join(result.get("written") or []) or result.get("id") or result.get("status") or "done"
        click.echo(f"{result['action']}: {what}")
    if result.get("git_command"):
        click.echo(f"review and commit: {result['git_command']}")
