"""Claude Code's own compaction summary: its "Errors and fixes" and the person's feedback.

When Claude Code compacts, its model writes a summary of the conversation (the
transcript's `isCompactSummary` line; `compact_summary` on PostCompact). Its
"Errors and fixes" section pairs each error met with what fixed it, often with
the person's words ("User feedback: …"): exactly what the closed chapter
taught, in the host's own judgement. The section comes in several shapes
(bullets with "Fixed: …" under them, `### Error N` blocks with `**Fix**:`,
numbered items), all read here into items:

    {"error": "...", "fix": "...", "feedback": "...", "resolved": bool}

Every item feeds the nudge digest; the ones that name a fix a person could
repeat are offered as drafts (summary_drafts.py, autostage.py).
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
