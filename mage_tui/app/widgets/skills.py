"""The Skills pane: generated and hand-written skills, trigger, evidence, optimize suggestions."""

from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.reactive import reactive
from textual.widgets import Markdown, Static

from mage_tui.app import messages as m
from mage_tui.app.widgets.list_table import Col, ListTable, cell, list_guess
from mage_tui.app.widgets.pane import DetailScroll, Pane

EMPTY = ("No skills yet. A procedure note graduates into mage/skills/<name>/SKILL.md once it proves itself "
         "in enough chapters (`mage graduate`); skills you write by hand there are listed too.")
COLUMNS = (Col("name", "skill"), Col("by", "by", 4), Col("trigger", "trigger", 0, needs=56))
# How the metadata mage writes into a generated skill reads in its detail
EVIDENCE_LABELS = {"from_note": "from note", "graduated": "graduated", "chapters": "chapters",
                   "trigger_history": "triggers", "loads": "loads"}
NO_OPTIMIZE = ("No optimize suggestions. `mage optimize` proposes a sharper trigger (or demotion) for a "
               "generated skill after 5 loads; they show here as before/after once the recurrence path "
               "is installed.")


class SkillsPane(Pane):
    """Skills on the left; the highlighted skill's trigger, evidence and suggestion on the right."""

    SECTION = "skills"
    TABLE_ID = "skills-table"
    DETAIL_ID = "skill-side"
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
        with Horizontal(classes="pane-body"):
            with Vertical(classes="list-column"):
                yield ListTable(COLUMNS, guess_width=list_guess(self.app.size.width), id="skills-table")
                yield Static(EMPTY, id="skills-empty", classes="empty-state")
            with DetailScroll(classes="side-column", id="skill-side"):
                yield Static(id="skill-head", classes="doc-head")
                yield Static(id="skill-suggestion", classes="suggestion")
                yield Markdown(id="skill-body", classes="doc-body")

    def on_mount(self) -> None:
        self.table.loading = True

    def watch_skills(self, skills: list) -> None:
        self._fill()

    def on_list_table_refit(self, event: ListTable.Refit) -> None:
        event.stop()
        self._fill()

    def _fill(self) -> None:
        table, skills = self.table, self.skills
        table.loading = False
        keep = self.current_key()
        table.clear()
        for skill in skills:
            table.add_cells(skill["name"], {"name": cell(skill["name"]),
                                            "by": cell("mage" if skill["generated"] else "hand"),
                                            "trigger": cell(skill["description"])})
        names = [skill["name"] for skill in skills]
        if keep in names:
            table.move_cursor(row=names.index(keep), animate=False)
        table.display = bool(skills)
        self.query_one("#skills-empty").display = not skills
        self._show(self.current_key())

    def watch_suggestions(self, suggestions) -> None:
        self._show(self.current_key())

    def on_data_table_row_highlighted(self, event: ListTable.RowHighlighted) -> None:
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
             Content.styled(f"{'trigger':<10} ", "$text-muted"), Content.styled(skill["description"] or "—", "$text"),
             Content("\n")]
    evidence = [(k, v) for k, v in meta.items() if k != "generated_by"]
    for key, value in evidence:
        shown = ", ".join(map(str, value)) if isinstance(value, list) else str(value)
        label = EVIDENCE_LABELS.get(key, key.replace("_", " "))
        parts += [Content.styled(f"{label:<10} ", "$text-muted"), Content.styled(shown, "$text-secondary"),
                  Content("\n")]
    if not evidence and not skill["generated"]:
        parts.append(Content.styled(f"{'evidence':<10} none recorded: a person wrote this skill\n", "$text-muted"))
    if skill.get("problem"):
        parts.append(Content.styled(f"{'problem':<10} {skill['problem']}\n", "$text-error"))
    return Content.assemble(*parts)
