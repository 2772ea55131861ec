"""`mage session`: declare where the agent is, end a session, and see the procedural graph."""

import click

from mage_cli.common import echo_json, json_option, kb_option, open_kb
from mage_engine.recall.procedure.traces import OUTCOMES


@click.group()
@click.option("--kb", "kb_dir", metavar="DIR", hidden=True)
@click.option("--json", "as_json", is_flag=True, hidden=True)
def session(kb_dir, as_json):
    """The procedural graph: where the agent is, and what sessions here did next.

    \b
    turn SESSION|--current --at "STEP"   declare the session's position; prints Next/Then
    end SESSION --outcome succeeded|failed|abandoned
    trace SESSION                        the steps the session declared
    steps                                every step the graph knows
    remember --from A --to B [--when …] [--do …] [--avoid …] [--supersedes ID]
                                         stage a transition draft
    graph [--from STEP] [--dot] [--json] steps, transitions and their outcomes

    While a session stands at a known step, each prompt gets that step's
    outgoing transitions two hops out (Next, Then). With no position, an
    ended session or an unknown step there is no guidance.

    \b
    Example:
      mage session turn --current --at "run the test suite"
      mage session end 558797d7-e5a1 --outcome succeeded
      mage session graph --from "run the test suite"
    """
    if kb_dir or as_json:  # `mage --kb DIR session …` reaches the subcommand; here it would be lost
        raise click.UsageError("put --kb and --json after the subcommand: mage session graph --json")


def _session(kb, session_id, current) -> str:
    """SESSION or --current (exactly one: either is a usage error to leave out or to double)."""
    from mage_engine.recall.procedure.sessions import resolve_session

    if bool(session_id) == bool(current):
        where = click.get_current_context().command_path
        raise click.UsageError(f"give SESSION or --current, one of them: `{where} SESSION …` or `{where} --current …`")
    return resolve_session(kb, session_id, current)


@session.command()
@click.argument("session_id", metavar="SESSION", required=False)
@click.option("--current", is_flag=True, help="The most recent open session of this knowledge base.")
@click.option("--at", "step", required=True, metavar="STEP", help="The step the session is at, in words.")
@kb_option
@json_option
def turn(session_id, current, step, kb_dir, as_json):
    """Declare where SESSION is; prints what sessions here did next from that step.

    The position is a line of its own in the session's trail. Names are
    normalised (case, whitespace, articles, plurals), and a name near-identical
    to a step the graph knows is that step.

    \b
    Example:
      mage session turn 558797d7-e5a1 --at "run the test suite"
      mage session turn --current --at deploy
    """
    from mage_engine.recall.procedure.sessions import turn as declare

    kb = open_kb(kb_dir)
    result = declare(kb, _session(kb, session_id, current), step)
    if as_json:
        echo_json(result)
        return
    known = "" if result["known"] else " (a step the graph did not know yet)"
    click.echo(f"session {result['session']} at \"{result['step']}\"{known}")
    click.echo(result["guidance"] or "No transitions known from this step yet.")


@session.command()
@click.argument("session_id", metavar="SESSION", required=False)
@click.option("--current", is_flag=True, help="The most recent open session of this knowledge base.")
@click.option("--outcome", type=click.Choice(OUTCOMES), required=True, help="How the session ended.")
@kb_option
@json_option
def end(session_id, current, outcome, kb_dir, as_json):
    """End SESSION with its outcome: its steps stop guiding and its trace counts.

    \b
    Example:
      mage session end 558797d7-e5a1 --outcome failed
      mage session end --current --outcome succeeded
    """
    from mage_engine.recall.procedure.sessions import end as finish

    kb = open_kb(kb_dir)
    result = finish(kb, _session(kb, session_id, current), outcome)
    if as_json:
        echo_json(result)
        return
    path = " → ".join(result["steps"]) or "no steps declared"
    click.echo(f"session {result['session']} ended: {outcome} ({path})")


@session.command()
@click.argument("session_id", metavar="SESSION", required=False)
@click.option("--current", is_flag=True, help="The most recent open session of this knowledge base.")
@kb_option
@json_option
def trace(session_id, current, kb_dir, as_json):
    """Show the steps SESSION declared, in order, the failures seen after each, and how it ended.

    \b
    Example:
      mage session trace 558797d7-e5a1
      mage session trace --current --json
    """
    from mage_engine.recall.procedure.traces import trace as read_trace

    kb = open_kb(kb_dir)
    found = read_trace(kb, _session(kb, session_id, current))
    if as_json:
        echo_json(found)
        return
    if not found["positions"]:
        click.echo(f"session {found['session']} declared no steps")
    for position in found["positions"]:
        click.echo(f"{position['ts'][:19].replace('T', ' ')}  {position['step']}")
        for failure in position["failures"]:
            command = f"{failure['command']}: " if failure["command"] else ""
            click.echo(f"    failed: {command}{failure['error']}")
    click.echo(f"outcome: {found['outcome'] or '(open)'}")


@session.command()
@click.option("--from", "source", required=True, metavar="STEP", help="The step the transition leaves.")
@click.option("--to", "target", required=True, metavar="STEP", help="The step it leads to.")
@click.option("--when", default="", help="The condition: when to take it.")
@click.option("--do", "advice", default="", help="The advice: what to do on the way.")
@click.option("--avoid", default="", help="The pitfall to avoid.")
@click.option("--supersedes", default="", metavar="ID", help="The transition note this one corrects.")
@kb_option
@json_option
def remember(source, target, when, advice, avoid, supersedes, kb_dir, as_json):
    """Stage a transition draft (scrubbed, deduped) for a person to groom.

    Failures the trail saw between the two steps are added to the draft as
    evidence for the pitfall.

    \b
    Example:
      mage session remember --from "run the test suite" --to deploy \\
        --when "the suite is green" --do "make deploy" --avoid "deploying from a dirty tree"
    """
    from mage_cli.stage_cmds import _print_stage
    from mage_engine.grooming.transition_draft import stage_transition

    result = stage_transition(open_kb(kb_dir), source, target, when, advice, avoid, supersedes)
    if as_json:
        echo_json(result.to_json())
        return
    _print_stage(result)


from mage_cli.session_graph_cmds import graph_command, steps  # noqa: E402  (the listing commands, own module)

session.add_command(steps)
session.add_command(graph_command)
