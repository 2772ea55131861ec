"""Several KBs at once: a personal KB beside the project's, `kbs:` in config, `--to` and `mage move`.

Everything runs as a user would: `mage` and `mage-hook` as real processes, the personal KB
found through MAGE_PERSONAL_KB (its default place, $XDG_DATA_HOME/mage, is tested too).
"""

import json
import shutil

import pytest

from helpers.process import run_mage
from helpers.hook import run_hook
from helpers.recall import eval_kb, injected, prompt_payload, start_payload

RULE_TITLE = "Never push to a shared branch without asking first"


@pytest.fixture
def personal(tmp_path, monkeypatch):
    """An empty personal KB made by `mage init --personal`, found through MAGE_PERSONAL_KB."""
    root = tmp_path / "home" / "personal-kb"
    monkeypatch.setenv("MAGE_PERSONAL_KB", str(root))
    done = run_mage("init", "--personal", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "created your personal knowledge base" in done.stdout
    return root


def project(tmp_path, name: str):
    root = tmp_path / name
    root.mkdir()
    assert run_mage("init", cwd=root).returncode == 0
    return root


def accept(root, title, body, *more, kind="lesson", where=()):
    staged = run_mage("stage", *where, "--title", title, "--body", body, "--kind", kind, "--json", cwd=root)
    draft = json.loads(staged.stdout)["id"]
    done = run_mage("groom", *where, "--accept", draft, *more, cwd=root)
    assert done.returncode == 0, done.stderr
    return draft


def test_init_personal_uses_the_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.delenv("MAGE_PERSONAL_KB")
    done = run_mage("init", "--personal", cwd=tmp_path, env={"XDG_DATA_HOME": str(tmp_path / "data")})
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "data" / "mage" / "mage" / "config.yaml").is_file()
    again = run_mage("init", "--personal", cwd=tmp_path, env={"XDG_DATA_HOME": str(tmp_path / "data")})
    assert "already your personal knowledge base" in again.stdout


def test_personal_without_a_personal_kb_says_how_to_make_one(tmp_path):
    done = run_mage("notes", "--personal", cwd=tmp_path)
    assert done.returncode == 1
    assert "no personal knowledge base" in done.stderr and "mage init --personal" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_personal_rule_reaches_standing_context_in_two_projects(tmp_path, personal):
    accept(tmp_path, RULE_TITLE, "Ask in the channel before any push to main or a release branch.", kind="rule",
           where=("--personal",))
    for name in ("api", "web"):
        root = project(tmp_path, name)
        from mage_engine.kb.layout import KB

        done = run_hook("SessionStart", start_payload(KB(root), session=f"start-{name}"))
        text = injected(done)
        assert f"- [personal] never-push-to-a-shared-branch-without-asking-first (rule): {RULE_TITLE}" in text
        assert text.index("[personal]") > text.index("mage recall")  # after the project's own governance line


def test_personal_rules_past_the_budget_end_in_one_line_naming_how_many_more(tmp_path, personal):
    for number in range(40):
        (personal / "mage" / "notes" / f"personal-rule-{number:02d}.md").write_text(
            f"---\nid: personal-rule-{number:02d}\ntitle: Personal rule number {number:02d} about how I like "
            f"every repository to be kept tidy\nkind: rule\ncreated: 2026-11-01\nupdated: 2026-11-01\n---\n"
            f"Rule {number} body.\n")
    assert run_mage("index", "--personal", cwd=tmp_path).returncode == 0
    from mage_engine.kb.layout import KB

    root = project(tmp_path, "api")
    text = injected(run_hook("SessionStart", start_payload(KB(root), session="start-many")))
    listed = text.count("- [personal] personal-rule-")
    assert 0 < listed < 40
    assert f"- (+{40 - listed} more: `mage notes --personal`)" in text


def test_a_project_rule_stays_in_its_project(tmp_path, personal):
    api, web = project(tmp_path, "api"), project(tmp_path, "web")
    accept(api, "Api migrations run as a job", "Never from the app's start-up.", kind="rule")
    from mage_engine.kb.layout import KB

    assert "api-migrations-run-as-a-job" in injected(run_hook("SessionStart", start_payload(KB(api))))
    assert "api-migrations-run-as-a-job" not in injected(run_hook("SessionStart", start_payload(KB(web))))


