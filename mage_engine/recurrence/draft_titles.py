"""Recurrence drafts' titles, in words: "pytest fails with “ModuleNotFoundError: No module named …”:
running pip install -e . fixes it", never raw command text or signature syntax. A fix or retry
whose step could destroy something (capture/hazards.py) says so at the start of its title."""

import re

TITLE_CHARS = 150
DANGER_TITLE = "DESTRUCTIVE FIX — "


def title_for(tally: dict) -> str:
    """The situation and its outcome in one line of words."""
    parts, family = tally["parts"], tally["family"]
    if family == "lesson":
        return parts["request"]
    if family == "procedure":
        title = f"Routine: {words(parts['routine'])}, which worked in {tally['chapter_count']} chapters"
    elif family == "fix":
        title = f"{words(parts['head'])} fails with {error_words(parts['error'])}: {_fix_words(parts['fix'])} fixes it"
    elif family == "retry":
        title = f"{words(parts['head'])} fails with {error_words(parts['error'])}: it passes when re-run {parts['change']}"
    elif parts["wanted"].startswith("use "):
        title = f"Use {words(parts['wanted'][4:])}, not {words(parts['overruled'])} (the user's correction)"
    else:
        title = f"{_sentence(words(parts['wanted']))} (the user's correction after {words(parts['overruled'])})"
    if danger(tally):
        title = (DANGER_TITLE if family in ("fix", "retry") else "DESTRUCTIVE STEP — ") + title
    return title if len(title) <= TITLE_CHARS else title[: TITLE_CHARS - 1].rstrip() + "…"


def words(text: str) -> str:
    """A signature part for a sentence: no backticks, placeholders read as an ellipsis or N."""
    text = re.sub(r"<(?:name|value|path|url|id|hash|tmp|arg|file)>", "…", str(text or ""))
    text = text.replace("<n>", "N").replace("<line>", "N").replace("`", "'")
    return " ".join(text.split())


def error_words(error: str) -> str:
    """The error as a title says it: `exit 1: error: no space left on device` reads “no space left on
    device”, a bare `exit 127` reads "exit code 127"."""
    match = re.match(r"^exit (-?\d+)(?:: (.*))?$", error or "")
    text = match.group(2) if match else error
    if match and not text:
        return f"exit code {match.group(1)}"
    text = re.sub(r"^(?:error|fatal|E|ERROR)\s*:\s*", "", words(text))
    return f"“{text}”"


def _fix_words(shape: str) -> str:
    if shape.startswith("edit "):
        return f"editing {words(shape[5:])}"
    return f"running {words(shape)}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def danger(tally: dict) -> str:
    """What a fix or retry step of this tally could destroy ('' when nothing)."""
    from mage_engine.capture.hazards import hazard

    if tally["family"] not in ("fix", "retry", "procedure"):
        return ""
    if tally["family"] == "procedure":  # what its Procedure section tells a person to run
        latest = tally["examples"][-1] if tally.get("examples") else {}
        texts = [latest.get("command") or ""] + list(latest.get("then") or [])
    else:
        texts = [step for seen in tally.get("fix_steps", []) for step in seen["steps"]]
        for example in tally.get("examples", []):
            texts += list(example.get("fix") or []) + [example.get("then") or ""]
    for text in texts:
        reason = hazard(text)
        if reason:
            return f"`{_cut(text, 80)}` {reason}"
    return ""


def _cut(text: str, limit: int) -> str:
    text = " ".join(str(text or "").split()).replace("`", "'")
    return text if len(text) <= limit else text[: limit - 1] + "…"
