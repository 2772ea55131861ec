"""The Maintenance pane's loads and actions, mixed into MainScreen.

Proposals are read in a thread worker (mage_engine.maintain.review, at the
app's clock, so a fixed-clock demo always proposes the same); every action
runs through the screen's grooming worker (`start_groom`), so it is logged
with its git command like an accept, and the panes reload after it.
"""

from mage_tui.activity import in_thread
from mage_tui.app.messages.maintenance import ActOnProposal, ProposalsLoaded


class MaintenanceFlow:
    """Loader and request handler for the Maintenance pane."""

    def loaders(self) -> dict:
        return {**super().loaders(), "maintenance": self.load_maintenance}

    @in_thread("maintenance")
    def load_maintenance(self) -> ProposalsLoaded:
        from mage_engine.maintain.review import proposals

        today = self.service.clock().date()
        return ProposalsLoaded([p.to_json() for p in proposals(self.service.kb, today=today)])

    def on_proposals_loaded(self, message: ProposalsLoaded) -> None:
        if (pane := self.pane("maintenance")) is not None:
            pane.proposals = message.proposals
            self.pane_filled("maintenance")

    def on_act_on_proposal(self, message: ActOnProposal) -> None:
        proposal, verb = message.proposal, message.verb
        label = {"merge": "merging notes", "retire": "retiring", "dismiss": "dismissing"}.get(verb, "applying")
        self.start_groom(label, [], _act, self.service.kb, proposal, verb, self.service.actor,
                         self.service.clock().date())

    def on_groom_finished(self, message) -> None:
        """After any groom (here or in another pane) the proposals may have changed: read them again."""
        if self.pane("maintenance") is not None:
            self.load_maintenance()


def _act(kb, proposal: dict, verb: str, actor: str, today) -> dict:
    """Run one decision and shape its result like a groom's (action, done, written, git command)."""
    from mage_engine.maintain import review

    if verb == "dismiss":
        from mage_engine.maintain.dismissed import dismiss

        result = dismiss(kb, [proposal["key"]], actor=actor)
        return {**result, "action": "dismiss", "done": [{"draft": proposal["key"], "note": None}]}
    from mage_engine.maintain.apply import apply

    live = review.find(kb, proposal["key"], today=today)
    result = apply(kb, live, actor)
    done = [{"draft": result.get("from") or result.get("id") or proposal["key"], "note": result.get("into")}]
    return {**result, "done": done}
