"""The grooming backlog in numbers, cheap enough for the SessionStart hook.

Counts files only (no YAML parsing): drafts waiting in .mage/staging/, and the
recurrence candidates the last distill left in .mage/state/candidates.json.
"""

from mage_engine.base import fs
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.layout import CANDIDATES_FILE, KB, STAGING_DIR


def backlog_summary(kb: KB) -> dict:
    """{'drafts': n, 'candidates': n}: what waits for a person (or the agent) to groom."""
    return {"drafts": count_drafts(kb), "candidates": count_candidates(kb)}


def count_drafts(kb: KB) -> int:
    try:  # fs.listdir, not Path.iterdir: the SessionStart hook counts these, and pathlib costs it ~4 ms
        return sum(1 for name in fs.listdir(kb.at(STAGING_DIR)) if name.endswith(".md") and not name.startswith("."))
    except OSError:
        return 0


def count_candidates(kb: KB) -> int:
    candidates = (read_object(kb.at(CANDIDATES_FILE)) or {}).get("candidates")
    return len(candidates) if isinstance(candidates, list) else 0


def backlog_line(kb: KB, counts: dict | None = None) -> str:
    """One sentence for injected context, or '' when nothing waits (`counts`: a backlog_summary already made)."""
    counts = backlog_summary(kb) if counts is None else counts
    parts = []
    if counts["drafts"]:
        parts.append(f"{counts['drafts']} draft{'s' if counts['drafts'] != 1 else ''} waiting in staging")
    if counts["candidates"]:
        parts.append(f"{counts['candidates']} recurrence candidate{'s' if counts['candidates'] != 1 else ''}")
    return ("Grooming backlog: " + ", ".join(parts) + " (see `mage drafts`).") if parts else ""


def drafts_waiting(kb: KB) -> str:
    """'Grooming backlog: N drafts waiting in staging (see `mage drafts`).', or '' when none wait.
    Drafts only, in one listing with no file opened, for the SessionStart hook; the recurrence
    candidates would mean parsing candidates.json (the nudge and `mage status` count those)."""
    drafts = count_drafts(kb)
    return backlog_line(kb, {"drafts": drafts, "candidates": 0}) if drafts else ""
