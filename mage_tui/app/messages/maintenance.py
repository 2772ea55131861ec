"""The Maintenance pane's request and report messages (kept apart from messages.py: one pane's own)."""

from dataclasses import dataclass

from textual.message import Message

from mage_tui.app.messages import Request


@dataclass
class ActOnProposal(Request):
    """Merge, retire, apply or dismiss this maintenance proposal."""

    proposal: dict
    verb: str


@dataclass
class ProposalsLoaded(Message):
    """What `mage maintain` proposes now (Proposal.to_json dicts)."""

    proposals: list
