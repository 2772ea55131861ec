"""Which items of the host's compaction summary are worth a draft, how useful each is, and their text.

An item is worth a draft when it names an error and a fix a person could
repeat (a package, a setting, a config file, a command), is not a fragment of
a longer item, and is not programming (a syntax error, a type error fixed in
code). A fix that could destroy something opens its draft with a warning.
"""

import re

# A fix a person could repeat: a package, a config file, a setting, a flag, a command to run
_OPERABLE = re.compile(r"(?i)\b(?:install(?:ed|ing)?|packages?|upgrade|downgrade|config(?:ure|ured|uring)?|settings?|"
                       r"flags?|options?|environment variable|env var|port|permissions?|chmod|restart(?:ed|ing)?|"
                       r"kill(?:ed|ing)?|hardcod\w*|symlink\w*|PATH|PYTHONPATH|version)\b"
                       r"|\b[\w.-]+\.(?:toml|json|ya?ml|cfg|ini|conf|lock|env|service|rules)\b|\B--[a-z][\w-]+")
_FRAGMENT = re.compile(r"(?i)^(?:fix|fixed|detection|root cause|what happened|investigation|code change|impact|"
                       r"explanation|diagnosis|current status|issue|result|solution)\b")
_PROGRAMMING = re.compile(r"(?i)\bsyntax\b|unexpected end of file|\bEOF\b|\btypo\b|\bindent|f-string|"
                          r"\b(?:Attribute|Name|Type|Key|Index|Value)Error\b|\btrait\b|\bderive\b|"
                          r"does not implement|type not found|not found in module|refactor")


def worth_a_draft(item: dict) -> bool:
    """An error with a fix a person could repeat (a package, a setting, a config file, a command),
    not a fragment of a longer item and not programming (a syntax error, a type error fixed in code)."""
    if not item["error"] or not item["resolved"] or len(item["fix"].split()) < 3 or _FRAGMENT.match(item["error"]):
        return False
    if _PROGRAMMING.search(item["error"]) or _PROGRAMMING.search(item["fix"]):
        return False
    return bool(_OPERABLE.search(item["fix"])) or _runs_a_command(item["fix"])


def _runs_a_command(text: str) -> bool:
    """A backticked span that reads as a shell command (`git config user.email …`), not code."""
    for span in re.findall(r"`([^`]+)`", text):
        if re.match(r"^(?:sudo\s+)?(?:\./|[a-z][\w.-]*\s+-{0,2}[\w.-])", span) and not re.search(r"[(){}<>]|::", span):
            return True
    return False


def usefulness(item: dict) -> int:
    """How much a person would learn from an item: a command or setting named in the fix, their own words."""
    return 2 * _runs_a_command(item["fix"]) + bool(_OPERABLE.search(item["fix"])) + bool(item["feedback"])


def draft_of(item: dict) -> dict:
    """The draft an item becomes: the error as the title's situation, the fix as its lesson.
    A fix that could lose data (`docker system prune`, `--no-verify`) opens with a warning."""
    from mage_engine.capture.hazards import hazard

    title = f"{item['error'].rstrip('.')}: {item['fix'][:1].lower()}{item['fix'][1:]}".replace("`", "")
    lines = [f"Error: {item['error']}", f"Fix: {item['fix']}"]
    danger = hazard(item["fix"])
    if danger:
        title = f"DESTRUCTIVE FIX — {title}"
        lines.insert(0, f"WARNING: this fix {danger}. Check what it would remove before repeating it.")
    if item["feedback"]:
        lines.append(f"The person said: \"{item['feedback']}\"")
    return {"title": title if len(title) <= 90 else title[:89].rstrip() + "…", "body": "\n".join(lines),
            "kind": "lesson", "category": "lessons", "draft": True}


def digest_line(item: dict) -> str:
    """One item as the nudge shows it."""
    text = item["error"].rstrip(".") or "The person"
    if not item["error"]:
        return f'the person: "{item["feedback"][:200]}"'
    if item["fix"]:
        text += f" → {item['fix']}"
    elif not item["resolved"]:
        text += " (unresolved)"
    if item["feedback"]:
        text += f' (the person: "{item["feedback"][:120]}")'
    return text if len(text) <= 240 else text[:239].rstrip() + "…"
