"""Explicit requests to remember: a draft at once, in the person's words, scrubbed, deduped."""

import json

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from mage_engine.capture.requests import explicit_request
from mage_engine.kb.notes import load_folder
from mage_engine.recurrence.promote import promote
from helpers.request_cases import load_cases
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
    ("remember the prod db is mysql://app@db.internal:3306/app, not the replica", "fact",
     "The prod db is mysql://app@db.internal:3306/app, not the replica"),
    ("remember this: the docs are at https://docs.acme.dev/api", "fact", "The docs are at https://docs.acme.dev/api"),
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


@pytest.mark.parametrize("name,size", [("tuning.txt", (60, 120)), ("sealed.txt", (30, 60))])
def test_the_calibration_sets_are_read_as_labelled(name, size):
    """The labelled sets (tests/fixtures/requests/): at least 9 in 10 requests found, at most 2 in 100
    ordinary prompts taken for one, and the kind a person would give it."""
    cases = load_cases(name)
    asked, ordinary = [c for c in cases if c["request"]], [c for c in cases if not c["request"]]
    assert len(asked) >= size[0] and len(ordinary) >= size[1]
    found = [(c, explicit_request(c["prompt"])) for c in asked]
    missed = [c["prompt"] for c, f in found if f is None]
    taken = [c["prompt"] for c in ordinary if explicit_request(c["prompt"])]
    wrong_kind = [(f["kind"], f["title"]) for c, f in found if f and c["kinds"] and f["kind"] not in c["kinds"]]
    assert len(missed) <= len(asked) // 10, missed
    assert len(taken) <= len(ordinary) // 50, taken
    assert len(wrong_kind) <= len(asked) // 10, wrong_kind


@pytest.mark.parametrize("prompt,kind,category,title", [
    ("Remember that the CI runners have no network access.", "fact", "projects", "The CI runners have no network access"),
    ("note for later: the flaky upload test fails when the clock skew is over 2s, restarting chronyd fixes it",
     "lesson", "lessons", "The flaky upload test fails when the clock skew is over 2s, restarting chronyd fixes it"),
    ("add to your memory that I prefer small PRs with one change each", "preference", "human",
     "I prefer small PRs with one change each"),
    ("ok thanks. I told you before: the tests must run with --forked on this machine", "rule", "workflow",
     "The tests must run with --forked on this machine"),
    ("merk dir: wir nutzen poetry, nicht pip", "rule", "workflow", "Wir nutzen poetry, nicht pip"),
    ("recuerda que el servidor de pruebas se reinicia cada noche a las 3", "fact", "projects",
     "El servidor de pruebas se reinicia cada noche a las 3"),
])
def test_the_draft_is_the_request_without_the_asking(prompt, kind, category, title):
    found = explicit_request(prompt)
    assert (found["kind"], found["category"], found["title"]) == (kind, category, title)


def test_a_long_request_is_titled_at_a_word_within_what_every_view_shows():
    words = "the nightly export to the data warehouse " + "and the reconciliation job that follows it " * 4
    found = explicit_request("remember that " + words + "both need the VPN")
    assert len(found["title"]) <= 120 and found["title"].endswith("…")
    assert (found["title"][:-1] + " ") in ("The " + words[4:]) and not found["title"].startswith("Remember")


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


def test_a_url_in_the_request_is_kept_whole_in_the_drafts_title(kb):
    """The colon of `https://` is not the colon of "remember this: …"."""
    _prompt(kb, "s1", "remember that the dashboard lives at https://grafana.internal/d/api and we check it after deploys")
    (draft,) = _drafts(kb)
    assert draft.title == "The dashboard lives at https://grafana.internal/d/api and we check it after deploys"


def test_a_request_made_again_or_rejected_is_never_staged_twice(kb):
    _prompt(kb, "s1", "remember we have a hooks/ directory")
    _prompt(kb, "s2", "remember we have a hooks/ directory")  # another session, the same words
    (draft,) = _drafts(kb)
    done = run_mage("groom", "--reject", draft.id, "--reason", "we know", "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    _prompt(kb, "s3", "Remember we have a hooks/ directory!")
    assert _drafts(kb) == []
    assert promote(kb, dry_run=True).staged == []


def test_the_same_request_around_other_words_is_staged_once(kb):
    _prompt(kb, "s1", "never commit without signing.   use the gpg agent")
    _prompt(kb, "s1", "fix the release notes. Never commit without signing!")
    _prompt(kb, "s2", "ok and remember, never commit without signing")  # another session, asked again
    (draft,) = _drafts(kb)
    assert draft.title == "Never commit without signing"
    done = run_mage("groom", "--accept", draft.id, "--kb", kb.root)
    assert done.returncode == 0, done.stderr
    payload = {"session_id": "s3", "cwd": str(kb.root), "hook_event_name": "UserPromptSubmit",
               "prompt": "never commit without signing, I mean it"}
    done = run_hook("UserPromptSubmit", payload)  # accepted: a note holds it now, and the prompt restates it
    assert done.returncode == 0 and f"- {draft.id}: " in done.stdout
    assert _drafts(kb) == []


def test_ordinary_prompts_through_the_hook_stage_nothing(kb):
    for text in ("remember to run the tests after this change", "it always fails when I run it with --release",
                 "store the parsed config in memory instead of re-reading it", "never mind, revert that",
                 "do you remember the fix we did for the websocket reconnect?", "make a note component for the app"):
        _prompt(kb, "s1", text)
    assert _drafts(kb) == []


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
