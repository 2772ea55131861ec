"""The top bar's words, longest first: the widest that fits the terminal is shown, never cut mid-word.

Left: the KB, who acts and the dials ("acting as person · autonomy operator ·
sensitivity normal (K 3 · M 5)", shortening to "person · operator · normal
K3/M5" and less); right: the counts, or what a worker is busy with.
"""

from textual.content import Content

BUSY = "⟳"


def top_bar(kb_name: str, dials, busy: str, drafts: int, notes: int, width: int) -> tuple[Content, Content]:
    """(left, right) for a bar `width` cells wide."""
    rights = _rights(busy, drafts, notes)
    for left in _lefts(kb_name, dials):
        for right in rights:
            if left.cell_length + right.cell_length <= width:
                return left, right
    return _lefts(kb_name, dials)[-1], rights[-1]


def _lefts(kb_name: str, dials) -> list[Content]:
    mage = Content.styled(" mage ", "bold reverse $accent")
    name = Content.styled(f"  {kb_name}", "bold $text")
    if dials is None:
        return [Content.assemble(mage, name), mage]
    d, muted, value = dials, "$text-muted", "$text"
    actor = Content.styled(d.actor, "bold $text-warning")
    full = Content.assemble(mage, name, Content.styled("   acting as ", muted), actor,
                            Content.styled("   autonomy ", muted), Content.styled(d.autonomy, value),
                            Content.styled("   sensitivity ", muted),
                            Content.styled(f"{d.sensitivity} (K {d.k} · M {d.m})", value))
    short = Content.assemble(mage, name, Content.styled("  ", muted), actor, Content.styled(" · ", muted),
                             Content.styled(d.autonomy, value), Content.styled(" · ", muted),
                             Content.styled(f"{d.sensitivity} K{d.k}/M{d.m}", value))
    shorter = Content.assemble(mage, Content.styled(" ", muted), actor, Content.styled(" · ", muted),
                               Content.styled(d.autonomy, value), Content.styled(" · ", muted),
                               Content.styled(f"K{d.k}/M{d.m}", value))
    return [full, short, shorter, Content.assemble(mage, Content.styled(" ", muted), actor)]


def _rights(busy: str, drafts: int, notes: int) -> list[Content]:
    if busy:
        return [Content.styled(f"{BUSY} {busy}… ", "$text-warning"), Content.styled(f"{BUSY} ", "$text-warning")]
    return [Content.styled(f"{drafts} draft{'s' if drafts != 1 else ''} · {notes} note{'s' if notes != 1 else ''} ",
                           "$text-muted"),
            Content.styled(f"{drafts}d · {notes}n ", "$text-muted"), Content("")]
