"""The host agent's own tools: the groom and onboard skills and the keeper subagent.

Each text lives once, in this folder, as package data (`groom.md`,
`onboard.md`, `keeper.md`: the frontmatter without its `name`). Every route
renders it under the name that route needs: `mage connect claude-code` writes
`.claude/skills/mage-groom/SKILL.md` (a project skill's command is its folder's
name), the plugin ships `skills/groom/SKILL.md` (Claude Code lists a plugin's
skill as `mage:groom`), and `mage connect generic` writes
`.agents/skills/mage-groom/SKILL.md` for the agents that read that folder. The
frontmatter's `metadata.managed_by: mage` marks a copy as mage's for a person
reading it; connect knows its own copies by their content, never by that mark
alone. A test fails when the plugin's copies drift from these texts
(regenerate them with `python -m mage_engine.hosts.agent_files`).
"""

import os

from mage_engine.base.plainrecord import PlainRecord

HERE = os.path.dirname(os.path.abspath(__file__))
ROUTES = ("project", "plugin", "generic")


class AgentFile(PlainRecord):
    """One tool: its source text, and its name and path on each route (None: not shipped there)."""

    FIELDS = ("source", "kind", "names", "paths", "follows")

    def __init__(self, source: str, kind: str, names: dict, paths: dict, follows: tuple = ()):
        self.source = source
        self.kind = kind          # "skill" or "agent"
        self.names = names        # route -> the name the host lists it under
        self.paths = paths        # route -> where it is written, relative to the project or plugin root
        self.follows = follows    # `mage` subcommands whose use after a load means the skill was followed

    def text(self, route: str) -> str:
        """The file as written on `route`: the source with its route's `name` first in the frontmatter."""
        with open(os.path.join(HERE, self.source), encoding="utf-8") as handle:
            source = handle.read()
        return "---\nname: " + self.names[route] + "\n" + source.removeprefix("---\n")

    def listed_as(self, route: str) -> str:
        """The name the host shows: a plugin's tools are namespaced by the plugin (`mage:groom`)."""
        return f"mage:{self.names[route]}" if route == "plugin" else self.names[route]


def _skill(source: str, short: str, follows: tuple) -> AgentFile:
    long = f"mage-{short}"
    return AgentFile(source, "skill", {"project": long, "plugin": short, "generic": long},
                     {"project": f".claude/skills/{long}/SKILL.md", "plugin": f"skills/{short}/SKILL.md",
                      "generic": f".agents/skills/{long}/SKILL.md"}, follows)


GROOM = _skill("groom.md", "groom", ("stage", "drafts", "groom"))
ONBOARD = _skill("onboard.md", "onboard", ("doctor",))
KEEPER = AgentFile("keeper.md", "agent", {"project": "mage-keeper", "plugin": "keeper"},
                   {"project": ".claude/agents/mage-keeper.md", "plugin": "agents/keeper.md"})
ALL = (GROOM, ONBOARD, KEEPER)
SKILLS = (GROOM, ONBOARD)


def files_for(route: str) -> list[tuple[str, str]]:
    """(relative path, text) of every tool shipped on `route`, in a stable order."""
    return [(tool.paths[route], tool.text(route)) for tool in ALL if route in tool.paths]


def digest(text: str) -> str:
    """What connect's record keeps of a file it wrote, to know it again."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def write_plugin_copies(root: str) -> list[str]:
    """Write the plugin's copies under `root` (the plugin's root); returns the paths written."""
    from mage_engine.kb.atomic import write_text_atomic

    written = []
    for path, text in files_for("plugin"):
        write_text_atomic(os.path.join(root, path), text)
        written.append(path)
    return written
