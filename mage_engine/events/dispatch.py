"""`mage-hook EVENT`: the dispatcher every host hook runs (entered through mage_engine/hooks.py).

stdin (one JSON payload) -> find the KB from the payload's cwd -> run the
event's handlers (events/handlers.py) -> at most one stdout write -> exit 0.
Always exit 0: exit 2 would erase the user's prompt. Any failure is appended
to .mage/errors.log and the host gets no output. Every hook run pays for what
it imports (tests/test_hook_lean.py lists what each event may load), so the
imports inside functions here are the hook path's: the KB lock, the config and
the log are loaded only by the runs that need them; JSON goes through
`fastjson`, paths are str joined with base/fs (no os, no pathlib), and nothing here
loads yaml, tantivy, click, rich or textual.
"""

import gc
import sys
import time

from mage_engine.base import fastjson, fs
from mage_engine.events import handlers
from mage_engine.hosts.claude_code import payload as host

MAX_CONTEXT_CHARS = 10_000
MAX_PAYLOAD_BYTES = 32 * 1024 * 1024
LARGE_PAYLOAD_BYTES = 4 * 1024 * 1024  # bigger ones are read, and noted in errors.log

# event -> its handlers (events/handlers.py), run in order.
HANDLERS = {
    "SessionStart": (handlers.capture, handlers.standing, handlers.nudge, handlers.log_missed),
    "UserPromptSubmit": (handlers.capture, handlers.hint),
    "PreToolUse": (handlers.gate0,),
    "PostToolUse": (handlers.capture,),
    "PostToolUseFailure": (handlers.capture,),
    "PreCompact": (handlers.capture, handlers.forget_hints),
    "PostCompact": (handlers.capture,),
    "Stop": (handlers.capture,),
    "SubagentStop": (handlers.capture,),
    "SessionEnd": (handlers.capture, handlers.log_session),
}
# Events whose additionalContext the host accepts.
CONTEXT_EVENTS = {"SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure"}


class HookContext:
    """What a handler gets: the event, the payload, the KB, a lazy config, and `log` for what went wrong."""

    def __init__(self, event: str, payload: dict, kb, started: float):
        self.event = event
        self.payload = payload
        self.kb = kb
        self.started = started
        self._config = None

    @property
    def session_id(self) -> str:
        return host.session_name(self.payload)

    @property
    def config(self):
        if self._config is None:
            from mage_engine.kb.config import load_config_cached

            self._config = load_config_cached(self.kb)
            if self._config.warnings:
                from mage_engine.kb.errors_log import log_once_a_day

                log_once_a_day(self.kb, self.event, self._config.warnings)
        return self._config

    def log(self, message: str) -> None:
        """One line in .mage/errors.log, under this event's name."""
        log_error(self.kb, self.event, message)


USAGE = """usage: mage-hook EVENT < payload.json

The entry point Claude Code runs for each hook (`mage connect claude-code` writes
the commands). It reads the host's JSON payload on stdin, prints only what the
host expects, and always exits 0: what goes wrong is logged to .mage/errors.log
(`mage doctor` reads it). See docs/hosts.md. EVENT is one of:
  {events}
"""


class _Usage(Exception):
    """No event named: the usage was printed, nothing else is done."""


