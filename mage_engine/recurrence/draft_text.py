"""A recurrence draft a person would keep: the situation as its title, in words (draft_titles.py),
then the summary, the evidence (chapters, dates, up to three scrubbed examples) and the
procedure that was observed to work (docs/recurrence.md#promote-and-the-dial). A fix or retry whose step could destroy
something (capture/hazards.py) says so first, in a warning above everything else."""

import re

from mage_engine.recurrence.draft_titles import danger, title_for  # noqa: F401  (title_for: for callers)

FAMILY_KIND = {"fix": ("procedure", "tools"), "retry": ("procedure", "tools"), "correction": ("preference", "workflow"),
               "procedure": ("procedure", "workflow")}
def body_for(tally: dict) -> str:
    """Warning (if any), summary paragraph, Evidence, Procedure."""
    sections = [_summary(tally), _evidence(tally)]
    if tally["family"] != "lesson":
        sections.append(_procedure(tally))
    warning = danger(tally)
    if warning:
        sections.insert(0, f"**WARNING: a destructive step.** {warning}. It made the command pass, but repeating it "
                           "blindly can lose data: check what it would remove first, and prefer a narrower fix.")
    return "\n\n".join(sections) + "\n"


def kind_and_category(tally: dict) -> tuple[str, str]:
    if tally["family"] == "lesson":
        return tally["parts"].get("kind", "fact"), tally["parts"].get("category", "projects")
    return FAMILY_KIND[tally["family"]]


def tags_for(tally: dict) -> list[str]:
    """`recurrence`, the family, and the program involved (`pytest`, `npm`)."""
    parts = tally["parts"]
    program = (parts.get("head") or parts.get("overruled") or parts.get("routine") or "").split(" ")[0]
    tags = ["recurrence", tally["family"]] if tally["family"] != "lesson" else ["requested"]
    if re.fullmatch(r"[a-z][a-z0-9_.-]{1,30}", program):
        tags.append(program)
    return tags


def _span(tally: dict) -> str:
    first, last = tally["first_seen"][:10], tally["last_seen"][:10]
    return f"on {first}" if first == last else f"between {first} and {last}"


def _summary(tally: dict) -> str:
    parts, n = tally["parts"], tally["chapter_count"]
    example = tally["examples"][-1] if tally["examples"] else {}
    seen = f"in {n} chapter{'s' if n != 1 else ''} ({tally['count']} times, {_span(tally)})"
    family = tally["family"]
    if family == "lesson":
        return f"{example.get('prompt') or parts['request']}\n\nThe user asked for this to be kept {seen}."
    if family == "procedure":
        return (f"`{_cut(example.get('command') or parts['routine'])}` was run, and worked, {seen}: a routine of "
                "this project.")
    if family == "fix":
        return (f"`{_cut(example.get('command', parts['head']))}` failed with `{parts['error']}` {seen}; each time "
                f"`{parts['fix']}` made the same command succeed.")
    if family == "retry":
        return (f"`{_cut(example.get('command', parts['head']))}` failed with `{parts['error']}` {seen} and passed "
                f"when re-run {parts['change']}.")
    return (f"Right after the agent ran `{parts['overruled']}`, the user overruled it {seen} and asked to "
            f"{parts['wanted']}.")


def _evidence(tally: dict) -> str:
    chapters = ", ".join(f"`{cid}`" for cid in tally["chapters"][:8])
    more = f" and {len(tally['chapters']) - 8} more" if len(tally["chapters"]) > 8 else ""
    lines = ["## Evidence", "", f"- Signature: `{tally['signature']}`",
             f"- Chapters ({tally['chapter_count']}): {chapters}{more}",
             f"- Seen {tally['count']} times, first {tally['first_seen'][:10]}, last {tally['last_seen'][:10]}"]
    if tally["family"] == "lesson":
        return "\n".join(lines)
    lines.append("- Examples:")
    lines += [f"  {n}. {_example_line(tally['family'], example)}" for n, example in enumerate(tally["examples"], 1)]
    return "\n".join(lines)


def _example_line(family: str, example: dict) -> str:
    where = f"{example['at'][:10]}, chapter `{example['chapter']}`"
    if family == "correction":
        then = f"; next the agent ran `{_cut(example['then'])}`" if example.get("then") else ""
        return f"{where}: after `{_cut(example['action'])}` the user said \"{_cut(example['prompt'], 200)}\"{then}"
    if family == "procedure":
        then = "; then " + ", ".join(f"`{_cut(step)}`" for step in example.get("then") or []) \
            if example.get("then") else ""
        return f"{where}: `{_cut(example['command'])}`{then}"
    fixes = "; ".join(f"`{_cut(step)}`" for step in example.get("fix") or [])
    fixed = f"; then {fixes}" if fixes else ""
    return (f"{where}: `{_cut(example['command'])}` failed: `{_cut(example['error'])}`{fixed}; "
            f"then `{_cut(example['then'])}` passed")


def _procedure(tally: dict) -> str:
    parts, example = tally["parts"], (tally["examples"][-1] if tally["examples"] else {})
    family = tally["family"]
    if family == "fix":
        steps = _fix_steps(tally["fix_steps"][0]["steps"], example.get("fix") or [])
        steps.append(f"Run `{_cut(example.get('then') or parts['head'])}` again.")
    elif family == "retry":
        steps = [f"Re-run `{_cut(example.get('command') or parts['head'])}` {parts['change']}: "
                 f"`{_cut(example.get('then', ''))}`."]
    elif family == "procedure":
        steps = [f"`{_cut(example.get('command') or parts['routine'])}`"]
        steps += [f"then, usually: `{_cut(step)}`" for step in (example.get("then") or [])]
    else:
        steps = [f"Instead of `{parts['overruled']}`: {parts['wanted']}."]
        if example.get("then"):
            steps.append(f"As the agent did once corrected: `{_cut(example['then'])}`.")
    lines = ["## Procedure", ""] + [f"{n}. {step}" for n, step in enumerate(steps, 1)]
    others = [" → ".join(seen["steps"]) for seen in tally["fix_steps"][1:3]] if family == "fix" else []
    if others:
        lines += ["", "Also seen: " + "; ".join(f"`{other}`" for other in others)]
    return "\n".join(lines)


def _fix_steps(shapes: list, raw: list) -> list:
    """The normalised steps, or the example's own when placeholders would leave a gap (or an edit
    names only its file)."""
    if raw and any("<" in shape or shape.startswith("edit ") for shape in shapes):
        return [_raw_step(step) for step in raw]
    return [f"`{shape}`" for shape in shapes]


def _raw_step(step: str) -> str:
    for tool in ("Edit ", "Write ", "MultiEdit "):
        if step.startswith(tool):
            return f"Edit `{_cut(step[len(tool):])}`"
    return f"`{_cut(step)}` (as seen; adapt the names)"


def _cut(text: str, limit: int = 120) -> str:
    text = " ".join(str(text or "").split()).replace("`", "'")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def recall_query(tally: dict) -> str:
    """Words that describe the situation, for the covered-by-recall check."""
    from mage_engine.recurrence.signatures import strip_placeholders

    return strip_placeholders(" ".join(str(value) for value in tally["parts"].values()))
