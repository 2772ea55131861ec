"""Notes the scrub found nothing in at an earlier index build, so a rebuild need not scrub them again.

Every field of every note is scrubbed before the index keeps it (write.py), and
that was half of rebuilding 10,000 notes (5 of 10 s). The scrub is pure: the same
text under the same rules gives the same answer. So each build keeps, in
`.mage/index/scrubbed-clean.json`, a digest of the fields of each note in which
the scrub found nothing, with a fingerprint of the scrub's own code; the next
build scrubs a note only when its digest is not there. Any change to the scrub
(its code, its rules) changes the fingerprint and every note is scrubbed again.

A digest only vouches for the exact text it was made from: one planted by a
cloned repository can spare the scrub only texts that repository wrote itself.
"""

from mage_engine.base import fastjson, fs

FILE = "scrubbed-clean.json"
_FINGERPRINT = []  # worked out once per process


class ScrubbedBefore:
    """The digests of notes found clean before, and those found clean in this build."""

    def __init__(self, kb):
        from mage_engine.kb.jsonfiles import read_object
        from mage_engine.recall.index import store

        self.path = store.index_file(kb, FILE)
        saved = read_object(self.path) or {}
        known = saved.get("clean") if saved.get("scrub") == fingerprint() else None
        self.before = frozenset(d for d in known if isinstance(d, str)) if isinstance(known, list) else frozenset()
        self.now = set()

    def scrubbed(self, fields: list) -> list:
        """`fields` (strings) scrubbed, unless they were found clean before."""
        from mage_engine.scrub import scrub

        if not all(isinstance(text, str) for text in fields):
            return [scrub(text) for text in fields]  # what YAML made of a tag (a number): scrubbed as text
        key = digest(fields)
        if key in self.before:
            self.now.add(key)
            return fields
        cleaned = [scrub(text) for text in fields]
        if cleaned == fields:
            self.now.add(key)
        return cleaned

    def save(self, keep_before: bool = False) -> None:
        """Keep this build's digests (and, for an update of a few notes, the earlier ones too)."""
        from mage_engine.recall.index import store

        clean = self.now | self.before if keep_before else self.now
        try:
            store.write_json(self.path, {"scrub": fingerprint(), "clean": sorted(clean)})
        except OSError:
            pass  # the next build scrubs everything again: slower, never less safe


def digest(fields: list) -> str:
    from _blake2 import blake2b  # what hashlib's is, without hashlib's import (a hook may update the index)

    hashed = blake2b(digest_size=16)
    for text in fields:
        data = text.encode("utf-8", "surrogatepass")
        hashed.update(len(data).to_bytes(8, "little"))  # field boundaries are part of what is vouched for
        hashed.update(data)
    return hashed.hexdigest()


def fingerprint() -> str:
    """A digest of the scrub's code and rules: the installed files under mage_engine/scrub/."""
    if not _FINGERPRINT:
        from _blake2 import blake2b

        from mage_engine import scrub

        hashed = blake2b(digest_size=16)
        root = fs.dirname(scrub.__file__)
        for folder in (root, fs.join(root, "families")):
            for name in sorted(fs.listdir(folder)):
                if name.endswith(".py"):
                    with open(fs.join(folder, name), "rb") as source:
                        hashed.update(name.encode() + b"\0" + source.read())
        hashed.update(str(scrub.RULES_VERSION).encode())
        _FINGERPRINT.append(hashed.hexdigest())
    return _FINGERPRINT[0]
