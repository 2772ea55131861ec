"""INDEX.md and MEMORY.md scrubbed line by line, sparing the lines the scrub found nothing in before.

Both files are committed, so both are scrubbed as they are written (derived.py).
For 10,000 notes INDEX.md is 3 MB, and scrubbing it whole was most of the time
an accept, a merge or `mage index` spent on it (0.35 s of 0.5 s), though an
accept changes a line or two. Two passes, each memoised:

- before rendering, each note's title, first paragraph, category and tags are
  scrubbed whole (`note_as_shown`): the files clip them, and a secret cut by
  the clip would not have the shape the scrub knows;
- after, each line of the files is scrubbed on its own (one note's entry, or a
  heading; never with its neighbours as context, so a file is the same whether
  the memo was there or not).

`.mage/state/clean-lines.json` keeps a digest of every text either pass left
as it was, with a fingerprint of the scrub's own code (as the index does for
notes: recall/index/scrubbed_before.py). The next render scrubs only the texts
not found there; a change to the scrub's code or rules scrubs everything again.

A digest vouches only for the exact line it was made from: one planted by a
cloned repository can spare the scrub only lines made from that repository's
own notes.
"""

from mage_engine.kb.layout import STATE_DIR

FILE = f"{STATE_DIR}/clean-lines.json"


class CleanLines:
    """The digests of lines found clean before, and of those found clean in this render."""

    def __init__(self, kb):
        from mage_engine.kb.jsonfiles import read_object
        from mage_engine.recall.index.scrubbed_before import digest, fingerprint
        from mage_engine.scrub import scrub

        self.path = kb.path_of(FILE)
        saved = read_object(self.path) or {}
        known = saved.get("clean") if saved.get("scrub") == fingerprint() else None
        self.before = frozenset(d for d in known if isinstance(d, str)) if isinstance(known, list) else frozenset()
        self.now = set()
        self._digest, self._scrub = digest, scrub  # looked up once: `field` runs for every line and field

    def scrubbed(self, text: str) -> str:
        """`text` with every secret replaced, line by line: each line is scrubbed on its own (never
        with its neighbours as context: the result is the same with or without the memo), unless it
        was found clean before."""
        return "\n".join(self.field(line) for line in text.split("\n"))

    def field(self, text: str) -> str:
        """`text` scrubbed on its own, unless it was found clean before."""
        key = self._digest([text])
        if key in self.before:
            self.now.add(key)
            return text
        cleaned = self._scrub(text)
        if cleaned == text:
            self.now.add(key)
        return cleaned

    def note_as_shown(self, note):
        """`note` with its title, first paragraph, category and tags scrubbed whole, before INDEX.md
        and MEMORY.md clip them: a secret cut by the clip would no longer have the shape the scrub
        knows, and most of it would be committed."""
        from dataclasses import replace

        from mage_engine.kb.notes import first_paragraph

        fields = [note.title, first_paragraph(note.body), note.category, *note.tags]
        cleaned = [self.field(text) if isinstance(text, str) else text for text in fields]
        if cleaned == fields:
            return note
        return replace(note, title=cleaned[0], body=cleaned[1], category=cleaned[2], tags=cleaned[3:])

    def save(self) -> None:
        """Keep the digests of this render's clean lines (a cache: losing it costs time, never safety)."""
        from mage_engine.recall.index import store
        from mage_engine.recall.index.scrubbed_before import fingerprint

        try:
            store.write_json(self.path, {"scrub": fingerprint(), "clean": sorted(self.now)})
        except OSError:
            pass
