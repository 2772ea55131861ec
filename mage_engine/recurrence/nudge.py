"""The boundary nudge (docs/capture.md#the-boundary-nudge): after a compaction, a digest of the chapter that just closed.

On SessionStart with `source: compact` the hook injects the closed chapter's
digest and the grooming backlog, and says how lessons are staged. The chapter
is the whole context that was compacted, across every `--resume` in it. The
digest adds what Claude Code's own compaction summary noted (its errors and
fixes, the person's feedback), read from the transcript's summary line, or
later from the trail. It reads the trail, the transcript and staging, and
writes nothing. `mage nudge` prints the same. The wording is plain statements
of fact, not commands: the host's prompt-injection defences distrust
"SYSTEM:"-style text.
"""

STAGE_HINT = ('Anything here worth keeping (a fix that worked, a rule the user stated) can be staged as a draft '
              'with `mage stage --title "…" --body "…"`; a person grooms drafts into notes. The mage-groom skill '
              '(mage:groom in the plugin) says what is worth keeping and how to stage it well.')
REQUESTS_STAGED = "What the user asked to keep is already staged as drafts."
TAIL_BYTES = 1024 * 1024  # the summary line is near the end of the transcript when the nudge runs
# Trail lines that carry the host's summary: the compaction fork's SubagentStop (before the nudge, on
# Claude Code 2.x), the transcript's boundary (read by a later fold), PostCompact (after the nudge)
SUMMARY_EVENTS = ("SubagentStop", "CompactBoundary", "PostCompact")


def closed_chapter(kb, session: str | None = None, chapter_id: str | None = None):
    """The chapter to digest: `chapter_id`; else the one `session` closed last; else the
    latest closed chapter in the KB that holds any work."""
    from mage_engine.trail.chapters import latest_closed, list_chapters

    if chapter_id:
        chapters = list_chapters(kb, session=chapter_id.rpartition(":")[0] or None)
        return next((chapter for chapter in chapters if chapter.id == chapter_id), None)
    if isinstance(session, str) and session:
        return latest_closed(list_chapters(kb, session=session))
    return latest_closed(list_chapters(kb), with_work=True)


def nudge_report(kb, session: str | None = None, chapter_id: str | None = None, transcript=None) -> dict:
    """What the nudge says, as data: the chapter, its digest, the backlog line and the text."""
    from mage_engine.recurrence.digest import digest_chapter
    from mage_engine.grooming.backlog import backlog_line, backlog_summary

    chapter = closed_chapter(kb, session, chapter_id)
    if chapter_id and chapter is None:
        from mage_engine.base.errors import NotFound

        raise NotFound(f"no chapter {chapter_id} in the trail", "list them with `mage chapters`")
    digest = digest_chapter(chapter, host_lines(kb, chapter, transcript)) if chapter else None
    counts = backlog_summary(kb)  # staging listed and candidates.json read once, for both
    backlog = backlog_line(kb, counts)
    return {"chapter": chapter.summary() if chapter else None, "digest": digest.as_dict() if digest else None,
            "backlog": counts, "backlog_line": backlog, "text": _render(chapter, digest, backlog)}


def nudge_text(kb, session: str | None = None, transcript=None) -> str:
    """The text the SessionStart(compact) hook injects ('' when there is nothing to say)."""
    return nudge_report(kb, session, transcript=transcript)["text"]


def host_lines(kb, chapter, transcript=None) -> list:
    """What the host's compaction summary of `chapter` noted, one line per item: from the trail
    (SUMMARY_EVENTS: the compaction fork's report reaches it before the nudge runs), else from
    the transcript's latest summary line (hosts that wrote it before the hooks ran)."""
    from mage_engine.hosts.claude_code.compact_summary import summary_items
    from mage_engine.capture.summary_drafts import digest_line, usefulness

    items = _trail_summary(kb, chapter)
    if not items and transcript:
        items = summary_items(_last_summary(transcript))
    items = [item for item in items if item.get("error") or item.get("feedback")]
    ranked = sorted(items, key=lambda item: (not item.get("resolved"), -usefulness(item)))  # most useful first
    return list(dict.fromkeys(digest_line(item) for item in ranked))


def _trail_summary(kb, chapter) -> list:
    from mage_engine.trail.reader import iter_trail

    closing = f"{chapter.ordinal + 1}"
    for record in iter_trail(kb, chapter.session):
        if str(record.get("chapter")) == closing and record.get("event") in SUMMARY_EVENTS \
                and isinstance(record.get("summary"), list):
            return [item for item in record["summary"] if isinstance(item, dict)]
    return []


def _last_summary(path) -> str:
    """The text of the transcript's last compaction summary line ('' if none near its end)."""
    from mage_engine.base import fastjson, fs
    from mage_engine.kb import guard

    try:
        with guard.open_binary(path) as handle:  # the transcript may be a FIFO: refused, never waited on
            size = fs.fstat(handle.fileno()).st_size
            handle.seek(max(0, size - TAIL_BYTES))
            lines = handle.read().split(b"\n")
    except (OSError, TypeError):
        return ""
    for raw in reversed(lines):
        if b"isCompactSummary" not in raw and b"This session is being continued" not in raw:
            continue
        try:
            entry = fastjson.loads(raw)
        except ValueError:
            continue
        content = (entry.get("message") or {}).get("content") if isinstance(entry, dict) else None
        if isinstance(content, list):
            content = "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
        if isinstance(content, str):
            return content
    return ""


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _how_it_closed(chapter) -> str:
    if chapter.ended_by == "SessionEnd":
        return f"chapter {chapter.id} ended with its session"
    if chapter.ended_by == "idle":
        return f"chapter {chapter.id} has been idle for a day"
    return f"the context was compacted and chapter {chapter.id} closed"


def _render(chapter, digest, backlog: str) -> str:
    lines = []
    if digest is not None and not digest.empty:
        counts = f"{_count(chapter.prompts, 'prompt')}, {_count(chapter.tools, 'tool use')}, {digest.failed} failed"
        lines.append(f"mage: {_how_it_closed(chapter)} ({counts}). What happened in it:")
        lines += [f"- {line}" for line in digest.lines()]
    if backlog:
        lines.append(backlog)
    if not lines:
        return ""
    if digest is not None and digest.requests:
        lines.append(REQUESTS_STAGED)
    lines.append(STAGE_HINT)
    return "\n".join(lines)
