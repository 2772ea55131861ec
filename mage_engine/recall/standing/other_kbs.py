"""SessionStart: the standing notes of the KBs read beside the project's, within a budget.

The personal KB's rules, preferences and goals hold in every project, so every
session start names them (after the project's own, which hold only in their
project); so do those of a KB that `kbs:` lists. Each is read from that KB's
own `.mage/index/standing.json` (no YAML, no search index opened), and the
whole section stays under OTHER_CHARS: summaries go before any note does.
MEMORY.md stays the project's own.
"""

from mage_engine.base.clip import TITLE_CHARS, clip
from mage_engine.recall.standing.fit import add_lines, fitted

OTHER_CHARS = 1_500
SUMMARY_CHARS = (160, 0)


def other_standing(kb, config, log) -> tuple:
    """(text, qualified ids named) for the other KBs' standing notes; ("", []) when there are none.
    `log(message)`: what went wrong (that KB's last standing list is used)."""
    from mage_engine.kbs.attached import others

    attached = others(kb, config)
    if not attached:
        return "", []
    rosters = [(other.label, _standing_records(other, log)) for other in attached]
    rosters = [(label, records) for label, records in rosters if records]
    if not rosters:
        return "", []
    return fitted(lambda width, trim: _compose(rosters, width, trim), SUMMARY_CHARS, OTHER_CHARS)


def _standing_records(other, log) -> list:
    from mage_engine.kb.jsonfiles import read_object
    from mage_engine.recall.index import store
    from mage_engine.recall.index.lifecycle import HOOK_SCAN_BUDGET_MS, ensure_fresh

    try:
        ensure_fresh(other.kb, scan_budget_ms=HOOK_SCAN_BUDGET_MS)
    except Exception as error:  # its last standing list beats none
        log(f"the {other.label} KB's standing notes from its last index ({error})")
    digest = read_object(store.index_file(other.kb, "standing.json")) or {}
    return [record for record in digest.get("standing", []) if isinstance(record, dict) and record.get("id")]


def _compose(rosters: list, width: int, trim: bool = False) -> tuple:
    lines, named = [], []
    for label, records in rosters:
        lines.append(_heading(label))
        add_lines(lines, named, records, lambda record: _line(label, record, width),
                  lambda record: f"{label}:{record['id']}", OTHER_CHARS if trim else None, 60,
                  lambda more: f"- (+{more} more: `mage notes {_option(label)}`)")
    return "\n".join(lines), named


def _heading(label: str) -> str:
    if label == "personal":
        return "Your personal standing notes (yours, in every project; `mage show --personal <id>`):"
    return f"Standing notes of the [{label}] knowledge base this project reads:"


def _option(label: str) -> str:
    return "--personal" if label == "personal" else f"--kb <the {label} KB>"


def _line(label: str, record: dict, width: int) -> str:
    kind = f" ({clip(record.get('kind'), 20)})" if record.get("kind") else ""
    head = f"- [{label}] {clip(record['id'], 80)}{kind}: {clip(record.get('title', ''), TITLE_CHARS)}"
    summary = clip(str(record.get("summary", "")), width) if width > 0 else ""
    return f"{head} — {summary}" if summary else head
