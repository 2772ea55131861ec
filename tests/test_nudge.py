"""The boundary nudge (docs/capture.md#the-boundary-nudge): the closed chapter's digest and the backlog, injected read-only."""

import hashlib
import json

from helpers.process import run_mage
from helpers.hook import run_hook
from mage_engine.trail.chapters import list_chapters
from mage_engine.recurrence.digest import digest_chapter
from mage_engine.capture.event_line import capture_event
from mage_engine.events.handlers import nudge as handle
from mage_engine.recurrence.nudge import nudge_report

SESSION = "s-nudge"
MODULE_ERROR = "Exit code 1\nTraceback (most recent call last):\n  File \"t.py\", line 1\nModuleNotFoundError: No module named 'foo'"


def _hook(kb, event, **fields):
    capture_event(kb, event, {"session_id": SESSION, "cwd": str(kb.root), **fields})


def _bash(kb, command, error=None):
    if error:
        _hook(kb, "PostToolUseFailure", tool_name="Bash", tool_input={"command": command}, error=error)
    else:
        _hook(kb, "PostToolUse", tool_name="Bash", tool_input={"command": command}, tool_response={"stdout": ""})


def _busy_chapter(kb):
    """A chapter with repeated failures, a retry that worked, a correction and many files."""
    _hook(kb, "SessionStart", source="startup")
    _hook(kb, "UserPromptSubmit", prompt="make the tests pass")
    for _ in range(3):
        _bash(kb, "pytest -q", MODULE_ERROR)
    _bash(kb, "npm run build", "Exit code 127\nsh: 1: npm: not found")
    _hook(kb, "Stop", last_assistant_message="I will install foo with pip.")
    _hook(kb, "UserPromptSubmit", prompt="No, use uv instead of pip in this repo.")
    _bash(kb, "uv pip install -e .")
    _bash(kb, "pytest -q")
    for index in range(7):
        _hook(kb, "PostToolUse", tool_name="Edit", tool_input={"file_path": str(kb.root / f"src/m{index}.py")})
    _hook(kb, "PostToolUse", tool_name="Read", tool_input={"file_path": str(kb.root / "README.md")})
    _hook(kb, "UserPromptSubmit", prompt="now add a changelog entry")


def _close_by_compaction(kb):
    _hook(kb, "PreCompact", trigger="auto", custom_instructions=None)
    _hook(kb, "SubagentStop", agent_id="fork1", agent_type="")


def test_the_digest_says_what_fixed_each_failure_and_finds_corrections_and_files(kb):
    _busy_chapter(kb)
    _close_by_compaction(kb)
    digest = digest_chapter(list_chapters(kb)[0])
    assert [(f["what"], f["count"], f["outcome"], f["fix"]) for f in digest.failures] == [
        ("Bash `pytest -q`: ModuleNotFoundError: No module named 'foo' (exit 1)", 3, "fixed", "uv pip install -e ."),
        ("Bash `npm run build`: sh: 1: npm: not found (exit 127)", 1, "failing", "")]
    assert digest.corrections == ["No, use uv instead of pip in this repo."]
    assert digest.files == [f"src/m{i}.py (edited)" for i in range(7)] + ["README.md"]
    lines = digest.lines()
    assert lines[0] == ("Failed: Bash `pytest -q`: ModuleNotFoundError: No module named 'foo' (exit 1) (×3) "
                        "→ passed after `uv pip install -e .`; "
                        "Bash `npm run build`: sh: 1: npm: not found (exit 127) → still failing")
    assert lines[-1].startswith("Files touched: src/m0.py (edited), ") and lines[-1].endswith("(+3 more)")


def test_failures_are_ranked_by_usefulness_not_arrival(kb):
    for index in range(6):
        _bash(kb, f"make target{index}", f"Exit code 2\nmake: *** No rule to make target 'target{index}'.")
    _bash(kb, "cargo build", "Exit code 101\nerror[E0658]: use of unstable library feature 'x'")
    _bash(kb, "rustup update stable")
    _bash(kb, "cargo build")
    _hook(kb, "PreCompact", trigger="auto")
    (first, *rest) = digest_chapter(list_chapters(kb)[0]).failures
    assert (first["what"].startswith("Bash `cargo build`"), first["fix"]) == (True, "rustup update stable")
    assert len(rest) == 6


def test_a_destructive_fix_is_named_with_a_warning(kb):
    _bash(kb, "docker compose up -d", "Exit code 1\nno space left on device")
    _bash(kb, "docker system prune -af --volumes")
    _bash(kb, "docker compose up -d")
    _hook(kb, "PreCompact", trigger="auto")
    line = digest_chapter(list_chapters(kb)[0]).lines()[0]
    assert "→ passed after `docker system prune -af --volumes` (WARNING, destructive: " in line
    assert "deletes Docker data; check before repeating it)" in line


def test_a_look_only_command_is_never_the_fix(kb):
    _bash(kb, "ssh deploy@web1 uptime", "Exit code 255\nssh: connect to host web1 port 22: Connection timed out")
    _bash(kb, "ping -c 3 web1")
    _bash(kb, "ssh deploy@web1 uptime")
    _hook(kb, "PreCompact", trigger="auto")
    (item,) = digest_chapter(list_chapters(kb)[0]).failures
    assert item["outcome"] == "passed"  # it passed again; `ping` fixed nothing


