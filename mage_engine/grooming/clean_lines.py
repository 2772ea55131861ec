"""INDEX.md and MEMORY.md scrubbed line by line, sparing the lines the scrub found nothing in before.

Both files are committed, so both are scrubbed as they are written (derived.py).
For 10,000 notes INDEX.md is 3 MB, and scrubbing it whole was most of the time
an accept, a merge or `mage index` spent on it (0.35 s of 0.5 s), though an
accept changes a line or two. Each line of these files is one note's entry (or
a heading), so a secret never spans two of them: the files are scrubbed line
by line, and `.mage/state/clean-lines.json` keeps a digest of every line the
scrub left as it was, with a fingerprint of the scrub's own code (as the index
does for notes: recall/index/scrubbed_before.py). The next render scrubs only
the lines not found there; a change to the scrub's code or rules scrubs every
line again.

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
        from mage_engine.recall.index.scrubbed_before import fingerprint

        self.path = kb.path_of(FILE)
        saved = read_object(self.path) or {}
        known = saved.get("clean") if saved.get("scrub") == fingerprint() else None
        self.before = frozenset(d for d in known if isinstance(d, str)) if isinstance(known, list) else frozenset()
        self.now = set()

    def scrubbed(self, text: str) -> str:
        """`text` with every secret replaced, line by line, each line scrubbed unless found clean before."""
        from mage_engine.recall.index.scrubbed_before import digest
        from mage_engine.scrub import scrub

        lines = text.split("\n")
        keys = [digest([line]) for line in lines]
        unknown = [number for number, key in enumerate(keys) if key not in self.before]
        self.now.update(key for key in keys if key in self.before)
        if not unknown:
            return text
        # the new lines scrubbed in one call (a call per line costs more than the scan), and one
        # by one only if a replacement spans a line break
        cleaned = scrub("\n".join(lines[number] for number in unknown)).split("\n")
        if len(cleaned) != len(unknown):
            cleaned = [scrub(lines[number]) for number in unknown]
        for number, line in zip(unknown, cleaned):
            if line == lines[number]:
                self.now.add(keys[number])
            lines[number] = line
        return "\n".join(lines)

    def save(self) -> None:
        """Keep the digests of this render's clean lines (a cache: losing it costs time, never safety)."""
        from mage_engine.recall.index import store
        from mage_engine.recall.index.scrubbed_before import fingerprint

        try:
            store.write_json(self.path, {"scrub": fingerprint(), "clean": sorted(self.now)})
        except OSError:
            pass
