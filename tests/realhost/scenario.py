"""Scenario logic of the mock model: which reply answers a Messages API request.

A scenario is a dict (every key optional):
    default       reply blocks for a prompt no turn matches
    input_tokens  usage.input_tokens reported (default 1200; ~990000 forces auto-compaction)
    summary       reply to a compaction request ("{n}" = compaction count)
    side          reply text for requests sent without tools
    turns         [{"when": MARKER, "steps": [[blocks], [blocks], …]}, …]  ("reply"/"then"
                  are the first two steps). The first turn whose marker occurs in the
                  prompt's typed text (system-reminders removed) answers; step k answers
                  the k-th request of that prompt; once used up the turn replies plain
                  text, so every tool loop ends.
Blocks: {"text": …}, {"thinking": …}, {"tool_use": {"name": …, "input": {…}}}; strings
may hold {{project}} / {{out}}, replaced by the session's paths.
"""

import re

REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.S)
COMPACTION_CUES = ("create a detailed summary of the conversation", "summary of the conversation so far",
                   "your task is to create a detailed summary")
SUMMARY = ("<analysis>Mock analysis of the conversation.</analysis>\n<summary>MOCK-COMPACT-SUMMARY #{n}: "
           "the user and the assistant worked in this project.</summary>")


def blocks_of(content) -> list:
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return [b for b in content or [] if isinstance(b, dict)] if isinstance(content, list) else []


def text_of(content) -> str:
    return "\n".join(b.get("text", "") for b in blocks_of(content) if b.get("type") == "text")


def typed_text(content) -> str:
    """What the user typed: the message text without <system-reminder> sections."""
    return REMINDER.sub("", text_of(content)).strip()


def last_prompt(messages: list) -> tuple[int, str]:
    """Index and typed text of the newest user message that is a prompt (not tool results)."""
    for index in range(len(messages) - 1, -1, -1):
        message = messages[index]
        if message.get("role") != "user":
            continue
        if any(b.get("type") == "tool_result" for b in blocks_of(message.get("content"))):
            continue
        typed = typed_text(message.get("content"))
        if typed:
            return index, typed
    return -1, ""


def is_compaction(body: dict) -> bool:
    messages = body.get("messages") or []
    if not messages or not isinstance(messages[-1], dict) or messages[-1].get("role") != "user":
        return False
    lowered = text_of(messages[-1].get("content")).lower()
    return any(cue in lowered for cue in COMPACTION_CUES)


def substitute(value, variables: dict):
    if isinstance(value, str):
        for name, replacement in variables.items():
            value = value.replace("{{" + name + "}}", replacement)
        return value
    if isinstance(value, list):
        return [substitute(v, variables) for v in value]
    if isinstance(value, dict):
        return {k: substitute(v, variables) for k, v in value.items()}
    return value


def steps_of(turn: dict) -> list:
    if "steps" in turn:
        return list(turn["steps"])
    return [turn[key] for key in ("reply", "then") if key in turn]


def decide(scenario: dict, body: dict, compactions: int, variables: dict) -> dict:
    """{"kind", "blocks", "input_tokens", …} answering one /v1/messages body."""
    tokens = int(scenario.get("input_tokens", 1200))
    if is_compaction(body):
        text = (scenario.get("summary") or SUMMARY).replace("{n}", str(compactions + 1))
        return {"kind": "compaction", "blocks": [{"text": text}], "input_tokens": tokens}
    if not body.get("tools"):
        return {"kind": "side", "blocks": [{"text": scenario.get("side", "MOCK-SIDE-REPLY")}], "input_tokens": tokens}
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    index, prompt = last_prompt(messages)
    step = sum(1 for m in messages[index + 1:] if m.get("role") == "assistant") if index >= 0 else 0
    for turn in scenario.get("turns", []):
        if index >= 0 and turn["when"] in prompt:
            steps = steps_of(turn)
            blocks = steps[step] if step < len(steps) else [{"text": f"MOCK-TURN-END {turn['when']}."}]
            return {"kind": "turn", "when": turn["when"], "step": step, "blocks": substitute(blocks, variables),
                    "input_tokens": int(turn.get("input_tokens", tokens))}
    blocks = scenario.get("default") or [{"text": "OK. MOCK-DEFAULT-REPLY."}]
    if step:
        blocks = [{"text": "MOCK-TURN-END default."}]
    return {"kind": "default", "step": step, "blocks": substitute(blocks, variables), "input_tokens": tokens}


def api_content(blocks: list, serial: int) -> list:
    """Scenario blocks as Messages API content blocks."""
    content = []
    for position, block in enumerate(blocks):
        if "text" in block:
            content.append({"type": "text", "text": str(block["text"])})
        elif "thinking" in block:
            content.append({"type": "thinking", "thinking": str(block["thinking"]), "signature": "mock"})
        elif "tool_use" in block:
            use = block["tool_use"]
            content.append({"type": "tool_use", "id": use.get("id") or f"toolu_mock{serial:04d}x{position}",
                            "name": use["name"], "input": use.get("input") or {}})
        else:
            raise ValueError(f"unknown scenario block {block!r}")
    return content
