"""Claude Code's own compaction summary: its errors and fixes feed the nudge and become drafts."""

import json

from helpers.hook import run_hook
from mage_engine.hosts.claude_code.compact_summary import summary_items
from mage_engine.capture.summary_drafts import worth_a_draft
from mage_engine.kb.notes import load_folder
from helpers.transcript import Transcript

BULLETS = """4. Errors and fixes:
   - `cargo build` failed: the default runtime flavor is multi_thread but rt-multi-thread is disabled:
      - Fixed: added "rt-multi-thread" to the tokio features in Cargo.toml
   - cp failed with Text file busy while installing the applet:
      - Fixed: killed the running applet first: `killall power-applet; sleep 1; cp target/release/power-applet ~/.local/bin/`
      - User feedback: "it still shows the old version"
   - Syntax error in setup.sh line 12: Fixed by closing the heredoc with EOF
5. Problem Solving:
   - done
"""
HEADINGS = """## 4. Errors and Fixes

### Error 1: Disk full while starting the stack
**Error**: `no space left on device`
**Fix**: Ran `sudo docker system prune -af --volumes`, freed 2.3GB

### Error 2: Panel shows two instances
**User Feedback**: "there are two panels now"
**Current Status**: UNRESOLVED - two panel processes keep spawning

## 5. Problem Solving
"""
NUMBERED = """4. **Errors and Fixes:**
   1. **Docker Compose YAML parsing error**: the user said "hardcode the number", changed `cpus: ${CPUS}` to `cpus: "8"`
   2. **Git identity error**: set `git config user.email "dev@example.com"` and user.name
5. **Problem Solving:**
"""


def _summary(section: str) -> str:
    return f"<analysis>the user worked on the applet</analysis>\n<summary>\n1. Primary Request:\n   - build it\n\n{section}</summary>"


def test_every_shape_of_the_errors_and_fixes_section_is_read():
    first = summary_items(_summary(BULLETS))
    assert [(i["error"], i["resolved"]) for i in first] == [
        ("`cargo build` failed: the default runtime flavor is multi_thread but rt-multi-thread is disabled", True),
        ("cp failed with Text file busy while installing the applet", True), ("Syntax error in setup.sh line 12", True)]
    assert first[0]["fix"] == 'added "rt-multi-thread" to the tokio features in Cargo.toml'
    assert first[1]["feedback"] == "it still shows the old version"
    second = summary_items(_summary(HEADINGS))
    assert [(i["error"], i["resolved"]) for i in second] == [
        ("Disk full while starting the stack", True), ("Panel shows two instances", False)]
    assert second[1]["feedback"] == "there are two panels now"
    third = summary_items(_summary(NUMBERED))
    assert [i["error"] for i in third] == ["Docker Compose YAML parsing error", "Git identity error"]
    assert third[1]["fix"] == 'set `git config user.email "dev@example.com"` and user.name'
    assert summary_items("no summary sections at all") == []


def test_only_fixes_a_person_could_repeat_are_offered_as_drafts():
    items = summary_items(_summary(BULLETS))
    assert [worth_a_draft(item) for item in items] == [True, True, False]  # a syntax error is programming


def _post_compact(kb, session, summary):
    payload = {"session_id": session, "cwd": str(kb.root), "hook_event_name": "PostCompact", "trigger": "auto",
               "compact_summary": summary}
    assert run_hook("PostCompact", payload).returncode == 0


MANY = """## 4. Errors and Fixes

### Error 1: Disk full while starting the stack
**Error**: `no space left on device`
**Fix**: Ran `sudo docker system prune -af --volumes`, freed 2.3GB

### Error 2: Git identity error
**Fix**: Set `git config user.email "dev@example.com"` and the user name

### Error 3: Text file busy while installing the applet
**Fix**: Killed the running applet before copying: `killall power-applet; sleep 1; cp power-applet ~/.local/bin/`
**User Feedback**: "it still shows the old version"

### Error 4: Compose file rejects ${CPUS}
**Fix**: Hardcoded the number of cpus in docker-compose.yml

### Error 5: Syntax error in setup.sh
**Fix**: Closed the heredoc with EOF

## 5. Problem Solving
"""


