"""The transcript parser on real Claude Code transcripts (1.0.98, 2.1.38/39, 2.1.328)."""

import json

import pytest

from helpers.hook import CAPTURE, FIXTURES
from mage_engine.hosts.claude_code.transcript import parse_transcript

ALL_FILES = sorted(FIXTURES.glob("*/*.jsonl"))
COMPACTIONS = CAPTURE / "session_tools_subagent_compactions.jsonl"
EXCERPT = FIXTURES / "marot-spotter" / "ae4a77f8__lines_1471-1495_compact_boundary_excerpt.jsonl"


def _prompts(turns):
    return [turn.prompt for turn in turns]


@pytest.mark.parametrize("path", ALL_FILES, ids=lambda path: path.name)
def test_every_fixture_file_parses_to_the_end(path):
    transcript = parse_transcript(path)
    assert transcript.skipped == 0
    assert transcript.partial is False
    assert transcript.offset == path.stat().st_size


def test_fixture_set_is_complete():
    assert len(ALL_FILES) == 10
    assert (FIXTURES / "SOURCES.md").is_file()


def test_one_manual_and_two_auto_compactions_make_four_stretches():
    transcript = parse_transcript(COMPACTIONS)
    assert [b.trigger for b in transcript.boundaries] == ["manual", "auto", "auto"]
    assert all(isinstance(b.pre_tokens, int) and b.pre_tokens > 0 for b in transcript.boundaries)
    first, second, third, fourth = transcript.chapters()
    assert _prompts(first) == ["Please USE_TOOLS now.", "Now USE_FAIL please.", "Now USE_AGENT please.",
                               "Just say something.", "And again say something."]
    assert _prompts(second) == ["Say something A.", "Please USE_TOOLS again."]
    # the auto compaction struck mid-turn: the tools ran after it, as a continuation
    assert _prompts(third) == [None] and [t.name for t in third[0].tools] == ["Bash", "Read"]
    assert _prompts(fourth) == [None] and fourth[0].assistant_text == "Done. MOCK-FINAL-ANSWER."


def test_tool_results_are_matched_to_their_calls():
    turns = parse_transcript(COMPACTIONS).turns
    probe, failing = turns[0], turns[1]
    assert [(t.name, t.ok) for t in probe.tools] == [("Bash", True), ("Read", True)]
    assert [(t.name, t.ok) for t in failing.tools] == [("Bash", False)]
    assert failing.tools[0].error.startswith("Exit code 1\ncat: /nonexistent/file")


def test_one_response_split_over_lines_sharing_message_id_is_one_turn():
    first = parse_transcript(COMPACTIONS).turns[0]
    # four assistant lines of msg_mockee29… (thinking, text, tool_use, tool_use), then the final answer
    assert first.texts == ["Running probes.", "Done. MOCK-FINAL-ANSWER."]
    assert len(first.tools) == 2


def test_injected_context_summaries_and_command_echoes_are_never_prompts():
    transcript = parse_transcript(COMPACTIONS)
    text = json.dumps([[t.prompt, t.texts] for t in transcript.turns])
    assert "MAGE-PROBE" not in text  # hook_additional_context attachments
    assert "MAGE-PLAIN" not in text  # hook_success attachments
    assert "This session is being continued" not in text  # isCompactSummary
    assert "/compact" not in text and "local-command" not in text  # slash-command echo lines


def test_the_2_1_39_excerpt_has_one_manual_compaction():
    transcript = parse_transcript(EXCERPT)
    assert [(b.trigger, b.pre_tokens) for b in transcript.boundaries] == [("manual", 142431)]
    before, after = transcript.chapters()
    assert _prompts(before) == [None]  # the end of a turn whose prompt lies before the excerpt
    assert _prompts(after) == ["continue implementation"]
    assert [t.name for t in after[0].tools] == ["Bash"] and after[0].tools[0].ok is None


