"""A hint needs evidence beyond a shared generic word (docs/recall.md, "Evidence").

The prompts hinted by mistake on another team's set shared one technology word
with a note and nothing else: a docker-compose `deploy` key and a note on GitLab
deploy keys, a GitLab issue template and the team's GitLab CI notes, a CSS
cursor and a note whose template heading says "Pointers". A small GitLab team's
knowledge base reproduces each; the same notes are still hinted for prompts
that are about them. Decisions are read with `mage hints --why --json`, which
runs the hook's own decision.
"""

import pytest

from helpers.recall import fixture_kb, hinted_text, indexed_kb_of, why

NOTES = {
    "gitlab-deploy-keys": ("Servers pull the repository with per-server GitLab deploy keys",
                           "Ansible clones the repository with a read-only GitLab deploy key, one per server.\n\n"
                           "## Procedure\n1. `ssh-keygen -t ed25519` on the server.\n2. Add the key under Deploy keys.\n"),
    "gitlab-ci-needs": ("Declare needs so GitLab CI jobs do not wait for whole stages",
                        "Frontend jobs waited for the backend stage; `needs:` turns the pipeline into a graph. "
                        "The coverage report artifact is kept a week.\n"),
    "gitlab-protected-vars": ("Deploy tokens are protected GitLab variables",
                              "GitLab only exposes protected variables to protected branches.\n"),
    "gitlab-runner-cache": ("GitLab runner cache is per runner",
                            "Jobs on another GitLab runner start with an empty cache.\n"),
    "cursor-pagination": ("Cursor pagination needs a unique ordering",
                          "The appointments API repeated rows between pages: the cursor encodes a position in an "
                          "ordering that must end in a unique field.\n\n## Pointers\n- api/pagination.py\n"),
    "compose-override": ("Local compose settings go in docker-compose.override.yml",
                         "Published ports and bind mounts of your own checkout go in the override file, which "
                         "docker compose reads on its own.\n"),
}


@pytest.fixture(scope="module")
def kb(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("evidence") / "project", NOTES)


def reason(decision, note_id):
    return next(row["reason"] for row in decision["candidates"] if row["id"] == note_id)


def test_a_compose_deploy_key_is_not_a_gitlab_deploy_key(kb):
    decision = why(kb, "where does the deploy key in docker-compose come from")
    assert decision["hinted"] == []
    assert reason(decision, "gitlab-deploy-keys").startswith("about docker-compose")


def test_a_gitlab_issue_template_is_not_about_the_teams_gitlab_notes(kb):
    decision = why(kb, "add a GitLab issue template for bug reports")
    assert decision["hinted"] == [] and decision["outcome"] in ("only weak evidence", "below floor")


def test_a_css_cursor_pointer_is_not_a_note_with_a_pointers_heading(kb):
    decision = why(kb, "change the CSS cursor to a pointer on hover")
    assert decision["hinted"] == []
    assert reason(decision, "cursor-pagination") in ("only one word in common (cursor)", "below floor")


def test_docker_compose_alone_is_a_generic_technology(kb):
    decision = why(kb, "what's the difference between docker compose up and docker compose start")
    assert decision["hinted"] == []


@pytest.mark.parametrize("prompt, note", [
    ("rotate the GitLab deploy key on web-2, it was copied to a laptop", "gitlab-deploy-keys"),
    ("the appointments API repeats rows between pages with cursor pagination", "cursor-pagination"),
    ("where do my local ports for docker compose go without changing the shared file? an override?",
     "compose-override"),
    ("ui jobs wait for the backend stage in GitLab CI, can they start earlier", "gitlab-ci-needs"),
])
def test_the_same_notes_are_hinted_when_the_prompt_is_about_them(kb, prompt, note):
    decision = why(kb, prompt)
    assert note in decision["hinted"], decision


def test_every_candidate_carries_its_score_reason_and_shared_words(kb):
    decision = why(kb, "rotate the GitLab deploy key on web-2, it was copied to a laptop")
    assert decision["floor"] == 0.5 and decision["outcome"] == "hinted"
    for row in decision["candidates"]:
        assert 0 <= row["score"] <= 1 and row["reason"] and all(len(word) == 3 for word in row["words"])


HPC_NOTES = {
    "wandb-offline-sync": ("Runs on the login node log to W&B offline, synced afterwards",
                           "Compute nodes have no internet: `WANDB_MODE=offline`, then `wandb sync` from the login node.\n"),
    "minio-key-rotation": ("MinIO keys rotate monthly; refresh them from the login node",
                           "The access key in `~/.mc/config.json` expires on the first of the month.\n"),
    "gpu-fair-use": ("Ask in #cluster before holding more than two nodes for a sweep",
                     "A sweep that holds 4 nodes blocks everyone's jobs for a day; book it in the calendar.\n"),
    "grafana-cluster": ("Cluster load is on the Grafana web UI",
                        "Open the web UI on port 3000 through the tunnel; the GPU panel shows who holds which node.\n"),
    "sweep-trial-limit": ("Sweeps run at most 8 trials in parallel mode",
                          "Set max_concurrent_trials to 8; a global cap of 8 keeps the queue fair.\n"),
    "slurm-partitions": ("Which Slurm partition to submit to",
                         "`gpu-short` for jobs under 4 hours, `gpu-long` for the rest.\n"),
}


