"""One Claude Code process for a whole session: prompts fed one by one as stream-json.

`claude -p --input-format stream-json --output-format stream-json` reads user
messages from stdin and answers each with a `result` message. The next prompt
is written only after the previous result, as a person would type it; a
prompt of exactly "/compact" compacts. A watchdog ends the process group if
the whole session outlives `timeout` seconds per prompt.
"""

import json
import os
import signal
import subprocess
import threading
import time


def run_streamed(session, base: list, prompts: list, env: dict, timeout: int) -> None:
    """Fill `session.results` (one per prompt answered) and `session.session_id`."""
    runs = session.out / "runs"
    command = [*base, "--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]
    with open(runs / "stream.stdout", "w") as log, open(runs / "stream.stderr", "w") as stderr:
        process = subprocess.Popen(command, cwd=session.project, env=env, stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=stderr, text=True, start_new_session=True)
        watchdog = threading.Timer(timeout * len(prompts), _kill, [process])
        watchdog.start()
        try:
            _converse(session, process, prompts, log)
        finally:
            watchdog.cancel()
            _close(process)
    code = process.wait()
    for result in session.results:
        result["rc"] = code
        result["ok"] = result["ok"] and code == 0


def _converse(session, process, prompts: list, log) -> None:
    pending = list(prompts)
    began = time.monotonic()
    _send(process, pending[0])
    for line in process.stdout:
        log.write(line)
        message = _parse(line)
        session.session_id = session.session_id or message.get("session_id")
        if message.get("type") != "result":
            continue
        ok = message.get("subtype") == "success" and not message.get("is_error")
        session.results.append({"index": len(session.results) + 1, "prompt": pending.pop(0), "ok": ok,
                                "rc": None, "seconds": round(time.monotonic() - began, 2), "output": message})
        if not ok or not pending:
            break
        began = time.monotonic()
        _send(process, pending[0])


def _send(process, prompt: str) -> None:
    message = {"type": "user", "message": {"role": "user", "content": prompt}}
    process.stdin.write(json.dumps(message) + "\n")
    process.stdin.flush()


def _parse(line: str) -> dict:
    try:
        message = json.loads(line)
        return message if isinstance(message, dict) else {}
    except ValueError:
        return {}


def _close(process) -> None:
    try:
        process.stdin.close()  # end of input: the session ends (SessionEnd fires)
    except OSError:
        pass
    try:
        process.wait(60)
    except subprocess.TimeoutExpired:
        _kill(process)


def _kill(process) -> None:
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
