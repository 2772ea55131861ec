"""`mage hints`: what was hinted before each prompt and why; why a prompt would be hinted now."""

import sys

import click

from mage_cli.common import FLOOR, echo_json, json_option, kb_option, open_kb, warn_config


@click.command()
@click.option("--session", "session", metavar="S", help="Only this session's prompts (an id, or its start).")
@click.option("--why", "why_prompt", metavar="PROMPT",
              help="Explain the decision the hint hook would take on PROMPT now, without injecting "
                   "anything; `-` reads prompts from stdin, one per line.")
@click.option("--report", is_flag=True, help="How often hinted notes were used, the notes read without a hint (and after which "
                   "prompts), and the floor the figures suggest.")
@click.option("--whole", is_flag=True, help="With --why -: all of stdin is one prompt (a pasted log or traceback), "
                                           "not one prompt per line.")
@click.option("--floor", type=FLOOR, help="With --why: decide at this floor instead of hint.min_score.")
@click.option("-n", "limit", type=click.IntRange(1, 100_000), default=20, show_default=True,
              help="How many recent prompts to list.")
@json_option
@kb_option
def hints(session, why_prompt, report, whole, floor, limit, as_json, kb_dir):
    """List the hint decisions of recent prompts: what was hinted and why, or why not.

    Each prompt shows the decision (hinted notes, or why it stayed silent), then
    its best candidates: hint score, note, reason (hinted, below floor, only weak
    evidence, in standing context, hinted earlier in this session) and the
    shared words the score rests on. A note hinted at an earlier turn is not
    hinted again until a compaction summarises the conversation.

    \b
    Example:
      mage hints --session 5f1c
      mage hints --why "terraform plan says the state is locked"
      pbpaste | mage hints --why - --whole
      mage hints --report
    """
    _check_options(session, why_prompt, report, floor)
    if whole and why_prompt != "-":
        raise click.UsageError("--whole goes with --why -: cat paste.txt | mage hints --why - --whole")
    if (why_prompt is not None or report) and \
            click.get_current_context().get_parameter_source("limit") is click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("-n limits the list of recent prompts: it does nothing with --why or --report")
    kb = open_kb(kb_dir)
    warn_config(kb)
    if session:
        from mage_engine.recall.hint.decision_log import full_session_id

        session = full_session_id(kb, session)  # one session, named by its id or its start: else an error
    if why_prompt is not None:
        _why(kb, why_prompt, session, floor, as_json, whole)
        from mage_cli.common import warn_unread_notes

        warn_unread_notes(kb)
    elif report:
        from mage_cli.hints_report import show_report

        show_report(kb, as_json)
    else:
        _history(kb, session, limit, as_json)


def _check_options(session, why_prompt, report, floor) -> None:
    """Options that would do nothing together are a usage error, not silently dropped."""
    if report and why_prompt is not None:
        raise click.UsageError("--report and --why are two views: give one")
    if floor is not None and why_prompt is None:
        raise click.UsageError("--floor goes with --why: mage hints --why PROMPT --floor 0.3 "
                               "(mage eval --floor tries a floor on the whole trail)")
    if report and session:
        raise click.UsageError("--report covers every session: drop --session")
    if session is not None and not session.strip():
        raise click.UsageError("--session needs an id (or its start)")


MAX_STDIN_BYTES = 4 * 1024 * 1024  # prompts to explain, one per line: a pasted log past this is refused


def _why(kb, prompt, session, floor, as_json, whole=False):
    from mage_cli.common import read_input
    from mage_engine.base.errors import MageError
    from mage_engine.recall.hint.explain import candidate_line, decision_line, why

    if prompt == "-":
        from mage_cli.terminal import _is_terminal

        if _is_terminal(sys.stdin):  # a person at a terminal: say what it waits for
            click.echo("reading prompts from stdin" + ("" if whole else ", one per line") + "; Ctrl-D ends", err=True)
        text = read_input("-", MAX_STDIN_BYTES + 1)  # bytes that are not UTF-8 are replaced, as the hook does
        if len(text.encode("utf-8", "replace")) > MAX_STDIN_BYTES:
            raise MageError(f"more than 4 MB of prompts on stdin ({len(text.encode('utf-8', 'replace')):,}+ bytes read)",
                            "explain fewer prompts at a time: split -C 4M the file, one prompt per line")
        prompts = ([text] if text.strip() else []) if whole else [line for line in text.splitlines() if line.strip()]
        if not prompts:
            click.echo("no prompts on stdin (one per line) to explain", err=True)
    else:
        from mage_cli.common import text_argument

        prompts = [text_argument(prompt)]
    if as_json:  # one document at the end; on a terminal, how far it has got meanwhile
        echo_json([{"prompt": text, **why(kb, text, session, floor)} for text in _counted(prompts)])
        return
    for text in prompts:  # each line as soon as it is decided: `| head` shows the first at once
        decision = why(kb, text, session, floor)
        if len(prompts) > 1:
            click.echo(f"{_clip(text, 60):60s}  {decision_line(decision)}")
            continue
        click.echo(decision_line(decision))
        for row in decision["candidates"]:
            click.echo(f"  {candidate_line(row)}")


PROGRESS_EVERY = 500  # prompts (about half a second each batch)


def _counted(prompts: list):
    """`prompts`, saying on stderr every PROGRESS_EVERY how many are done, when stderr is a terminal."""
    from mage_cli.terminal import _is_terminal

    shown = len(prompts) > PROGRESS_EVERY and _is_terminal(sys.stderr)
    for done, text in enumerate(prompts):
        if shown and done and done % PROGRESS_EVERY == 0:
            click.echo(f"\rexplained {done:,} of {len(prompts):,} prompts", err=True, nl=False)
        yield text
    if shown:
        click.echo(f"\rexplained {len(prompts):,} of {len(prompts):,} prompts", err=True)


def _history(kb, session, limit, as_json):
    from mage_engine.recall.hint.explain import candidate_line, decision_line
    from mage_engine.recall.hint.decision_log import hint_decisions

    rows = hint_decisions(kb, session)[-limit:]
    if as_json:
        echo_json(rows)
        return
    if not rows:
        click.echo("No hint decisions recorded yet" + (f" for session {session}" if session else "")
                   + ": they appear once the UserPromptSubmit hook runs (`mage connect claude-code`).")
    for row in rows:
        click.echo(f"{_clip(row['ts'][:19], 19)}Z  {_clip(row['session'], 99)[:8]}  {_clip(row['prompt'], 70)!r}")
        click.echo(f"  {decision_line(row['decision'])}" + (f"  [used: {_clip(', '.join(row['used']), 200)}]" if row["used"] else ""))
        for candidate in row["decision"].get("candidates", [])[:3]:
            click.echo(f"    {candidate_line(candidate)}")


def _clip(text: str, width: int) -> str:
    from mage_engine.base.clip import plain

    text = plain(text)
    return text if len(text) <= width else text[: width - 1] + "…"
