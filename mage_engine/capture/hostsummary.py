"""Claude Code's own compaction summary: its "Errors and fixes" and the person's feedback.

When Claude Code compacts, its model writes a summary of the conversation (the
transcript's `isCompactSummary` line; `compact_summary` on PostCompact). Its
"Errors and fixes" section pairs each error met with what fixed it, often with
the person's words ("User feedback: …"): exactly what the closed chapter
taught, in the host's own judgement. The section comes in several shapes
(bullets with "Fixed: …" under them, `### Error N` blocks with `**Fix**:`,
numbered items), all read here into items:

    {"error": "...", "fix": "...", "feedback": "...", "resolved": bool}

An item that names an error and a concrete fix (a command, a file, a flag)
is offered as a draft (autostage.py); every item feeds the nudge digest.
"""

import re

ITEM_CHARS = 300
MAX_ITEMS = 12
_SECTION = re.compile(r"(?im)^[ \t#*]*(?:\d+\.\s*)?\**\s*errors?\s+(?:and|&)\s+fix(?:es)?\b[^\n]*$")
_NEXT_SECTION = re.compile(r"(?m)^(?:#{1,3}\s+\d+\.|\**\d+\.\s+\**[A-Z][^\n]{2,60}:?\**:?\s*$|#{1,2}\s+[A-Z])")
_ITEM = re.compile(r"(?m)^(?:[ \t]{0,3}(?:[-*•]|\d+[.)])\s+|#{2,4}\s+)(?=\S)")
_FIX = re.compile(r"(?i)(?:\*\*)?\b(?:fix(?:ed)?|solution|resolution|resolved)\b(?:\*\*)?\s*(?:by|with|:)\s*(?:\*\*)?\s*(.+)")
_DONE = re.compile(r"^(?P<error>.{6,}?):\s+(?P<fix>(?:Fixed|Changed|Added|Removed|Used|Replaced|Switched|Created|Updated|"
                   r"Converted|Moved|Installed|Set|Ran|Killed|Cleaned|Disabled|Enabled|Configured|Renamed)\b.*)$")
_FEEDBACK = re.compile(r"(?i)\buser\s+feedback\b\**\s*:?\**\s*(.+)")
_BOLD_TITLE = re.compile(r"^(?:(?:[-*•]|\d+[.)])\s+)?\*\*(?P<title>[^*]{3,120}?):?\*\*:?\s+(?P<rest>\S.*)$")
_FIX_VERB = re.compile(r"(?i)\b(?:changed|set|added|removed|used|replaced|switched|installed|configured|killed|ran|"
                       r"hardcoded|renamed|moved|enabled|disabled|fixed)\b")
_UNRESOLVED = re.compile(r"(?i)\b(?:unresolved|not (?:yet )?(?:fixed|resolved)|still (?:failing|broken|open)|pending)\b")
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


def summary_items(text) -> list:
    """The "Errors and fixes" items of a compaction summary, in order (at most MAX_ITEMS)."""
    if not isinstance(text, str) or not text:
        return []
    body = _summary_part(text)
    section = _SECTION.search(body)
    if not section:
        return []
    rest = body[section.end():]
    end = _NEXT_SECTION.search(rest)
    items = [_item(chunk) for chunk in _chunks(rest[: end.start()] if end else rest)]
    return [item for item in items if item][:MAX_ITEMS]


def _summary_part(text: str) -> str:
    """The summary proper: inside <summary>…</summary>, or after "Summary:" (not the analysis)."""
    inside = re.search(r"(?s)<summary>(.*?)(?:</summary>|\Z)", text)
    if inside:
        return inside.group(1)
    marker = re.search(r"(?m)^Summary:\s*$", text)
    return text[marker.end():] if marker else text


def _chunks(section: str) -> list:
    """The section split at its top-level items (its `###` headings, when it has them)."""
    headings = [match.start() for match in re.finditer(r"(?m)^#{2,4}\s+\S", section)]
    if headings:
        return [section[a:b] for a, b in zip(headings, headings[1:] + [len(section)])]
    starts = [match.start() for match in _ITEM.finditer(section)]
    if not starts:
        return [section] if section.strip() else []
    indent = min(len(section[s:].split("\n", 1)[0]) - len(section[s:].split("\n", 1)[0].lstrip()) for s in starts)
    top = [s for s in starts if len(section[s:].split("\n", 1)[0]) - len(section[s:].split("\n", 1)[0].lstrip()) == indent]
    return [section[a:b] for a, b in zip(top, top[1:] + [len(section)])]


def _item(chunk: str) -> dict | None:
    titled = _BOLD_TITLE.match(chunk.lstrip().split("\n", 1)[0])
    lines = [_clean(line) for line in chunk.splitlines()]
    lines = [line for line in lines if line and not line.startswith("```")]
    if not lines:
        return None
    first = re.sub(r"(?i)^(?:error\s*\d*\s*[:.-]\s*|issue\s*[:.-]\s*)", "", lines[0]).strip()
    fix = feedback = ""
    if titled and _FIX_VERB.search(titled.group("rest")):  # "1. **Title**: what was done about it"
        first, fix = _clean(titled.group("title")), titled.group("rest").replace("**", "").strip()
    for line in lines:
        fix = fix or _group(_FIX, line)
        feedback = feedback or _group(_FEEDBACK, line)
    done = _DONE.match(first)
    if done and not fix:
        first, fix = done.group("error"), done.group("fix")
    error = re.split(r"(?i)\s*[:;-]?\s*\b(?:fixed|fix)\b\s*(?:by|with|:)", first)[0].strip(" :-") or first
    if _FEEDBACK.match(first):
        error = ""  # "User feedback: …" on its own: the person's words, no error
    feedback = re.sub(r'"?:?\)?\s*$', "", feedback.strip(' "“”')).strip(' "“”')
    fix = re.sub(r"(?i)\s*\(user feedback:.*$", "", fix).strip()
    error = re.sub(r"(?i)\s*\(user feedback:.*$", "", error).strip()
    return {"error": _cut(error), "fix": _cut(fix), "feedback": _cut(feedback),
            "resolved": bool(fix) and not _UNRESOLVED.search(chunk)}


def _group(pattern, line: str) -> str:
    match = pattern.search(line)
    return match.group(1).strip() if match else ""


def _clean(line: str) -> str:
    text = re.sub(r"^\s*(?:[-*•]|\d+[.)]|#{2,4})\s*", "", line)
    return text.replace("**", "").strip()


def _cut(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= ITEM_CHARS else text[: ITEM_CHARS - 1].rstrip() + "…"


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
