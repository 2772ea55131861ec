"""The Dials pane: sensitivity (and the K/M it implies) and autonomy, each cycled by one key."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Static

from mage_engine.grooming.autonomy import PERMITS
from mage_engine.kb.dials import AUTONOMIES, SENSITIVITIES, THRESHOLDS
from mage_tui.app import messages as m
from mage_tui.app.widgets.pane import Pane

K_MEANS = "K  distinct chapters before a recurring pattern becomes a note candidate"
M_MEANS = "M  distinct chapters before a proven procedure graduates into a skill"


class DialsPane(Pane, can_focus=True):
    """Both dials side by side; the current value of each is marked."""

    SECTION = "dials"
    BINDINGS = [
        Binding("s", "cycle_sensitivity", "sensitivity", tooltip="Cycle sensitivity: low → normal → high",
                id="dials.sensitivity"),
        Binding("o", "cycle_autonomy", "autonomy", tooltip="Cycle autonomy: operator → approver → overseer",
                id="dials.autonomy"),
    ]

    dials = reactive(None, always_update=True, init=False)
    """The dials and the actor (pushed by the screen)."""
    changed: reactive[str | None] = reactive(None)
    """What the last key wrote, e.g. 'sensitivity: high'."""

    def compose(self):
        with Horizontal(id="dial-cards"):
            with Vertical(classes="card", id="card-sensitivity"):
                yield Static(_card_title("Sensitivity", "s"), classes="card-title")
                for name in SENSITIVITIES:
                    k, m_ = THRESHOLDS[name]
                    yield _level_row(f"sensitivity-{name}", name, f"K {k}   M {m_}")
                yield Static(id="dial-now", classes="card-now")
                yield Static(Content.styled(f"{K_MEANS}\n{M_MEANS}", "$text-muted"), classes="card-note")
            with Vertical(classes="card", id="card-autonomy"):
                yield Static(_card_title("Autonomy", "o"), classes="card-title")
                for name in AUTONOMIES:
                    yield _level_row(f"autonomy-{name}", name, PERMITS[name])
                yield Static(Content.styled("At every level nothing is durable until a person runs git commit.",
                                            "$text-muted"), classes="card-note")
        yield Static(id="dial-footnote", classes="footnote")

    def on_mount(self) -> None:
        self.watch_dials(self.dials)  # dials pushed before the rows were built show now

    def watch_dials(self, dials) -> None:
        if dials is None or not self.query(".level"):  # a key pressed before the pane was built
            return
        for dial, names in (("sensitivity", SENSITIVITIES), ("autonomy", AUTONOMIES)):
            for name in names:
                row = self.query_one(f"#{dial}-{name}")
                current = name == getattr(dials, dial)
                row.set_class(current, "-current")
                row.query_one(".level-name", Static).update(("▶ " if current else "  ") + name)
        now = Content.styled(f"now K {dials.k} · M {dials.m}", "bold $text-success")
        if dials.explicit_thresholds:
            now += Content.styled("  (thresholds in config.yaml override the dial)", "$text-warning")
        self.query_one("#dial-now", Static).update(now)
        self.query_one("#dial-footnote", Static).update(footnote(dials, self.changed))

    def watch_changed(self, changed) -> None:
        self.watch_dials(self.dials)

    def action_cycle_sensitivity(self) -> None:
        self.request(m.CycleDial("sensitivity"))

    def action_cycle_autonomy(self) -> None:
        self.request(m.CycleDial("autonomy"))


def _card_title(title: str, key: str) -> Content:
    return Content.assemble(Content.styled(title, "bold $text"), Content.styled(f"   {key} cycles", "$text-muted"))


def _level_row(row_id: str, label: str, detail: str) -> Horizontal:
    """One level: a marker and its name, then what it means; `-current` marks the dial's value."""
    return Horizontal(Static(label, classes="level-name"), Static(detail, classes="level-detail"),
                      id=row_id, classes="level")


def footnote(dials, changed) -> Content:
    """Who acts, and what the last change wrote."""
    who = ("you act as a person: you may always groom" if dials.actor == "person" else
           f"you act as the agent: autonomy '{dials.autonomy}' decides what you may do; "
           "only a person changes autonomy")
    parts = [Content.styled("actor  ", "$text-muted"), Content.styled(who, "$text"),
             Content.styled("   (the agent is the actor when MAGE_ACTOR=agent or CLAUDECODE=1)\n", "$text-muted"),
             Content.styled("file   ", "$text-muted"), Content.styled("mage/config.yaml", "$text-secondary")]
    if changed:
        parts += [Content.styled(f"   wrote {changed}", "bold $text-success")]
    for warning in dials.warnings:
        parts += [Content("\n"), Content.styled(f"warning {warning}", "$text-warning")]
    return Content.assemble(*parts)
