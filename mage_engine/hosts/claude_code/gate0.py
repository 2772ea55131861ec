"""Gate-0: the PreToolUse hook on the host agent's writes into the KB's mage/ folder.

Connect points Claude Code's auto memory at mage/, so the agent writes its
memory files there with Write/Edit/MultiEdit. Before such a write touches
disk, its new text is scrubbed and handed back as `updatedInput` with no
`permissionDecision`, so the host's own permission flow still decides (Claude
Code 2.1.328 applies the scrubbed input and grants nothing; checked on the
real host). Writes to the generated INDEX.md / MEMORY.md are denied with a
reason the agent can act on. If the scrubber itself fails, the write is
denied: a secret must not reach a committed folder because mage broke.

The agent must not grant itself what a person decides: writes to
mage/config.yaml (the dials) and mage/rejected.jsonl are denied, and so is
every write into .mage/ (mage's scratch: a forged journal or state file)
except drafts in .mage/staging/, which are scrubbed like mage/. A write whose
path reaches mage/ or .mage/ only lexically or only once links are resolved
(`mage/notes` made a link out of the project) is denied too: Gate-0 is not
bypassed by a link. Writes anywhere else pass untouched, and this module
imports nothing heavy.
"""

from mage_engine.base import fs
from mage_engine.kb.layout import MAGE_DIR, SCRATCH_DIR, STAGING_DIR

GENERATED = ("INDEX.md", "MEMORY.md")
PERSONS = ("config.yaml", "rejected.jsonl")  # in mage/: what only a person changes
TOOLS = ("Write", "Edit", "MultiEdit")
REDACTED_NOTE = ("mage replaced secrets in this write with [REDACTED:…] markers before it reached disk; "
                 "the file holds the redacted text.")


def review_write(kb, tool, tool_input, cwd, log):
    """PreToolUse: None (no opinion), or hookSpecificOutput fields. `log(message)`: what went wrong."""
    if tool not in TOOLS or not isinstance(tool_input, dict):
        return None
    verdict = judge(kb.top, tool_input.get("file_path"), cwd)
    if verdict is None:
        return None
    if verdict != "scrub":
        return deny(verdict)
    try:
        cleaned = scrubbed_input(tool, tool_input)
    except Exception as error:
        log(f"gate0: scrub failed, write denied: {type(error).__name__}: {error}")
        return deny("mage could not check this write into mage/ for secrets, so it was not made "
                    "(details in .mage/errors.log). Stage the lesson instead: mage stage --title \"…\" --body \"…\"")
    if cleaned == tool_input:
        return None
    return {"updatedInput": cleaned, "additionalContext": REDACTED_NOTE}


def judge(top: str, file_path, cwd) -> str | None:
    """None (not mage's), "scrub" (a write mage lets through scrubbed), or the reason to deny it."""
    spelled, target = written_paths(file_path, cwd)
    if target is None:
        return None
    top = fs.realpath(top)
    as_spelled, as_resolved = _place(top, spelled), _place(top, target)
    if as_spelled is None and as_resolved is None:
        return None
    if as_spelled is not None and as_resolved != as_spelled and as_resolved is None:
        return link_reason(spelled)
    where = as_resolved
    if where in (f"{MAGE_DIR}/{name}" for name in GENERATED):
        return generated_reason(where.split("/")[-1])
    if where in (f"{MAGE_DIR}/{name}" for name in PERSONS):
        return person_reason(where)
    if where.startswith(SCRATCH_DIR + "/") and not where.startswith(STAGING_DIR + "/"):
        return scratch_reason(where)
    return "scrub"


