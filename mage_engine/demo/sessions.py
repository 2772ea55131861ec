"""The demo's trail and recurrence draft, made by the engine itself.

`data/sessions/` holds the hook events of three sessions as Claude Code sends
them; each goes through the real capture (`capture_event`: scrub, chapters)
and then gets its scripted time, so the demo reads the same every time. The
recurrence draft is what `mage promote` makes of that trail: the demo's
drafts, `mage distill` and `mage promote` always agree.
"""

import json

from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.layout import KB


def capture_sessions(kb: KB, folder, moved) -> list[str]:
    """Every scripted session in `folder` through the real capture hook, each line then given its
    scripted time (`moved(stamp)`: the stamp shifted to the demo's clock)."""
    from mage_engine.capture.event_line import capture_event
    from mage_engine.grooming.autostage import stage_captured
    from mage_engine.trail.session_files import trail_path
    from mage_engine.kb.config import load_config

    config, sessions = load_config(kb), []
    for path in sorted(folder.glob("*.jsonl")):
        events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
        for event in events:  # as the capture handler does (events/handlers.py)
            captured = capture_event(kb, event["event"], _payload(kb, path.stem, event), config=lambda: config)
            if captured is not None and captured.to_stage:
                stage_captured(kb, captured, log=lambda message: None)
        trail = trail_path(kb, path.stem)
        lines = trail.read_text(encoding="utf-8").splitlines()
        for index, (line, event) in enumerate(zip(lines, events)):
            record = json.loads(line)
            record["ts"] = moved(event["at"])[:-1] + ".000Z"  # the trail keeps milliseconds
            lines[index] = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        write_text_atomic(trail, "\n".join(lines) + "\n")
        sessions.append(path.stem)
    return sessions


def _payload(kb: KB, session: str, event: dict) -> dict:
    """The hook payload Claude Code would send (file paths absolute, as the host gives them)."""
    payload = {key: value for key, value in event.items() if key not in ("at", "event")}
    tool_input = payload.get("tool_input")
    if isinstance(tool_input, dict) and tool_input.get("file_path"):
        payload["tool_input"] = {**tool_input, "file_path": str(kb.root / tool_input["file_path"])}
    return {"session_id": session, "cwd": str(kb.root), "hook_event_name": event["event"], **payload}


def promote_recurrence(kb: KB, date) -> list[dict]:
    """The recurrence drafts `mage promote` stages from the captured trail, each then dated (`date(draft_id)`)."""
    from mage_engine.recurrence.promote import promote

    staged = []
    for draft in promote(kb).staged:
        date(draft["draft"])
        staged.append({"status": "staged", "id": draft["draft"], "title": draft["title"]})
    return staged
