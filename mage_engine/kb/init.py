"""`mage init`: create a knowledge base in a project folder, idempotently."""

from dataclasses import dataclass, field
from pathlib import Path

from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.dials import DEFAULT_CONFIG_TEXT
from mage_engine.kb.layout import KB, SCRATCH_DIR, SCRUB_VERSION_FILE

GITIGNORE_ENTRY = SCRATCH_DIR + "/"


@dataclass
class InitResult:
    """What `init_kb` created; empty lists mean the KB was already complete."""

    kb: KB
    created: list = field(default_factory=list)
    gitignore_updated: bool = False
    existed: bool = False       # mage/config.yaml was there already: a KB, perhaps repaired
    in_git: bool = False        # the folder is inside a git work tree (mage/ is meant to be committed)
    gitignore_refused: str = ""  # why .gitignore was left alone (a link, no regular file): .mage/ is not ignored


def init_kb(root: Path) -> InitResult:
    """Create mage/ (config, notes, skills) and .mage/, and git-ignore .mage/."""
    kb = KB(Path(root).resolve())
    result = InitResult(kb, existed=kb.config_path.is_file(), in_git=inside_git(kb.root))
    for folder in (kb.mage_dir, kb.notes_dir, kb.skills_dir, kb.staging_dir, kb.learnings_dir):
        if not folder.is_dir():
            folder.mkdir(parents=True, exist_ok=True)
            result.created.append(kb.relative(folder) + "/")
    if not kb.config_path.exists():
        write_text_atomic(kb.config_path, DEFAULT_CONFIG_TEXT)
        result.created.append(kb.relative(kb.config_path))
    _write_derived_files(kb, result)
    result.gitignore_updated, result.gitignore_refused = _ensure_gitignored(kb.root / ".gitignore")
    _stamp_scrub_version(kb)
    return result


def _write_derived_files(kb: KB, result: InitResult) -> None:
    """MEMORY.md and INDEX.md from the start: `connect` points the host's memory at mage/ right away."""
    from mage_engine.kb.render_index import render_index
    from mage_engine.kb.render_memory import render_memory

    if any(kb.notes_dir.glob("*.md")):
        return  # an existing KB's derived files are grooming's to render, from its notes
    for path, text in ((kb.memory_md, render_memory([])), (kb.index_md, render_index([]))):
        if not path.exists():
            write_text_atomic(path, text)
            result.created.append(kb.relative(path))


def inside_git(folder: Path) -> bool:
    """True when `folder` or a folder above it holds `.git` (a repository or a worktree's pointer file)."""
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return True
    return False


def _stamp_scrub_version(kb: KB) -> None:
    """A new KB holds nothing scrubbed under older rules: stamp today's (grooming/rescrub_due.py reads it)."""
    from mage_engine.kb.scrub_stamp import write_stamp
    from mage_engine.scrub.version import RULES_VERSION

    if (kb.path_of(SCRUB_VERSION_FILE)).exists() or any(kb.learnings_dir.iterdir()) or any(kb.staging_dir.iterdir()):
        return
    kb.state_dir.mkdir(parents=True, exist_ok=True)
    write_stamp(kb, RULES_VERSION)


def _ensure_gitignored(gitignore: Path) -> tuple:
    """Add `.mage/` to the project's .gitignore: (added?, why it was left alone). A .gitignore that is a
    link or no regular file is left alone (reading through it would copy another file's text into one
    that is committed), and said: .mage/ (the trail, drafts) is then not ignored."""
    import os
    import stat

    try:
        info = os.lstat(gitignore)
    except FileNotFoundError:
        info = None
    if info is not None and not stat.S_ISREG(info.st_mode):
        return False, ("is a symbolic link" if stat.S_ISLNK(info.st_mode) else "is not a regular file")
    text = gitignore.read_text(encoding="utf-8", errors="replace") if info is not None else ""
    entries = {line.strip() for line in text.splitlines()}
    if {GITIGNORE_ENTRY, ".mage", "/.mage/", "/.mage"} & entries:
        return False, ""
    prefix = "" if not text or text.endswith("\n") else "\n"
    write_text_atomic(gitignore, f"{text}{prefix}# mage's local scratch (trail, drafts, index)\n{GITIGNORE_ENTRY}\n")
    return True, ""