def test_ordinary_prompts_and_harness_notices_are_not_corrections(kb):
    _hook(kb, "UserPromptSubmit", prompt="no tests exist yet, please write some")  # before any action
    _bash(kb, "ls")
    for prompt in ("now add the tests", "<task-notification>task done</task-notification>",
                   "[Request interrupted by user]", "Don't touch the migrations.", "Actually, revert that"):
        _hook(kb, "UserPromptSubmit", prompt=prompt)
    digest = digest_chapter(list_chapters(kb)[0])
    assert digest.corrections == ["Don't touch the migrations.", "Actually, revert that"]


def _start_after_compaction(kb, env=None):
    payload = {"session_id": SESSION, "cwd": str(kb.root), "hook_event_name": "SessionStart", "source": "compact",
               "transcript_path": str(kb.root / "t.jsonl")}
    done = run_hook("SessionStart", payload, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["hookSpecificOutput"]


def test_session_start_after_compaction_injects_the_digest_and_backlog(kb):
    _busy_chapter(kb)
    _close_by_compaction(kb)
    (kb.staging_dir / "use-uv.md").write_text("---\ntitle: Use uv\n---\nUse uv.\n")
    output = _start_after_compaction(kb)
    assert output["hookEventName"] == "SessionStart"
    context = output["additionalContext"]
    assert f"the context was compacted and chapter {SESSION}:1 closed (3 prompts, 14 tool uses, 4 failed)" in context
    assert ("- Failed: Bash `pytest -q`: ModuleNotFoundError: No module named 'foo' (exit 1) (×3) → passed after "
            "`uv pip install -e .`") in context
    assert '- User corrections: "No, use uv instead of pip in this repo."' in context
    assert "Grooming backlog: 1 draft waiting in staging" in context
    assert 'mage stage --title "…" --body "…"' in context
    assert "SYSTEM" not in context
    # the hook's own capture put the SessionStart line in the new chapter
    assert [c.ordinal for c in list_chapters(kb)] == [1, 2]


def test_no_nudge_on_other_session_starts(kb):
    _busy_chapter(kb)
    _close_by_compaction(kb)
    for source in ("startup", "resume", "clear"):
        payload = {"session_id": SESSION, "cwd": str(kb.root), "hook_event_name": "SessionStart", "source": source}
        done = run_hook("SessionStart", payload)
        assert done.returncode == 0
        assert "What happened in it" not in done.stdout


def _tree(kb) -> dict:
    return {str(p): hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(kb.root.rglob("*")) if p.is_file()}


class _Ctx:
    def __init__(self, kb, source):
        self.kb, self.event = kb, "SessionStart"
        self.payload = {"session_id": SESSION, "source": source}


def test_the_nudge_writes_nothing(kb):
    _busy_chapter(kb)
    _close_by_compaction(kb)
    _hook(kb, "SessionStart", source="compact")
    before = _tree(kb)
    assert "What happened in it" in handle(_Ctx(kb, "compact"))
    assert handle(_Ctx(kb, "startup")) is None
    done = run_mage("nudge", "--kb", kb.root)
    assert done.returncode == 0 and "ModuleNotFoundError" in done.stdout
    assert _tree(kb) == before


def test_mage_nudge_prints_the_same_digest_as_the_hook(kb):
    _busy_chapter(kb)
    _close_by_compaction(kb)
    hooked = _start_after_compaction(kb)["additionalContext"]
    printed = run_mage("nudge", cwd=kb.root).stdout.strip()
    assert printed in hooked
    report = json.loads(run_mage("nudge", "--json", "--kb", kb.root).stdout)
    assert report["chapter"]["id"] == f"{SESSION}:1"
    assert report["digest"]["failures"][0] == {
        "what": "Bash `pytest -q`: ModuleNotFoundError: No module named 'foo' (exit 1)", "count": 3,
        "outcome": "fixed", "fix": "uv pip install -e .", "warning": ""}
    assert report["backlog"] == {"drafts": 0, "candidates": 0}


def test_mage_nudge_for_a_named_chapter_and_for_none(kb):
    done = run_mage("nudge", "--kb", kb.root)
    assert done.returncode == 0 and "no closed chapter yet" in done.stdout
    done = run_mage("nudge", "--kb", kb.root, "--chapter", "nope:9")
    assert done.returncode == 1 and done.stderr.startswith("mage: no chapter nope:9")
    _busy_chapter(kb)
    report = nudge_report(kb, chapter_id=f"{SESSION}:1")  # an open chapter can be digested on request
    assert report["chapter"]["closed"] is False and report["digest"]["corrections"]


def test_failures_beyond_the_cap_are_counted_not_listed(kb):
    for index in range(8):
        _bash(kb, f"make target{index}", f"Exit code 2\nmake: *** No rule to make target 'target{index}'.")
    _hook(kb, "SessionEnd", reason="other")
    text = nudge_report(kb)["text"]
    failed = next(line for line in text.splitlines() if line.startswith("- Failed:"))
    assert failed.count("Bash `make") == 5 and failed.endswith("(+3 more)")
    assert "ended with its session" in text
