"""The word lists as a KB saved them: `.mage/state/wordlists.json`, read back into this process.

wordlists.py analyses stopwords.py's lists and saves them here with the
analyzer's own stopword list, tagged with the analyzer's version and the size and
mtime of stopwords.py: editing the lists, or an analyzer change (which bumps
ANALYZER_VERSION), makes the next search analyse them afresh, and a hook with a
valid copy never imports stopwords.py. This module sits below the analyzer
(analysis.py takes its stopword list from `stopword_list`), wordlists.py above it.
"""

from mage_engine.base import fs
from mage_engine.kb.layout import WORDLISTS_FILE

ANALYZER_VERSION = 6  # bump whenever the analyzer makes other terms of the same text (and SCHEMA_VERSION with it)
CACHE = {}  # this process's lists: "stopwords", "general", "software", "tech", "partners", "talk"


def saved_path(kb) -> str:
    return kb.at(WORDLISTS_FILE)


def stopword_list() -> list:
    """The words the analyzer drops (stopwords.STOPWORDS), sorted."""
    if "stopwords" not in CACHE:
        from mage_engine.terms.stopwords import STOPWORDS  # only without a valid saved copy

        CACHE["stopwords"] = sorted(STOPWORDS)
    return CACHE["stopwords"]


def source() -> list:
    """What the saved lists depend on: the analyzer's version and stopwords.py, by size and
    modification time (a stat, where reading the words would mean importing them)."""
    stat = fs.stat(fs.join(fs.dirname(fs.abspath(__file__)), "stopwords.py"))
    return [ANALYZER_VERSION, stat.st_size, stat.st_mtime_ns]


def read_saved(path: str) -> bool:
    from mage_engine.kb.jsonfiles import read_object

    saved = read_object(path)
    try:
        if saved is None or saved["source"] != source():
            return False
        CACHE["general"], CACHE["software"] = frozenset(saved["general"]), frozenset(saved["software"])
        CACHE["tech"], CACHE["stopwords"] = frozenset(saved["tech"]), list(saved["stopwords"])
        CACHE["partners"] = {term: frozenset(others) for term, others in saved["partners"].items()}
        return True
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return False
