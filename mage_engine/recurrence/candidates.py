"""Candidates (SPEC 5.2): signatures seen in at least K chapters that nothing covers yet.

A tally at ≥ K chapters is, in this order: `rejected` (its signature is in
mage/rejected.jsonl: it never comes back), `covered` (a note lists it in
`signatures`, or recall finds a note or skill for it above the hint floor),
`staged` (a recurrence draft for it waits in staging), or `waiting`: a
candidate. The waiting ones are saved to .mage/state/candidates.json, which
`mage status` and the SessionStart nudge count. The file is rewritten only
when something it depends on changed (tallies, K, notes, drafts, rejections,
the search index).
"""

import hashlib
import json
import os

from mage_engine.kb.atomic import write_text_atomic
from mage_engine.recurrence.draft_text import recall_query, title_for

ROW_KEYS = ("id", "signature", "family", "chapters", "chapter_count", "count", "first_seen", "last_seen",
            "examples")


def candidates_path(kb):
    return kb.state_dir / "candidates.json"


def candidates(kb) -> list[dict]:
    """The waiting candidates (folding anything new in the trail first), JSON-ready."""
    from mage_engine.recurrence.distill import distill

    return distill(kb).candidates


def evaluate(kb, tallies: list, config) -> list[dict]:
    """Every tally at ≥ K chapters as a row with its `status` (see the module doc)."""
    eligible = [tally for tally in tallies if tally["chapter_count"] >= config.k]
    if not eligible:
        return []
    from mage_engine.grooming.rejected import rejected_signatures

    rejected, noted, staged = rejected_signatures(kb), _signature_owners(kb.notes_dir), _staged(kb)
    rows = []
    for tally in eligible:
        row = {key: tally[key] for key in ROW_KEYS} | {"title": title_for(tally)}
        signature = tally["signature"]
        if signature in rejected:
            row.update(status="rejected", by={"rejected": rejected[signature].get("id")})
        elif signature in noted:
            row.update(status="covered", by={"note": noted[signature]})
        elif signature in staged:
            row.update(status="staged", by={"draft": staged[signature]})
        else:
            match = recall_match(kb, tally, config.hint_min_score)
            row.update(status="covered", by=match) if match else row.update(status="waiting", by=None)
        rows.append(row)
    return rows


def recall_match(kb, tally: dict, floor: float) -> dict | None:
    """{"note": id, "score": s} when recall finds something above the hint floor, else None."""
    try:
        from mage_engine.recall.search import search

        hits = search(kb, recall_query(tally), limit=1)
    except Exception:
        return None  # no index (yet): only the notes' signatures can cover
    if hits and hits[0].score >= floor:
        return {"note": hits[0].id, "score": hits[0].score}
    return None


def _signature_owners(folder) -> dict:
    from mage_engine.kb.notes import load_folder

    notes, _ = load_folder(folder)
    return {signature: note.id for note in notes for signature in note.signatures}


def _staged(kb) -> dict:
    from mage_engine.kb.notes import load_folder

    drafts, _ = load_folder(kb.staging_dir)
    return {(d.draft or {}).get("signature"): d.id for d in drafts if (d.draft or {}).get("signature")}


def refresh_candidates(kb, tallies: list, config=None) -> tuple[int, list]:
    """(K, waiting candidates), recomputed only when an input changed; saves candidates.json."""
    if config is None:
        from mage_engine.kb.config import load_config

        config = load_config(kb)
    stamp = _inputs(kb, tallies, config)
    saved = _load(kb)
    if saved.get("inputs") == stamp and isinstance(saved.get("candidates"), list):
        return config.k, saved["candidates"]
    waiting = [row for row in evaluate(kb, tallies, config) if row["status"] == "waiting"]
    stamp = _inputs(kb, tallies, config)  # again: a recall check may have refreshed the index
    write_text_atomic(candidates_path(kb), json.dumps({"K": config.k, "candidates": waiting, "inputs": stamp},
                                                      ensure_ascii=False, sort_keys=True, indent=1) + "\n")
    return config.k, waiting


def _inputs(kb, tallies: list, config) -> str:
    digest = hashlib.sha256(json.dumps(tallies, sort_keys=True).encode("utf-8"))
    digest.update(repr((config.k, config.hint_min_score)).encode())
    for folder in (kb.notes_dir, kb.staging_dir):
        digest.update(repr(_listing(folder)).encode())
    for path in (kb.rejected_path, kb.index_dir / "current.json"):
        digest.update(repr(_stat(path)).encode())
    return digest.hexdigest()[:20]


def _listing(folder) -> list:
    try:
        with os.scandir(folder) as entries:
            return sorted((e.name, e.stat().st_mtime_ns, e.stat().st_size) for e in entries if e.name.endswith(".md"))
    except OSError:
        return []


def _stat(path):
    try:
        stat = os.stat(path)
        return stat.st_mtime_ns, stat.st_size
    except OSError:
        return None


def _load(kb) -> dict:
    try:
        data = json.loads(candidates_path(kb).read_text(encoding="utf-8"))
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}
