"""Failure → fix and retry (docs/recurrence.md#what-a-signature-is): what failed, and what made the same command pass.

Walking one chapter's steps in order, a failed tool use with an error class
waits for the same command to succeed later in the chapter:

- the same command line succeeds after one or more steps that changed
  something (an install, a config edit): **failure → fix**, keyed by the
  failing program and subcommand, the error class and the last such step,
  the one after which it passed;
- the same command with other flags or environment succeeds: **retry**,
  keyed by the program and subcommand, the error class and what changed
  (`with --reruns <n>`, `without -it`);
- it passes again with nothing changed in between: a flake, not a signature.

Refusals, interruptions, permission prompts and tool-usage slips are not
failures at all (hosts/claude_code/noise.py). A compound command is named by the segment
that failed. Steps that only look (`ls`, `git status`, `ping`) are never fixes;
a destructive fix step is kept, flagged, so every draft made of it warns.
Edits of ordinary source files are not fixes a note can teach (that is
programming, not a recurring procedure); edits of known config files are.

`FixTracker.outcomes()` also tells the nudge how every failure of the chapter
ended: fixed (and by what), passed on a re-run, or still failing.
"""

import re

from mage_engine.recurrence import flags
from mage_engine.recurrence.fix_steps import (action_shape, destructive, event_key, failing_head, failing_part,
                                              identity, teaches_something)
from mage_engine.recurrence.signatures import error_class, fix_signature, retry_signature
from mage_engine.recurrence.steps import SHELL_TOOLS, is_action, raw_label

MAX_FIX_GAP = 10      # actions between failure and success; past this the fix is a guess
PROCEDURE_STEPS = 3   # the last actions before success kept as the observed procedure
class FixTracker:
    """Feed it a chapter's steps; it yields fix and retry observations."""

    def __init__(self):
        self.pending = {}  # identity -> {"fail": latest failure, "error": class, "actions": [steps], "tries": n}
        self.ended = []    # failures that found their end, in the order they failed

    def feed(self, step: dict) -> dict | None:
        """Take one step; return an observation when it resolves a failure."""
        if step.get("k") != "t" or step.get("n"):
            return None  # prompts, refusals, interruptions and tool-usage slips
        if step.get("ok") is False:
            self._failed(step)
            return None
        if step.get("ok") is not True or not self.pending:
            return None  # nothing waits for a fix: the common case, kept cheap
        found = self._resolve(step)
        if is_action(step):
            for waiting in self.pending.values():
                waiting["actions"].append(step)
        return found

    def outcomes(self) -> list:
        """Every failure of the chapter and how it ended: `then` (the passing step or None),
        `fix` (the step after which it passed, or None), `change` (a retry's flags), `tries`."""
        still = [dict(waiting, then=None, fix=None, change="") for waiting in self.pending.values()]
        return sorted(self.ended + still, key=lambda item: item["fail"].get("ts", ""))

    def _failed(self, step: dict) -> None:
        """A failure; failing again restarts the wait (what came before did not fix it)."""
        key = identity(step)
        tries = self.pending[key]["tries"] + 1 if key in self.pending else 1
        self.pending[key] = {"fail": step, "error": error_class(step.get("err", ""), step.get("exit")),
                             "actions": [], "tries": tries}

    def _resolve(self, step: dict) -> dict | None:
        key = identity(step)
        if key in self.pending:
            return self._end(self.pending.pop(key), step, _fixed)
        if step["tool"] not in SHELL_TOOLS or not step.get("cmd"):
            return None
        bones = flags.skeleton(step["cmd"])
        for key, waiting in self.pending.items():
            failed = waiting["fail"]
            if failed["tool"] == step["tool"] and bones in (flags.skeleton(failed.get("cmd", "")),
                                                            flags.skeleton(failing_part(failed))):
                del self.pending[key]
                return self._end(waiting, step, _retried)
        return None

    def _end(self, waiting: dict, success: dict, observe) -> dict | None:
        actions = waiting["actions"]
        change = flags.delta(failing_part(waiting["fail"]), success.get("cmd", "")) if observe is _retried else ""
        fix = actions[-1] if observe is _fixed and actions and len(actions) <= MAX_FIX_GAP else None
        self.ended.append(dict(waiting, then=success, fix=fix, change=change))
        return observe(waiting, success) if waiting["error"] else None


def _fixed(waiting: dict, success: dict) -> dict | None:
    actions = waiting["actions"]
    if not actions or len(actions) > MAX_FIX_GAP:
        return None  # passed with nothing changed (a flake), or too much changed to say what fixed it
    shape = action_shape(actions[-1])
    if not teaches_something(shape):
        return None
    failed = waiting["fail"]
    head = failing_head(failed)
    procedure = actions[-PROCEDURE_STEPS:]
    seen = {"sig": fix_signature(head, waiting["error"], shape), "ts": failed["ts"], "key": event_key(failed),
            "parts": {"head": head, "error": waiting["error"], "fix": shape},
            "steps": [action_shape(step) for step in procedure],
            "example": {"command": raw_label(failed), "error": _raw_error(failed),
                        "fix": [raw_label(step) for step in procedure], "then": raw_label(success)}}
    return _flag_destructive(seen, procedure)


def _retried(waiting: dict, success: dict) -> dict | None:
    failed = waiting["fail"]
    change = flags.delta(failing_part(failed), success["cmd"])
    if not change:
        return None
    head = failing_head(failed)
    seen = {"sig": retry_signature(head, waiting["error"], change), "ts": failed["ts"], "key": event_key(failed),
            "parts": {"head": head, "error": waiting["error"], "change": change}, "steps": [change],
            "example": {"command": raw_label(failed), "error": _raw_error(failed), "fix": [],
                        "then": raw_label(success)}}
    return _flag_destructive(seen, [success])


def _flag_destructive(seen: dict, steps: list) -> dict:
    reason = destructive(steps)
    if reason:
        seen["destructive"] = reason
    return seen


def _raw_error(step: dict) -> str:
    error = re.sub(r"^E\s+", "", step.get("err", "")).strip()
    code = step.get("exit")
    return f"{error} (exit {code})" if isinstance(code, int) and error and f"exit code {code}" not in error \
        else error or (f"exit {code}" if isinstance(code, int) else "")