@pytest.fixture(scope="module")
def hpc(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("hpc") / "project", HPC_NOTES)


def test_one_word_beside_a_generic_technology_is_not_enough(hpc):
    decision = why(hpc, "the login node is really slow today")
    assert decision["hinted"] == []
    assert reason(decision, "wandb-offline-sync") == \
        "only one word in common (login) beside a generic technology (node)"


def test_a_plural_names_things_of_that_kind_not_the_technology(hpc):
    decision = why(hpc, "is it ok if I grab 4 nodes for a sweep tomorrow?")
    assert "gpu-fair-use" in decision["hinted"], decision
    labels = {word: label for row in decision["candidates"] for word, _, label in row["words"]}
    assert labels["nodes"] != "tech"


def test_ui_is_everyday_software_talk(hpc):
    decision = why(hpc, "the booking web ui looks ugly, center the form")
    assert decision["hinted"] == []
    assert reason(decision, "grafana-cluster") in ("only one word in common (web)", "below floor")


PORTAL_NOTES = {
    "portal-onpush-stale": ("Angular portal views go stale under OnPush",
                            "A mutated input does not re-render an OnPush component: replace the object instead.\n"),
    "portal-api-client": ("The Angular portal's API client is generated",
                          "Run `npm run codegen` after the OpenAPI spec changes; never edit src/api by hand.\n"),
    "portal-translations": ("Angular portal strings live in the translation files",
                            "Add every new string to src/i18n/en.json and pl.json; the build fails on a missing key.\n"),
    "payouts-cutoff": ("Payout files are cut at 14:00 CET",
                       "A payout created after the cutoff goes into the next day's file.\n"),
    "refund-limits": ("A partial refund can be repeated up to the captured amount",
                      "Refunds are checked against what was captured, not what was authorised.\n"),
    "blik-timeouts": ("A BLIK timeout is not a failed payment",
                      "Poll the status endpoint for two minutes before telling the customer it failed.\n"),
    "kafka-rebalance": ("Kafka consumers rebalance on every pod restart",
                        "Static membership (`group.instance.id`) stops the storm.\n"),
    "flyway-baseline": ("Flyway needs a baseline on a copied database",
                        "Run `flyway baseline` once on a restored dump before migrating.\n"),
    "pan-masking": ("Card numbers are masked in every log line",
                    "The logback mask pattern keeps the last four digits; never log the PAN at debug.\n"),
    "hotfix-process": ("A hotfix branches from the release tag",
                       "Branch from the tag, get two reviews, deploy outside the train.\n"),
    "route-timeout": ("OpenShift routes time out after 30 seconds",
                      "Set the haproxy.router.openshift.io/timeout annotation for long exports.\n"),
    "jira-branches": ("Branch names start with the Jira ticket",
                      "PAY-1234-short-title, or the pipeline refuses the merge request.\n"),
    "sca-exemptions": ("Low-value payments under 30 EUR skip SCA",
                       "Until the fifth exempted payment or 100 EUR in total since the last challenge.\n"),
}


@pytest.fixture(scope="module")
def portal(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("portal") / "project", PORTAL_NOTES)


def test_words_several_notes_share_alike_pick_none_of_them(portal):
    """Three notes hold `angular` and `portal` in the same places: a prompt saying only those
    says which part of the code, not which note."""
    decision = why(portal, "bump angular from 17.2 to 17.3 in the portal")
    assert decision["hinted"] == []
    assert reason(decision, "portal-api-client") == "3 notes share these words alike"


def test_a_prompt_about_one_of_those_notes_still_gets_it(portal):
    decision = why(portal, "the angular portal view stays stale under OnPush after I mutate the input")
    assert decision["hinted"][:1] == ["portal-onpush-stale"], decision


def test_mode_max_and_global_are_everyday_software_talk(hpc):
    decision = why(hpc, "change my power mode to max performance, global setting")
    assert decision["hinted"] == []
    assert reason(decision, "sweep-trial-limit") in ("only one word in common (performance)",
                                                      "only everyday words in common", "below floor")
    assert "sweep-trial-limit" in why(hpc, "how many trials can a sweep run in parallel?")["hinted"]


