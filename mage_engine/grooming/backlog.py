"""The grooming backlog in numbers, cheap enough for the SessionStart hook.

Counts files only (no YAML parsing): drafts waiting in .mage/staging/, and the
recurrence candidates the last distill left in .mage/state/candidates.json.
"""

import os

from mage_engine import fastjson
from mage_engine.kb.layout import KB, STAGING_DIR, STATE_DIR


def backlog_summary(kb: KB) -> dict:
    """{'drafts': n, 'candidates': n}: what waits for a person (or the agent) to groom."""
    return {"drafts": count_drafts(kb), "candidates": count_candidates(kb)}


def count_drafts(kb: KB) -> int:
    try:  # os.listdir, not Path.iterdir: the SessionStart hook counts these, and pathlib costs it ~4 ms
        return sum(1 for name in os.listdir(kb.at(STAGING_DIR)) if name.endswith(".md") and not name.startswith("."))
    except OSError:
        return 0


def count_candidates(kb: KB) -> int:
    try:
        with open(kb.at(STATE_DIR, "candidates.json"), encoding="utf-8") as handle:
            data = fastjson.loads(handle.read())
        return len(data.get("candidates", []))
    except (OSError, ValueError, AttributeError):
        return 0


def backlog_line(kb: KB) -> str:
    """One sentence for injected context, or '' when nothing waits."""
    counts = backlog_summary(kb)
    parts = []
    if counts["drafts"]:
        parts.append(f"{counts['drafts']} draft{'s' if counts['drafts'] != 1 else ''} waiting in staging")
    if counts["candidates"]:
        parts.append(f"{counts['candidates']} recurrence candidate{'s' if counts['candidates'] != 1 else ''}")
    return ("Grooming backlog: " + ", ".join(parts) + " (see `mage drafts`).") if parts else ""
