"""Connect and disconnect refuse a project whose host files go through a symbolic link.

A cloned repository can commit `.claude -> /home/you/.config/something` or
`AGENTS.md -> ../elsewhere`: connect would then create or rewrite files
outside the project (settings, the hook script, .gitignore lines) while
believing it edits the project's own. So before anything is read or planned,
each path a host's connect or disconnect may write is checked one folder at a
time from the project folder: a link anywhere on the way stops the command with
one line naming it, and nothing is written.
"""

import os

from mage_engine.base.errors import MageError

# What each host's connect and disconnect may create, rewrite or delete, relative to the project.
# A linked folder that holds only mage's tools (.claude/agents, .claude/skills, .agents/skills) is not
# refused here: each tool in it is left alone with a warning (agent_install.py, skills.py).
HOST_PATHS = {
    "claude-code": (".claude/settings.local.json", ".claude/settings.json", ".claude/hooks/mage-hook", ".gitignore"),
    "generic": ("AGENTS.md", ".agents"),
}


class LinkedHostPath(MageError):
    """A path connect would write through is a symbolic link."""


def refuse_linked_paths(kb, host: str) -> None:
    """Raise LinkedHostPath when any path `host` writes, or a folder on its way, is a symbolic link."""
    for rel in HOST_PATHS.get(host, ()):
        linked = first_link(str(kb.root), rel)
        if linked:
            raise LinkedHostPath(f"{linked} is a symbolic link, so mage will not write through it "
                                 f"(it points outside the project's own files); nothing was changed",
                                 f"replace {linked} with a real file or folder, then run the command again")


def first_link(root: str, rel: str) -> str | None:
    """The first part of `rel` under `root` that is a symbolic link (relative, as the person names it), or None."""
    parts = rel.split("/")
    for depth in range(1, len(parts) + 1):
        here = "/".join(parts[:depth])
        if os.path.islink(os.path.join(root, here)):
            return here
    return None
