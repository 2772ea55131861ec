"""Writes shipped_lists.py from stopwords.py and the analyzer: `.venv/bin/python -m mage_engine.terms.make_shipped_lists`.

Run it after changing stopwords.py or the analyzer (ANALYZER_VERSION), or after
moving to another Tantivy; `--check` only says whether the shipped lists are
current (tests/test_shipped_lists.py runs it). It analyses in a process of its
own, from the source lists, never from a copy it would be checking.
"""

import os
import sys

from mage_engine.base.generated import packed, write_if_changed
from mage_engine.terms import saved_lists, stopwords
from mage_engine.terms.analysis import analyzer

HEAD = '''"""The word lists of stopwords.py as the analyzer makes them, shipped with mage: GENERATED, do not edit.

What wordlists.py would otherwise analyse in each process (about 0.5 ms), or read
back from a KB's `.mage/state/wordlists.json` (0.3 ms of JSON on every prompt):
the same lists, as Python constants the hook's code bundle already holds. They
are used only while the analyzer's version, Tantivy's and the size of
stopwords.py are the ones below.

Regenerate after changing stopwords.py, the analyzer or Tantivy:

    .venv/bin/python -m mage_engine.terms.make_shipped_lists
"""
'''


def fresh_lists() -> dict:
    """Each list analysed from stopwords.py now (what wordlists.py builds when nothing is saved)."""
    def analysed(words) -> list:
        return sorted(set(analyzer().analyze(" ".join(sorted(words)))))

    partners = {}
    for short, long in stopwords.ABBREVIATION_PAIRS:
        a, b = analyzer().analyze(short), analyzer().analyze(long)
        if len(a) == 1 and len(b) == 1 and a != b:
            partners.setdefault(a[0], set()).add(b[0])
            partners.setdefault(b[0], set()).add(a[0])
    return {"STOPWORDS": sorted(stopwords.STOPWORDS), "GENERAL": analysed(stopwords.GENERAL_WORDS),
            "SOFTWARE": analysed(stopwords.SOFTWARE_WORDS), "TECH": analysed(stopwords.GENERIC_TECH_WORDS),
            "PARTNERS": {term: sorted(others) for term, others in sorted(partners.items())}}


def generate() -> str:
    from mage_engine.base.tantivy_import import tantivy

    lists = fresh_lists()
    parts = [HEAD, f"\nANALYZER_VERSION = {saved_lists.ANALYZER_VERSION}\nTANTIVY = {tantivy().__version__!r}\n",
             f"STOPWORDS_PY_BYTES = {saved_lists.source()[1]}  # the size of the stopwords.py they were made from\n",
             "# Words as one text each, split as the module loads: cheaper to load than as many literals.\n",
             f"STOPWORDS = tuple({_text(lists['STOPWORDS'])}.split())\n"]
    for name in ("GENERAL", "SOFTWARE", "TECH"):
        parts.append(f"{name} = frozenset({_text(lists[name])}.split())\n")
    rows = "".join(f"    {term!r}: {tuple(others)!r},\n" for term, others in lists["PARTNERS"].items())
    parts.append(f"PARTNERS = {{  # term -> its partners (a constant map: built in one step)\n{rows}}}\n")
    return "".join(parts)


def _text(words: list) -> str:
    """The words as one triple-quoted text, several to a line."""
    if any(not word.isprintable() or " " in word or '"' in word or "\\" in word for word in words):
        raise ValueError("a word the text form cannot carry")  # analysed terms are letters and digits
    lines = packed(words, 104)
    body = "".join(f"    {text}\n" for text in lines if text)
    return f'"""\n{body}"""'


def main() -> None:
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "shipped_lists.py")
    text = generate()
    if "--check" in sys.argv[1:]:
        try:
            with open(path, encoding="utf-8") as handle:
                print("current" if handle.read() == text else "stale")
        except FileNotFoundError:
            print("stale")
        return
    write_if_changed(path, text)
    print(f"{path}: written")


if __name__ == "__main__":
    main()
