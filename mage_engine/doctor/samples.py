"""Doctor's sample hook payloads (shaped like Claude Code 2.1.328's), the commands to
run them with, and the clean-up that forgets the sample session afterwards."""

import json

from mage_engine.hosts.claude_code.launcher import personal_launcher
from mage_engine.hosts.claude_code.settings import load_settings, settings_path
from mage_engine.hosts.claude_code.wiring import EVENTS, wired_groups
from mage_engine.kb.atomic import remove
from mage_engine.kb.layout import DOCTOR_AGENT_TRANSCRIPT, KB, SESSION_CONTEXT_DIR, SESSIONS_DIR
from mage_engine.trail.session_files import session_stem

# A token of GitHub's shape, built here so no scanner mistakes this file for a leak.
SECRET = "ghp_" + "D0ct0rPr0be" * 3 + "XYZ"


def wired_commands(kb: KB) -> dict:
    """event -> (shell command, timeout, wired): as wired in the settings (wired True), else this
    install's, run as a sample (wired False)."""
    commands = {}
    for shared in (False, True):
        data, _ = load_settings(settings_path(kb, shared))
        for event, group in wired_groups(data.get("hooks", {})).items():
            handler = (group.get("hooks") or [{}])[0]
            if event in EVENTS and isinstance(handler.get("command"), str):
                commands.setdefault(event, (handler["command"], float(handler.get("timeout") or EVENTS[event][1]),
                                            True))
    for event, (_, timeout, _) in EVENTS.items():
        if event not in commands:
            commands[event] = (personal_launcher().command(event), float(timeout), False)
    return commands


def payload(kb: KB, event: str, session: str, transcript) -> dict:
    """A payload for `event` as the host would send it for a session in this KB."""
    base = {"session_id": session, "transcript_path": str(transcript), "cwd": str(kb.root), "hook_event_name": event}
    return {**base, **_SPECIFIC.get(event, lambda kb: {})(kb)}


def write_transcript(path, kb: KB, session: str) -> None:
    """A two-line transcript (one prompt, one reply) in Claude Code's JSONL shape."""
    common = {"sessionId": session, "timestamp": "2026-01-01T00:00:00.000Z", "version": "2.1.328",
              "cwd": str(kb.root), "isSidechain": False, "userType": "external"}
    lines = [{**common, "type": "user", "uuid": "doctor-u1", "parentUuid": None,
              "message": {"role": "user", "content": "mage doctor: checking that prompt hints run"}},
             {**common, "type": "assistant", "uuid": "doctor-a1", "parentUuid": "doctor-u1",
              "message": {"id": "msg_doctor", "type": "message", "role": "assistant", "model": "doctor",
                          "content": [{"type": "text", "text": "doctor probe"}], "stop_reason": "end_turn"}}]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("".join(json.dumps(line) + "\n" for line in lines))


def _tool(name: str, tool_input: dict) -> dict:
    return {"permission_mode": "default", "tool_name": name, "tool_input": tool_input, "tool_use_id": "toolu_doctor"}


_SPECIFIC = {
    "SessionStart": lambda kb: {"source": "startup"},
    "UserPromptSubmit": lambda kb: {"permission_mode": "default", "prompt_id": "doctor",
                                    "prompt": "mage doctor: checking that prompt hints run"},
    "PreToolUse": lambda kb: _tool("Write", {"file_path": str(kb.mage_dir / ".doctor-probe.md"),
                                             "content": f"probe token {SECRET}\n"}),
    "PostToolUse": lambda kb: {**_tool("Bash", {"command": "mage doctor", "description": "doctor probe"}),
                               "tool_response": {"stdout": "", "stderr": "", "interrupted": False,
                                                 "isImage": False, "noOutputExpected": False}, "duration_ms": 5},
    "PostToolUseFailure": lambda kb: {**_tool("Bash", {"command": "false"}), "error": "Exit code 1",
                                      "is_interrupt": False, "duration_ms": 5},
    "PreCompact": lambda kb: {"trigger": "manual", "custom_instructions": None},
    "PostCompact": lambda kb: {"trigger": "manual", "compact_summary": "<summary>doctor probe</summary>"},
    "Stop": lambda kb: {"permission_mode": "default", "stop_hook_active": False,
                        "last_assistant_message": "doctor probe", "background_tasks": [], "session_crons": []},
    "SubagentStop": lambda kb: {"permission_mode": "default", "stop_hook_active": False, "agent_id": "doctor",
                                "agent_type": "general-purpose", "last_assistant_message": "doctor probe",
                                "agent_transcript_path": kb.at(DOCTOR_AGENT_TRANSCRIPT)},
    "SessionEnd": lambda kb: {"reason": "other"},
}


def forget_session(kb: KB, session: str) -> None:
    """Remove what the sample session left: its trail, capture state and standing-context record."""
    stem = session_stem(session)
    for folder, pattern in ((kb.learnings_dir, f"{stem}*.jsonl"), (kb.path_of(SESSIONS_DIR), f"{stem}.*"),
                            (kb.path_of(SESSION_CONTEXT_DIR), f"{stem}.json")):  # what its start named
        for path in folder.glob(pattern) if folder.is_dir() else []:
            remove(path)  # through the file guard: never in a folder reached by a link
    # ledger and usage metrics never record probe sessions (mage_engine.kb.probe)
