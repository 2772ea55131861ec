"""A rebuild does not scrub again the notes the scrub found nothing in before, and scrubs everything
else (docs/recall.md, "The index"): through the real `mage index`."""

import json

from helpers.process import run_mage

from mage_engine.recall.index import scrubbed_before

SECRET = "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc"
NOTE = "---\nid: {id}\ntitle: {title}\nkind: lesson\ntags: [billing]\n---\n{body}\n"


def write(kb, note_id, title, body):
    (kb.notes_dir / f"{note_id}.md").write_text(NOTE.format(id=note_id, title=title, body=body), encoding="utf-8")


def index_bytes(kb) -> bytes:
    return b"".join(p.read_bytes() for p in (kb.scratch_dir / "index").rglob("*") if p.is_file()
                    and p.name != scrubbed_before.FILE)


def cache(kb) -> dict:
    return json.loads((kb.scratch_dir / "index" / scrubbed_before.FILE).read_text())


def test_a_clean_note_is_vouched_for_and_one_that_gains_a_secret_is_scrubbed_again(kb):
    write(kb, "billing-retries", "Billing retries back off", "Retries wait 2, 4, then 8 seconds.")
    write(kb, "billing-keys", "Billing test keys", "Charge with the test key from the vault.")
    assert run_mage("index", cwd=kb.root).returncode == 0
    assert len(cache(kb)["clean"]) == 2
    write(kb, "billing-keys", "Billing test keys", f"Charge with {SECRET} in tests.")
    assert run_mage("index", cwd=kb.root).returncode == 0
    assert SECRET.encode() not in index_bytes(kb) and b"[REDACTED:stripe-key]" in index_bytes(kb)
    assert len(cache(kb)["clean"]) == 1  # the note with a secret is not vouched for
    found = run_mage("recall", "--json", "billing retries", cwd=kb.root).stdout
    assert run_mage("index", cwd=kb.root).returncode == 0  # scrubbed again, not spared
    assert SECRET.encode() not in index_bytes(kb)
    assert run_mage("recall", "--json", "billing retries", cwd=kb.root).stdout == found  # the spared note: as before


def test_digests_made_under_other_scrub_rules_spare_nothing(kb):
    body = f"Charge with {SECRET} in tests."
    write(kb, "billing-keys", "Billing test keys", body)
    vouched = scrubbed_before.digest(["Billing test keys", "", body, "billing"])  # as an older mage's rules saw it
    store = kb.scratch_dir / "index"
    store.mkdir(parents=True, exist_ok=True)
    (store / scrubbed_before.FILE).write_text(json.dumps({"scrub": "rules of an older mage", "clean": [vouched]}))
    assert run_mage("index", cwd=kb.root).returncode == 0
    assert SECRET.encode() not in index_bytes(kb) and b"[REDACTED:stripe-key]" in index_bytes(kb)


def test_an_unreadable_or_linked_record_means_scrubbing_everything(kb, tmp_path):
    write(kb, "billing-keys", "Billing test keys", f"Charge with {SECRET} in tests.")
    outside = tmp_path / "elsewhere.json"
    outside.write_text(json.dumps({"scrub": scrubbed_before.fingerprint(), "clean": []}))
    store = kb.scratch_dir / "index"
    store.mkdir(parents=True, exist_ok=True)
    (store / scrubbed_before.FILE).symlink_to(outside)
    assert run_mage("index", cwd=kb.root).returncode == 0
    assert SECRET.encode() not in index_bytes(kb)
    assert json.loads(outside.read_text())["clean"] == []  # the link was not written through


def test_a_token_the_summarys_cut_goes_through_never_reaches_the_index(kb):
    """A summary is the first paragraph cut at 300 characters: a token across the cut had lost the
    shape the scrub knows, and its first 19 characters reached standing.json and the session's start."""
    from helpers.hook import run_hook
    from helpers.recall import start_payload

    token = "ghp_" + "aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3xY5"
    body = "deploy bot " + "z" * 268 + " " + token + " is for deploy."
    (kb.notes_dir / "cap-test.md").write_text(f"---\ntitle: Cap test deploy bot\nkind: rule\n---\n{body}\n")
    assert run_mage("index", cwd=kb.root).returncode == 0
    assert token[:12].encode() not in index_bytes(kb)
    assert token[:12] not in (kb.scratch_dir / "index" / "standing.json").read_text()
    started = run_hook("SessionStart", start_payload(kb, "s-cap"))
    assert started.returncode == 0 and "cap-test" in started.stdout and token[:12] not in started.stdout
