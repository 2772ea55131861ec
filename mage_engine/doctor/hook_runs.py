"""Doctor: run each wired hook as the host would, with a sample payload, and time it.

Only mage's own command is ever run: the one this install's `mage connect
claude-code` writes, or the shared route when `.claude/hooks/mage-hook` is
byte for byte the script mage writes. A settings file is a repository's file
(a clone commits `.claude/settings.json`, and can commit the "local" one too),
so a wired command that is anything else is never executed: this install's
command runs in its place and the check says the wiring differs (a crafted
`/x/mage-hook;id>…;#/mage-hook` passed a check of its shape and ran under `sh`).
The command runs through `sh -c` in the KB root with the payload on stdin, and
is judged like the host judges it: exit status, stdout shape, its timeout,
plus a budget of mage's own and anything a handler swallowed into
.mage/errors.log. The sample session leaves nothing behind: its trail,
capture state are removed afterwards; ledger and metrics never record it.
"""

import json
import os
import subprocess
import tempfile
import time

from mage_engine.doctor.check import Check, fail, ok, warn
from mage_engine.doctor import samples
from mage_engine.doctor.shared_route import unreachable_mage
from mage_engine.hosts.claude_code.wiring import EVENTS
from mage_engine.kb.layout import KB
from mage_engine.kb.probe import PROBE_PREFIX

MAX_CONTEXT = 10_000
BUDGET_MS = {"SessionStart": 1000, "UserPromptSubmit": 800, "PreToolUse": 300, "PostToolUse": 300,
             "PostToolUseFailure": 300, "PreCompact": 2000, "PostCompact": 300, "Stop": 2000,
             "SubagentStop": 300, "SessionEnd": 500}
DROP_ENV = ("MAGE_KB", "MAGE_ACTOR")


def run_all(kb: KB) -> list[Check]:
    """One `hook:<Event>` line per hooked event."""
    from mage_engine.hosts.claude_code.launcher import SHARED_PREFIX

    from mage_engine.hosts.claude_code.shared_script import is_current_script

    session = f"{PROBE_PREFIX}{os.getpid()}"
    commands = samples.wired_commands(kb)
    if any(command.startswith(SHARED_PREFIX) for command, _, _ in commands.values()) and not is_current_script(kb):
        return [fail("hooks", "the committed .claude/hooks/mage-hook is not the script mage writes (edited, or "
                     "someone else's), so doctor ran no hook: every teammate's hooks run it",
                     "see `git diff .claude/hooks/mage-hook` (or `git log` on it); restore it, or rename yours, then "
                     "`mage connect claude-code --shared` writes mage's again "
                     "(plain `connect` would un-share the hooks)",
                     shared=True)]
    unreachable = unreachable_mage(kb, {event: entry[:2] for event, entry in commands.items()}, _hook_env(kb))
    if unreachable:
        return [unreachable]
    with tempfile.TemporaryDirectory(prefix="mage-doctor-") as folder:
        transcript = os.path.join(folder, f"{session}.jsonl")
        samples.write_transcript(transcript, kb, session)
        try:
            return [run_one(kb, event, *commands[event], session, transcript) for event in EVENTS]
        finally:
            samples.forget_session(kb, session)


def run_one(kb: KB, event: str, wired: str, timeout: float, in_settings: bool, session: str,
            transcript: str) -> Check:
    """Run one hook with its sample payload and judge what the host would see (`in_settings`: the
    command is a mage group's in a settings file, not this install's run as a sample)."""
    command, differs = command_to_run(event, wired)
    check = _run(kb, event, command, timeout, session, transcript)
    if differs:  # what the host would run is not mage's: never run here, and not what was judged
        return fail(check.name, f"{differs}; this install's hook, run instead: {check.status}, {check.detail}",
                    "run `mage connect claude-code` to re-wire it", wired=wired, **check.data)
    if not in_settings:  # the host runs nothing of mage's for this event: `hooks-wired` says why
        check.detail += "; not wired, so this install's hook ran as a sample"
    return check


def command_to_run(event: str, wired: str) -> tuple[str, str]:
    """(the command doctor runs for `event`, why it is not the wired one: "" when it is). The shared
    route is mage's once run_all has found its script to be mage's, byte for byte."""
    from mage_engine.hosts.claude_code.launcher import SHARED_PREFIX, personal_launcher

    own = personal_launcher().command(event)
    if wired in (own, _earlier_own(event), f"{SHARED_PREFIX} {event}"):
        return wired, ""
    return own, "the wired command is not the one this mage writes, so doctor did not run it"


