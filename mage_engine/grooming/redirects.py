"""Take the host agent's own memory files into staging before grooming (Gate-0, the twin).

`take_redirects(kb)`: every memory file Claude Code's auto memory wrote into mage/
(hosts/claude_code/redirect.py finds them and maps their frontmatter) is staged as
a draft with source `redirect`, then moved out of mage/ into .mage/redirected/ so
it is neither committed nor imported twice.
"""

from mage_engine.base.errors import MageError
from mage_engine.grooming.stage import stage_draft
from mage_engine.hosts.claude_code.redirect import Redirected, host_memory_files, move_out, to_draft_fields
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock


def take_redirects(kb: KB) -> list[dict]:
    """Stage every host memory file in mage/ as a redirect draft and move it out of mage/.

    One JSON-ready dict per file: file, status (staged | duplicate | rejected |
    skipped), id, moved_to, reason; [] when there are none.
    """
    with kb_lock(kb):  # files leave mage/ and enter staging: one groomer at a time
        return [_take_one(kb, path, meta, body).to_json() for path, meta, body in host_memory_files(kb)]


def _take_one(kb: KB, path, meta: dict, body: str) -> Redirected:
    record = Redirected(file=kb.relative(path), status="skipped")
    try:
        result = stage_draft(kb, source="redirect", **to_draft_fields(meta, body, path))
        record.status, record.id = result.status, result.id
        matched = result.matched or {}
        record.reason = f"same as {matched.get('kind')} {matched.get('id')}" if matched else ""
    except MageError as error:
        record.reason = str(error)
    record.moved_to = kb.relative(move_out(kb, path))
    return record