def test_old_1_0_98_transcript_with_block_content_and_a_meta_prompt():
    path = FIXTURES / "d-kimuson-claude-code-viewer" / "1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl"
    (turn,) = parse_transcript(path).turns
    assert turn.prompt is None  # "/init" echo and its isMeta expansion are not typed prompts
    assert len(turn.tools) == 12
    assert [t.name for t in turn.failures] == ["Write"]


def test_interruption_notices_mark_the_turn_and_open_none():
    turns = parse_transcript(FIXTURES / "marot-spotter" / "tool_heavy.jsonl").turns
    assert _prompts(turns) == ["start phoenix in background",
                               "scrolling back in xterm.js still does not work (maybe because outer web catches it)?"
                               " websearch xterm.js tmux interactions"]
    assert all(turn.interrupted for turn in turns)


def test_sidechain_lines_are_read_only_when_asked():
    path = FIXTURES / "marot-spotter" / "ae4a77f8__subagents__agent-acompact-946d2b.jsonl"
    assert parse_transcript(path).turns == []
    (turn,) = parse_transcript(path, sidechain=True).turns
    assert turn.prompt and turn.assistant_text


def _write_lines(path, entries, tail=b""):
    path.write_bytes(b"".join(json.dumps(e).encode() + b"\n" for e in entries) + tail)


def _user(uuid, content, **flags):
    return {"type": "user", "uuid": uuid, "timestamp": "2026-01-01T00:00:00Z", "message": {"role": "user", "content": content}, **flags}


def _assistant(uuid, message_id, block):
    return {"type": "assistant", "uuid": uuid, "message": {"id": message_id, "role": "assistant", "content": [block]}}


def test_unknown_types_keys_and_blocks_are_tolerated(tmp_path):
    path = tmp_path / "t.jsonl"
    _write_lines(path, [
        {"type": "brand-new-line-type", "payload": {"x": 1}},
        _user("u1", "fix the build", brandNewKey=True),
        _assistant("a1", "m1", {"type": "server_tool_use", "id": "s1"}),
        _assistant("a2", "m1", {"type": "mystery_block"}),
        _assistant("a3", "m1", {"type": "text", "text": "done"}),
        "a bare string line",
        [1, 2, 3],
    ])
    transcript = parse_transcript(path)
    assert _prompts(transcript.turns) == ["fix the build"]
    assert transcript.turns[0].texts == ["done"]
    assert transcript.skipped == 2  # the string and the array are not objects


def test_replayed_lines_are_deduped_by_uuid(tmp_path):
    path = tmp_path / "t.jsonl"
    lines = [_user("u1", "run the tests"), _assistant("a1", "m1", {"type": "text", "text": "ok"})]
    _write_lines(path, lines + lines)
    assert [(t.prompt, t.texts) for t in parse_transcript(path).turns] == [("run the tests", ["ok"])]


def test_system_reminders_are_cut_out_of_prompts(tmp_path):
    path = tmp_path / "t.jsonl"
    _write_lines(path, [
        _user("u1", [{"type": "text", "text": "<system-reminder>\nmage hint: use uv\n</system-reminder>"}]),
        _user("u2", "<system-reminder>x</system-reminder>deploy to staging"),
        _user("u3", "<task-notification>task 7 finished</task-notification>"),
    ])
    assert _prompts(parse_transcript(path).turns) == ["deploy to staging"]


def test_reading_from_an_offset_leaves_a_line_cut_mid_write_for_later(tmp_path):
    path = tmp_path / "t.jsonl"
    whole = [_user("u1", "first prompt"), _assistant("a1", "m1", {"type": "text", "text": "one"})]
    cut = json.dumps(_user("u2", "second prompt")).encode()
    _write_lines(path, whole, tail=cut[:20])
    first = parse_transcript(path)
    assert first.partial and _prompts(first.turns) == ["first prompt"]
    assert first.offset == path.stat().st_size - 20
    with open(path, "ab") as handle:
        handle.write(cut[20:] + b"\n")
    second = parse_transcript(path, offset=first.offset, seen=first.uuids)
    assert not second.partial and _prompts(second.turns) == ["second prompt"]
    assert second.offset == path.stat().st_size
