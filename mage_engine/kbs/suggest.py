"""Which KB a draft looks like it belongs to: the staging batch's suggestion, the person decides.

A draft that names one of the project's files or folders (`src/api/app.py`,
`migrations/`) is the project's. A preference, or a procedure about a tool
people use in every repository (ripgrep, git, zsh, …) that names no project
file, looks like the person's own habit: personal. Everything else stays with
the project. With no personal KB there is nothing to suggest but the project.
"""

import os
import re

TOOLS = frozenset("""rg ripgrep fd fzf grep sed awk jq yq git gh tig zsh bash fish shell tmux screen vim nvim neovim
emacs vscode editor terminal iterm alacritty kitty brew homebrew apt pipx uv pyenv nvm asdf direnv ssh gpg
dotfiles alias aliases keybinding keybindings prompt starship less curl httpie make""".split())
_PATHLIKE = re.compile(r"(?<![\w/.-])(?:\.{0,2}/)?[\w.-]+(?:/[\w.-]+)+/?|(?<![\w/.-])[\w-]+\.[a-z]{1,5}\b")
_WORD = re.compile(r"[a-z][a-z0-9+-]*")


def suggested_kb(project, title: str, text: str, kind: str, tags, personal_exists: bool) -> tuple:
    """("project" | "personal", why) for a draft staged in `project`: its title, text (body or
    summary), kind and tags."""
    if not personal_exists:
        return "project", "no personal KB"
    named = _project_path(project, f"{title}\n{text}")
    if named:
        return "project", f"names {named}"
    if kind == "preference":
        return "personal", "a preference naming no project file"
    tools = sorted(TOOLS.intersection(_WORD.findall(f"{title} {' '.join(tags or ())}".lower())))
    if tools and kind in ("procedure", "lesson", "pointer"):
        return "personal", f"a tool habit ({tools[0]})"
    return "project", "about this project"


def _project_path(project, text: str):
    """The first path-like word of `text` that exists in the project (never outside it)."""
    root = os.path.realpath(project.top)
    for match in _PATHLIKE.finditer(text[:20_000]):
        word = match.group(0).strip("./") or match.group(0)
        if not word or word.startswith(("mage/", ".mage/")) or ".." in word.split("/"):
            continue
        candidate = os.path.realpath(os.path.join(root, word))
        if candidate.startswith(root + os.sep) and os.path.lexists(candidate):
            return word
    return None
