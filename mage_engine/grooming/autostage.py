"""Drafts the person asked for, staged the moment capture sees them (events/handlers.py hands them over).

Two kinds of text are lessons already, with no need to wait for K chapters:
- a prompt that asks in so many words to keep something (requests.py): a
  draft in the person's words, source `lesson`, kind rule, preference, lesson
  or fact; the same request asked again around other words is not staged twice;
- the items of Claude Code's own compaction summary (hostsummary.py) that
  pair an error with its fix, or carry the person's feedback: drafts with
  source `nudge`, at most a few per compaction.

Both go through the lesson path's `stage_draft`, so they are scrubbed and
deduped (the same words are never staged twice, a rejected one never comes
back). Staging is rare (most prompts ask nothing), so the imports it needs are
paid only then; a failure is logged and never stops the hook.
"""

SUMMARY_DRAFTS = 3  # per compaction: the host's summary can list dozens of items


def stage_captured(kb, captured, log) -> None:
    """Stage what one captured event asks for (capture/event_line.py's `Captured`); a failure is
    logged through `log(message)` and never stops the hook."""
    if captured.request:
        prompt, chapter_id = captured.request
        try:
            stage_request(kb, prompt, chapter_id)
        except Exception as error:
            log(f"capture: staging the requested lesson failed: {type(error).__name__}: {error}")
    if captured.summaries:
        try:
            for chapter_id, items in captured.summaries:
                stage_summary(kb, items, chapter_id)
        except Exception as error:
            log(f"capture: staging the host's summary failed: {type(error).__name__}: {error}")


def stage_request(kb, prompt: str, chapter_id: str) -> str | None:
    """Stage the request in `prompt`, if it makes one; returns the draft id (None if none or a duplicate)."""
    from mage_engine.capture.requests import explicit_request, request_signature

    found = explicit_request(prompt)
    if found is None or _already_kept(kb, found["title"]):
        return None
    return _stage(kb, found["title"], found["body"], found["kind"], found["category"], ["requested"], "lesson",
                  request_signature(found["text"]), chapter_id)


def stage_summary(kb, items: list, chapter_id: str) -> list:
    """Stage the most useful items of the host's compaction summary (at most SUMMARY_DRAFTS, each
    an error with a concrete fix: hostsummary.worth_a_draft); returns the draft ids."""
    from mage_engine.capture.summary_drafts import draft_of, usefulness, worth_a_draft

    worthy = sorted((item for item in items if worth_a_draft(item)), key=lambda item: -usefulness(item))
    staged = []
    for item in worthy[:SUMMARY_DRAFTS]:
        if _already_drafted(kb, item["error"]):
            continue  # a resumed session's summary repeats its parent's items
        draft = draft_of(item)
        found = _stage(kb, draft["title"], draft["body"], draft["kind"], draft["category"], ["host-summary"],
                       "nudge", None, chapter_id)
        if found:
            staged.append(found)
    return staged


def _already_kept(kb, title: str) -> bool:
    """A draft or note already holds this request: its id is the title's slug (`never-commit-without-signing`,
    or `…-2` for a second one). The fingerprint covers the whole prompt, so the same request asked again in other
    words around it ("never commit without signing, and fix the build") would otherwise be staged again."""
    from mage_engine.base import fs
    from mage_engine.kb.ids import slugify

    slug = slugify(title)
    for folder in (kb.staging_dir, kb.notes_dir):
        try:
            names = fs.listdir(folder)
        except OSError:
            continue
        for name in names:
            stem = name[:-3] if name.endswith(".md") else ""
            if stem == slug or stem.startswith(slug + "-") and stem[len(slug) + 1:].isdigit():
                return True
    return False


def _already_drafted(kb, error: str) -> bool:
    """A draft or note whose id starts as this error's words do (`docker-compose-yaml-parsing-error…`)."""
    from mage_engine.base import fs
    from mage_engine.kb.ids import slugify

    prefix = slugify(error, limit=32)
    for folder in (kb.staging_dir, kb.notes_dir):
        try:
            names = fs.listdir(folder)
        except OSError:
            continue
        if any(name.startswith(prefix) or name.startswith("destructive-fix-" + prefix) for name in names):
            return True
    return False


def _stage(kb, title, body, kind, category, tags, source, signature, chapter_id) -> str | None:
    from mage_engine.grooming.stage import stage_draft

    result = stage_draft(kb, title, body, kind=kind, tags=tags, category=category, source=source,
                         signature=signature, chapters=[chapter_id])
    return result.id if result.status == "staged" else None
