"""A recurrence draft a person would keep: the situation as its title, then the
summary, the evidence (chapters, dates, up to three scrubbed examples) and the
procedure that was observed to work (SPEC 5.2)."""

import re

FAMILY_KIND = {"fix": ("procedure", "tools"), "retry": ("procedure", "tools"), "correction": ("preference", "workflow")}


def title_for(tally: dict) -> str:
    """The situation and its outcome in one line."""
    parts, family = tally["parts"], tally["family"]
    if family == "fix":
        return f"`{parts['error']}` under `{parts['head']}`: fixed by `{parts['fix']}`"
    if family == "retry":
        return f"`{parts['head']}` failing with `{parts['error']}`: passes when re-run {parts['change']}"
    wanted = parts["wanted"]
    if wanted.startswith("use "):
        return f"Use {wanted[4:]}, not `{parts['overruled']}` (the user's correction)"
    return f"After `{parts['overruled']}`, the user says: {wanted}"


def body_for(tally: dict) -> str:
    """Summary paragraph, Evidence, Procedure."""
    return "\n\n".join([_summary(tally), _evidence(tally), _procedure(tally)]) + "\n"


def kind_and_category(tally: dict) -> tuple[str, str]:
    return FAMILY_KIND[tally["family"]]


def tags_for(tally: dict) -> list[str]:
    """`recurrence`, the family, and the program involved (`pytest`, `npm`)."""
    parts = tally["parts"]
    program = (parts.get("head") or parts.get("overruled") or "").split(" ")[0]
    tags = ["recurrence", tally["family"]]
    if re.fullmatch(r"[a-z][a-z0-9_.-]{1,30}", program):
        tags.append(program)
    return tags


def _span(tally: dict) -> str:
    first, last = tally["first_seen"][:10], tally["last_seen"][:10]
    return f"on {first}" if first == last else f"between {first} and {last}"


def _summary(tally: dict) -> str:
    parts, n = tally["parts"], tally["chapter_count"]
    example = tally["examples"][-1] if tally["examples"] else {}
    seen = f"in {n} chapters ({tally['count']} times, {_span(tally)})"
    if tally["family"] == "fix":
        return (f"`{example.get('command', parts['head'])}` failed with `{parts['error']}` {seen}; each time "
                f"`{parts['fix']}` made the same command succeed.")
    if tally["family"] == "retry":
        return (f"`{example.get('command', parts['head'])}` failed with `{parts['error']}` {seen} and passed "
                f"when re-run {parts['change']}.")
    return (f"Right after the agent ran `{parts['overruled']}`, the user overruled it {seen} and asked to "
            f"{parts['wanted']}.")


def _evidence(tally: dict) -> str:
    chapters = ", ".join(f"`{cid}`" for cid in tally["chapters"][:8])
    more = f" and {len(tally['chapters']) - 8} more" if len(tally["chapters"]) > 8 else ""
    lines = ["## Evidence", "", f"- Signature: `{tally['signature']}`",
             f"- Chapters ({tally['chapter_count']}): {chapters}{more}",
             f"- Seen {tally['count']} times, first {tally['first_seen'][:10]}, last {tally['last_seen'][:10]}",
             "- Examples:"]
    lines += [f"  {n}. {_example_line(tally['family'], example)}" for n, example in enumerate(tally["examples"], 1)]
    return "\n".join(lines)


def _example_line(family: str, example: dict) -> str:
    where = f"{example['at'][:10]}, chapter `{example['chapter']}`"
    if family == "correction":
        then = f"; next the agent ran `{_cut(example['then'])}`" if example.get("then") else ""
        return f"{where}: after `{_cut(example['action'])}` the user said \"{_cut(example['prompt'], 200)}\"{then}"
    fixes = "; ".join(f"`{_cut(step)}`" for step in example.get("fix") or [])
    fixed = f"; then {fixes}" if fixes else ""
    return (f"{where}: `{_cut(example['command'])}` failed: `{_cut(example['error'])}`{fixed}; "
            f"then `{_cut(example['then'])}` passed")


def _procedure(tally: dict) -> str:
    parts, example = tally["parts"], (tally["examples"][-1] if tally["examples"] else {})
    if tally["family"] == "fix":
        steps = _fix_steps(tally["fix_steps"][0]["steps"], example.get("fix") or [])
        steps.append(f"Run `{_cut(example.get('then') or parts['head'])}` again.")
    elif tally["family"] == "retry":
        steps = [f"Re-run `{_cut(example.get('command') or parts['head'])}` {parts['change']}: "
                 f"`{_cut(example.get('then', ''))}`."]
    else:
        steps = [f"Instead of `{parts['overruled']}`: {parts['wanted']}."]
        if example.get("then"):
            steps.append(f"As the agent did once corrected: `{_cut(example['then'])}`.")
    lines = ["## Procedure", ""] + [f"{n}. {step}" for n, step in enumerate(steps, 1)]
    others = [" → ".join(seen["steps"]) for seen in tally["fix_steps"][1:3]] if tally["family"] == "fix" else []
    if others:
        lines += ["", "Also seen: " + "; ".join(f"`{other}`" for other in others)]
    return "\n".join(lines)


def _fix_steps(shapes: list, raw: list) -> list:
    """The normalised steps, or the example's own when placeholders would leave a gap."""
    if raw and any("<" in shape for shape in shapes):
        return [f"`{_cut(step)}` (as seen; adapt the names)" for step in raw]
    return [f"`{shape}`" for shape in shapes]


def _cut(text: str, limit: int = 120) -> str:
    text = " ".join(str(text or "").split()).replace("`", "'")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def recall_query(tally: dict) -> str:
    """Words that describe the situation, for the covered-by-recall check."""
    from mage_engine.recurrence.signatures import strip_placeholders

    return strip_placeholders(" ".join(str(value) for value in tally["parts"].values()))
