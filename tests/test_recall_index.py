"""The search index (docs/recall.md#the-index): built by `mage index`, kept fresh, rebuilt when broken."""

import json
import os
import time

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from helpers.recall import eval_kb, injected, prompt_payload, write_note
from mage_engine.recall.index import store
from mage_engine.recall.index.lifecycle import ensure_fresh, rebuild_index


def recall_ids(kb, *query) -> list:
    done = run_mage("recall", "--json", *query, cwd=kb.root)
    assert done.returncode == 0, done.stderr
    return [hit["id"] for hit in json.loads(done.stdout)]


@pytest.fixture
def indexed(tmp_path):
    kb = eval_kb(tmp_path / "project")
    assert run_mage("index", cwd=kb.root).returncode == 0
    return kb


def test_mage_index_builds_the_index_that_recall_searches(indexed):
    assert recall_ids(indexed, "terraform", "state", "lock", "dynamodb")[0] == "tf-state-lock-force-unlock"
    stamp = store.read_stamp(indexed)
    assert stamp["docs"] == 40 and (indexed.index_dir / stamp["generation"] / "meta.json").is_file()


def test_a_note_edited_in_place_is_found_by_the_next_query(indexed):
    path = indexed.notes_dir / "pr-size-limit.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    rebuild_index(indexed)  # built within the file's timestamp tick: recorded as unsettled
    # same size, same moment: only the content changes
    path.write_text(text.replace("Big PRs were", "Zorblax PRs "), encoding="utf-8")
    assert recall_ids(indexed, "zorblax")[:1] == ["pr-size-limit"]


def test_a_note_read_again_while_racily_clean_keeps_every_score_until_it_changes(indexed):
    """A note written a moment ago is read again at each check until its timestamp settles; indexed
    anew each time, it would leave replaced documents in Tantivy's statistics and the same query
    would score differently a moment later (a hint near the floor could come or go)."""
    path = indexed.notes_dir / "pr-size-limit.md"
    query = ("recall", "--json", "pull", "request", "too", "big", "split")
    settled = run_mage(*query, cwd=indexed.root).stdout  # built from settled files
    assert json.loads(settled)[0]["id"] == "pr-size-limit"
    moment = time.time_ns() + 3_600_000_000_000  # an hour ahead: racily clean at every check of this test
    os.utime(path, ns=(moment, moment))
    assert run_mage("index", cwd=indexed.root).returncode == 0
    assert store.read_stamp(indexed)["unsettled"] is True
    assert [run_mage(*query, cwd=indexed.root).stdout for _ in range(3)] == [settled] * 3
    path.write_text(path.read_text(encoding="utf-8").replace("Big PRs were", "Zorblax PRs "), encoding="utf-8")
    os.utime(path, ns=(moment, moment))  # same moment, same size: only what it says changed
    assert recall_ids(indexed, "zorblax")[:1] == ["pr-size-limit"]


def test_a_note_edited_long_after_the_build_is_found_too(indexed):
    path = indexed.notes_dir / "sops-age-recipients.md"
    assert store.read_stamp(indexed)["unsettled"] is False  # recorded with real sizes
    with open(path, "a", encoding="utf-8") as handle:  # an editor writing in place
        handle.write("\nAlso: the quuxifier needs the age key too.\n")
    assert recall_ids(indexed, "quuxifier") == ["sops-age-recipients"]


def test_added_and_removed_notes_show_up_without_mage_index(indexed):
    write_note(indexed, "flaky-dns-in-ci", "CI runners resolve the registry slowly", "Pin the resolver to 1.1.1.1 in CI.")
    (indexed.notes_dir / "pr-size-limit.md").unlink()
    assert recall_ids(indexed, "resolver", "registry")[0] == "flaky-dns-in-ci"
    assert "pr-size-limit" not in recall_ids(indexed, "pull", "requests", "changed", "lines", "-n", "40")


