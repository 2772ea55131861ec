"""`mage eval`: replay the trail's prompts against today's notes and print how the hints would do."""

import click

from mage_cli.common import FLOOR, echo_json, json_option, kb_option, open_kb, warn_config


@click.command(name="eval")
@click.option("--floor", type=FLOOR, help="Try this hint floor instead of hint.min_score.")
@click.option("--why", "show_why", is_flag=True, help="Also print each replayed prompt's decision, one line each.")
@json_option
@kb_option
def eval_command(floor, show_why, as_json, kb_dir):
    """Replay the prompts in the trail against today's notes: recall of used notes, silence on unused hints.

    A turn in which the agent used a note (read it, recalled it, or used its
    words in its reply) should be hinted that note, or have had it hinted at an
    earlier turn of the same chapter (a hint is not repeated while the
    conversation holds it); a prompt whose hints went unused should now stay
    silent. Both figures are shown for today's decisions and for the ones taken
    at the time. Nothing is written.

    \b
    Example:
      mage eval
      mage eval --floor 0.6 --why
    """
    from mage_engine.recall.hint.replay import replay

    kb = open_kb(kb_dir)
    warn_config(kb)
    result = replay(kb, floor)
    if as_json:
        echo_json(result)
        return
    if not result["prompts"]:
        click.echo("No prompts in the trail yet: connect the hooks (`mage connect claude-code`) and work a while.")
        return
    if show_why:
        _lines(result["rows"])
    _figures(result)


def _figures(result: dict) -> None:
    used, unused = result["used"], result["unused"]
    click.echo(f"replayed {result['prompts']} prompts from {result['sessions']} sessions at floor {result['floor']:.2f}")
    recorded = result.get("recorded", result["prompts"])
    if used["turns"]:
        then = (f"at the time: {used['recall_before']:.3f}, {used['hinted_before']}" if recorded
                else "at the time: unknown, the ledger holds no decision for these prompts")
        click.echo(f"recall of used notes: {used['recall']:.3f} ({used['hinted']} of {used['turns']} turns that used a "
                   f"note get a hint naming it or had it from an earlier hint in the chapter; {then})")
    else:
        click.echo("recall of used notes: no turn in the trail used a note yet")
    if unused["prompts"]:
        click.echo(f"silence on unused hints: {unused['silence']:.3f} ({unused['silent']} of {unused['prompts']} prompts "
                   "that were hinted at the time and used none of it now get none)")
    elif recorded:
        click.echo("silence on unused hints: no hint in the trail went unused")
    else:
        click.echo("silence on unused hints: unknown, the ledger holds no decision for these prompts")
    if 0 < recorded < result["prompts"]:
        click.echo(f"(the ledger holds the decisions of {recorded} of the {result['prompts']} prompts: "
                   "the older ones rotated out, or came before the hooks were connected)")


def _lines(rows: list) -> None:
    from mage_engine.recall.hint.explain import decision_line

    for row in rows:
        prompt = " ".join(row["prompt"].split())
        prompt = prompt if len(prompt) <= 60 else prompt[:59] + "…"
        used = f"  [used: {', '.join(row['used'])}]" if row["used"] else ""
        click.echo(f"{row['ts'][:19]}Z  {row['session'][:8]}  {prompt:60s}  {decision_line(row['decision'])}{used}")
