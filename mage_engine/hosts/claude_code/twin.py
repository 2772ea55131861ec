"""The MEMORY.md twin: Claude Code's auto memory pointed at the KB's mage/ folder.

Connect sets `autoMemoryDirectory` to the absolute path of mage/ (the host
silently ignores a relative one), so the mage/MEMORY.md that mage renders is
what Claude Code loads at launch. The value goes into the personal
.claude/settings.local.json even with --shared: it is a path on this machine,
and the host honours it from the local file (checked on the real host, see
tests/test_realhost_twin.py). The previous value is stashed for disconnect.
"""

from mage_engine.kb.layout import KB

KEY = "autoMemoryDirectory"
HOST_LINES = 200         # Claude Code loads the first 200 lines …
HOST_BYTES = 25_000      # … or the first 25 KB of MEMORY.md, whichever comes first
WARN_SHARE, FAIL_SHARE = 0.70, 0.90


def memory_dir(kb: KB) -> str:
    """The value connect writes: the absolute path of the KB's mage/ folder."""
    return str(kb.mage_dir)


def point_at_kb(settings: dict, kb: KB, stash: dict | None) -> tuple[dict, dict]:
    """Settings with the twin set, and the stash of what was there before mage."""
    if settings.get(KEY) == memory_dir(kb):
        stash = stash or {"present": False, "value": None}  # already ours: keep what we stashed
    else:
        stash = {"present": KEY in settings, "value": settings.get(KEY)}
    return {**settings, KEY: memory_dir(kb)}, stash


def restore(settings: dict, kb: KB, stash: dict | None) -> dict:
    """Settings with the stashed value back, if the twin is still mage's."""
    if settings.get(KEY) != memory_dir(kb):
        return settings  # changed by a person since connect: theirs now
    result = {k: v for k, v in settings.items() if k != KEY}
    if stash and stash.get("present"):
        result[KEY] = stash.get("value")
    return result


def memory_budget(kb: KB) -> dict:
    """What mage/MEMORY.md costs at launch against the host's 200-line / 25 KB budget."""
    try:
        from mage_engine.kb import guard

        data = guard.read_bytes(kb.memory_md, 64 * 1024 * 1024)
    except OSError:
        return {"exists": False, "lines": 0, "bytes": 0, "share": 0.0}
    lines = data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)
    share = max(lines / HOST_LINES, len(data) / HOST_BYTES)
    return {"exists": True, "lines": lines, "bytes": len(data), "share": round(share, 3),
            "budget_lines": HOST_LINES, "budget_bytes": HOST_BYTES}