def test_skills_are_indexed_with_a_skill_id(indexed):
    skill = indexed.skills_dir / "rotate-leaked-key"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: rotate-leaked-key\ndescription: Use when a secret leaked into git "
                                    "or chat; revoke at the provider first.\n---\n1. Revoke.\n2. Rotate.\n")
    hits = json.loads(run_mage("recall", "--json", "revoke", "leaked", "secret", "provider", cwd=indexed.root).stdout)
    skill_hit = next(h for h in hits if h["source"] == "skill")
    assert skill_hit["id"] == "skill:rotate-leaked-key"
    assert skill_hit["path"] == "mage/skills/rotate-leaked-key/SKILL.md"


def test_a_malformed_note_is_reported_and_the_rest_indexed(indexed):
    (indexed.notes_dir / "broken.md").write_text("---\ntitle: [unclosed\n---\nbody\n", encoding="utf-8")
    result = rebuild_index(indexed)
    assert result["docs"] == 40
    assert any("broken.md" in problem for problem in result["problems"])
    assert recall_ids(indexed, "kubectl", "unauthorized", "sso")[0] == "eks-sso-kubeconfig"


def test_ensure_fresh_says_what_it_did(indexed):
    assert ensure_fresh(indexed) == "fresh"
    time.sleep(0.15)
    write_note(indexed, "new-one", "A brand new note", "Body text about widgets.")
    assert ensure_fresh(indexed) in ("updated", "rebuilt")
    time.sleep(0.15)
    assert ensure_fresh(indexed) in ("fresh", "updated")
    assert ensure_fresh(indexed) == "fresh"


def test_a_crashed_build_leaves_the_old_index_in_use(indexed):
    before = store.read_stamp(indexed)["generation"]
    orphan = indexed.index_dir / "gen-1-99999"
    orphan.mkdir()
    (orphan / "meta.json").write_text("half written")
    assert recall_ids(indexed, "alembic", "enum")[0] == "alembic-enum-add-value"
    assert store.read_stamp(indexed)["generation"] == before
    rebuild_index(indexed)
    assert not orphan.exists()


def _garble_meta(gen):
    (gen / "meta.json").write_text('{"segments": [{"segment_id": "nope"')