def kb_top_of_write(payload: dict) -> str | None:
    """The project whose mage/ or .mage/ a write lands in (its path as written, or resolved), or None:
    Gate-0 guards that knowledge base wherever the session runs (its cwd may be another project, or none)."""
    from mage_engine.kb.layout import is_kb_root

    tool_input = payload.get("tool_input")
    if payload.get("tool_name") not in TOOLS or not isinstance(tool_input, dict):
        return None
    for path in written_paths(tool_input.get("file_path"), payload.get("cwd")):
        parts = (path or "").split(fs.sep)
        for index in range(len(parts) - 2, 0, -1):  # the innermost mage/ or .mage/ with a KB around it
            if parts[index] in (MAGE_DIR, SCRATCH_DIR) and is_kb_root(fs.sep.join(parts[:index]) or fs.sep):
                return fs.sep.join(parts[:index]) or fs.sep
    return None


def written_paths(file_path, cwd) -> tuple:
    """(the path as written, made absolute; the same with every link resolved), or (None, None)."""
    if not isinstance(file_path, str) or not file_path:
        return None, None
    base = cwd if isinstance(cwd, str) and cwd else fs.getcwd()
    joined = fs.join(base, fs.expanduser(file_path))
    # links are resolved on the path as written: `link/..` goes through the link first, as the write
    # does, where tidying the text first would cancel the two and miss a way into mage/
    return fs.normpath(joined), fs.realpath(joined)


def _place(top: str, path: str) -> str | None:
    """`path` relative to the project when it lies in mage/ or .mage/, else None."""
    if not path.startswith(top + fs.sep):
        return None
    rel = path[len(top) + 1:]
    return rel if rel.split(fs.sep, 1)[0] in (MAGE_DIR, SCRATCH_DIR) and fs.sep in rel else None


def scrubbed_input(tool: str, tool_input: dict) -> dict:
    """The tool input with every piece of new text scrubbed; equal to the input when clean."""
    from mage_engine.scrub import scrub

    result = dict(tool_input)
    if tool == "Write" and isinstance(result.get("content"), str):
        result["content"] = scrub(result["content"])
    elif tool == "Edit" and isinstance(result.get("new_string"), str):
        result["new_string"] = scrub(result["new_string"])
    elif tool == "MultiEdit" and isinstance(result.get("edits"), list):
        result["edits"] = [_scrub_edit(edit, scrub) for edit in result["edits"]]
    return result


def _scrub_edit(edit, scrub):
    if isinstance(edit, dict) and isinstance(edit.get("new_string"), str):
        return {**edit, "new_string": scrub(edit["new_string"])}
    return edit


def deny(reason: str) -> dict:
    return {"permissionDecision": "deny", "permissionDecisionReason": reason}


def person_reason(rel: str) -> str:
    what = {"mage/config.yaml": "the dials (autonomy, sensitivity) and settings",
            "mage/rejected.jsonl": "the grooming ledger of rejected drafts"}.get(rel, "mage's own file")
    return (f"{rel} holds {what}, which a person sets, so an agent's write to it is refused. "
            f"Tell the person what you would change and why (they run `mage dial` or `mage groom`). "
            f"To record a lesson, run: mage stage --title \"<what was learned>\" --body \"<the lesson>\"")


def scratch_reason(rel: str) -> str:
    return (f"{rel} is in .mage/, mage's own scratch (trail, journal, index, state): mage writes it, "
            f"so an agent's write there is refused. Drafts go in through `mage stage --title \"…\" --body \"…\"` "
            f"(or a file in .mage/staging/).")


def link_reason(spelled: str) -> str:
    return (f"{spelled} lies in the knowledge base but a symbolic link on the way points outside it, so the "
            f"write would land elsewhere; mage refuses it. Remove the link (mage/ and .mage/ hold no links), "
            f"or stage the lesson: mage stage --title \"<what was learned>\" --body \"<the lesson>\"")


def generated_reason(name: str) -> str:
    """What the agent is told when it tries to edit mage/INDEX.md or mage/MEMORY.md."""
    return (f"mage/{name} is generated by mage from the project's groomed notes and is rewritten on every "
            f"groom, so it is not edited by hand. Your memory file in mage/ is enough: mage takes it into "
            f"staging for review at the next groom, and it needs no line in {name}. To propose a note "
            f"directly, run: mage stage --title \"<what was learned>\" --body \"<the lesson>\"")
