"""The daily log's hook handlers: SessionEnd writes the session's entry, SessionStart the missed ones.

Both do nothing, and import nothing, unless config.yaml says `logs: true`
(read through the hook's JSON config cache). They never wait long on the KB
lock (a groomer holding it just defers the entry to the next SessionStart)
and return None: a log never becomes context.
"""

LOCK_WAIT = 2.0


def on_session_end(ctx) -> None:
    if not ctx.config.logs:
        return None
    from mage_engine.trail.session_files import session_stem
    from mage_engine.logs.writer import log_session

    log_session(ctx.kb, session_stem(ctx.session_id), wait=LOCK_WAIT)
    return None


def on_session_start(ctx) -> None:
    if not ctx.config.logs:
        return None
    from mage_engine.trail.session_files import session_stem
    from mage_engine.logs.writer import log_session, missed

    for stem in missed(ctx.kb, session_stem(ctx.session_id)):
        log_session(ctx.kb, stem, wait=LOCK_WAIT)
    return None
