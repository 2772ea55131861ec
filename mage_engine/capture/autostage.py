"""Drafts the person asked for, staged the moment capture sees them.

Two kinds of text are lessons already, with no need to wait for K chapters:
- a prompt that asks in so many words to keep something (requests.py): a
  draft in the person's words, source `lesson`, kind rule, preference or fact;
- the items of Claude Code's own compaction summary (hostsummary.py) that
  pair an error with its fix, or carry the person's feedback: drafts with
  source `nudge`, at most a few per compaction.

Both go through the lesson path's `stage_draft`, so they are scrubbed and
deduped (the same words are never staged twice, a rejected one never comes
back). Staging is rare (most prompts ask nothing), so the imports it needs are
paid only then; a failure is logged and never stops the hook.
"""

SUMMARY_DRAFTS = 3  # per compaction: the host's summary can list dozens of items


def stage_request(kb, prompt: str, chapter_id: str) -> str | None:
    """Stage the request in `prompt`, if it makes one; returns the draft id (None if none or a duplicate)."""
    from mage_engine.capture.requests import explicit_request, request_signature

    found = explicit_request(prompt)
    if found is None:
        return None
    # the body is the person's words alone, so asking again in another chapter is a duplicate, not a new draft
    return _stage(kb, found["title"], found["body"], found["kind"], found["category"], ["requested"], "lesson",
                  request_signature(found["text"]), chapter_id)


def stage_summary(kb, items: list, chapter_id: str) -> list:
    """Stage up to SUMMARY_DRAFTS items of the host's compaction summary; returns the draft ids."""
    staged = []
    for item in items:
        if len(staged) >= SUMMARY_DRAFTS:
            break
        if not item.get("draft"):
            continue
        draft = _stage(kb, item["title"], item["body"], item["kind"], item["category"], ["host-summary"], "nudge",
                       None, chapter_id)
        if draft:
            staged.append(draft)
    return staged


def _stage(kb, title, body, kind, category, tags, source, signature, chapter_id) -> str | None:
    from mage_engine.grooming.stage import stage_draft

    result = stage_draft(kb, title, body, kind=kind, tags=tags, category=category, source=source,
                         signature=signature, chapters=[chapter_id])
    return result.id if result.status == "staged" else None
