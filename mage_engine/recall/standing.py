"""SessionStart: the governance line, standing notes and recent lessons (SPEC 6.5).

Read from `.mage/index/standing.json`, which every index build writes, so a
session start parses no YAML and opens no search index. The text stays under
`MAX_CHARS` (the boundary nudge that may follow on a compact start shares the
host's 10,000-character cap). Standing notes (rules, preferences, goals) come
first and all of them are named; summaries shrink before any note is dropped.

When drafts wait in staging it also says how many, in the words the mage-groom
skill's description names ("Grooming backlog: N drafts waiting in staging"), so
the agent knows there is grooming to do. That costs one directory listing and
parses nothing; on a compact start the boundary nudge says it instead.
"""

from mage_engine.clip import TITLE_CHARS, clip
from mage_engine.jsonfiles import read_object

EVENT = "SessionStart"
MAX_CHARS = 6_000
RECENT_SHOWN = 5
SUMMARY_CHARS = (220, 120, 0)  # tried in turn until the text fits

GOVERNANCE = ("This project keeps its coding-agent memory with mage: notes its developers groomed and "
              "committed under mage/notes/<id>.md (mage/INDEX.md lists all of them). "
              "Search them with `mage recall \"<words>\"`. A lesson worth keeping can be staged as a "
              "draft with `mage stage --title \"…\" --body \"…\"`; a person grooms drafts into notes. "
              "The mage-groom skill (mage:groom in the plugin) says what is worth keeping and how to groom.")


def handle(ctx):
    """The hook handler: the standing context string (never None while a KB exists)."""
    digest = _digest(ctx)
    backlog = "" if ctx.payload.get("source") == "compact" else drafts_waiting(ctx.kb)
    from mage_engine.procedure.position import session_line

    backlog = "\n".join(line for line in (backlog, session_line(ctx.kb, ctx.session_id)) if line)
    text, named = render_standing(digest, backlog)
    from mage_engine.recall.ledger import record_injection

    record_injection(ctx.kb, ctx.session_id, EVENT, len(text), named)
    from mage_engine.recall.session_context import remember

    remember(ctx.kb, ctx.session_id, named)
    return text


def _digest(ctx) -> dict:
    from mage_engine.recall import store
    from mage_engine.recall.index import HOOK_SCAN_BUDGET_MS, ensure_fresh

    try:
        ensure_fresh(ctx.kb, scan_budget_ms=HOOK_SCAN_BUDGET_MS)
    except Exception as error:  # stale standing context beats none; say why in the log
        from mage_engine.hooks import log_error

        log_error(ctx.kb, EVENT, f"standing context from the last index ({type(error).__name__}: {error})")
    return read_object(store.index_file(ctx.kb, "standing.json")) or {}


def drafts_waiting(kb) -> str:
    """'Grooming backlog: N drafts waiting in staging (see `mage drafts`).', or '' when none wait.
    Drafts only, counted as grooming/backlog.count_drafts does, in one listing with no file opened; the
    recurrence candidates would mean parsing candidates.json (the nudge and `mage status` count those)."""
    import os

    from mage_engine.kb.layout import STAGING_DIR

    try:
        with os.scandir(kb.at(STAGING_DIR)) as entries:
            drafts = sum(1 for entry in entries if entry.name.endswith(".md") and not entry.name.startswith("."))
    except OSError:
        return ""
    if not drafts:
        return ""  # the common case imports nothing more
    from mage_engine.grooming.backlog import backlog_line

    return backlog_line(kb, {"drafts": drafts, "candidates": 0})


def render_standing(digest: dict, backlog: str = "") -> tuple[str, list]:
    """(text, note ids named) within MAX_CHARS; `backlog` (a drafts_waiting line) follows the governance line."""
    standing = [r for r in digest.get("standing", []) if isinstance(r, dict)]
    recent = [r for r in digest.get("recent", []) if isinstance(r, dict)][:RECENT_SHOWN]
    head = [GOVERNANCE] + ([backlog] if backlog else [])
    for width in SUMMARY_CHARS:
        text, named = _compose(head, standing, recent, width, MAX_CHARS)
        if len(text) <= MAX_CHARS:
            return text, named
    return _compose(head, standing, recent, 0, MAX_CHARS, trim=True)


def _compose(head, standing, recent, width, limit, trim=False) -> tuple[str, list]:
    lines, named = list(head), []
    sections = [("Standing notes (rules, preferences and goals that hold in every session):", standing, True),
                ("Recent lessons:", recent, False)]
    for heading, records, with_kind in sections:
        if not records:
            continue
        lines.append(heading)
        for position, record in enumerate(records):
            line = _line(record, width, with_kind)
            if trim and len("\n".join(lines)) + len(line) + 80 > limit:
                lines.append(f"- (+{len(records) - position} more: see mage/INDEX.md)")
                break
            lines.append(line)
            named.append(record.get("id", ""))
    return "\n".join(lines), named


def _line(record: dict, width: int, with_kind: bool) -> str:
    kind = f" ({clip(record.get('kind'), 20)})" if with_kind and record.get("kind") else ""
    head = f"- {clip(record.get('id', ''), 80)}{kind}: {clip(record.get('title', ''), TITLE_CHARS)}"
    summary = clip(str(record.get("summary", "")), width) if width > 0 else ""
    return f"{head} — {summary}" if summary else head
