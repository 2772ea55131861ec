"""Explicit requests to remember: a draft at once, in the person's words, scrubbed, deduped."""

import json

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from mage_engine.capture.requests import explicit_request
from mage_engine.kb.notes import load_folder
from mage_engine.recurrence.promote import promote
from helpers.transcript import Transcript

REQUESTS = [
    ("save in memory not write documentation unless I request it for all projects", "rule",
     "Do not write documentation unless I request it for all projects"),
    ("remember the VAULT is in ~/vaults/work, not in ~/Documents", "fact",
     "The VAULT is in ~/vaults/work, not in ~/Documents"),
    ("never execute git, save in your memory", "rule", "Never execute git"),
    ("remember we have a hooks/ directory", "fact", "We have a hooks/ directory"),
    ("complete the commit, always verify and run hooks.   If stuck, please troubleshoot", "rule",
     "Always verify and run hooks"),
    ("never commit without signing.   use the gpg agent", "rule", "Never commit without signing"),
    ("From now on, use pnpm in this repo.", "rule", "From now on, use pnpm in this repo"),
    ("Please remember that the staging DB listens on port 6543.", "fact", "The staging DB listens on port 6543"),
    ("Can you remember to run make lint before committing?", "rule", "Run make lint before committing"),
    ("Keep in mind: deploys happen only on Tuesdays.", "fact", "Deploys happen only on Tuesdays"),
    ("I'd rather you ask before installing anything, save that to your memory", "preference",
     "I'd rather you ask before installing anything"),
]
ORDINARY = [
    "do you remember what we did yesterday?", "I don't remember the password for the staging box",
    "how do we make sure that 1password always prompts for my YubiKey every time we log in?",
    "AVX512 wont always be available, check the microcode first", "investigate the logs and analyze memory dumps",
    "it never worked on my machine, can you check?", "never mind, do the other thing",
    "make sure to add it in the right place", "the memory usage is too high, save a heap dump to /tmp",
    "always the same error, look at the logs", "remember when we broke prod?",
    "Remember me checkbox on the login page is broken", "Edit the wrapper to not print the header every time",
    "- Always-available fallback mode\n" + "- item\n" * 150,
]


@pytest.mark.parametrize("prompt,kind,title", REQUESTS)
def test_a_request_to_keep_something_is_read_in_the_persons_words(prompt, kind, title):
    found = explicit_request(prompt)
    assert (found["kind"], found["title"]) == (kind, title)


@pytest.mark.parametrize("prompt", ORDINARY)
def test_ordinary_prompts_are_not_requests(prompt):
    assert explicit_request(prompt) is None


def _prompt(kb, session, text):
    payload = {"session_id": session, "cwd": str(kb.root), "hook_event_name": "UserPromptSubmit", "prompt": text}
    done = run_hook("UserPromptSubmit", payload)
    assert done.returncode == 0 and done.stdout == "", done.stderr


def _drafts(kb):
    return load_folder(kb.staging_dir)[0]


def test_the_prompt_hook_stages_the_request_at_once(kb):
    _prompt(kb, "s1", "never commit without signing.   use the gpg agent")
    _prompt(kb, "s1", "now fix the failing test in billing")
    (draft,) = _drafts(kb)
    assert (draft.title, draft.kind, draft.category) == ("Never commit without signing", "rule", "workflow")
    assert draft.draft["source"] == "lesson" and draft.draft["chapters"] == ["s1:1"]
    assert draft.body.startswith("never commit without signing.")


def test_a_request_made_again_or_rejected_is_never_staged_twice(kb):
    _prompt(kb, "s1", "remember we have a hooks/ directory")
    _prompt(kb, "s2", "remember we have a hooks/ directory")  # another session, the same words
    (draft,) = _drafts(kb)
    done = run_mage("groom", "--reject", draft.id, "--reason", "we know", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    _prompt(kb, "s3", "Remember we have a hooks/ directory!")
    assert _drafts(kb) == []
    assert promote(kb, dry_run=True).staged == []


def test_a_secret_in_the_request_is_scrubbed(kb):
    # a random token (one typed as runs, ghp_0123456789abcdef…, is a placeholder the scrub lets pass)
    _prompt(kb, "s1", "remember the deploy token is ghp_ErQHQwjyaxErPZDS3MoJaQNjCxkv5ndK0meG for all projects")
    (draft,) = _drafts(kb)
    assert "ErQHQwjyax" not in draft.title + draft.body and "[REDACTED" in draft.body


def test_a_request_only_the_transcript_saw_is_a_candidate_at_k_one(kb):
    t = Transcript("s-t")
    t.prompt("remember that releases are cut from the release branch, not from main")
    t.say("Noted: releases come from the release branch.")
    path = t.write(kb.root / "t.jsonl")
    done = run_hook("Stop", {"session_id": "s-t", "cwd": str(kb.root), "hook_event_name": "Stop",
                             "transcript_path": str(path)}, env={"MAGE_CAPTURE_MIN_CHARS": "0"})
    assert done.returncode == 0 and _drafts(kb) == []  # no prompt hook ran: nothing staged yet
    result = json.loads(run_mage("promote", "--json", "--kb", kb.root).stdout)
    (staged,) = result["staged"]
    assert staged["title"] == "Releases are cut from the release branch, not from main"
    assert staged["signature"] == "lesson: releases are cut from the release branch not from main"
    (draft,) = _drafts(kb)
    assert (draft.kind, draft.draft["source"]) == ("fact", "lesson")


def test_the_nudge_lists_what_the_person_asked_to_keep(kb):
    from mage_engine.recurrence.nudge import nudge_report

    _prompt(kb, "s1", "from now on, run the linter before every commit")
    run_hook("PostToolUse", {"session_id": "s1", "cwd": str(kb.root), "hook_event_name": "PostToolUse",
                             "tool_name": "Bash", "tool_input": {"command": "make lint"}})
    run_hook("PreCompact", {"session_id": "s1", "cwd": str(kb.root), "hook_event_name": "PreCompact",
                            "trigger": "auto"})
    text = nudge_report(kb, session="s1")["text"]
    assert '- Asked to keep: "From now on, run the linter before every commit"' in text
    assert "already staged as drafts" in text
