"""A pasted error is the prompt's subject: a note that shares none of its words is about another
error of the same tool (recall/search/pasted_error.py). Through the real `mage-hook`, `mage hints
--why` and the ledger, on the labelled sets' notes."""

import json

import pytest

from helpers.process import run_mage
from helpers.recall import backdate, fixture_kb, hinted_text, write_note
from mage_engine.recall.search.pasted_error import error_words

FOR_EACH = ("Error: Invalid for_each argument\n\nThe \"for_each\" map includes keys derived from resource attributes "
            "that cannot be determined until apply, and so Terraform cannot determine the full set of keys")


kb_of = fixture_kb
hinted = hinted_text


def test_the_words_of_each_error_clause_to_the_end_of_its_line():
    assert error_words(FOR_EACH) == {"invalid", "for_each", "argument"}
    assert error_words("pulumi up on prod:\n\nerror: the current deployment has 1 resource(s) with pending operations"
                       ) >= {"current", "deployment", "pending", "operations"}
    assert error_words("the login node is really slow today") == frozenset()
    assert error_words("127.0.0.1:6379> ZADD scores 10 ana\n(error) WRONGTYPE Operation against a key holding "
                       "the wrong kind of value") >= {"wrongtype", "operation", "holding", "wrong", "kind"}  # redis-cli
    assert error_words("django.db.migrations.exceptions.InconsistentMigrationHistory: Migration billing.0042 is "
                       "applied before its dependency") >= {"migration", "applied", "dependency"}  # a library's class
    assert error_words("İİİ snakemake: MissingInputException in rule fastqc") == {  # "İ" lowers to two characters
        "missinginputexception", "in", "rule", "fastqc"}
    assert "airflowexception" not in error_words(  # the library's base class is every one of its errors' class
        "airflow.exceptions.AirflowException: Invalid arguments were passed to PythonOperator")


def test_an_error_pasted_without_a_colon_has_a_clause_too():
    """A class named before its message, from its own name on; a log line's level, and what failed
    to happen, after them; never a lower-case "error" in a sentence."""
    assert error_words("reproducing a workflow: MissingInputException in rule fastqc in file Snakefile") >= {
        "missinginputexception", "rule", "fastqc", "snakefile"}
    assert error_words("ActionView::Template::Error (undefined method `full_name' for nil:NilClass)") >= {
        "actionview", "undefined", "method", "full_name"}
    assert error_words("ERROR ~ No such variable: reads") >= {"such", "variable", "reads"}
    assert error_words("[2026-11-03 09:12:44,101: ERROR/MainProcess] Received unregistered task of type 'x'") >= {
        "received", "unregistered", "task"}
    assert error_words("spring boot wont start: Web server failed to start. Port 8080 was already in use.") >= {
        "start.", "port", "8080", "already"}
    assert error_words("there is no error in the logs and no Exception was thrown") == frozenset()


CELERY = ("[2026-11-03 09:12:44,101: ERROR/MainProcess] Received unregistered task of type "
          "'claims.tasks.send_welcome_letter'.\nThe message has been ignored and discarded.\n\n"
          "Did you remember to import the module containing this task?")


def test_a_log_lines_error_is_the_prompts_subject(tmp_path):
    """A Celery worker's log line and a claims team's note on Celery beat that happens to say
    "received" and "containing": another error of the same Celery."""
    kb = kb_of(tmp_path / "project", "sealed/skua")
    assert hinted(kb, CELERY) == ""
    why = run_mage("hints", "--why", CELERY, cwd=kb.root).stdout
    assert why.startswith("silent: about another error than the one pasted (best celery-beat-single-replica ")


