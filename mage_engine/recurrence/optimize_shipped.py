"""Optimize for mage's own skills (mage-groom, mage-onboard): evidence and proposals, never edits.

Their loads are the trail's `Skill` tool uses of `mage-groom` (connect's copy,
or `.agents/skills/`) and `mage:groom` (the plugin's). A load was followed when
the work after it ran one of the skill's own commands (`mage stage`, `mage
drafts` or `mage groom` after groom; `mage doctor` after onboard). The
thresholds are those of generated skills (optimize.py). Their text ships with
mage (hosts/agent_files/), so a proposal is evidence for the person and for
mage's developers: `mage optimize` shows it and never applies it, applying
one is refused, and dismissing it works as for any proposal.
"""

import os
import shlex

from mage_engine.hosts.agent_files import SKILLS
from mage_engine.recurrence import matching, trigger_edits


def shipped_loads(chapters: dict) -> list:
    """(tool, its loads oldest first, a followed verdict per load) for each of mage's own skills."""
    found = []
    for tool in SKILLS:
        names = {tool.names["project"], tool.listed_as("plugin")}
        loads = sorted(({**load, "chapter": cid} for cid, chapter in chapters.items()
                        for load in chapter.get("loads", []) if str(load.get("skill", "")).strip() in names),
                       key=lambda load: (load["ts"], load["chapter"]))
        found.append((tool, loads, [followed(load, tool.follows) for load in loads]))
    return found


def followed(load: dict, subcommands: tuple) -> bool:
    """Whether the work after the load ran `mage <one of subcommands>`."""
    return any(_mage_subcommand(line[2:]) in subcommands
               for line in load.get("following", []) if line.startswith("$ "))


def propose_shipped(tool, loads: list, verdicts: list) -> dict | None:
    """A reword proposal for one of mage's own skills (shown, never applied), or None."""
    if len(loads) < trigger_edits.MIN_LOADS:
        return None
    rate = round(sum(verdicts) / len(loads), 3)
    if rate >= trigger_edits.REWORD_BELOW:
        return None
    helped = [load["before"] for load, ok in zip(loads, verdicts) if ok]
    misfired = [load["before"] for load, ok in zip(loads, verdicts) if not ok]
    terms = matching.trigger_terms(helped, misfired)
    description = _description(tool)
    after = trigger_edits.reworded(description, terms) if terms else description
    if after == description:
        return None
    evidence = trigger_edits.load_evidence(loads, verdicts, rate)
    evidence["helped_terms"], evidence["misfire_terms"] = terms, sorted(
        set().union(*(matching.words(text) for text in misfired)) & matching.words(description))
    skill = _Named(tool.names["project"], description)
    proposal = trigger_edits.make_proposal(skill, "reword", after, evidence,
                                         f"match rate {rate} over {len(loads)} loads is under {trigger_edits.REWORD_BELOW}; "
                                         "mage's own skill: mage never rewrites it, this is evidence for you and "
                                         "mage's developers")
    proposal["shipped"] = True
    return proposal


def row(tool, verdicts: list) -> dict:
    """The skill's line in optimize's list (only once it has been loaded)."""
    rate = round(sum(verdicts) / len(verdicts), 3) if verdicts else None
    return {"skill": tool.names["project"], "generated": False, "shipped": True, "loads": len(verdicts),
            "matched": sum(verdicts), "match_rate": rate}


class _Named:
    """What optimize's proposal builder reads from a skill."""

    def __init__(self, name: str, description: str):
        self.name, self.description, self.metadata = name, description, {}


def _description(tool) -> str:
    import yaml

    return " ".join(str(yaml.safe_load(tool.text("project").split("---\n", 2)[1])["description"]).split())


def _mage_subcommand(command: str) -> str:
    """`stage` for `mage stage --title …` (also `~/.local/bin/mage --kb x stage`, after `cd x &&`), else ''."""
    for segment in command.replace("&&", ";").replace("||", ";").replace("|", ";").split(";"):
        try:
            words = shlex.split(segment)
        except ValueError:
            words = segment.split()
        while words and "=" in words[0] and not words[0].startswith("-"):  # VAR=value mage …
            words = words[1:]
        if not words or os.path.basename(words[0]) != "mage":
            continue
        args = iter(words[1:])
        for arg in args:
            if arg == "--kb":
                next(args, None)
            elif not arg.startswith("-"):
                return arg
        return ""
    return ""