def _earlier_own(event: str) -> str:
    """What an earlier mage wrote for this install: its pip launcher beside this interpreter."""
    import shlex

    from mage_engine.hosts.claude_code.launcher import interpreter_path

    return f"{shlex.quote(os.path.join(os.path.dirname(interpreter_path()), 'mage-hook'))} {event}"


def _run(kb: KB, event: str, command: str, timeout: float, session: str, transcript: str) -> Check:
    name, payload = f"hook:{event}", samples.payload(kb, event, session, transcript)
    errors_before = _size(kb.errors_log)
    env = _hook_env(kb)
    started = time.perf_counter()
    try:
        done = subprocess.run(["sh", "-c", command], input=json.dumps(payload), capture_output=True, text=True,
                              cwd=kb.root, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return fail(name, f"did not finish within its {timeout:g} s timeout: the host would drop it",
                    "look for a lock or a slow index in .mage/; `mage index` rebuilds the index")
    ms = round((time.perf_counter() - started) * 1000)
    # config.yaml's warnings are logged by the first hook that reads it; the `config` check reports them
    swallowed = [line for line in _new_lines(kb.errors_log, errors_before) if not _message(line).startswith("config: ")]
    return judge(name, event, done, ms, swallowed, command)


def _hook_env(kb: KB) -> dict:
    """The environment a hook runs in: this shell's, as the host started from it would pass it."""
    env = {k: v for k, v in os.environ.items() if k not in DROP_ENV}
    env.update(CLAUDECODE="1", CLAUDE_PROJECT_DIR=str(kb.root))
    return env


def judge(name: str, event: str, done, ms: int, swallowed: list, command: str) -> Check:
    data = {"ms": ms, "budget_ms": BUDGET_MS[event], "command": command}
    if done.returncode != 0:
        first = (done.stderr.strip().splitlines() or ["no message"])[0][:200]
        return fail(name, f"exited {done.returncode} ({first})", "run `mage connect claude-code` to re-wire it", **data)
    problem, injected = _output_problem(event, done.stdout)
    if problem:
        return fail(name, problem, "report this with `mage doctor --json`", **data)
    if swallowed:
        message = _message(swallowed[0])
        fix = ("run `mage index` to rebuild the search index from the notes" if "search index" in message
               else "see .mage/errors.log; reinstalling mage restores missing parts")
        return fail(name, f"ran, but a handler failed: {message[:200]}", fix, errors=swallowed, **data)
    detail = f"ran in {ms} ms (budget {BUDGET_MS[event]} ms){injected}"
    if ms > BUDGET_MS[event]:
        return warn(name, detail, "a slow disk or a cold index; `mage index` warms the index", **data)
    return ok(name, detail, **data)


def _output_problem(event: str, stdout: str) -> tuple[str, str]:
    """(what the host would reject, "" if fine) and a note on what the hook sent."""
    if not stdout.strip():
        if event == "PreToolUse":
            return "Gate-0 let a sample secret through to mage/ unscrubbed", ""
        return "", ""
    try:
        specific = json.loads(stdout)["hookSpecificOutput"]
    except (ValueError, KeyError, TypeError):
        return f"wrote something other than one hook JSON object: {stdout[:120]!r}", ""
    if specific.get("hookEventName") != event:
        return f"answered as {specific.get('hookEventName')!r}: the host drops it", ""
    context = specific.get("additionalContext", "")
    if not isinstance(context, str) or len(context) > MAX_CONTEXT:
        return "its additionalContext is not a string under 10,000 characters", ""
    if event == "PreToolUse":
        scrubbed = samples.SECRET not in json.dumps(specific.get("updatedInput", {})) and "updatedInput" in specific
        return ("", "; Gate-0 scrubbed a sample secret") if scrubbed else ("Gate-0 did not scrub a sample secret", "")
    return "", f"; injected {len(context)} characters" if context else ""


def _message(log_line: str) -> str:
    """An errors.log line without its time stamp and event name."""
    parts = log_line.split(" ", 2)
    return parts[2] if len(parts) == 3 else log_line


def _size(path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _new_lines(path, offset: int) -> list[str]:
    try:
        from mage_engine.kb import guard

        with guard.open_binary(path) as handle:
            handle.seek(offset)
            return [line for line in handle.read().decode("utf-8", "replace").splitlines() if line.strip()]
    except OSError:
        return []