def _truncate_segments(gen):
    for path in gen.iterdir():
        if path.suffix in (".term", ".store", ".idx", ".pos", ".fieldnorm"):
            with open(path, "r+b") as handle:
                handle.truncate(max(0, path.stat().st_size // 3))


def _scramble_segments(gen):
    for path in gen.iterdir():
        if path.suffix in (".term", ".store"):
            path.write_bytes(os.urandom(path.stat().st_size))


@pytest.mark.parametrize("damage", [_garble_meta, _truncate_segments, _scramble_segments])
def test_a_corrupt_index_silences_the_hook_and_the_next_recall_rebuilds_it(indexed, damage):
    gen = indexed.index_dir / store.read_stamp(indexed)["generation"]
    damage(gen)
    done = run_hook("UserPromptSubmit", prompt_payload(indexed, "terraform plan fails: Error acquiring the state "
                                                                "lock, ConditionalCheckFailedException in dynamodb"))
    assert done.returncode == 0 and done.stdout == "" and done.stderr == ""
    assert "UserPromptSubmit" in indexed.errors_log.read_text()
    assert recall_ids(indexed, "terraform", "state", "lock")[0] == "tf-state-lock-force-unlock"
    assert store.read_stamp(indexed)["generation"] != gen.name
    done = run_hook("UserPromptSubmit", prompt_payload(indexed, "terraform plan fails: Error acquiring the state "
                                                                "lock, ConditionalCheckFailedException in dynamodb"))
    assert "tf-state-lock-force-unlock" in injected(done)


def test_a_missing_index_is_built_by_the_first_hook_of_a_small_kb(tmp_path):
    kb = eval_kb(tmp_path / "project")
    done = run_hook("UserPromptSubmit", prompt_payload(kb, "exec /usr/local/bin/geo-lookup: exec format error "
                                                           "after docker compose up on my M3 macbook"))
    assert "geo-lookup-amd64-on-arm" in injected(done)


def test_hooks_during_a_rebuild_answer_or_stay_silent_and_never_fail(indexed):
    import subprocess
    import sys
    from pathlib import Path

    mage = str(Path(sys.executable).with_name("mage"))
    rebuilds = [subprocess.Popen([mage, "index"], cwd=indexed.root, stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL) for _ in range(2)]
    prompt = "go: -race requires cgo; enable cgo by setting CGO_ENABLED=1"
    outputs = [run_hook("UserPromptSubmit", prompt_payload(indexed, prompt)) for _ in range(8)]
    assert [process.wait(timeout=60) for process in rebuilds] == [0, 0]
    for done in outputs:
        assert done.returncode == 0 and done.stderr == ""
        assert done.stdout == "" or "go-race-needs-cgo" in injected(done)
    assert "go-race-needs-cgo" in injected(run_hook("UserPromptSubmit", prompt_payload(indexed, prompt)))
    assert len([p for p in indexed.index_dir.iterdir() if p.name.startswith("gen-")]) == 1


def test_the_freshness_fingerprint_is_the_same_in_every_process_and_follows_each_change(indexed):
    """The stamp written by one process is checked by the next (a hook): its digest must not depend on
    the process's hash seed, and a note touched in place must change it."""
    import subprocess
    import sys

    code = ("import json,sys; from mage_engine.recall.index import manifest; from mage_engine.kb.layout import KB; "
            "print(manifest.fingerprint(manifest.scan(KB(sys.argv[1]))))")
    digests = {subprocess.run([sys.executable, "-c", code, str(indexed.root)], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout.strip() for seed in ("1", "2", "random")}
    assert len(digests) == 1 and digests != {""}
    assert ensure_fresh(indexed) == "fresh"  # the stamp `mage index` wrote says so, in this process too
    note = next((indexed.root / "mage" / "notes").glob("*.md"))
    os.utime(note, ns=(note.stat().st_atime_ns, note.stat().st_mtime_ns + 1_000_000_000))
    again = subprocess.run([sys.executable, "-c", code, str(indexed.root)], capture_output=True, text=True, check=True)
    assert again.stdout.strip() not in digests


def test_an_index_an_older_mage_built_is_rebuilt_and_its_analyzer_upgraded(indexed):
    """The 40-byte token limit of analyzer 5 dropped whole identifiers; after an upgrade the old
    index (an older schema in its stamp) is not read but rebuilt, so they are found."""
    write_note(indexed, "remote-config-throttled", "Remote config fetches are throttled in debug builds",
               "FirebaseRemoteConfigFetchThrottledException in a debug build: set minimumFetchInterval to 0.")
    assert run_mage("index", cwd=indexed.root).returncode == 0
    current = indexed.index_dir / "current.json"
    stamp = json.loads(current.read_text())
    current.write_text(json.dumps({**stamp, "schema": store.SCHEMA_VERSION - 1}))
    assert store.read_stamp(indexed) is None
    done = run_hook("UserPromptSubmit", prompt_payload(
        indexed, "the app crashes on launch with FirebaseRemoteConfigFetchThrottledException, what now"))
    assert "remote-config-throttled" in injected(done)  # the first prompt after the upgrade rebuilt it
    assert store.read_stamp(indexed)["schema"] == store.SCHEMA_VERSION


def test_an_exception_class_of_forty_letters_and_more_is_one_word_of_the_prompt(indexed):
    write_note(indexed, "remote-config-throttled", "Remote config fetches are throttled in debug builds",
               "FirebaseRemoteConfigFetchThrottledException in a debug build: set minimumFetchInterval to 0.")
    assert run_mage("index", cwd=indexed.root).returncode == 0
    done = run_hook("UserPromptSubmit", prompt_payload(
        indexed, "the app crashes on launch with FirebaseRemoteConfigFetchThrottledException, what now"))
    assert "remote-config-throttled" in injected(done)