def test_a_note_that_shares_only_the_tools_words_with_a_pasted_error_is_not_hinted(tmp_path):
    kb = kb_of(tmp_path / "project", "sealed/tern")
    assert hinted(kb, FOR_EACH) == ""
    decision = [json.loads(line) for line in kb.ledger_path.read_text().splitlines()][-1]["decision"]
    best = decision["candidates"][0]
    assert best["score"] >= decision["floor"] and best["reason"] == "none of the pasted error's words in common"
    assert decision["outcome"] == "only weak evidence"
    why = run_mage("hints", "--why", FOR_EACH, cwd=kb.root).stdout
    assert why.startswith("silent: none of the pasted error's words in common (best ")


def test_the_software_words_of_the_error_itself_count(kb):
    """`too many clients`: the error's own words, though `clients` is everyday software talk."""
    write_note(kb, "pg-pool-exhausted", "Postgres refuses connections under load on staging",
               "`FATAL: sorry, too many clients already` from staging's Postgres during a load test means the "
               "gunicorn workers each opened their own pool; cap the pool at 5 per worker.", tags="postgres, staging")
    write_note(kb, "release-tagging", "Tag releases from main only", "Cut v-tags from main after the train merges.")
    backdate(kb.notes_dir / "pg-pool-exhausted.md")
    backdate(kb.notes_dir / "release-tagging.md")
    assert run_mage("index", cwd=kb.root).returncode == 0
    prompt = "the load test on staging fails with FATAL: sorry, too many clients already, what do we do?"
    assert "- pg-pool-exhausted: " in hinted(kb, prompt)


@pytest.mark.parametrize("folder, prompt, note", [
    ("recall_holdout", "Error: Migrate(VersionMismatch(20261103120000))", "sqlx-migration-modified"),
    ("recall_holdout", "error: package `axum v0.8.1` cannot be built because it requires rustc 1.83 or newer, while "
                       "the currently active rustc version is 1.82.0\n\njust bump rust-toolchain.toml?", "rust-toolchain-pinned"),
])
def test_a_note_written_from_the_error_is_still_hinted(tmp_path, folder, prompt, note):
    assert f"- {note}: " in hinted(kb_of(tmp_path / "project", folder), prompt)


def test_the_error_line_of_a_long_paste_is_decided_on_its_own(kb):
    """The note's error, inside a traceback whose other lines the score must also explain: hinted as
    the error line alone is (the docs promise it for a pasted error the note was written from)."""
    write_note(kb, "pg-pool-exhausted", "Postgres refuses connections under load on staging",
               "`FATAL: sorry, too many clients already` from staging's Postgres during a load test means the "
               "gunicorn workers each opened their own pool; cap the pool at 5 per worker.", tags="postgres, staging")
    write_note(kb, "release-tagging", "Tag releases from main only", "Cut v-tags from main after the train merges.")
    for name in ("pg-pool-exhausted", "release-tagging"):
        backdate(kb.notes_dir / f"{name}.md")
    assert run_mage("index", cwd=kb.root).returncode == 0
    words = ("spawning ramping hatching greenlet dispatcher heartbeat checkout basket catalogue invoice "
             "shipment warehouse voucher wishlist profile avatar thumbnail carousel banner coupon "
             "newsletter tracker sitemap crawler webhook gateway ledger rebalance shard replica").split()
    noise = [f"[2026-12-01 10:22:{s:02d},112] worker-{s % 4}/INFO/locust.{words[s]}: {words[-s - 1]} "
             f"{words[(s * 7) % 30]} {words[(s * 11) % 30]} step {s}" for s in range(30)]
    error = "psycopg2.OperationalError: connection to server failed: FATAL:  sorry, too many clients already"
    paste = "\n".join(noise[:20] + [f"[2026-12-01 10:22:41,554] worker-3/ERROR/app.db: {error}"] + noise[20:])
    assert "- pg-pool-exhausted: " in hinted(kb, paste)
    decision = [json.loads(line) for line in kb.ledger_path.read_text().splitlines()][-1]["decision"]
    row = next(r for r in decision["candidates"] if r["id"] == "pg-pool-exhausted")
    assert row["reason"] == "hinted" and row["error_line"] is True and row["score"] < decision["floor"]
    assert "hinted (its pasted error line alone)" in run_mage("hints", "--why", "-", "--whole", cwd=kb.root,
                                                             input=paste).stdout


