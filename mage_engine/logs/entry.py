"""One session's log entry: `## HH:MM - title`, then what happened, what changed, what was learned.

What changed is what grooming did while the session ran (accepts and merges
in `.mage/state/groomed.jsonl` stamped between its first and last trail
line), each note linked. What was learned is the drafts staged in that time,
named by id (staging is
git-ignored: a link would break for a teammate). The entry is scrubbed whole and
bounded (MAX_WORDS): a log is a diary, not a transcript. Times are UTC, so a
team's logs read the same on every machine.
"""

from mage_engine.logs.story import Story, title_of

MAX_WORDS = 350
MARKER = "<!-- mage:session {} -->"


def render_entry(kb, story: Story) -> str:
    """The entry's markdown (heading first, ending with one newline), scrubbed."""
    from mage_engine.scrub import scrub

    changed, learned = _changed(kb, story), _learned(kb, story)
    lines = [f"## {story.started[11:16]} - {title_of(story)}", MARKER.format(story.stem), ""]
    lines += [_happened(story), ""]
    if changed:
        lines += ["**What changed.** " + "; ".join(changed) + ".", ""]
    if learned:
        lines += ["**What was learned.** " + "; ".join(learned) + ".", ""]
    return _bounded(scrub("\n".join(lines).rstrip() + "\n"))


def _happened(story: Story) -> str:
    parts = []
    if story.prompts:
        more = f" (+{story.asked - len(story.prompts)} more)" if story.asked > len(story.prompts) else ""
        parts.append("Asked: " + "; ".join(f"“{p}”" for p in story.prompts) + more + ".")
        parts[-1] = parts[-1].replace(".”.", ".”").replace("?”.", "?”")
    if story.tools:
        parts.append(f"{story.tools} tool use{'s' if story.tools != 1 else ''}.")
    if story.failures:
        parts.append("Failed: " + "; ".join(story.failures) + ".")
    if story.files:
        parts.append("Files touched: " + ", ".join(_file(f) for f in story.files) + ".")
    return "**What happened.** " + (" ".join(parts) if parts else "A session with no recorded work.")


def _file(described: str) -> str:
    """`path` (how): the digest says "deploy/warm.sh (edited)"; the path is what a reader copies."""
    path, _, how = described.partition(" (")
    return f"`{path}`" + (f" ({how}" if how else "")


def _in_window(stamp: str, story: Story) -> bool:
    # trail stamps carry milliseconds, grooming's seconds: compare to the second
    return bool(stamp) and story.started[:19] <= stamp[:19] <= story.ended[:19]


def _changed(kb, story: Story) -> list[str]:
    from mage_engine.kb.jsonfiles import read_objects
    from mage_engine.kb.layout import GROOMED_LOG

    done = {}
    for entry in read_objects(kb.at(GROOMED_LOG)):
        action, note = entry.get("action"), entry.get("note")
        if action in ("accept", "merge") and isinstance(note, str) and _in_window(str(entry.get("at", "")), story):
            done.setdefault((action, note), None)
    verbs = {"accept": "accepted", "merge": "merged into"}
    return [f"{verbs[action]} {_note_link(kb, note)}" for action, note in done]


def _learned(kb, story: Story) -> list[str]:
    """Drafts staged during the session and still waiting in staging (git-ignored, so named, not linked)."""
    return [f"staged “{record['title']}” (`{record['id']}`, waiting in `mage drafts`)"
            for record in sorted(_staged_in(kb, story), key=lambda r: r["id"])]


def _staged_in(kb, story: Story) -> list[dict]:
    from mage_engine.kb.notes import load_folder

    drafts, _ = load_folder(kb.staging_dir)
    staged = []
    for draft in drafts:
        block = draft.draft or {}
        chapters = [str(c) for c in block.get("chapters") or []]
        if any(c.rsplit(":", 1)[0] == story.session for c in chapters) or _in_window(str(block.get("staged", "")), story):
            staged.append({"id": draft.id, "title": draft.title})
    return staged


def _note_link(kb, note_id: str) -> str:
    from mage_engine.grooming.catalog import records

    titles = {r["id"]: r.get("title") for r in records(kb, kb.notes_dir, "notes") if r.get("fp")}
    title = titles.get(note_id) or note_id
    return f"[{title}](../notes/{note_id}.md)"


def _bounded(text: str) -> str:
    """At most MAX_WORDS words: a longer entry is cut at a line and says so."""
    words, kept = 0, []
    for line in text.splitlines():
        words += len(line.split())
        if words > MAX_WORDS:
            kept.append("_(cut: the trail holds the rest)_")
            break
        kept.append(line)
    return "\n".join(kept).rstrip() + "\n"
