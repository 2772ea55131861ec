"""Keep `.claude/settings.local.json` out of git: it holds paths that exist only on this machine.

Claude Code git-ignores that file when it creates it, but not when mage
does. Connect asks git whether the file is ignored (any rule counts: the
project's .gitignore, .git/info/exclude, the user's global excludes); when it
is not, it appends two lines of its own to the project's .gitignore, a
comment and the path, says so, and records the lines it added. Disconnect
removes exactly those lines whenever connect added them, even when the
settings file stays (it was there before connect): .gitignore is left as it
was before connect.

The host agent's tools that connect installs (.claude/skills/mage-groom/…)
are personal too when the hooks are: connect then ignores them in a block of
its own (a comment, then one line per file), and removes it on disconnect or
when the hooks move to the committed settings.json (--shared: commit them).
"""

import subprocess

from mage_engine.kb.layout import KB

LOCAL_SETTINGS = ".claude/settings.local.json"
COMMENT = "# mage connect: Claude Code's personal settings hold this machine's paths"
LINES = (COMMENT, LOCAL_SETTINGS)
TOOLS_COMMENT = "# mage connect: mage's skills and subagent for Claude Code, personal like the settings file"
# rules that ignore the file when there is no git to ask
_COVERING = {LOCAL_SETTINGS, "/" + LOCAL_SETTINGS, "settings.local.json", "*.local.json", ".claude", ".claude/",
             "/.claude", "/.claude/", ".claude/*", "/.claude/*"}


def gitignore_path(kb: KB):
    return kb.root / ".gitignore"


def is_ignored(kb: KB, path: str = LOCAL_SETTINGS) -> bool:
    """True when git (or, without git, the project's .gitignore) ignores `path`."""
    try:
        done = subprocess.run(["git", "-C", str(kb.root), "check-ignore", "-q", "--no-index", "--", path],
                              capture_output=True, timeout=10)
        if done.returncode in (0, 1):
            return done.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        pass
    covering = _COVERING if path == LOCAL_SETTINGS else {path, "/" + path, ".claude", ".claude/", "/.claude/"}
    return bool(covering & {line.strip() for line in _text(kb).splitlines()})


def with_mage_lines(text: str, block=LINES) -> str:
    """`text` with mage's lines appended (after a newline if the file lacks a final one)."""
    newline = "\r\n" if "\r\n" in text else "\n"
    prefix = text if not text or text.endswith("\n") else text + newline
    return prefix + newline.join(block) + newline


def without_mage_lines(text: str, block=LINES) -> str | None:
    """`text` with mage's lines removed, or None when they are not there as mage wrote them."""
    lines, size = text.splitlines(keepends=True), len(block)
    for i in range(len(lines) - size + 1):
        if [line.rstrip("\r\n") for line in lines[i:i + size]] == list(block):
            return "".join(lines[:i] + lines[i + size:])
    return None


def plan_ignore(kb: KB, plan, change, state: dict) -> None:
    """Add mage's two lines to the transaction `plan`, unless something ignores the file already."""
    if is_ignored(kb):
        return
    plan.write(gitignore_path(kb), with_mage_lines(_text(kb, plan)))
    state["gitignore"] = list(LINES)  # what disconnect takes out again, as written now
    change.did(f"added {LOCAL_SETTINGS} to .gitignore (it holds this machine's paths; "
               "mage's two lines, removed by disconnect)")


def plan_unignore(kb: KB, plan, change, added, kept: bool) -> None:
    """Remove the lines connect recorded adding, exactly as written (a hand-edited block is left alone).

    `added` is the recorded list (True in records older than it: the lines of
    this version); `kept` says the settings file stays, so the user hears it is
    no longer ignored, as before connect.
    """
    block = tuple(added) if isinstance(added, list) else LINES
    rest = without_mage_lines(_text(kb, plan), block)
    if rest is not None:
        plan.write(gitignore_path(kb), rest)
        change.did(f"removed mage's {LOCAL_SETTINGS} lines from .gitignore"
                   + (f" ({LOCAL_SETTINGS} stays, not ignored, as before connect)" if kept else ""))


def plan_tools(kb: KB, plan, change, state: dict, paths: list) -> None:
    """Ignore the personal tools `paths` in mage's block; `[]` removes the block (the lines kept in `state`)."""
    old = state.pop("gitignore_tools", None)
    wanted = [path for path in sorted(paths) if not is_ignored(kb, path)] if old is None else sorted(paths)
    block = [TOOLS_COMMENT, *wanted] if wanted else None
    if old == block:
        state["gitignore_tools"] = old
        return
    text = _text(kb, plan)
    rest = without_mage_lines(text, old) if old else text
    if rest is None:  # the person edited mage's block: theirs now
        rest = text
    if block:
        rest, state["gitignore_tools"] = with_mage_lines(rest, block), block
    if rest != text:
        plan.write(gitignore_path(kb), rest)
        change.did("git-ignores mage's personal skills and subagent in .gitignore" if block
                   else "removed mage's skill and subagent lines from .gitignore")


def _text(kb: KB, plan=None) -> str:
    if plan is not None and ".gitignore" in plan.writes:
        return plan.writes[".gitignore"]
    try:
        return gitignore_path(kb).read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return ""
