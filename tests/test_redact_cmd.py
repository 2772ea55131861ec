"""`mage redact --check` and its pre-commit hook, against a real git repository and real commits."""

import json
import os
import random
import string
import subprocess

import pytest
from helpers.process import git, run_mage

from mage_engine.kb.init import init_kb

RNG = random.Random(11)


@pytest.fixture(autouse=True)
def _isolated_git_config(tmp_path, monkeypatch):
    """Real git, but not the user's global config (a global core.hooksPath must not be touched)."""
    empty = tmp_path / "empty.gitconfig"
    empty.write_text("", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(empty))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")


def fake_token() -> str:
    """A GitHub-shaped fake token, built at run time so no token-shaped literal sits in the repo."""
    return "ghp_" + "".join(RNG.choice(string.ascii_letters + string.digits) for _ in range(35)) + "7"


def write_note(kb, name: str, body: str):
    path = kb.notes_dir / f"{name}.md"
    path.write_text(f"---\nid: {name}\ntitle: {name}\nkind: lesson\n---\n{body}\n", encoding="utf-8")
    return path


def commit(root, message: str, *flags: str) -> subprocess.CompletedProcess:
    """A real `git commit` (the pre-commit hook runs); its result, never raising."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", "commit", *flags, "-m", message], cwd=root, env=env, capture_output=True, text=True)


def test_a_note_with_a_secret_fails_the_check_naming_file_line_and_kind(git_kb):
    token = fake_token()
    write_note(git_kb, "deploy", f"Deploy with the bot.\n\nThe bot token is {token} for now.")
    done = run_mage("redact", "--check", cwd=git_kb.root)
    assert done.returncode == 1
    assert "mage/notes/deploy.md:8: github-token" in done.stdout
    assert token not in done.stdout + done.stderr


def test_a_clean_kb_passes(git_kb):
    write_note(git_kb, "deploy", "Deploy with `make release`; the token lives in ${RELEASE_TOKEN}.")
    done = run_mage("redact", "--check", cwd=git_kb.root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == "no secrets in 4 files under mage/\n"  # config.yaml, MEMORY.md, INDEX.md, the note: one line


def test_json_output_lists_findings_without_secrets(git_kb):
    write_note(git_kb, "db", "Local database:\n\nDB_PASSWORD=Quay-7hR2kLp9!")
    done = run_mage("redact", "--check", "--json", cwd=git_kb.root)
    assert done.returncode == 1
    report = json.loads(done.stdout)
    assert report == {"clean": False, "files": 4,
                      "findings": [{"path": "mage/notes/db.md", "line": 8, "kind": "password"}]}
    assert "Quay-7hR2kLp9!" not in done.stdout


def test_standard_input_is_checked_as_the_path_dash(git_kb):
    token = fake_token()
    done = run_mage("redact", "--check", "-", cwd=git_kb.root, input=f"first line\nexport TOKEN={token}\n")
    assert done.returncode == 1 and done.stdout.startswith("-:2: github-token\n")
    assert token not in done.stdout + done.stderr
    clean = run_mage("redact", "--check", "-", cwd=git_kb.root, input="nothing to see\n")
    assert clean.returncode == 0 and clean.stdout == "no secrets in 1 file given\n"


def test_only_the_paths_given_are_scanned(git_kb):
    write_note(git_kb, "leaky", f"token {fake_token()}")
    clean = write_note(git_kb, "clean", "Nothing to hide here.")
    assert run_mage("redact", "--check", str(clean), cwd=git_kb.root).returncode == 0
    assert run_mage("redact", "--check", cwd=git_kb.root).returncode == 1
    missing = run_mage("redact", "--check", "mage/notes/nope.md", cwd=git_kb.root)
    assert missing.returncode == 1 and "no such file" in missing.stderr


def test_without_an_action_it_is_a_usage_error_naming_the_actions(git_kb):
    done = run_mage("redact", cwd=git_kb.root)
    assert done.returncode == 2
    assert "--check" in done.stderr and "--install-hook" in done.stderr and "--rescrub" in done.stderr


def test_the_installed_hook_refuses_a_commit_with_a_secret_and_allows_a_clean_one(git_kb):
    root = git_kb.root
    installed = run_mage("redact", "--install-hook", cwd=root)
    assert installed.returncode == 0, installed.stderr
    hook = root / ".git" / "hooks" / "pre-commit"
    assert os.access(hook, os.X_OK)

    write_note(git_kb, "release", f"Release with token {fake_token()}.")
    git(root, "add", "-A")
    refused = commit(root, "add release note")
    assert refused.returncode != 0
    assert "mage/notes/release.md:6: github-token" in refused.stdout + refused.stderr
    assert "add release note" not in git(root, "log", "--oneline")

    write_note(git_kb, "release", "Release with the token from the vault (see the runbook).")
    git(root, "add", "-A")
    allowed = commit(root, "add release note")
    assert allowed.returncode == 0, allowed.stdout + allowed.stderr
    assert "add release note" in git(root, "log", "--oneline")


def test_the_hook_checks_what_is_staged_not_the_working_tree(git_kb):
    root = git_kb.root
    assert run_mage("redact", "--install-hook", cwd=root).returncode == 0
    note = write_note(git_kb, "staged", f"token {fake_token()}")
    git(root, "add", "-A")
    note.write_text("cleaned in the working tree only\n", encoding="utf-8")
    assert commit(root, "sneaky").returncode != 0


def test_the_hook_also_guards_commit_all_and_a_kb_in_a_subfolder(tmp_path):
    root = tmp_path / "monorepo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    kb = init_kb(root / "services" / "api").kb
    assert run_mage("redact", "--install-hook", cwd=kb.root).returncode == 0
    assert (root / ".git" / "hooks" / "pre-commit").is_file()
    write_note(kb, "deploy", "Deploy with `make release`.")
    git(root, "add", "-A")
    assert commit(root, "clean note").returncode == 0
    write_note(kb, "deploy", f"Deploy with `make release`, token {fake_token()}")
    refused = commit(root, "leak", "-a")
    assert refused.returncode != 0
    assert "mage/notes/deploy.md:6: github-token" in refused.stdout + refused.stderr


def test_install_refuses_to_replace_another_tools_hook_and_updates_its_own(git_kb):
    root = git_kb.root
    hook = root / ".git" / "hooks" / "pre-commit"
    hook.write_text("#!/bin/sh\nexec lint-staged\n", encoding="utf-8")
    refused = run_mage("redact", "--install-hook", cwd=root)
    assert refused.returncode == 1
    assert "already exists and was not written by mage" in refused.stderr
    assert hook.read_text(encoding="utf-8") == "#!/bin/sh\nexec lint-staged\n"

    hook.unlink()
    assert run_mage("redact", "--install-hook", cwd=root).returncode == 0
    again = run_mage("redact", "--install-hook", cwd=root)
    assert again.returncode == 0 and "mage-redact-hook" in hook.read_text(encoding="utf-8")


def test_install_leaves_a_shared_hooks_path_to_the_person(git_kb):
    git(git_kb.root, "config", "core.hooksPath", ".husky")
    done = run_mage("redact", "--install-hook", cwd=git_kb.root)
    assert done.returncode == 1
    assert "core.hooksPath (.husky)" in done.stderr and "redact --check --staged" in done.stderr
    assert not (git_kb.root / ".husky").exists()


def test_install_outside_git_says_how_to_fix(kb):
    done = run_mage("redact", "--install-hook", cwd=kb.root)
    assert done.returncode == 1
    assert "not inside a git repository" in done.stderr and "git init" in done.stderr
