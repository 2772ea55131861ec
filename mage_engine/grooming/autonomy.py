"""Who is acting, and what the autonomy dial lets them do.

mage treats the agent as the actor when MAGE_ACTOR=agent or the host marks
its shell (Claude Code sets CLAUDECODE=1). A person may always groom; the
agent only as far as the KB's `autonomy` allows.
"""

import os

from mage_engine.base.errors import NotPermitted

# action -> autonomy levels at which the *agent* may do it
AGENT_MAY = {
    "stage": ("operator", "approver", "overseer"),
    "propose": ("approver", "overseer"),
    "accept": ("overseer",),
    "reject": ("overseer",),
    "merge": ("overseer",),
    "approve-proposals": ("overseer",),
    "undo": ("overseer",),
    "retire": ("overseer",),
    "dismiss": ("overseer",),
    "set-autonomy": (),
}

PERMITS = {
    "operator": "the agent may only stage drafts; a person accepts, rejects and merges",
    "approver": "the agent may also propose accept/reject with a reason; a person approves proposals as one batch",
    "overseer": "the agent may accept, reject and merge itself; a person reviews the diff before committing",
}


def current_actor(environ=None) -> str:
    """'agent' when the agent's shell runs mage, else 'person'."""
    env = os.environ if environ is None else environ
    if env.get("MAGE_ACTOR", "").strip().lower() == "agent" or env.get("CLAUDECODE") == "1":
        return "agent"
    return "person"


def is_permitted(action: str, autonomy: str, actor: str) -> bool:
    return actor == "person" or autonomy in AGENT_MAY.get(action, ())


def require(action: str, autonomy: str, actor: str | None = None) -> None:
    """Raise NotPermitted with a message saying who may do `action`."""
    actor = actor or current_actor()
    if is_permitted(action, autonomy, actor):
        return
    raise NotPermitted(f"{action} is refused to the agent at autonomy '{autonomy}': {PERMITS.get(autonomy, '')}",
                       _who_may(action))


def _who_may(action: str) -> str:
    levels = AGENT_MAY.get(action, ())
    if action == "set-autonomy":
        return "only a person changes autonomy (`mage dial autonomy …` outside the agent)"
    if action == "approve-proposals":
        return "a person approves proposals with `mage groom --approve-proposals` or `mage groom`"
    if "approver" in levels or action == "propose":
        return "a person may raise autonomy with `mage dial autonomy approver`"
    hint = "stage it with `mage stage`"
    return f"a person grooms with `mage groom`; {hint}" + (
        f", or propose it (`mage groom --propose ID --verdict {action} --reason …`) at autonomy 'approver'"
        if action in ("accept", "reject") else "")
