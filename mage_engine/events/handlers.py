"""The hook handlers: each hands one event's payload to the engine call that does the work.

events/dispatch.py runs them (`HANDLERS`). A handler takes the HookContext and
returns None, a context string for the agent, or a dict of hookSpecificOutput
fields (a PreToolUse decision), and reports what went wrong through `ctx.log`.
Each imports its engine module inside the function: a hook process loads the
modules of its own event only (tests/test_hook_lean.py, docs/hook-performance.md).
"""

from mage_engine.hosts.claude_code import payload as host


def capture(ctx):
    """Every hooked event: its trail line (capture/event_line.py). What the person asked to keep, and
    the host's compaction summary items worth a draft, are handed to staging (grooming/autostage.py)."""
    from mage_engine.capture.event_line import capture_event

    captured = capture_event(ctx.kb, ctx.event, ctx.payload, config=lambda: ctx.config, log=ctx.log)
    if captured is not None and captured.to_stage:
        from mage_engine.grooming.autostage import stage_captured  # rare: most prompts ask to keep nothing

        stage_captured(ctx.kb, captured, log=ctx.log)


def standing(ctx):
    """SessionStart: the standing context (recall/standing/session_start.py), with the grooming backlog
    (grooming/backlog.py) unless the start follows a compaction, whose nudge says it instead."""
    from mage_engine.recall.standing.session_start import standing_context

    backlog = ""
    if host.start_source(ctx.payload) != "compact":
        from mage_engine.grooming.backlog import drafts_waiting

        backlog = drafts_waiting(ctx.kb)
    from mage_engine.recall.procedure.position import session_line  # the session's id, in a KB that keeps a graph

    backlog = "\n".join(line for line in (backlog, session_line(ctx.kb, ctx.session_id)) if line)
    return standing_context(ctx.kb, ctx.session_id, log=ctx.log, backlog=backlog, config=ctx.config,
                            resumed=host.start_source(ctx.payload) == "resume")


def nudge(ctx):
    """SessionStart after a compaction: the digest of the chapter that closed (recurrence/nudge.py)."""
    if host.start_source(ctx.payload) != "compact":
        return None
    from mage_engine.recurrence.nudge import nudge_text

    return nudge_text(ctx.kb, session=host.session_id(ctx.payload), transcript=host.transcript_path(ctx.payload)) \
        or None


def hint(ctx):
    """UserPromptSubmit: a hint naming the notes that match the prompt, or silence (recall/hint/prompt_hint.py),
    after the declared position's Next/Then guidance (recall/procedure/guidance.py) when there is one."""
    prompt = host.prompt(ctx.payload)
    if not prompt.strip() or host.is_notice(prompt):  # a finished background shell is nobody's question
        return None
    from mage_engine.recall.procedure.position import declared  # no position: one failed lstat

    position = declared(ctx.kb, ctx.session_id)
    if position is None:
        return _hint(ctx, prompt)
    from mage_engine.recall.procedure.guidance import with_guidance

    return with_guidance(ctx, _hint(ctx, prompt), position)


def _hint(ctx, prompt: str):
    config = ctx.config
    if config.hint_count <= 0:
        return None
    from mage_engine.recall.hint.prompt_hint import hint_prompt

    return hint_prompt(ctx.kb, prompt, ctx.session_id, config, log=ctx.log,
                       transcript=host.transcript_path(ctx.payload))


def forget_hints(ctx):
    """PreCompact: the conversation that holds this session's hints is about to be summarised, so
    its notes may be hinted again (recall/standing/session_notes.py)."""
    from mage_engine.recall.standing.session_notes import forget_hints

    forget_hints(ctx.kb, ctx.session_id)


def gate0(ctx):
    """PreToolUse: Gate-0 on the agent's writes into mage/ and .mage/ (hosts/claude_code/gate0.py)."""
    from mage_engine.hosts.claude_code.gate0 import review_write

    tool, tool_input = host.tool_call(ctx.payload)
    return review_write(ctx.kb, tool, tool_input, host.cwd(ctx.payload), log=ctx.log)


def log_missed(ctx):
    """SessionStart with `logs: true`: the daily-log entries of sessions whose end was missed (logs/hook.py)."""
    if not ctx.config.logs:
        return None
    from mage_engine.logs.hook import on_session_start

    return on_session_start(ctx)


def log_session(ctx):
    """SessionEnd with `logs: true`: the session's daily-log entry (logs/hook.py)."""
    if not ctx.config.logs:
        return None
    from mage_engine.logs.hook import on_session_end

    return on_session_end(ctx)
