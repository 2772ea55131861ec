"""The KB's own files: INDEX.md and MEMORY.md lines whose note is gone, notes over the size cap,
notes without a summary paragraph (what INDEX.md, MEMORY.md and every hint show)."""

import re

from mage_engine.maintain.proposal import Proposal

SIZE_CAP_BYTES = 8 * 1024   # a note past this holds more than one topic (drafts warn at ~1,200 characters)
_LINK = re.compile(r"^- \[.*?\]\(notes/([^)/]+)\.md\)", re.M)


def hygiene_proposals(kb, notes: list) -> list:
    return _gone_entries(kb, notes) + _oversized(kb, notes) + _no_summary(notes)


def _gone_entries(kb, notes: list) -> list:
    """One proposal per gone note, naming every derived file that still lists it."""
    from mage_engine.kb import guard

    present, listed = {n.id for n in notes}, {}
    for name, path in (("INDEX.md", kb.index_md), ("MEMORY.md", kb.memory_md)):
        try:
            text = guard.read_text(path, 16 * 1024 * 1024)
        except (OSError, UnicodeDecodeError):
            continue
        for note_id in dict.fromkeys(_LINK.findall(text)):
            if note_id not in present:
                listed.setdefault(note_id, []).append(name)
    return [Proposal(f"index:{note_id}", "index", [note_id], f"prune the entry for {note_id} (the note is gone)",
                     [f"mage/{name} links notes/{note_id}.md, which does not exist" for name in files] +
                     ["applying regenerates INDEX.md and MEMORY.md from the notes (`mage index`)"], {"files": files})
            for note_id, files in sorted(listed.items())]


def _oversized(kb, notes: list) -> list:
    found = []
    for note in notes:
        size = len(note.body.encode("utf-8"))
        if size > SIZE_CAP_BYTES:
            found.append(Proposal(f"size:{note.id}", "size", [note.id], f"split {note.id} ({size // 1024} KB)",
                                  [f"its body is {size:,} bytes, over the {SIZE_CAP_BYTES // 1024} KB cap",
                                   "one topic per note keeps recall sharp: split it, one note per lesson"]))
    return found


def _no_summary(notes: list) -> list:
    return [Proposal(f"summary:{n.id}", "summary", [n.id], f"give {n.id} a summary paragraph",
                     ["its body opens with no prose paragraph, so INDEX.md, MEMORY.md and hints show only its title",
                      "add one or two sentences before its first heading"])
            for n in notes if not n.summary]
