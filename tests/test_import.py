"""`mage import SOURCE` from realistic files of each tool: the expected drafts, scrubbed,
nothing on --dry-run, nothing new the second time, rejections respected; `mage export`."""

import json
import random
import re
import shutil
import string
from pathlib import Path

import pytest

from helpers.process import git, run_mage

FIXTURES = Path(__file__).parent / "fixtures" / "import"
_RNG = random.Random(23)
SECRET = "".join(_RNG.choice(string.ascii_letters + string.digits + "/+") for _ in range(40))


@pytest.fixture
def project(tmp_path):
    root = tmp_path / "work" / "acme-billing"
    root.mkdir(parents=True)
    git(root, "init", "-q", "-b", "main")
    assert run_mage("init", cwd=root).returncode == 0
    return root


def home_env(tmp_path):
    home = tmp_path / "home"
    home.mkdir(exist_ok=True)
    return {"HOME": str(home), "CLAUDE_CONFIG_DIR": ""}


def imported(root, *args, env=None):
    done = run_mage("import", *args, "--json", cwd=root, env=env)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def staging(root):
    return {p.stem: p.read_text() for p in sorted((root / ".mage/staging").glob("*.md"))}


def check_twice_and_dry(root, args, env=None):
    """--dry-run writes nothing; a real run stages; a second run stages nothing new."""
    dry = imported(root, *args, "--dry-run", env=env)
    assert staging(root) == {} and not (root / "mage/logs").exists()
    first = imported(root, *args, env=env)
    assert [r["title"] for r in dry["drafts"] if r["status"] == "would-stage"] == \
           [r["title"] for r in first["drafts"] if r["status"] == "staged"]
    before = staging(root)
    second = imported(root, *args, env=env)
    assert {r["status"] for r in second["drafts"]} <= {"duplicate"}
    assert staging(root) == before
    return {r["title"]: r for r in first["drafts"]}


def test_claude_code_auto_memory_from_its_default_folder(tmp_path, project):
    env = home_env(tmp_path)
    encoded = re.sub(r"[^A-Za-z0-9]", "-", str(project.resolve()))
    memory = Path(env["HOME"]) / ".claude" / "projects" / encoded / "memory"
    shutil.copytree(FIXTURES / "claude-code-memory", memory)
    planted = memory / "staging-deploy.md"
    planted.write_text(planted.read_text().replace("SECRETPLANT", SECRET))
    before = {p.name: p.read_bytes() for p in memory.iterdir()}

    rows = check_twice_and_dry(project, ["claude-code"], env)
    assert {title: row["kind"] for title, row in rows.items()} == {
        "Tests run with make test, never pytest directly": "rule",
        "The user wants pnpm, not npm": "preference",
        "Where staging deploys are configured": "pointer"}  # MEMORY.md, the host's index, is not a memory
    drafts = "\n".join(staging(project).values())
    assert SECRET not in drafts and "[REDACTED:" in drafts
    assert "source: import" in drafts and "imported_from: ~/.claude/projects/" in drafts
    assert {p.name: p.read_bytes() for p in memory.iterdir()} == before  # the host's files are never changed


def test_claude_code_auto_memory_where_auto_memory_directory_points(tmp_path, project):
    elsewhere = tmp_path / "my-memories"
    shutil.copytree(FIXTURES / "claude-code-memory", elsewhere)
    (project / ".claude").mkdir()
    (project / ".claude/settings.json").write_text(json.dumps({"autoMemoryDirectory": str(elsewhere)}))
    rows = imported(project, "claude-code", env=home_env(tmp_path))["drafts"]
    assert len([r for r in rows if r["status"] == "staged"]) == 3
    (project / ".claude/settings.json").write_text(json.dumps({"autoMemoryDirectory": str(project / "mage")}))
    twin = run_mage("import", "claude-code", cwd=project, env=home_env(tmp_path))
    assert twin.returncode == 1 and "already writes into mage/" in twin.stderr


def test_claude_md_sections_become_drafts_of_fitting_kinds(project):
    for name in ("CLAUDE.md", "CLAUDE.local.md"):
        shutil.copy(FIXTURES / "claude-md" / name, project / name)
    original = (project / "CLAUDE.md").read_bytes()
    rows = check_twice_and_dry(project, ["claude-md"])
    assert {title: row["kind"] for title, row in rows.items()} == {
        "CLAUDE.md: Acme billing service": "fact", "CLAUDE.md: Commands": "procedure",
        "CLAUDE.md: Code style": "rule", "CLAUDE.md: Architecture": "fact",
        "CLAUDE.local.md: My preferences": "preference"}
    style = staging(project)["claude-md-code-style"]
    assert "Never use `print`" in style and "TODO: document" not in style  # HTML comments are not memories
    assert (project / "CLAUDE.md").read_bytes() == original


