"""`mage recall --logs`: search the daily logs, entry by entry (BM25 over their words).

The logs are kept apart from the notes' search index on purpose: the hint
hook searches that index, and a raw log must never become a hint. Logs are
small (a few hundred words a session), so each search reads them afresh.
"""

import math
import re

from mage_engine.logs.daily_file import LOGS_DIR, log_days, read_day, split_entries

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
K1, B = 1.2, 0.75


def log_entries(kb) -> list[dict]:
    """Every entry of every log file: day, session (or None), title, text, path."""
    found = []
    for day in log_days(kb):
        _, entries = split_entries(read_day(kb, day))
        for stem, text in entries:
            title = text.split("\n", 1)[0].lstrip("#").strip()
            found.append({"day": day, "session": stem, "title": title, "text": text,
                          "path": f"{LOGS_DIR}/{day}.md"})
    return found


def search_logs(kb, query: str, limit: int = 10) -> list[dict]:
    """The best entries for `query`, best first; each with a 0..1 score (its share of the best)."""
    entries = log_entries(kb)
    terms = set(_words(query))
    if not entries or not terms:
        return []
    docs = [_words(e["text"]) for e in entries]
    average = sum(map(len, docs)) / len(docs) or 1.0
    frequency = {t: sum(1 for d in docs if t in d) for t in terms}
    scored = []
    for entry, words in zip(entries, docs):
        score = sum(_term(words.count(t), len(words), average, frequency[t], len(docs)) for t in terms)
        if score > 0:
            scored.append((score, entry))
    scored.sort(key=lambda item: (-item[0], item[1]["day"], item[1]["title"]))
    best = scored[0][0] if scored else 1.0
    return [{"id": f"{e['day']}#{e['session'] or 'hand'}", "title": e["title"], "summary": _summary(e["text"]),
             "path": e["path"], "score": round(s / best, 3), "source": "log"} for s, e in scored[:limit]]


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _term(count: int, length: int, average: float, containing: int, total: int) -> float:
    if not count:
        return 0.0
    idf = math.log(1 + (total - containing + 0.5) / (containing + 0.5))
    return idf * count * (K1 + 1) / (count + K1 * (1 - B + B * length / average))


def _summary(text: str) -> str:
    body = [line for line in text.splitlines()[1:] if line.strip() and not line.startswith("<!--")]
    return " ".join(" ".join(body).split())[:200]
