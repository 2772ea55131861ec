"""The face of `mage hints --report`: hint use per note and overall, and the floor the figures suggest."""

import click

from mage_cli.common import echo_json


def show_report(kb, as_json: bool) -> None:
    """Print (or --json) the report of engine.recall.hint_report."""
    from mage_engine.recall.hint.report import OFTEN, SHOWN, hint_report

    report = hint_report(kb)
    if as_json:
        echo_json(report)
        return
    overall = report["overall"]
    if not overall["hints"]:
        click.echo(f"No hinted turns have ended yet ({report['decisions']} decisions recorded): "
                   "use is counted once the next prompt of the session arrives, or the session ends.")
        _missed(report["missed"])
        return
    share = overall["used"] / overall["hints"]
    click.echo(f"{overall['hints']} hints in {overall['hinted_turns']} turns; {overall['used']} used "
               f"({share:.0%}); turns with a used hint: {overall['used_turns']}")
    click.echo("per note (hinted, used, share):")
    for row in report["notes"][:SHOWN]:
        how = ", ".join(f"{kind} {n}" for kind, n in sorted(row["how"].items()))
        click.echo(f"  {row['hinted']:4d} {row['used']:4d} {row['share']:5.0%}  {row['id']}" + (f"  ({how})" if how else ""))
    if report["never_used"]:
        click.echo(f"hinted {OFTEN}+ times and never used (reword the summary, or narrow the title or tags):")
        for note_id in report["never_used"]:
            click.echo(f"  {note_id}")
    _missed(report["missed"])
    _floors(report)


def _missed(missed: list) -> None:
    if not missed:
        return
    click.echo("read without a hint (the words of these prompts may belong in the note's title, summary or tags):")
    for row in missed:
        why = ", ".join(f"{reason} {n}" for reason, n in sorted(row["why"].items()))
        click.echo(f"  {row['turns']:4d}  {row['id']}  ({why})")
        for prompt in row["prompts"]:
            click.echo(f"          after: {prompt}")


def _floors(report: dict) -> None:
    click.echo(f"floor (hint.min_score is {report['floor']:.2f}; nothing is changed here):")
    for row in report["floors"]:
        mark = "  <- suggested" if row["floor"] == report["suggested_floor"] else ""
        click.echo(f"  {row['floor']:.2f}: {row['hints']:4d} hints, {row['used']:4d} used ({row['share']:.0%}){mark}")
    if report["suggested_floor"] is None:
        click.echo("  too few hinted turns yet to suggest a floor")
    elif report["suggested_floor"] != report["floor"]:
        click.echo(f"  to try it: mage eval --floor {report['suggested_floor']:.2f}, then set hint.min_score "
                   "in mage/config.yaml")