def test_a_project_note_and_a_personal_note_are_both_hinted_labelled_within_the_cap(tmp_path, personal):
    kb = eval_kb(tmp_path / "api")  # the 40 notes of the public recall set
    run_mage("index", cwd=kb.root)
    accept(tmp_path, "Ripgrep skips dotfiles unless given --hidden",
           "rg --hidden --glob '!.git' searches dotfiles too; plain rg skips them.", where=("--personal",))
    prompt = "rebasing my branch: should I force push with lease, and why does ripgrep skip dotfiles unless --hidden?"
    wide = injected(run_hook("UserPromptSubmit", prompt_payload(kb, prompt, "wide")))
    assert "- [personal] ripgrep-skips-dotfiles-unless-given-hidden: Ripgrep skips dotfiles" in wide
    assert "- rebase-force-with-lease: Update feature branches by rebasing" in wide
    assert "mage show --personal <id>" in wide
    capped = injected(run_hook("UserPromptSubmit", prompt_payload(kb, prompt, "capped"), env={"MAGE_HINT_COUNT": "2"}))
    listed = [line.split(":")[0] for line in capped.splitlines() if line.startswith("- ")]
    assert listed == ["- [personal] ripgrep-skips-dotfiles-unless-given-hidden", "- rebase-force-with-lease"]
    assert len([line for line in wide.splitlines() if line.startswith("- ")]) > 2  # the cap is what cut the third
    ledger = [json.loads(line) for line in (kb.root / ".mage" / "injections.jsonl").read_text().splitlines()]
    assert ledger[-1]["notes"] == ["personal:ripgrep-skips-dotfiles-unless-given-hidden", "rebase-force-with-lease"]
    why = run_mage("hints", "--why", prompt, cwd=kb.root, env={"MAGE_HINT_COUNT": "2"})
    assert "beyond hint.count" in why.stdout and "personal:ripgrep-skips-dotfiles-unless-given-hidden  hinted" in why.stdout


def test_a_tie_goes_to_the_project_note(tmp_path, personal):
    root = project(tmp_path, "api")
    title, body = "Rotate the signing keys quarterly", "Signing keys rotate every quarter, the old one kept a week."
    accept(tmp_path, title, body, where=("--personal",))
    accept(root, title, body)
    done = run_mage("recall", "--json", "rotate signing keys quarterly", cwd=root)
    hits = json.loads(done.stdout)
    assert [(hit["kb"], hit["id"]) for hit in hits[:2]] == [("project", "rotate-the-signing-keys-quarterly"),
                                                            ("personal", "rotate-the-signing-keys-quarterly")]
    assert hits[0]["score"] == hits[1]["score"]  # one scale: the same note scores the same in either KB


def test_a_note_accepted_to_personal_lands_there_and_not_in_the_project_index(tmp_path, personal):
    root = project(tmp_path, "api")
    staged = run_mage("stage", "--title", "Use fd instead of find", "--body", "fd -e py lists Python files.",
                      "--json", cwd=root)
    draft = json.loads(staged.stdout)["id"]
    done = run_mage("groom", "--accept", draft, "--to", "personal", cwd=root)
    assert done.returncode == 0, done.stderr
    assert f"-> [personal] {personal}/mage/notes/use-fd-instead-of-find.md" in done.stdout
    assert f"git -C {personal} add mage/notes/use-fd-instead-of-find.md" in done.stdout
    assert (personal / "mage" / "notes" / "use-fd-instead-of-find.md").is_file()
    assert "use-fd-instead-of-find" in (personal / "mage" / "INDEX.md").read_text()
    assert not (root / "mage" / "notes" / "use-fd-instead-of-find.md").exists()
    index = root / "mage" / "INDEX.md"
    assert not index.exists() or "use-fd-instead-of-find" not in index.read_text()
    assert json.loads(run_mage("drafts", "--json", cwd=root).stdout)["drafts"] == []  # out of the project's staging


def test_move_keeps_the_id_and_history(tmp_path, personal):
    import yaml

    root = project(tmp_path, "api")
    accept(root, "Alias gs to git status", "alias gs='git status -sb' in ~/.zshrc", kind="procedure")
    note = root / "mage" / "notes" / "alias-gs-to-git-status.md"
    note.write_text(note.read_text().replace("tags: []", "tags: [git, zsh]\nsee_also: [git-aliases]")
                    .replace("created: 20", "created: 2025-01-02\nwas: 20"), encoding="utf-8")
    before = yaml.safe_load(note.read_text().split("---")[1])
    done = run_mage("move", "alias-gs-to-git-status", "--to", "personal", cwd=root)
    assert done.returncode == 0, done.stderr
    moved_file = personal / "mage" / "notes" / "alias-gs-to-git-status.md"
    moved = yaml.safe_load(moved_file.read_text().split("---")[1])
    assert not note.exists() and "alias-gs-to-git-status" not in (root / "mage" / "INDEX.md").read_text()
    assert "alias-gs-to-git-status" in (personal / "mage" / "INDEX.md").read_text()
    assert {k: v for k, v in moved.items() if k != "updated"} == {k: v for k, v in before.items() if k != "updated"}
    assert str(moved["created"]) == "2025-01-02" and moved["see_also"] == ["git-aliases"]
    assert "alias gs='git status -sb'" in moved_file.read_text()
    back = run_mage("move", "--personal", "alias-gs-to-git-status", "--to", "project", cwd=root)
    assert back.returncode == 0, back.stderr
    assert note.exists() and not moved_file.exists()


