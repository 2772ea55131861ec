"""Where each import source keeps its memories, and how each file becomes candidates.

claude-code   Claude Code's auto-memory folder (`autoMemoryDirectory`, else
              ~/.claude/projects/<project>/memory/): each topic file, its
              frontmatter mapped as the Gate-0 redirect maps it; MEMORY.md,
              the host's index of those files, is not a memory itself.
claude-md     CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md: each section.
cards DIR     the three-layer design's cards (DIR/cards/*.md or DIR/*.md with
              `topic` frontmatter); its daily logs go to mage/logs/ (logs.py).
cursor        .cursor/rules/*.mdc (description, globs, alwaysApply) and .cursorrules.
agents-md     AGENTS.md sections, mage's own marked section left out.
Files are read through the file guard (no links, size-capped) and never changed.
"""

import os
import re
from pathlib import Path

from mage_engine.adopt.candidate import Candidate, kind_of, sections
from mage_engine.adopt.source_files import markdown_files, read, shown
from mage_engine.base.errors import MageError

SOURCES = ("claude-code", "claude-md", "cards", "cursor", "agents-md")


def candidates(kb, source: str, folder: str | None = None) -> list[Candidate]:
    if source not in SOURCES:
        raise MageError(f"unknown import source '{source}'", f"choose one of {', '.join(SOURCES)}")
    if source == "cards":
        if not folder:
            raise MageError("`mage import cards` needs the cards folder", "run `mage import cards memory/`")
        from mage_engine.adopt.more_sources import card_candidates

        return card_candidates(kb, Path(folder).expanduser())
    if source == "cursor":
        from mage_engine.adopt.more_sources import cursor_candidates

        return cursor_candidates(kb)
    return {"claude-code": claude_code_candidates, "claude-md": claude_md_candidates,
            "agents-md": agents_md_candidates}[source](kb)


def claude_memory_dir(kb) -> Path:
    """Where Claude Code keeps this project's auto memory (autoMemoryDirectory wins)."""
    from mage_engine.kb.jsonfiles import read_object

    home = Path(os.environ.get("CLAUDE_CONFIG_DIR") or Path.home() / ".claude")
    for settings in (kb.root / ".claude/settings.local.json", kb.root / ".claude/settings.json",
                     home / "settings.json"):
        value = (read_object(settings) or {}).get("autoMemoryDirectory")
        if isinstance(value, str) and value.strip():
            return Path(value).expanduser()
    project = os.environ.get("CLAUDE_CODE_PROJECT_DIR_NAME") or re.sub(r"[^A-Za-z0-9]", "-", str(_git_top(kb)))
    return home / "projects" / project / "memory"


def _git_top(kb) -> Path:
    """The project's git root (Claude Code names the folder after it: all worktrees share it)."""
    folder = kb.root.resolve()
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return folder


def claude_code_candidates(kb) -> list[Candidate]:
    from mage_engine.hosts.claude_code.redirect import to_draft_fields
    from mage_engine.kb import frontmatter

    folder = claude_memory_dir(kb)
    if folder.resolve() == kb.mage_dir.resolve():
        raise MageError("Claude Code's auto memory already writes into mage/ (the twin `mage connect` set up)",
                        "its files are taken in by grooming (the redirect); nothing to import")
    found = []
    for path in markdown_files(folder):
        text = read(path)
        if text is None or path.name == "MEMORY.md":
            continue
        try:
            meta, body, _ = frontmatter.split(text, path)
        except MageError:
            meta, body = {}, text
        fields = to_draft_fields(meta, body, path)
        if fields["body"].strip():
            found.append(Candidate(shown(kb, path), fields["title"], fields["body"], fields["kind"],
                                   fields["category"], fields["tags"]))
    return found


# --- claude-md, agents-md --------------------------------------------------------

def claude_md_candidates(kb) -> list[Candidate]:
    found = []
    for name in ("CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md"):
        found += section_candidates(kb, kb.root / name, "claude-md")
    return found


def agents_md_candidates(kb) -> list[Candidate]:
    return section_candidates(kb, kb.root / "AGENTS.md", "agents-md", drop_mage=True)


def section_candidates(kb, path: Path, tag: str, drop_mage: bool = False) -> list[Candidate]:
    text = read(path)
    if text is None:
        return []
    if drop_mage:  # what `mage connect generic` wrote is mage's own loop, not the project's memory
        text = re.sub(r"<!-- mage:begin[^\n]*-->\n.*?<!-- mage:end -->\n?", "", text, flags=re.S)
    found = []
    for heading, body in sections(text):
        if not _has_prose(body):
            continue
        kind, category = kind_of(heading, body)
        title = f"{path.name}: {heading}" if heading else f"{path.name}: opening notes"
        found.append(Candidate(shown(kb, path), title, body, kind, category, [tag]))
    return found


def _has_prose(body: str) -> bool:
    """More than a bare `@import` line or a link list: words a note can hold."""
    words = re.sub(r"(?m)^\s*@\S+\s*$", "", body)
    return len(words.split()) >= 3
