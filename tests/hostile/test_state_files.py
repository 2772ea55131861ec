"""What someone else left in a knowledge base must not turn mage off, leak a secret, or make mage
write outside it: deeply nested JSON in `.mage/`, a note file name that is not UTF-8 (git clones it
byte for byte), a lone surrogate in a session's file, a hard link from `.mage/` to a file outside,
a link swapped in for the folder a prune empties, a secret in a note's file name or metadata.
Each through the real `mage-hook` or `mage` process, as a user meets it."""

import json
import os

from helpers.hook import run_hook
from helpers.process import git, run_mage
from helpers.recall import indexed_eval_kb, injected, prompt_payload, start_payload, write_note

LOCK = "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?"
NOTE = "- tf-state-lock-force-unlock: "
NESTED = '{"notes":' + "[" * 5000 + "]" * 5000 + "}"
SLACK = "xoxb-2748391056-5829301746283-k3j9x7q2m8w4r1t6y5u0p9z2"
GITHUB = "ghp_R7mQ2xK9pL4vN8sT1wZ6yB3cF5hJ0dG2eA9k"


def ask(kb, prompt=LOCK, session="s1", transcript="/tmp/none.jsonl"):
    payload = prompt_payload(kb, prompt, session)
    payload["transcript_path"] = str(transcript)
    done = run_hook("UserPromptSubmit", payload)
    assert done.returncode == 0 and done.stderr == ""
    return injected(done)


def start(kb, session="s1", source="startup"):
    done = run_hook("SessionStart", start_payload(kb, session, source))
    assert done.returncode == 0 and done.stderr == ""
    return injected(done)


def context_file(kb, session="s1"):
    return kb.root / ".mage" / "state" / "context" / f"{session}.json"