AGENT_NOTES = {
    "wrapper-quiet-mode": ("Empty Bash output comes from the claude wrapper's quiet mode",
                           "The claude wrapper sets CLAUDE_QUIET_MODE by default and every Bash result is empty. "
                           "CLAUDE.md says to exec the real claude binary instead.\n"),
    "agent-frontmatter": ("Agent md files need their frontmatter on the first line",
                          "Claude skips an agents/*.md file whose YAML starts after a blank line.\n"),
    "agent-registry": ("Register a custom agent in the claude registry json",
                       "New agents/*.md files are invisible to claude until the registry is rebuilt.\n"),
    "installer-symlinks": ("The claude installer links into ~/.local/bin",
                           "The installer writes md docs and links the claude launcher; rerun it after a move.\n"),
    "livecd-dns": ("A chroot for the live CD has no DNS until resolv.conf is bound",
                   "apt inside the chroot fails with temporary failure in name resolution; bind-mount it.\n"),
    "learning-db": ("The learning database stays inside the repository",
                    "Nothing under /tmp: claude agents write the learning db in the repo, see the md runbook.\n"),
}


@pytest.fixture(scope="module")
def agents(tmp_path_factory):
    return indexed_kb_of(tmp_path_factory.mktemp("agents") / "project", AGENT_NOTES)


def test_a_file_named_from_the_teams_common_words_is_no_rare_identifier(agents):
    """`claude.md` in a project whose notes all say claude and md: the team's usual file, which one
    note's body happens to name (real prompts: "update claude.md", "read claude.md")."""
    decision = why(agents, "update claude.md")
    assert decision["hinted"] == []
    assert reason(decision, "wrapper-quiet-mode") == "only one word in common (claude.md)"


def test_a_rare_identifier_of_one_note_is_still_strong_alone(agents):
    assert why(agents, "CLAUDE_QUIET_MODE")["hinted"] == ["wrapper-quiet-mode"]


def test_a_prompt_that_restates_a_notes_title_is_evidence_however_everyday_its_words(tmp_path):
    """"is it ok to force push to main?" says the rule's title; `push` and `main` are everyday
    software talk, and one topic word alone is never enough, but the title is the note's question."""
    kb = indexed_kb_of(tmp_path / "project", {
        "never-force-push-main": ("Never force-push to main",
                                  "main is protected; a force-push rewrote two days of merges in March. Revert instead."),
        "release-tagging": ("Tag releases from main only", "Cut v-tags from main after the release train merges."),
        "ci-cache": ("CI caches the Gradle folder", "The cache key is the lockfile's hash."),
    })
    decision = why(kb, "is it ok to force push to main?")
    assert decision["hinted"] == ["never-force-push-main"]
    # one title word is no restatement: the same words-alone rule holds
    assert why(kb, "the force of habit, honestly")["hinted"] == []
    assert why(kb, "git push to main failed with a 403")["hinted"] == []


def test_plain_english_verbs_are_everyday_words(tmp_path):
    """'allows', 'ensure', 'details' say nothing about which note: shared with a note beside one topic
    word, they are not a second one (skua's "terraform variable validation that only allows dev …"
    was hinted a note on Secrets Manager paths that allows and ensures things too)."""
    kb = indexed_kb_of(tmp_path / "project", {
        "vault-token-ttl": ("Vault tokens expire after eight hours",
                            "The policy allows one renewal; ensure the agent renews them. The details are common "
                            "to every environment.\n"),
        "vault-unseal": ("Unsealing vault after a restart", "Three key holders unseal it.\n")})
    decision = why(kb, "the vault cli allows a retry flag, ensure the details are common to all of them")
    words = {word: label for row in decision["candidates"] if row["id"] == "vault-token-ttl"
             for word, _, label in row["words"]}
    assert {"allows", "ensure", "details", "common"} <= set(words), words
    assert {words[w] for w in ("allows", "ensure", "details", "common")} == {"everyday"}, words
    assert decision["hinted"] == []  # vault alone, and everyday words


def test_a_verb_whose_stem_is_a_noun_of_the_trade_stays_a_topic_word(tmp_path):
    """The stemmer makes "contains" the term of `container`, "requires" of requirements and "provided"
    of a provider: those verbs are not in the everyday list, so the nouns keep their weight."""
    kb = indexed_kb_of(tmp_path / "project", {
        "container-oom": ("The worker container is killed at 512 MiB", "Raise the container memory limit.\n"),
        "tf-provider-pin": ("Pin the Terraform provider version", "Unpinned provider upgrades broke the plan.\n"),
        "requirements-lock": ("requirements.txt is generated", "Edit requirements.in and compile it.\n")})
    for prompt, note in (("the container keeps dying", "container-oom"),
                         ("which provider version do we use", "tf-provider-pin"),
                         ("can I edit the requirements by hand", "requirements-lock")):
        words = {word: label for row in why(kb, prompt)["candidates"] if row["id"] == note
                 for word, _, label in row["words"]}
        assert any(label == "word" for label in words.values()), (prompt, words)


