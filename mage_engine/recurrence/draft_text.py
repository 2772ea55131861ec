"""A recurrence draft a person would keep: the situation as its title, in words, then the
summary, the evidence (chapters, dates, up to three scrubbed examples) and the
procedure that was observed to work (SPEC 5.2).

Titles read as sentences ("pytest fails with ModuleNotFoundError (no module named …):
running pip install -e . fixes it"), never as raw command text. A fix or retry
whose step could destroy something (capture/hazards.py) says so first, in the
title and in a warning above everything else."""

import re

FAMILY_KIND = {"fix": ("procedure", "tools"), "retry": ("procedure", "tools"), "correction": ("preference", "workflow"),
               "procedure": ("procedure", "workflow")}
TITLE_CHARS = 150
DANGER_TITLE = "DESTRUCTIVE FIX — "


def title_for(tally: dict) -> str:
    """The situation and its outcome in one line of words."""
    parts, family = tally["parts"], tally["family"]
    if family == "lesson":
        return parts["request"]
    if family == "procedure":
        title = f"Routine: {words(parts['routine'])}, which worked in {tally['chapter_count']} chapters"
    elif family == "fix":
        title = f"{words(parts['head'])} fails with {error_words(parts['error'])}: {_fix_words(parts['fix'])} fixes it"
    elif family == "retry":
        title = f"{words(parts['head'])} fails with {error_words(parts['error'])}: it passes when re-run {parts['change']}"
    elif parts["wanted"].startswith("use "):
        title = f"Use {words(parts['wanted'][4:])}, not {words(parts['overruled'])} (the user's correction)"
    else:
        title = f"{_sentence(words(parts['wanted']))} (the user's correction after {words(parts['overruled'])})"
    if danger(tally):
        title = (DANGER_TITLE if family in ("fix", "retry") else "DESTRUCTIVE STEP — ") + title
    return title if len(title) <= TITLE_CHARS else title[: TITLE_CHARS - 1].rstrip() + "…"


def words(text: str) -> str:
    """A signature part for a sentence: no backticks, placeholders read as an ellipsis or N."""
    text = re.sub(r"<(?:name|value|path|url|id|hash|tmp|arg|file)>", "…", str(text or ""))
    text = text.replace("<n>", "N").replace("<line>", "N").replace("`", "'")
    return " ".join(text.split())


def error_words(error: str) -> str:
    """The error as a title says it: `exit 1: error: no space left on device` reads “no space left on
    device”, a bare `exit 127` reads "exit code 127"."""
    match = re.match(r"^exit (-?\d+)(?:: (.*))?$", error or "")
    text = match.group(2) if match else error
    if match and not text:
        return f"exit code {match.group(1)}"
    text = re.sub(r"^(?:error|fatal|E|ERROR)\s*:\s*", "", words(text))
    return f"“{text}”"


def _fix_words(shape: str) -> str:
    if shape.startswith("edit "):
        return f"editing {words(shape[5:])}"
    return f"running {words(shape)}"


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def danger(tally: dict) -> str:
    """What a fix or retry step of this tally could destroy ('' when nothing)."""
    from mage_engine.capture.hazards import hazard

    if tally["family"] not in ("fix", "retry", "procedure"):
        return ""
    if tally["family"] == "procedure":  # what its Procedure section tells a person to run
        latest = tally["examples"][-1] if tally.get("examples") else {}
        texts = [latest.get("command") or ""] + list(latest.get("then") or [])
    else:
        texts = [step for seen in tally.get("fix_steps", []) for step in seen["steps"]]
        for example in tally.get("examples", []):
            texts += list(example.get("fix") or []) + [example.get("then") or ""]
    for text in texts:
        reason = hazard(text)
        if reason:
            return f"`{_cut(text, 80)}` {reason}"
    return ""


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
