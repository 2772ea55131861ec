"""`mage distill`, `mage promote`, `mage graduate`, `mage optimize`: the recurrence path (docs/recurrence.md)."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb

dry_run_option = click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")


@click.command()
@kb_option
@json_option
def distill(kb_dir, as_json):
    """Fold the capture trail into recurring signatures and their tallies.

    A signature is a situation with an outcome, seen again and again: a
    failure and the step that fixed it, a retry that passed with other flags,
    or the user overruling the agent. Only new trail lines are read; the same
    trail always gives the same tallies. Signatures seen in at least K
    chapters that no note covers are candidates for `mage promote`.

    \b
    Example:
      mage distill
      mage distill --json | jq '.tallies[0]'
    """
    from mage_engine.recurrence.pipeline import distill as run

    result = run(open_kb(kb_dir))
    if as_json:
        echo_json(result.to_json())
        return
    _print_distill(result)


@click.command()
@dry_run_option
@kb_option
@json_option
def promote(dry_run, kb_dir, as_json):
    """Stage the strongest recurring signatures as recurrence drafts (at most 5 per pass).

    A signature becomes a draft once seen in K distinct chapters (K from
    `mage dial`), unless a note covers it or a draft for it was rejected.
    Drafts wait in staging for `mage groom`; nothing is committed.

    \b
    Example:
      mage promote --dry-run
      mage promote && mage drafts
    """
    from mage_engine.recurrence.promote import promote as run

    result = run(open_kb(kb_dir), dry_run=dry_run)
    if as_json:
        echo_json(result.to_json())
        return
    _print_promote(result)


@click.command()
@dry_run_option
@kb_option
@json_option
def graduate(dry_run, kb_dir, as_json):
    """Turn procedure notes used in at least M chapters into skills under mage/skills/.

    Use is counted from local usage metrics (hinted then read, recalled,
    opened) and from the note's signatures recurring; chapters in which a
    mage skill was loaded never count. Prints the git command; commits nothing.

    \b
    Example:
      mage graduate --dry-run
      mage graduate
    """
    from mage_engine.recurrence.graduate import graduate as run

    result = run(open_kb(kb_dir), dry_run=dry_run)
    if as_json:
        echo_json(result.to_json())
        return
    _print_graduate(result)


@click.command()
@dry_run_option
@kb_option
@json_option
def optimize(dry_run, kb_dir, as_json):
    """Reword or demote generated skills whose loads rarely led to their procedure.

    With at least 5 loads, a skill whose following work matched its
    procedure under 40% of the time gets a reworded description; under 20%
    it goes back to being its note. At most 3 edits per pass; hand-written
    skills are never touched. mage's own mage-groom and mage-onboard skills
    are watched too: their proposals are shown, never applied. Shows before/after and the evidence, writes the
    working tree, prints the git command; commits nothing.

    \b
    Example:
      mage optimize --dry-run
      mage optimize
    """
    from mage_engine.recurrence.optimize import optimize as run

    result = run(open_kb(kb_dir), dry_run=dry_run)
    if as_json:
        echo_json(result.to_json())
        return
    _print_optimize(result)


# --- human output -------------------------------------------------------------------

def _print_distill(result) -> None:
    again = " (the trail changed under the saved state: folded again from the start)" if result.restarted else ""
    click.echo(f"{result.events} trail events in {result.chapters} chapters ({result.qualifying} with enough "
               f"work to count); read {result.read} new{again}")
    if not result.tallies:
        click.echo("no recurring signatures yet: they appear once a failure is fixed, a retry passes with other "
                   "flags, or the user corrects the agent")
        return
    waiting = {row["signature"] for row in result.candidates}
    click.echo(f"K={result.k}: {len(waiting)} candidate{'' if len(waiting) == 1 else 's'} for `mage promote`\n")
    click.echo("chapters  seen  signature")
    for tally in result.tallies:
        mark = "  <- candidate" if tally["signature"] in waiting else ""
        click.echo(f"{tally['chapter_count']:>8}  {tally['count']:>4}  {tally['signature']}{mark}")


def _print_promote(result) -> None:
    verb = "would stage" if result.dry_run else "staged"
    staged = len(result.staged)
    click.echo(f"{verb} {staged} recurrence draft{'' if staged == 1 else 's'} (K={result.k})")
    for draft in result.staged:
        label = draft["draft"] or "(dry run)"
        click.echo(f"  {label}: {draft['title']}  [{len(draft['chapters'])} chapters]")
        if result.dry_run:
            click.echo("\n".join("      " + line for line in draft["body"].splitlines()) + "\n")
    for row in result.skipped:
        click.echo(f"  skipped ({row['status']}): {row['title']}")
    if result.waiting:
        waiting = len(result.waiting)
        click.echo(f"{waiting} more candidate{' waits' if waiting == 1 else 's wait'} for the next pass")
    if result.staged and not result.dry_run:
        click.echo("next: `mage drafts` to review them, `mage groom` to accept or reject")


def _print_graduate(result) -> None:
    verb = "would graduate" if result.dry_run else "graduated"
    graduated = len(result.graduated)
    click.echo(f"{verb} {graduated} note{'' if graduated == 1 else 's'} into skills (M={result.m})")
    for row in result.graduated:
        click.echo(f"  {row['note']} -> {row['path']} ({row['chapter_count']} chapters)")
        click.echo(f"    description: {row['description']}")
    for link in result.linked:
        click.echo(f"  linked {link} -> mage/skills/ (visible to Claude Code)")
    for row in result.waiting:
        if row.get("refused"):
            click.echo(f"  never: {row['note']}: {row['refused']}")
        else:
            click.echo(f"  not yet: {row['note']} ({row['chapter_count']}/{row['needed']} chapters)")
    for warning in result.warnings:
        click.echo(f"warning: {warning}", err=True)
    if result.git_command:
        click.echo(f"\nreview the diff, then:\n  {result.git_command}")


def _print_optimize(result) -> None:
    for row in result.skills:
        rate = "-" if row["match_rate"] is None else row["match_rate"]
        kind = "generated" if row["generated"] else "hand-written, never changed"
        kind = "mage's own, proposals only" if row.get("shipped") else kind
        click.echo(f"{row['skill']}: {row['loads']} loads, match rate {rate} ({kind})")
    if not result.proposals:
        click.echo("no trigger edits proposed")
        return
    for proposal in result.proposals:
        done = "applied" if proposal["id"] in result.applied else "proposed"
        click.echo(f"\n{done} {proposal['action']} of {proposal['skill']} [{proposal['id']}]: {proposal['reason']}")
        click.echo(f"  before: {proposal['before']['description']}")
        after = proposal["after"].get("description") or f"(skill removed; note {proposal['note']} stays)"
        click.echo(f"  after:  {after}")
        evidence = proposal["evidence"]
        click.echo(f"  evidence: {evidence['matched']} of {evidence['loads']} loads were followed by the procedure")
        if proposal.get("shipped"):
            click.echo("  (mage's own skill: never changed here; share the evidence with mage's developers, "
                       "or dismiss it)")
        for load in evidence["recent_loads"][-5:]:
            verdict = "followed" if load["matched"] else "not followed"
            click.echo(f"    {load['at'][:10]} {load['chapter']}: \"{load['prompt'][:80]}\" -> {verdict}")
    if result.git_command:
        click.echo(f"\nreview the diff, then:\n  {result.git_command}")