def test_a_prompt_that_says_most_of_a_title_in_everyday_words_finds_its_note(tmp_path):
    """A new user's rule and procedure, asked about in the title's own words: "friday" is everyday
    English and "find", "long", "running" too, so each shared only one topic word with its note."""
    kb = indexed_kb_of(tmp_path / "project", {
        "never-deploy-friday": ("Never deploy to production on Friday", "Friday deploys wait for Monday.\n"),
        "deploy-bot": ("Deploys to staging go through the deploy bot", "Type /deploy in the channel.\n"),
        "pg-long-queries": ("Postgres: find long-running queries with pg_stat_activity",
                            "SELECT pid, now() - query_start FROM pg_stat_activity ORDER BY 2 DESC;\n"),
        "pg-too-many-clients": ("Postgres: too many clients means the pgbouncer pool is full",
                                "Raise default_pool_size in pgbouncer.ini.\n")})
    assert why(kb, "is it ok to deploy on friday?")["hinted"] == ["never-deploy-friday"]
    assert why(kb, "how do I find long running queries in postgres")["hinted"] == ["pg-long-queries"]
    assert why(kb, "deploy the docs site on friday evening")["hinted"] == []  # one topic word: no title said


def test_a_log_lines_date_and_time_are_no_topic(tmp_path):
    """A new user's `mage hints --why "2026-12-04"` scored a note 0.40 on the date alone: its "12:00"
    holds the 12. A date or a time of day weighs like a bare small number, whoever holds its parts;
    a version (`24.04`) and a port (`5432`) still count in full."""
    kb = indexed_kb_of(tmp_path / "project", {
        "friday-freeze": ("Production deploys freeze on Fridays", "Frozen from Friday 12:00 until Monday 09:00.\n"),
        "ubuntu-base": ("The CI image is Ubuntu 24.04", "Runners use the 24.04 image; postgres listens on 5432.\n")})
    stamped = why(kb, "2026-12-04 12:00:01,101 INFO worker started")
    assert all(row["score"] < 0.2 for row in stamped["candidates"]), stamped["candidates"]
    labels = {word: label for row in stamped["candidates"] for word, _, label in row["words"]}
    assert labels.get("2026-12-04", "everyday") == "everyday" and labels.get("12:00:01", "everyday") == "everyday"
    versioned = why(kb, "bump the ci image from 24.04")
    assert any(word == "24.04" and label != "everyday" for row in versioned["candidates"]
               for word, _, label in row["words"]), versioned["candidates"]


def test_an_error_whose_words_are_all_everyday_finds_the_note_that_names_it(tmp_path):
    """"FATAL: sorry, too many clients already" is the error a note's title names, and every word of
    it is plain English or software talk: it shared only `FATAL` with the note, and was silent."""
    kb = indexed_kb_of(tmp_path / "project", {
        "pg-too-many-clients": ("Postgres: too many clients already means the pgbouncer pool is exhausted",
                                "FATAL: sorry, too many clients already came from the app bypassing pgbouncer; "
                                "point DATABASE_URL at port 6432.\n"),
        "pg-long-queries": ("Postgres: find long-running queries", "SELECT * FROM pg_stat_activity;\n")})
    assert why(kb, "FATAL: sorry, too many clients already")["hinted"] == ["pg-too-many-clients"]
    assert why(kb, "FATAL: role \"deploy\" does not exist")["hinted"] == []  # another error


def test_the_namespace_of_a_name_no_note_holds_says_which_library_not_which_note(tmp_path):
    """`sync.RWMutex` in a lending team's notes, where `sync` is Argo CD's and Sidekiq's: no note
    holds RWMutex, so the package's name is a technology's, and `go` beside it is one word alone."""
    kb = fixture_kb(tmp_path / "lending", "sealed/puffin")
    prompt = "in go when should i use sync.RWMutex instead of sync.Mutex"
    assert hinted_text(kb, prompt) == ""
    decision = why(kb, prompt)
    assert decision["candidates"][0]["reason"] == "only one word in common (go) beside a generic technology (sync)"
    assert ["sync", 0.68, "tech"] in decision["candidates"][0]["words"]


def test_a_note_that_holds_the_qualified_name_is_still_found(tmp_path):
    kb = indexed_kb_of(tmp_path / "project", {
        "poller-rwmutex": ("The poller's cache is guarded by a sync.RWMutex",
                           "Readers take RLock; the refresh takes Lock. A plain sync.Mutex made reads queue."),
        "argocd-manual-sync": ("Prod apps sync by hand in Argo CD", "Auto-sync is off for prod: press Sync after review."),
    })
    assert why(kb, "in go when should i use sync.RWMutex instead of sync.Mutex")["hinted"] == ["poller-rwmutex"]
