"""The real-host harness itself: the mock model answers as scenarios say, over real HTTP."""

import json
import urllib.request

from realhost import context, scenario
from realhost.mock_model import MockModel

TURNS = {"turns": [{"when": "RUN", "steps": [[{"tool_use": {"name": "Bash", "input": {"command": "ls {{project}}"}}}],
                                             [{"text": "done"}]]}]}


def body(*messages, tools=True):
    return {"model": "m", "messages": list(messages), "tools": [{"name": "Bash"}] if tools else []}


def user(text):
    return {"role": "user", "content": [{"type": "text", "text": text}]}


def test_turns_match_typed_text_and_step_through_tool_results():
    first = scenario.decide(TURNS, body(user("<system-reminder>RUN</system-reminder>please RUN")), 0, {"project": "/p"})
    assert first["kind"] == "turn" and first["step"] == 0
    assert first["blocks"][0]["tool_use"]["input"]["command"] == "ls /p"
    follow = body(user("please RUN"), {"role": "assistant", "content": [{"type": "tool_use", "id": "t"}]},
                  {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t", "content": "x"}]})
    assert scenario.decide(TURNS, follow, 0, {})["blocks"] == [{"text": "done"}]


def test_reminders_alone_never_match_and_compaction_and_side_requests_are_recognised():
    assert scenario.decide(TURNS, body(user("<system-reminder>RUN</system-reminder>hello")), 0, {})["kind"] == "default"
    compaction = body(user("Your task is to create a detailed summary of the conversation so far"))
    assert "MOCK-COMPACT-SUMMARY #3" in scenario.decide(TURNS, compaction, 2, {})["blocks"][0]["text"]
    assert scenario.decide(TURNS, body(user("title?"), tools=False), 0, {})["kind"] == "side"


def post(port, payload, path="/v1/messages"):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=json.dumps(payload).encode(),
                                     headers={"content-type": "application/json", "x-api-key": "secret-key"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def test_the_mock_streams_logs_without_keys_and_context_finds_what_was_sent(tmp_path):
    with MockModel(TURNS, tmp_path / "requests", {"project": "/p"}) as mock:
        streamed = post(mock.port, {**body(user("please RUN")), "stream": True})
        plain = json.loads(post(mock.port, body(user("hello there"))))
    assert "event: message_start" in streamed and '"partial_json": "{\\"command\\": \\"ls /p\\"}"' in streamed
    assert plain["content"] == [{"type": "text", "text": "OK. MOCK-DEFAULT-REPLY."}]
    logged = sorted((tmp_path / "requests").iterdir())
    assert len(logged) == 2 and "secret-key" not in "".join(p.read_text() for p in logged)
    assert context.reached(tmp_path, "please RUN") and not context.reached(tmp_path, "never sent")
    assert context.answering(tmp_path, "RUN")["messages"][0]["content"][0]["text"] == "please RUN"