def test_deeply_nested_json_in_a_sessions_file_costs_no_hint_and_no_resume(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    context_file(kb).parent.mkdir(parents=True, exist_ok=True)
    context_file(kb).write_text(NESTED)
    assert NOTE in ask(kb)
    context_file(kb).write_text(NESTED)
    assert "mage" in start(kb, source="resume")  # the standing context, not silence
    assert isinstance(json.loads(context_file(kb).read_text())["notes"], list)  # written anew, readable


def test_deeply_nested_json_planted_in_the_index_folder_does_not_break_index_or_recall(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    (kb.root / ".mage" / "index" / "scrubbed-clean.json").write_text(NESTED.replace("notes", "scrub"))
    done = run_mage("index", cwd=kb.root)
    assert done.returncode == 0, done.stderr
    assert "tf-state-lock-force-unlock" in run_mage("recall", "terraform state lock", cwd=kb.root).stdout


def test_a_nested_claude_settings_file_is_a_one_line_error_for_connect(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    (kb.root / ".claude").mkdir()
    (kb.root / ".claude" / "settings.local.json").write_text("[" * 5000 + "]" * 5000)
    done = run_mage("connect", "claude-code", cwd=kb.root)
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    assert "nested too deeply" in done.stderr


def test_a_cloned_note_whose_name_is_not_utf8_is_skipped_and_the_rest_still_work(tmp_path):
    origin = tmp_path / "origin"
    kb = indexed_eval_kb(origin)
    bad = os.path.join(os.fsencode(kb.notes_dir), b"bad\xffrule.md")
    with open(bad, "wb") as handle:
        handle.write(b"---\ntitle: Bad byte rule\nkind: rule\n---\nbody\n")
    git(origin, "init", "-q")
    git(origin, "add", "-A")
    git(origin, "-c", "user.email=a@b.c", "-c", "user.name=a", "commit", "-qm", "notes")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    done = run_mage("index", cwd=clone)
    assert done.returncode == 0, done.stderr
    assert "not a safe id" in done.stderr and "internal error" not in done.stderr
    assert "tf-state-lock-force-unlock" in run_mage("recall", "terraform state lock", cwd=clone).stdout
    assert run_mage("status", cwd=clone).returncode == 0
    payload = prompt_payload(kb, LOCK)
    payload["cwd"] = str(clone)
    assert NOTE in injected(run_hook("UserPromptSubmit", payload))


def test_a_lone_surrogate_in_a_sessions_file_costs_no_hint(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    context_file(kb).parent.mkdir(parents=True, exist_ok=True)
    context_file(kb).write_text('{"notes":["\\ud800"],"hinted":{"\\ud800":1}}')
    assert NOTE in ask(kb, transcript=tmp_path / "t.jsonl")
    context_file(kb).write_text('{"notes":[],"hinted":{"\\ud800":1}}')
    assert "mage" in start(kb, source="resume")


def test_a_hard_link_into_the_state_folder_leaves_the_outside_file_alone(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    outside = tmp_path / "bashrc"
    outside.write_text("export PATH=/usr/bin\n")
    context_file(kb).parent.mkdir(parents=True, exist_ok=True)
    os.link(outside, context_file(kb))
    start(kb)
    assert outside.read_text() == "export PATH=/usr/bin\n"
    assert json.loads(context_file(kb).read_text())["notes"]  # mage's own file now, standing notes in it
    os.link(outside, context_file(kb, "s2"))
    assert NOTE in ask(kb, session="s2", transcript=tmp_path / "t.jsonl")
    assert outside.read_text() == "export PATH=/usr/bin\n"
    errors = kb.root / ".mage" / "errors.log"  # an appended file too
    errors.unlink(missing_ok=True)
    os.link(outside, errors)
    context_file(kb, "s3").write_text(NESTED)  # not an error: nothing is logged; a failing write is
    (kb.root / ".mage" / "index" / "current.json").write_text("{torn")
    ask(kb, session="s3")
    assert outside.read_text() == "export PATH=/usr/bin\n"


def test_a_prune_never_empties_a_folder_a_link_points_to(tmp_path):
    from mage_engine.kb import scratch
    from mage_engine.kb.layout import KB

    kb = indexed_eval_kb(tmp_path / "project")
    victims = tmp_path / "victims"
    victims.mkdir()
    for number in range(300):
        (victims / f"v{number:03}").write_text("keep")
    folder = kb.root / ".mage" / "state" / "context"
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.symlink_to(victims)
    scratch.prune_folder(KB(kb.root).at(".mage/state/context"), keep=10)
    assert len(list(victims.iterdir())) == 300
    folder.unlink()
    folder.mkdir()
    for number in range(30):
        (folder / f"s{number:02}.json").write_text("{}")
        os.utime(folder / f"s{number:02}.json", ns=(number * 10**9, number * 10**9))
    scratch.prune_folder(str(folder), keep=10)
    assert sorted(p.name for p in folder.iterdir()) == [f"s{n:02}.json" for n in range(25, 30)]  # the newest


def test_a_secret_in_a_notes_file_name_or_metadata_never_reaches_a_hint_or_index_md(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    write_note(kb, SLACK, "Okapi token rotation schedule", "Rotate the okapi token weekly via the vault job.")
    flagged = write_note(kb, "okapi-owner", "Who owns the okapi service", "Priya owns the okapi service.")
    flagged.write_text(flagged.read_text().replace("category: lessons", f"category: {GITHUB}"))
    done = run_mage("index", cwd=kb.root)
    assert done.returncode == 0 and "looks like a secret" in done.stderr
    hint = ask(kb, "what is the okapi token rotation schedule, and who owns the okapi service")
    seen = [hint, (kb.root / "mage" / "INDEX.md").read_text(), (kb.root / "mage" / "MEMORY.md").read_text()]
    manifest = json.loads((kb.root / ".mage" / "index" / "manifest.json").read_text())
    seen += [json.dumps(list(manifest["records"].values())), json.dumps(manifest.get("problems")),  # (keys name
             (kb.root / ".mage" / "index" / "standing.json").read_text(), kb.ledger_path.read_text()]  # files)
    seen += [done.stderr, run_mage("notes", cwd=kb.root).stderr, run_mage("doctor", cwd=kb.root).stdout]
    seen.append((kb.root / ".mage" / "errors.log").read_text() if (kb.root / ".mage" / "errors.log").exists() else "")
    for text in seen:  # nor a warning quoting the value it does not know (`unknown category '…'`)
        assert SLACK not in text and GITHUB not in text
    assert "okapi-owner" in hint and "unknown category '[REDACTED:github-token]'" in done.stderr


def test_a_title_escaping_a_lone_surrogate_is_a_problem_of_that_note_only(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    (kb.notes_dir / "bad-title.md").write_text('---\ntitle: "Bad \\ud800 title"\nkind: rule\n---\nbody\n')
    done = run_mage("index", cwd=kb.root)
    assert done.returncode == 0 and "lone surrogate" in done.stderr, done.stderr
    assert NOTE in ask(kb)
    assert "mage" in start(kb, session="s9")


def test_a_huge_sessions_file_is_read_as_none_and_written_small_again(tmp_path):
    kb = indexed_eval_kb(tmp_path / "project")
    context_file(kb).parent.mkdir(parents=True, exist_ok=True)
    context_file(kb).write_text('{"notes":[' + ",".join(['"padding-note-id"'] * 800_000) + "]}")
    assert NOTE in ask(kb, transcript=tmp_path / "t.jsonl")  # not "in standing context": the file is not read
    assert context_file(kb).stat().st_size < 1000


def test_a_pasted_log_repeating_what_planted_notes_repeat_does_not_make_the_prompt_wait(tmp_path):
    """The quote search walks every position of each repeated word: a repository's notes that repeat
    a word thousands of times, and a paste that repeats it, made one prompt take 14 s (an attacker's
    report). The walk has a budget per prompt; the hook answers within its timeout."""
    import random

    kb = indexed_eval_kb(tmp_path / "project")
    for n in range(9):
        write_note(kb, f"kafka-notes-{n}", f"kafka outage notes {n}", "kafka " * 4000)
    assert run_mage("index", cwd=kb.root).returncode == 0
    random.seed(7)
    vocab = ["".join(random.choice("bcdfghjklmnpqrstvwxz") for _ in range(6)) for _ in range(3000)]
    paste = "kafka " * 2000 + " ".join(random.sample(vocab, 3000))
    done = run_hook("UserPromptSubmit", prompt_payload(kb, paste), timeout=10)  # it took 14 s
    assert done.returncode == 0 and done.stderr == ""


def test_a_paste_of_megabytes_full_of_secret_words_is_answered_within_the_hooks_timeout(tmp_path):
    """The words the ledger and the everyday counts keep come from the prompt's first 20,000
    characters; the hook scrubbed the whole prompt for them, seconds for a few MB of `secret`."""
    kb = indexed_eval_kb(tmp_path / "project")
    done = run_hook("UserPromptSubmit", prompt_payload(kb, "secret " * 1_200_000), timeout=4)  # 8 MB: 6 s before
    assert done.returncode == 0 and done.stderr == ""


def test_everyday_counts_of_the_wrong_types_read_as_none(tmp_path):
    """A planted everyday.json whose values are null, lists or too big for a file offset: `mage hints
    --why` said "internal error"; the counts of the wrong type are left out, the rest still hold."""
    kb = indexed_eval_kb(tmp_path / "project")
    state = kb.root / ".mage" / "state"
    state.mkdir(parents=True, exist_ok=True)
    (kb.root / ".mage" / "state" / "everyday.log").write_text("terraform plan\n")
    for planted in ({"prompts": None, "offset": None, "terms": {"terraform": None, "plan": [1]}},
                    {"prompts": [3], "offset": 10 ** 30, "terms": {"terraform": 1e308}},
                    {"prompts": 12, "offset": -5, "terms": {"terraform": "x", "lock": 3}}):
        (state / "everyday.json").write_text(json.dumps(planted))
        (state / "everyday-near.json").write_text(json.dumps({**planted, "near": planted["terms"], "held": "x"}))
        done = run_mage("hints", "--why", LOCK, cwd=kb.root)
        assert done.returncode == 0 and "internal error" not in done.stderr, (planted, done.stderr)
        assert "tf-state-lock-force-unlock" in done.stdout.splitlines()[0]
        assert NOTE in ask(kb)