def test_move_refuses_a_note_the_other_kb_already_has(tmp_path, personal):
    root = project(tmp_path, "api")
    accept(root, "Same title twice", "one")
    accept(tmp_path, "Same title twice", "two", where=("--personal",))
    done = run_mage("move", "same-title-twice", "--to", "personal", cwd=root)
    assert done.returncode == 1 and "already has a note same-title-twice" in done.stderr
    assert (root / "mage" / "notes" / "same-title-twice.md").exists()


def test_a_team_kb_listed_under_kbs_is_searched_and_labelled(tmp_path, personal):
    team, root = project(tmp_path, "team-memory"), project(tmp_path, "api")
    accept(team, "Deploys freeze on Fridays after noon", "No deploys on Friday afternoons; ask the on-call lead.")
    config = root / "mage" / "config.yaml"
    config.write_text(config.read_text() + "kbs:\n  - ../team-memory\n  - {path: ../not-cloned, name: infra}\n")
    assert "[team-memory]" not in run_mage("recall", "friday deploys freeze", cwd=root).stdout  # not confirmed here
    assert "../team-memory is outside this project, so it is not read" in run_mage("status", cwd=root).stderr
    refused = run_mage("kbs", "--confirm", cwd=root, env={"CLAUDECODE": "1"})
    assert refused.returncode == 1 and refused.stderr.startswith("mage: confirming which knowledge bases")
    assert "not read until confirmed here" in run_mage("kbs", cwd=root).stdout  # listed, not only warned
    assert "is outside this project" in run_mage("recall", "friday deploys freeze", cwd=root).stderr
    checks = {c["name"]: c for c in json.loads(run_mage("doctor", "--json", cwd=root).stdout)["checks"]}
    assert checks["kbs"]["status"] == "warn" and checks["kbs"]["data"]["unconfirmed"] == ["../team-memory"]
    assert checks["kbs"]["data"]["missing"] == ["../not-cloned"] and "mage kbs --confirm" in checks["kbs"]["fix"]
    done = run_mage("kbs", "--confirm", cwd=root)
    assert done.returncode == 0 and "confirmed ../team-memory" in done.stdout
    assert "nothing to confirm" in run_mage("kbs", "--confirm", cwd=root).stdout
    listed = json.loads(run_mage("kbs", "--json", cwd=root).stdout)
    assert listed["confirmed"] == ["../team-memory"] and listed["confirmed_now"] == []
    assert [entry["path"] for entry in listed["missing"]] == ["../not-cloned"]
    done = run_mage("recall", "friday deploys freeze", cwd=root)
    assert "[team-memory] deploys-freeze-on-fridays-after-noon" in done.stdout
    status = run_mage("status", cwd=root)
    assert "[team-memory] KB" in status.stdout and "../not-cloned holds no knowledge base" in status.stderr
    assert "is outside this project" not in status.stderr
    assert f"personal KB     {personal}" in status.stdout


def test_a_cloned_config_cannot_make_a_session_read_another_kb_on_this_machine(tmp_path, personal):
    """A repository someone else wrote lists `../victim` (guessable: a sibling checkout): its sessions
    got the victim KB's standing rules and hints, and its hooks wrote the victim's index."""
    victim, hostile = project(tmp_path, "victim"), project(tmp_path, "hostile")
    accept(victim, "Payroll kafka admin lives at payroll-kafka.internal", "Rotate the payroll kafka admin monthly.")
    config = hostile / "mage" / "config.yaml"
    config.write_text(config.read_text() + "kbs:\n  - ../victim\n")
    before = sorted(p.relative_to(victim) for p in (victim / ".mage").rglob("*"))
    start = run_hook("SessionStart", {"session_id": "s", "cwd": str(hostile), "hook_event_name": "SessionStart",
                                      "source": "startup", "transcript_path": "/tmp/none.jsonl"})
    hint = run_hook("UserPromptSubmit", {"session_id": "s", "cwd": str(hostile), "hook_event_name": "UserPromptSubmit",
                                         "prompt": "rotate the payroll kafka admin", "transcript_path": "/tmp/none.jsonl"})
    assert "payroll" not in start.stdout.lower() and "payroll" not in hint.stdout.lower()
    assert sorted(p.relative_to(victim) for p in (victim / ".mage").rglob("*")) == before
    # a copy of the confirmation committed with the repository holds for no other folder
    assert run_mage("kbs", "--confirm", cwd=hostile).returncode == 0
    clone = tmp_path / "clone"
    shutil.copytree(hostile, clone)
    done = run_mage("recall", "payroll kafka admin", cwd=clone)
    assert "[victim]" not in done.stdout and "is outside this project" in run_mage("kbs", cwd=clone).stderr