def main(argv=None) -> None:
    """Console script `mage-hook`: never raises, always exits 0.

    Run as the process (no `argv`: the console script, the plugin's script), it
    lives a few milliseconds, so it turns off the cyclic garbage collector (whose
    passes over every freshly imported module cost 1–2 ms and free nothing: hooks.py
    turns it off before the first import, this is for a caller that did not), and
    it leaves through fs._exit once its one write is flushed: every file it wrote
    is closed by then, so the interpreter's teardown would change nothing but the
    host's wait, ~2 ms once tantivy is loaded. Given `argv` (a test, a program
    embedding it), it does neither and raises SystemExit(0).
    """
    as_process = argv is None
    if as_process:
        gc.disable()
        from mage_engine.kb import guard

        guard.keep_folders_open()
    argv = sys.argv[1:] if argv is None else argv
    started = time.perf_counter()
    event = argv[0] if argv else ""
    output = None
    kb = None
    asked_for_usage = event in ("-h", "--help")  # a person at a terminal: no command mage writes says so
    if asked_for_usage:  # (a command missing its event stays silent and is logged: the host would inject it)
        output = USAGE.format(events=", ".join(sorted(HANDLERS)))
    try:
        if asked_for_usage:
            raise _Usage
        payload, notes = _read_payload()
        kb = _find_kb(payload, event)
        log_kb = kb or _fallback_kb()  # found once, however many notes there are to log
        for note in notes:
            log_error(log_kb, event, note)
        if kb is None:
            log_error(log_kb, event, f"no knowledge base at or above cwd {host.cwd(payload)!r}; nothing done")
        elif event not in HANDLERS:
            log_error(kb, event, f"unknown hook event {event!r}; nothing done")
        else:
            _finish_pending_change(kb)
            output = run_handlers(HookContext(event, payload, kb, started))
    except _Usage:
        pass
    except Exception as error:  # fail open: the host must never see a traceback
        log_error(kb or _fallback_kb(), event, f"{type(error).__name__}: {error}")
        output = None
    _emit(output)
    if as_process:
        from mage_engine.base.code_bundle import stale_finder

        if stale_finder() is not None:  # after the one write: only once mage's code has changed
            from mage_engine.base.code_bundle_write import save_if_stale

            save_if_stale()
        if kb is not None:
            _rescrub_if_due(kb)  # after the one write: the host is not kept waiting
        _flush_quietly(sys.stderr)
        fs._exit(0)
    sys.exit(0)


def run_handlers(ctx: HookContext) -> str | None:
    """Run the event's handlers, each isolated, and build the one stdout write."""
    contexts, specific = [], {}
    for handler in HANDLERS[ctx.event]:
        try:
            result = handler(ctx)
        except Exception as error:
            ctx.log(f"{handler.__name__} handler: {type(error).__name__}: {error}")
            continue
        if isinstance(result, str) and result.strip():
            contexts.append(result.strip())
        elif isinstance(result, dict):
            specific.update(result)
    return _render_output(ctx, contexts, specific)


def _render_output(ctx: HookContext, contexts: list, specific: dict) -> str | None:
    if contexts and ctx.event in CONTEXT_EVENTS:
        text = cap_context("\n\n".join(contexts))
        specific["additionalContext"] = text
    if not specific:
        return None
    specific = {"hookEventName": ctx.event, **specific}
    output = fastjson.dumps({"hookSpecificOutput": specific}, ensure_ascii=False)
    try:
        output.encode("utf-8")
    except UnicodeEncodeError:  # a handler's text that stdout cannot carry: escaped, never dropped
        output = fastjson.dumps({"hookSpecificOutput": specific}, ensure_ascii=True)
    return output


def cap_context(text: str) -> str:
    """Keep injected text under the host's 10,000-character cap, cut at a line."""
    if len(text) <= MAX_CONTEXT_CHARS:
        return text
    marker = "\n[mage: context cut to fit the host's 10,000-character limit]"
    cut = text[: MAX_CONTEXT_CHARS - len(marker)]
    cut = cut[: cut.rfind("\n")] if "\n" in cut else cut
    return cut + marker