def test_post_compact_stages_the_worthy_items_as_nudge_drafts_with_warnings(kb):
    _post_compact(kb, "s1", _summary(MANY))
    drafts = {d.title: d for d in load_folder(kb.staging_dir)[0]}
    assert len(drafts) == 3  # at most three per compaction, the most useful first
    assert {d.draft["source"] for d in drafts.values()} == {"nudge"}
    danger = next(d for t, d in drafts.items() if t.startswith("DESTRUCTIVE FIX — Disk full"))
    assert danger.body.startswith("WARNING: this fix deletes Docker data.")
    assert not [t for t in drafts if "Syntax" in t]
    _post_compact(kb, "s2", _summary(MANY))  # a resumed session repeats its parent's summary
    assert len(load_folder(kb.staging_dir)[0]) == 3


def test_the_nudge_after_a_compaction_reads_the_hosts_summary_from_the_transcript(kb):
    t = Transcript("s-h")
    t.prompt("install the applet and check the panel, then report back what the panel shows")
    t.bash("cp target/release/power-applet ~/.local/bin/", fails="Exit code 1\ncp: cannot create regular file: Text file busy")
    path = t.write(kb.root / "t.jsonl")
    base = {"session_id": "s-h", "cwd": str(kb.root), "transcript_path": str(path)}
    assert run_hook("Stop", {**base, "hook_event_name": "Stop"}).returncode == 0
    assert run_hook("PreCompact", {**base, "hook_event_name": "PreCompact", "trigger": "auto"}).returncode == 0
    t.compact(errors=BULLETS)
    t.write(path)
    done = run_hook("SessionStart", {**base, "hook_event_name": "SessionStart", "source": "compact"})
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "- Claude Code's summary noted: " in context
    assert 'cp failed with Text file busy while installing the applet → killed the running applet first' in context
    assert '(the person: "it still shows the old version")' in context
    assert load_folder(kb.staging_dir)[0] == []  # the nudge writes nothing


def test_an_old_hosts_summary_is_read_by_the_fold_and_its_items_staged(kb):
    t = Transcript("s-old", version="1.0.89")
    t.prompt("build and install the applet for me please, and tell me when it is running in the panel")
    t.bash("cargo build --release", "Finished release")
    t.compact(old_style=True, errors=BULLETS)
    t.prompt("and now?")
    path = t.write(kb.root / "t.jsonl")
    done = run_hook("Stop", {"session_id": "s-old", "cwd": str(kb.root), "hook_event_name": "Stop",
                             "transcript_path": str(path)}, env={"MAGE_CAPTURE_MIN_CHARS": "0"})
    assert done.returncode == 0
    trail = [json.loads(line) for line in next(kb.learnings_dir.glob("s-old*.jsonl")).read_text().splitlines()]
    (boundary,) = [line for line in trail if line["event"] == "CompactBoundary"]
    assert boundary["style"] == "summary" and len(boundary["summary"]) == 3
    titles = sorted(d.title for d in load_folder(kb.staging_dir)[0])
    assert [title[:24] for title in titles] == ["cargo build failed: the ", "cp failed with Text file"]


def test_the_compaction_forks_report_reaches_the_nudge_before_the_transcript_has_the_summary(kb):
    """Claude Code 2.1.328 writes the summary line only after its hooks ran; the compaction fork's
    SubagentStop (agent_type empty) already carries the summary when SessionStart(compact) fires."""
    base = {"session_id": "s-fork", "cwd": str(kb.root)}
    for event, fields in (("UserPromptSubmit", {"prompt": "install the applet"}),
                          ("PostToolUse", {"tool_name": "Bash", "tool_input": {"command": "make install"}}),
                          ("PreCompact", {"trigger": "auto"}),
                          ("SubagentStop", {"agent_id": "a1", "agent_type": "", "last_assistant_message": _summary(BULLETS)})):
        assert run_hook(event, {**base, "hook_event_name": event, **fields}).returncode == 0
    staged = load_folder(kb.staging_dir)[0]
    done = run_hook("SessionStart", {**base, "hook_event_name": "SessionStart", "source": "compact"})
    context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
    assert "cp failed with Text file busy while installing the applet → killed the running applet first" in context
    assert len(staged) == 2 and "Grooming backlog: 2 drafts waiting in staging" in context