UNIQUE_KEY = ('saving an adjuster in the django admin gives\ndjango.db.utils.IntegrityError: duplicate key value '
              'violates unique constraint "claims_adjuster_email_key"\nDETAIL:  Key (email)=(m.ortiz@example.com) '
              'already exists.')


def test_a_note_that_shares_a_word_or_two_of_the_error_apart_tells_of_another_error(tmp_path):
    """The skua set's notes hold `key` and the table's name, never "duplicate key value violates
    unique constraint" in a row: a note on server-side cursors behind pgbouncer is about another
    error of the same Django and Postgres."""
    kb = kb_of(tmp_path / "project", "sealed/skua")
    assert hinted(kb, UNIQUE_KEY) == ""
    decision = [json.loads(line) for line in kb.ledger_path.read_text().splitlines()][-1]["decision"]
    best = decision["candidates"][0]
    assert best["score"] >= decision["floor"] and best["reason"] == "about another error than the one pasted"
    why = run_mage("hints", "--why", UNIQUE_KEY, cwd=kb.root).stdout
    assert why.startswith("silent: about another error than the one pasted (best ")


def test_a_note_that_quotes_two_words_of_the_error_in_a_row_is_hinted(kb):
    """One paste and two notes on the same admin: the one that says "unique constraint" as the error
    does is hinted; the one that says "unique" and "key" apart is about another error."""
    write_note(kb, "payout-reference-unique", "Payout references are unique",
               "Saving a payout whose reference exists fails: Postgres reports that it violates the unique "
               "constraint on the reference. The admin form checks the reference first.", tags="django, admin, payout")
    write_note(kb, "payout-admin-search", "Payout admin search is by reference",
               "The payout admin in django searches on every key press; a unique index on lower(reference) keeps "
               "it fast.", tags="django, admin, payout")
    for name in ("payout-reference-unique", "payout-admin-search"):
        backdate(kb.notes_dir / f"{name}.md")
    assert run_mage("index", cwd=kb.root).returncode == 0
    prompt = ('saving a payout in the django admin gives\ndjango.db.utils.IntegrityError: duplicate key value '
              'violates unique constraint "uq_tx_ref"')
    text = hinted(kb, prompt)
    assert "- payout-reference-unique: " in text and "payout-admin-search" not in text
    decision = [json.loads(line) for line in kb.ledger_path.read_text().splitlines()][-1]["decision"]
    other = next(row for row in decision["candidates"] if row["id"] == "payout-admin-search")
    assert other["score"] >= decision["floor"] and other["reason"] == "about another error than the one pasted"


ADB = ("adb install -r build/tidebreakers.apk\nPerforming Streamed Install\nadb: failed to install "
       "build/tidebreakers.apk: Failure [INSTALL_FAILED_UPDATE_INCOMPATIBLE: Package com.aukgames.tidebreakers "
       "signatures do not match previously installed version; ignoring!]")


def test_the_apps_own_name_in_a_pasted_error_is_the_teams_not_the_errors(tmp_path):
    """`com.aukgames.tidebreakers`, which three of a games studio's notes spell, is named by the
    error adb prints: what failed to install is the team's app, and the notes that name it (on
    fastlane match, on push notifications) are about other errors."""
    kb = kb_of(tmp_path / "project", "sealed/auk")
    assert hinted(kb, ADB) == ""
    decision = [json.loads(line) for line in kb.ledger_path.read_text().splitlines()][-1]["decision"]
    named = [row for row in decision["candidates"] if any(word[2] == "name" for word in row["words"])]
    assert len(named) >= 2 and {row["reason"] for row in named} == {"about another error than the one pasted"}
