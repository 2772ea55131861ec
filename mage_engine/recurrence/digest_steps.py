"""The digest's reading of a chapter: its steps, how each failure ended, corrections, requests, files.

The same readings the recurrence families make (a failure waits for the same
command to pass; what changed something in between is the fix; look-only steps
never are), from recurrence's own modules, so the nudge and distill never
disagree about what fixed what. Those modules load no slow standard modules:
this runs in the SessionStart hook after every compaction.
"""

from mage_engine.recurrence.steps import EDIT_TOOLS

HOOK_WORK = ("UserPromptSubmit", "PostToolUse", "PostToolUseFailure")  # the hook lines that are the person's work


def chapter_steps(events: list) -> list:
    """The chapter as steps (recurrence/steps.py): hook lines when it has any, else its folded turns."""
    from mage_engine.recurrence.steps import hook_steps, turn_steps

    hooked = [e for e in events if e.get("event") in HOOK_WORK]
    steps = [s for e in hooked for s in hook_steps(e)] if hooked else \
        [s for e in events if e.get("event") == "Turn" for s in turn_steps(e)]
    seen, once = set(), []
    for step in steps:  # one tool call once, however many lines report it
        if step.get("id") and step["k"] == "t":
            if step["id"] in seen:
                continue
            seen.add(step["id"])
        once.append(step)
    return once


def failures(steps: list) -> list:
    """Every real failure, deduped by what failed and how, with how it ended; fixed ones first."""
    from mage_engine.recurrence.families import FixTracker

    tracker = FixTracker()
    for step in steps:
        tracker.feed(step)
    grouped = {}
    for ending in tracker.outcomes():
        item = _item(ending)
        key = (item["what"],)
        if key in grouped:
            grouped[key]["count"] += item["count"]
            if item["outcome"] != "failing":
                grouped[key].update({k: item[k] for k in ("outcome", "fix", "warning")})
        else:
            grouped[key] = item
    rank = {"fixed": 0, "retried": 1, "passed": 2, "failing": 3}
    return sorted(grouped.values(), key=lambda item: (rank[item["outcome"]], -item["count"]))


def _item(ending: dict) -> dict:
    from mage_engine.recurrence.fix_steps import destructive
    from mage_engine.recurrence.steps import raw_label

    failed = ending["fail"]
    item = {"what": _what(failed), "count": ending["tries"], "outcome": "failing", "fix": "", "warning": ""}
    if ending["then"] is not None:
        if ending["fix"] is not None:
            item.update(outcome="fixed", fix=_cut(raw_label(ending["fix"]), 100))
            item["warning"] = destructive([ending["fix"]])
        elif ending["change"]:
            item.update(outcome="retried", fix=ending["change"])
            item["warning"] = destructive([ending["then"]])
        else:
            item["outcome"] = "passed"
    return item


def _what(step: dict) -> str:
    """`Bash \\`pytest -q\\`: ModuleNotFoundError: … (exit 1)`."""
    name, error = step.get("tool") or "?", step.get("err") or "failed"
    if step.get("cmd"):
        label = f"{name} `{_cut(' '.join(step['cmd'].split()), 120)}`"
    else:
        label = f"{name} {step['paths'][0]}" if step.get("paths") else name
    code = f" (exit {step['exit']})" if isinstance(step.get("exit"), int) else ""
    return f"{label}: {error}{code}"


def corrections(steps: list) -> list:
    """Prompts that overrule the agent once it has acted (not new requests, not harness notices)."""
    from mage_engine.capture.requests import explicit_request
    from mage_engine.recurrence.corrections import is_overrule

    found, acted = [], False
    for step in steps:
        if step["k"] == "t":
            acted = True
        elif not step.get("h"):
            if acted and is_overrule(step["text"]) and not explicit_request(step["text"]):
                found.append(_cut(" ".join(step["text"].split()), 160))
    return list(dict.fromkeys(found))


def requests(steps: list) -> list:
    """What the person asked, in so many words, to keep (capture staged each as a draft)."""
    from mage_engine.capture.requests import explicit_request

    found = [explicit_request(step["text"]) for step in steps if step["k"] == "p" and not step.get("h")]
    return list(dict.fromkeys(item["title"] for item in found if item))


def files(steps: list) -> list:
    edited, read = {}, {}
    for step in steps:
        if step["k"] != "t":
            continue
        target = edited if step["tool"] in EDIT_TOOLS else read
        for path in step.get("paths") or []:
            target.setdefault(path, None)
    return [f"{path} (edited)" for path in edited] + [path for path in read if path not in edited]


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
