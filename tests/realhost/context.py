"""Did a text reach the model? Search what Claude Code sent to the mock.

Hook context lands either in a role "system" message or in <system-reminder>
text of a user message (it depends on the model), so every part of every
/v1/messages request body is searched: the top-level system prompt, text,
tool results and tool inputs. Assistant messages (the mock's own words) are
skipped unless asked for. Also: the hook context Claude Code recorded in the
transcript (`hook_additional_context` attachments), and the request that
answered a given scenario turn.
"""

import json
import sys
from pathlib import Path


def requests(out: Path) -> list[dict]:
    """Every logged /v1/messages request, oldest first: {"file", "body", "mock_reply"}."""
    found = []
    for path in sorted((Path(out) / "requests").glob("*-v1_messages.json")):
        record = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(record.get("body"), dict):
            found.append({"file": path.name, "body": record["body"], "mock_reply": record.get("mock_reply") or {}})
    return found


def strings_of(body: dict, include_assistant: bool = False):
    """(where, text) for every searchable string in one request body."""
    system = body.get("system")
    for index, block in enumerate(system if isinstance(system, list) else [{"text": system or ""}]):
        yield f"system[{index}]", block.get("text", "") if isinstance(block, dict) else ""
    for index, message in enumerate(body.get("messages") or []):
        role = message.get("role", "?")
        if role == "assistant" and not include_assistant:
            continue
        for label, text in _content_strings(message.get("content")):
            yield f"messages[{index}] ({role}) {label}", text


def _content_strings(content):
    if isinstance(content, str):
        yield "text", content
        return
    for index, block in enumerate(content or []):
        kind = block.get("type")
        if kind == "text":
            yield f"[{index}] text", block.get("text", "")
        elif kind == "tool_result":
            inner = block.get("content")
            parts = [inner] if isinstance(inner, str) else [b.get("text", "") for b in inner or [] if isinstance(b, dict)]
            for part in parts:
                yield f"[{index}] tool_result", part
        elif kind == "tool_use":
            yield f"[{index}] tool_use", json.dumps(block.get("input"), ensure_ascii=False)


def hits(out: Path, text: str, include_assistant: bool = False) -> list[str]:
    """One line per occurrence: request file, where, and a snippet around it."""
    found = []
    for request in requests(out):
        for where, haystack in strings_of(request["body"], include_assistant):
            start = haystack.find(text)
            while start >= 0:
                snippet = haystack[max(0, start - 60): start + len(text) + 60].replace("\n", "\\n")
                found.append(f"{request['file']}  {where}: …{snippet}…")
                start = haystack.find(text, start + 1)
    return found


def reached(out: Path, text: str) -> bool:
    """True if `text` was in anything Claude Code sent to the model."""
    return bool(hits(out, text))


def hook_contexts(transcript: list[dict], event: str) -> list[tuple[int, str]]:
    """(line number, text) of each additional context the host recorded for `event`."""
    found = []
    for number, line in enumerate(transcript):
        attachment = line.get("attachment") if line.get("type") == "attachment" else None
        if isinstance(attachment, dict) and attachment.get("type") == "hook_additional_context" \
                and attachment.get("hookEvent") == event:
            content = attachment.get("content")
            found.append((number, "\n".join(content) if isinstance(content, list) else str(content)))
    return found


def compact_boundaries(transcript: list[dict]) -> list[int]:
    return [n for n, line in enumerate(transcript) if line.get("subtype") == "compact_boundary"]


def answering(out: Path, marker: str, step: int = 0) -> dict:
    """The request body the mock answered with step `step` of the turn `marker`."""
    for request in requests(out):
        reply = request["mock_reply"]
        if reply.get("when") == marker and reply.get("step") == step:
            return request["body"]
    raise LookupError(f"no request answered turn {marker!r} step {step}")


def since_last_reply(body: dict) -> str:
    """Everything sent after the model's last reply: the new prompt and the context around it."""
    messages = body.get("messages") or []
    last = max([i for i, m in enumerate(messages) if m.get("role") == "assistant"], default=-1)
    tail = {"messages": messages[last + 1:]}
    return "\n".join(text for _, text in strings_of(tail))


def main(argv=None) -> int:
    """`python tests/realhost/context.py OUT TEXT`: exit 0 if TEXT reached the model."""
    out, text = (argv or sys.argv[1:])[:2]
    lines = hits(Path(out), text)
    print("\n".join(lines[:20]) or f"not found in {len(requests(Path(out)))} requests")
    return 0 if lines else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.exit(main())