def test_a_rejected_import_is_not_staged_again(project):
    shutil.copy(FIXTURES / "claude-md" / "CLAUDE.md", project / "CLAUDE.md")
    imported(project, "claude-md")
    assert run_mage("groom", "--reject", "claude-md-architecture", "--reason", "in the docs", cwd=project).returncode == 0
    again = {r["title"]: r["status"] for r in imported(project, "claude-md")["drafts"]}
    assert again["CLAUDE.md: Architecture"] == "rejected"
    assert "claude-md-architecture" not in staging(project)


def test_three_layer_cards_and_their_daily_logs(project):
    rows = check_twice_and_dry(project, ["cards", str(FIXTURES / "three-layer" / "memory")])
    assert {title: (row["kind"], row["category"]) for title, row in rows.items()} == {
        "Stripe retries webhooks for three days": ("lesson", "infrastructure"),
        "The user likes comparisons as tables": ("preference", "human")}
    card = staging(project)["stripe-retries-webhooks-for-three-days"]
    assert "tags: [card, stripe, webhooks]" in card
    log = (project / "mage/logs/2026-10-20.md").read_text()
    assert log.count("## ") == 2 and "## 09:40 - Webhook double charge" in log
    again = imported(project, "cards", str(FIXTURES / "three-layer" / "memory"))
    assert [entry["status"] for entry in again["logs"]] == ["unchanged"]
    hits = json.loads(run_mage("recall", "--logs", "double charge webhook", "--json", cwd=project).stdout)
    assert hits and hits[0]["path"] == "mage/logs/2026-10-20.md"


def test_cursor_rules_and_cursorrules(project):
    shutil.copytree(FIXTURES / "cursor", project, dirs_exist_ok=True)
    rows = check_twice_and_dry(project, ["cursor"])
    assert sorted(rows) == [".cursorrules: rules", "Commit messages follow Conventional Commits",
                            "React components are function components with typed props"]
    assert all(row["kind"] == "rule" for row in rows.values())
    react = staging(project)["react-components-are-function-components-with-typed-props"]
    assert "Applies to: src/components/**/*.tsx" in react


def test_agents_md_sections_without_mages_own(project):
    shutil.copy(FIXTURES / "agents-md" / "AGENTS.md", project / "AGENTS.md")
    rows = check_twice_and_dry(project, ["agents-md"])
    assert {title: row["kind"] for title, row in rows.items()} == {
        "AGENTS.md: Setup": "procedure", "AGENTS.md: Conventions": "rule"}
    assert "mage recall" not in "\n".join(staging(project).values())


def test_usage_errors(project):
    assert run_mage("import", "cards", cwd=project).returncode == 2
    assert run_mage("import", "notion", cwd=project).returncode == 2
    assert run_mage("import", "cursor", "somewhere", cwd=project).returncode == 2


def test_export_cards_writes_every_note_and_log_and_reimports_as_duplicates(tmp_path, project):
    run_mage("import", "cards", str(FIXTURES / "three-layer" / "memory"), cwd=project)
    assert run_mage("groom", "--accept-all", cwd=project).returncode == 0
    out = tmp_path / "leaving" / "memory"
    done = run_mage("export", "--format", "cards", str(out), "--json", cwd=project)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (out / "cards").iterdir()) == [
        "stripe-retries-webhooks-for-three-days.md", "the-user-likes-comparisons-as-tables.md"]
    card = (out / "cards/stripe-retries-webhooks-for-three-days.md").read_text()
    assert card.startswith("---\ntopic: Stripe retries webhooks for three days\ncategory: infrastructure\n")
    assert "Store the event id before doing the work." in card
    assert (out / "2026-10-20.md").read_text() == (project / "mage/logs/2026-10-20.md").read_text()
    assert "cards/stripe-retries-webhooks-for-three-days.md" in (out / "MEMORY.md").read_text()
    again = json.loads(run_mage("export", "--format", "cards", str(out), "--json", cwd=project).stdout)
    assert again["written"] == []  # deterministic: a second export changes nothing
    assert run_mage("export", "--format", "cards", str(project / "mage" / "x"), cwd=project).returncode == 1