def test_a_bad_kbs_entry_is_a_one_line_config_error(tmp_path):
    root = project(tmp_path, "api")
    config = root / "mage" / "config.yaml"
    config.write_text(config.read_text() + "kbs: ~/team\n")
    done = run_mage("dial", cwd=root)
    assert done.returncode == 1 and "key 'kbs' must be a list of folders" in done.stderr


def test_personal_and_kb_together_is_a_usage_error(tmp_path, personal):
    root = project(tmp_path, "api")
    done = run_mage("notes", "--personal", "--kb", root, cwd=tmp_path)
    assert done.returncode == 2 and "--personal and --kb" in done.stderr


def test_the_staging_batch_suggests_where_each_draft_goes(tmp_path, personal):
    root = project(tmp_path, "api")
    (root / "src" / "api").mkdir(parents=True)
    (root / "src" / "api" / "app.py").write_text("app = None\n")
    run_mage("stage", "--title", "Restart the app after editing src/api/app.py", "--body", "No reload there.", cwd=root)
    run_mage("stage", "--title", "Bind ctrl-r to fzf history search", "--body", "In ~/.zshrc.",
             "--kind", "procedure", cwd=root)
    rows = {row["id"]: row for row in json.loads(run_mage("drafts", "--json", cwd=root).stdout)["drafts"]}
    assert (rows["restart-the-app-after-editing-src-api-app-py"]["kb"],
            rows["restart-the-app-after-editing-src-api-app-py"]["kb_why"]) == ("project", "names src/api/app.py")
    assert rows["bind-ctrl-r-to-fzf-history-search"]["kb"] == "personal"
    assert "bind-ctrl-r-to-fzf-history-search  procedure/lesson  Bind ctrl-r to fzf history search  -> personal" \
        in run_mage("drafts", cwd=root).stdout


def test_recall_in_the_personal_kb_labels_its_own_hits_personal(tmp_path, personal):
    accept(tmp_path, "Prefer imperative commit subjects", "Subjects in the imperative, under 60 characters.",
           kind="preference", where=("--personal",))
    hits = json.loads(run_mage("recall", "--personal", "--json", "imperative commit subjects", cwd=tmp_path).stdout)
    assert [(hit["kb"], hit["id"]) for hit in hits] == [("personal", "prefer-imperative-commit-subjects")]


def test_with_no_personal_kb_and_no_kbs_finding_the_others_costs_one_stat(kb, monkeypatch):
    from mage_engine.base import fs
    from mage_engine.kb.config import load_config_cached
    from mage_engine.kbs.attached import others

    config = load_config_cached(kb)
    calls = []
    for name in ("stat", "lstat"):
        real = getattr(fs, name)
        monkeypatch.setattr(fs, name, lambda path, *a, _real=real, **k: calls.append(path) or _real(path, *a, **k))
    assert others(kb, config) == []
    assert calls == ["/nonexistent/mage-tests-personal-kb/mage/config.yaml"]


def test_a_personal_note_in_the_sessions_standing_context_is_not_hinted_again(tmp_path, personal):
    accept(tmp_path, RULE_TITLE, "Ask in the channel before any push to main or a release branch.", kind="rule",
           where=("--personal",))
    root = project(tmp_path, "api")
    from mage_engine.kb.layout import KB

    prompt = "can I push to the shared release branch without asking first?"
    assert "[personal] never-push" in injected(run_hook("UserPromptSubmit", prompt_payload(KB(root), prompt, "other")))
    run_hook("SessionStart", start_payload(KB(root), session="started"))
    assert "[personal]" not in injected(run_hook("UserPromptSubmit", prompt_payload(KB(root), prompt, "started")))
    ledger = [json.loads(line) for line in (root / ".mage" / "injections.jsonl").read_text().splitlines()]
    reasons = {row["id"]: row["reason"] for row in ledger[-1]["decision"]["candidates"]}
    assert reasons["personal:never-push-to-a-shared-branch-without-asking-first"] == "in standing context"


def test_a_kbs_entry_through_a_link_or_twice_is_said_so(tmp_path, personal):
    team, root = project(tmp_path, "team-memory"), project(tmp_path, "api")
    (root / "vendor").mkdir()
    (root / "vendor" / "team").symlink_to(team)
    config = root / "mage" / "config.yaml"
    config.write_text(config.read_text() + "kbs:\n  - vendor/team\n  - ../team-memory\n")
    done = run_mage("kbs", cwd=root)
    assert f"vendor/team (a link to {team})" in done.stdout  # "inside this project", as written, leads outside
    assert "kbs: ../team-memory is the same KB as vendor/team, so it is read once" in done.stderr
    assert done.stdout.count("not read until confirmed here") == 1
