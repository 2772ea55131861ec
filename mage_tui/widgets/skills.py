"""The Skills pane: generated and hand-written skills, trigger, evidence, optimize suggestions."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import DataTable, Markdown, Static

from mage_tui import messages as m
from mage_tui.format import clip
from mage_tui.widgets.pane import Pane

EMPTY = ("No skills yet. A procedure note graduates into mage/skills/<name>/SKILL.md once it proves itself "
         "in enough chapters (`mage graduate`); skills you write by hand there are listed too.")
NO_OPTIMIZE = ("No optimize suggestions. `mage optimize` proposes a sharper trigger (or demotion) for a "
               "generated skill after 5 loads; they show here as before/after once the recurrence path "
               "is installed.")


class SkillsPane(Pane):
    """Skills on the left; the highlighted skill's trigger, evidence and suggestion on the right."""

    SECTION = "skills"
    TABLE_ID = "skills-table"
    BINDINGS = [
        Binding("a", "apply_suggestion", "apply", tooltip="Apply the optimize suggestion (before → after)",
                id="skills.apply"),
        Binding("r", "dismiss_suggestion", "dismiss", tooltip="Dismiss the optimize suggestion",
                id="skills.dismiss"),
        Binding("e", "edit_skill", "edit", tooltip="Open SKILL.md in $EDITOR", id="skills.edit"),
    ]

    skills: reactive[list] = reactive(list, always_update=True, init=False)
    """Every skill (pushed by the screen)."""
    suggestions: reactive[list | None] = reactive(None, always_update=True, init=False)
    """Optimize suggestions; None until the engine can make them."""

    def compose(self):
        with Horizontal():
            with Vertical(classes="list-column"):
                yield DataTable(id="skills-table", cursor_type="row")
                yield Static(EMPTY, id="skills-empty", classes="empty-state")
            with VerticalScroll(classes="side-column", can_focus=False):
                yield Static(id="skill-head", classes="doc-head")
                yield Static(id="skill-suggestion", classes="suggestion")
                yield Markdown(id="skill-body", classes="doc-body")

    def on_mount(self) -> None:
        table = self.query_one("#skills-table", DataTable)
        for label, key, width in (("skill", "name", 26), ("by", "by", 5), ("trigger", "trigger", 24)):
            table.add_column(label, key=key, width=width)
        table.loading = True

    def watch_skills(self, skills: list) -> None:
        table = self.query_one("#skills-table", DataTable)
        table.loading = False
        table.clear()
        for skill in skills:
            table.add_row(skill["name"], "mage" if skill["generated"] else "hand",
                          clip(skill["description"], 24), key=skill["name"])
        table.display = bool(skills)
        self.query_one("#skills-empty").display = not skills
        self._show(self.current_key())

    def watch_suggestions(self, suggestions) -> None:
        self._show(self.current_key())

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        self._show(event.row_key.value if event.row_key else None)

    def _skill(self, name):
        return next((s for s in self.skills if s["name"] == name), None)

    def _suggestion(self, name):
        return next((s for s in self.suggestions or [] if s.get("skill") == name), None)

    def _show(self, name) -> None:
        skill = self._skill(name)
        self.query_one("#skill-head", Static).update(skill_head(skill) if skill else "")
        self.app.activity.track(self.query_one("#skill-body", Markdown).update(skill["body"] if skill else ""),
                                "markdown")
        self.query_one("#skill-suggestion", Static).update(self._suggestion_text(name))
        self.screen.refresh_bindings()

    def _suggestion_text(self, name) -> Content:
        suggestion = self._suggestion(name)
        if suggestion is None:
            text = NO_OPTIMIZE if self.suggestions is None else "No optimize suggestion for this skill."
            return Content.styled(text, "$text-muted")
        return suggestion_text(suggestion)

    def action_apply_suggestion(self) -> None:
        self.request(m.ActOnSuggestion("apply", self._suggestion(self.current_key())))

    def action_dismiss_suggestion(self) -> None:
        self.request(m.ActOnSuggestion("dismiss", self._suggestion(self.current_key())))

    def action_edit_skill(self) -> None:
        self.request(m.EditFile("skill", self.current_key()))

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("apply_suggestion", "dismiss_suggestion"):
            return self._suggestion(self.current_key()) is not None
        if action == "edit_skill":
            return self.current_key() is not None
        return super().check_action(action, parameters)


def suggestion_text(proposal: dict) -> Content:
    """An optimize proposal as before/after, with the reason and the load evidence."""
    after = proposal.get("after") or {}
    after_text = after.get("description") or f"demote: the skill goes back to being the note {after.get('note')}"
    evidence = proposal.get("evidence") or {}
    return Content.assemble(
        Content.styled(f"optimize: {proposal.get('action')}", "bold $text-warning"),
        Content.styled("   a apply · r dismiss\n", "$text-muted"),
        Content.styled("before  ", "$text-muted"),
        Content.styled(str((proposal.get("before") or {}).get("description", "")), "on $error-muted"),
        Content("\n"), Content.styled("after   ", "$text-muted"), Content.styled(after_text, "on $success-muted"),
        Content("\n"), Content.styled(f"why     {proposal.get('reason', '')}: matched {evidence.get('matched', '?')} "
                                       f"of {evidence.get('loads', '?')} loads", "$text-muted"))


def skill_head(skill: dict) -> Content:
    """Name, who wrote it, the trigger, and the evidence from its metadata."""
    meta = skill.get("metadata") or {}
    origin = "generated by mage" if skill["generated"] else "hand-written (listed, never reworded)"
    parts = [Content.styled(skill["name"], "bold $text"), Content.styled(f"   {origin}\n", "$text-muted"),
             Content.styled("trigger  ", "$text-muted"), Content.styled(skill["description"] or "—", "$text"),
             Content("\n")]
    evidence = [(k, v) for k, v in meta.items() if k != "generated_by"]
    for key, value in evidence:
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        parts += [Content.styled(f"{key:<9}", "$text-muted"), Content.styled(shown, "$text-secondary"),
                  Content("\n")]
    if not evidence and not skill["generated"]:
        parts.append(Content.styled("evidence none recorded: a person wrote this skill\n", "$text-muted"))
    if skill.get("problem"):
        parts.append(Content.styled(f"problem  {skill['problem']}\n", "$text-error"))
    return Content.assemble(*parts)