def _read_payload() -> tuple:
    """The payload object, and notes on what was odd about it (logged once the KB is known)."""
    raw = sys.stdin.buffer.read(MAX_PAYLOAD_BYTES + 1)
    if len(raw) > MAX_PAYLOAD_BYTES:
        raise ValueError(f"payload larger than {MAX_PAYLOAD_BYTES} bytes")
    notes = []
    if len(raw) > LARGE_PAYLOAD_BYTES:
        notes.append(f"large payload ({len(raw)} bytes) read; only its summary is kept")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        notes.append(f"payload is not valid UTF-8 ({error.reason} at byte {error.start}); bad bytes replaced")
        text = raw.decode("utf-8", errors="replace")
    if text.startswith("\ufeff"):  # a byte-order mark a Windows-side wrapper put first: JSON still
        notes.append("payload starts with a UTF-8 byte-order mark; read without it")
        text = text[1:]
    payload = fastjson.loads(text)
    if not isinstance(payload, dict):
        raise ValueError(f"payload is a JSON {type(payload).__name__}, not an object")
    if b"\\ud" in raw or b"\\uD" in raw:  # \udfff: no later write could encode it (base/surrogates.py)
        from mage_engine.base import surrogates

        payload = surrogates.without_lone_surrogates(payload)
    return payload, notes


def _finish_pending_change(kb) -> None:
    """A grooming change a crash interrupted is finished before any handler reads the KB.

    One lstat when nothing is pending; otherwise the KB lock is tried for 50 ms
    (a crashed groomer holds none; a live one finishes the change itself).
    """
    from mage_engine.kb.layout import JOURNAL_FILE

    try:
        fs.lstat(kb.at(JOURNAL_FILE))
    except OSError:
        return
    from mage_engine.kb.lock import finish_pending

    problem = finish_pending(kb, wait=0.05)
    if problem:
        log_error(kb, "recover", problem)


def _find_kb(payload: dict, event: str = ""):
    from mage_engine.kb.layout import KB, find_kb_top, is_kb_root

    if event == "PreToolUse":  # Gate-0 guards the KB a write lands in, not only the session's
        from mage_engine.hosts.claude_code.gate0 import kb_top_of_write

        top = kb_top_of_write(payload)
        if top:
            return KB(fs.realpath(top))

    named = fs.getenv("MAGE_KB")
    if named:
        top = fs.realpath(fs.expanduser(named))
        return KB(top) if is_kb_root(top) else None  # never make a .mage/ in a folder that is no KB
    cwd = host.cwd(payload) or fs.getenv("CLAUDE_PROJECT_DIR") or ""
    if not isinstance(cwd, str) or not cwd:
        return None
    top = find_kb_top(cwd)
    if not top:
        return None
    from mage_engine.kb.worktree import with_worktree_scratch  # one lstat outside a linked worktree

    return with_worktree_scratch(KB(top))


def _fallback_kb():
    """Where to log when the payload itself was unusable: the project dir or cwd."""
    try:
        return _find_kb({"cwd": fs.getenv("CLAUDE_PROJECT_DIR") or fs.getcwd()})
    except Exception:
        return None


def _rescrub_if_due(kb) -> None:
    """A background re-scrub of .mage/ when the scrub rules changed since it was written: one small read,
    and nothing more while the stamp is current (grooming/rescrub_due.py has the rest)."""
    try:
        from mage_engine.kb import guard
        from mage_engine.kb.layout import SCRUB_VERSION_FILE
        from mage_engine.scrub.version import RULES_VERSION

        if guard.read_bytes(kb.at(SCRUB_VERSION_FILE), 64).strip() == str(RULES_VERSION).encode():
            return
    except OSError:  # missing, or a link or FIFO planted there: never followed, never waited on
        pass
    try:
        from mage_engine.grooming.rescrub_due import rescrub_if_due

        rescrub_if_due(kb)
    except Exception:
        pass


def _emit(output: str | None) -> None:
    if not output:
        return
    try:
        sys.stdout.write(output)
    except Exception:
        pass
    _flush_quietly(sys.stdout)


def _flush_quietly(stream) -> None:
    try:
        stream.flush()
    except Exception:
        pass


def log_error(kb, event: str, message: str) -> None:
    """.mage/errors.log gets one line (kb/errors_log.py, imported only when something failed)."""
    from mage_engine.kb.errors_log import log_error as append

    append(kb, event, message)
