"""Keep `.claude/settings.local.json` out of git: it holds paths that exist only on this machine.

Claude Code git-ignores that file when it creates it, but not when mage
does. Connect asks git whether the file is ignored (any rule counts: the
project's .gitignore, .git/info/exclude, the user's global excludes); when it
is not, it appends two lines of its own to the project's .gitignore, a
comment and the path, and says so. Disconnect removes exactly those two lines
once the file is gone.
"""

import subprocess

from mage_engine.kb.layout import KB

LOCAL_SETTINGS = ".claude/settings.local.json"
COMMENT = "# mage connect: Claude Code's personal settings hold this machine's paths"
LINES = (COMMENT, LOCAL_SETTINGS)
# rules that ignore the file when there is no git to ask
_COVERING = {LOCAL_SETTINGS, "/" + LOCAL_SETTINGS, "settings.local.json", "*.local.json", ".claude", ".claude/",
             "/.claude", "/.claude/", ".claude/*", "/.claude/*"}


def gitignore_path(kb: KB):
    return kb.root / ".gitignore"


def is_ignored(kb: KB) -> bool:
    """True when git (or, without git, the project's .gitignore) ignores the personal settings file."""
    try:
        done = subprocess.run(["git", "-C", str(kb.root), "check-ignore", "-q", "--no-index", "--", LOCAL_SETTINGS],
                              capture_output=True, timeout=10)
        if done.returncode in (0, 1):
            return done.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        pass
    return bool(_COVERING & {line.strip() for line in _text(kb).splitlines()})


def with_mage_lines(text: str) -> str:
    """`text` with mage's two lines appended (after a newline if the file lacks a final one)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    prefix = text if not text or text.endswith("\n") else text + newline
    return prefix + newline.join(LINES) + newline


def without_mage_lines(text: str) -> str | None:
    """`text` with mage's two lines removed, or None when they are not there as mage wrote them."""
    lines = text.splitlines(keepends=True)
    for i in range(len(lines) - 1):
        if lines[i].rstrip("\r\n") == COMMENT and lines[i + 1].rstrip("\r\n") == LOCAL_SETTINGS:
            return "".join(lines[:i] + lines[i + 2:])
    return None


def plan_ignore(kb: KB, plan, change, state: dict) -> None:
    """Add mage's two lines to the transaction `plan`, unless something ignores the file already."""
    if is_ignored(kb):
        return
    plan.write(gitignore_path(kb), with_mage_lines(_text(kb)))
    state["gitignore"] = True
    change.did(f"added {LOCAL_SETTINGS} to .gitignore (it holds this machine's paths; "
               "mage's two lines, removed by disconnect)")


def plan_unignore(kb: KB, plan, change) -> None:
    """Remove mage's two lines, exactly as it wrote them (a hand-edited block is left alone)."""
    rest = without_mage_lines(_text(kb))
    if rest is not None:
        plan.write(gitignore_path(kb), rest)
        change.did(f"removed mage's {LOCAL_SETTINGS} lines from .gitignore")


def _text(kb: KB) -> str:
    try:
        return gitignore_path(kb).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
