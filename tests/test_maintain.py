"""`mage maintain` on a fixture KB inside a real git repository: one merge, one stale note,
one retire candidate, one pruned index entry; dismissals persist; applying a merge."""

import datetime as dt
import json
import shutil
from pathlib import Path

import pytest

from helpers.process import git, run_mage

FIXTURE = Path(__file__).parent / "fixtures" / "maintain_kb"


@pytest.fixture
def repo(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q", "-b", "main")
    shutil.copytree(FIXTURE / "code", root, dirs_exist_ok=True)
    assert run_mage("init", cwd=root).returncode == 0
    today = dt.date.today().isoformat()
    for note in (FIXTURE / "notes").glob("*.md"):
        (root / "mage/notes" / note.name).write_text(note.read_text().replace("TODAY", today))
    assert run_mage("index", cwd=root).returncode == 0
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "project with notes")
    (root / "mage/notes/gone-note.md").unlink()         # INDEX.md and MEMORY.md still list it
    git(root, "rm", "-q", "deploy/warm.sh")             # the pointer's file, deleted after the note
    git(root, "commit", "-q", "-m", "drop the warm-up script")
    assert run_mage("show", "pin-node-version", cwd=root).returncode == 0  # used today: others were used
    return root


def proposals(root, *extra):
    done = run_mage("maintain", "--json", *extra, cwd=root)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["proposals"]


def by_kind(found):
    kinds = {}
    for proposal in found:
        kinds.setdefault(proposal["kind"], []).append(proposal)
    return kinds


def test_maintain_proposes_one_of_each_with_its_evidence_and_changes_nothing(repo):
    head = git(repo, "rev-parse", "HEAD")
    status = git(repo, "status", "--porcelain")
    kinds = by_kind(proposals(repo))
    assert sorted(kinds) == ["index", "merge", "retire", "stale"]
    assert all(len(found) == 1 for found in kinds.values()), kinds

    merge = kinds["merge"][0]
    assert merge["data"] == {"from": "ci-cache-stale-packages", "into": "ci-cache-key-lockfile",
                             "similarity": merge["data"]["similarity"]}
    assert merge["data"]["similarity"] >= 0.6

    stale = kinds["stale"][0]
    assert stale["notes"] == ["warm-deploy-cache"] and stale["data"]["path"] == "deploy/warm.sh"
    assert any("was deleted in" in line and "drop the warm-up script" in line for line in stale["evidence"])

    assert kinds["retire"][0]["notes"] == ["old-vpn-setup"]
    assert "never hinted, recalled or opened" in kinds["retire"][0]["evidence"][0]
    assert kinds["index"][0]["notes"] == ["gone-note"]
    assert sorted(kinds["index"][0]["data"]["files"]) == ["INDEX.md", "MEMORY.md"]

    assert git(repo, "rev-parse", "HEAD") == head  # git is only read
    assert git(repo, "status", "--porcelain") == status

    text = run_mage("maintain", cwd=repo).stdout  # the human listing shows keys to act on
    assert "key: stale:warm-deploy-cache:deploy/warm.sh" in text and "key: retire:old-vpn-setup" in text


def test_a_dismissed_proposal_stays_dismissed(repo):
    done = run_mage("maintain", "--dismiss", "retire:old-vpn-setup", "--reason", "needed once a year", cwd=repo)
    assert done.returncode == 0, done.stderr
    assert "git add mage/dismissed.jsonl" in done.stdout
    for _ in range(2):
        assert "retire" not in by_kind(proposals(repo))
    entry = json.loads((repo / "mage/dismissed.jsonl").read_text())
    assert entry["key"] == "retire:old-vpn-setup" and entry["reason"] == "needed once a year"
    assert "retire" in by_kind(proposals(repo, "--all"))
    unknown = run_mage("maintain", "--dismiss", "retire:no-such", cwd=repo)
    assert unknown.returncode == 1 and "no maintenance proposal" in unknown.stderr


def test_applying_the_merge_folds_one_note_into_the_other_and_retires_it(repo):
    assert run_mage("maintain", "--apply", "index:gone-note", cwd=repo).returncode == 0
    assert "gone-note" not in (repo / "mage/INDEX.md").read_text()
    assert "index" not in by_kind(proposals(repo))
    key = by_kind(proposals(repo))["merge"][0]["key"]
    done = run_mage("maintain", "--apply", key, cwd=repo)
    assert done.returncode == 0, done.stderr
    assert not (repo / "mage/notes/ci-cache-stale-packages.md").exists()
    assert (repo / "mage/archive/ci-cache-stale-packages.md").exists()
    merged = (repo / "mage/notes/ci-cache-key-lockfile.md").read_text()
    assert merged.count("## Procedure") == 1
    assert "ci-cache-stale-packages" not in (repo / "mage/INDEX.md").read_text()
    assert "merge" not in by_kind(proposals(repo))
    assert "Bump the cache prefix" in merged and "restores old packages" in merged
    stale = run_mage("maintain", "--apply", "stale:warm-deploy-cache:deploy/warm.sh", cwd=repo)
    assert stale.returncode == 1 and "person's edit" in stale.stderr


def test_a_fixed_failure_in_a_recent_log_no_note_covers_is_proposed_as_a_log_draft(repo):
    from replay.builder import replay
    from replay.payloads import Session

    session = Session(repo, "alembic-day")
    session.prompt("Run the migrations on the test database")
    session.bash_fails("alembic upgrade head", "FAILED: Multiple head revisions are present", code=255)
    session.bash("alembic merge heads -m merge", "Generating merge revision")
    session.bash("alembic upgrade head", "Running upgrade")
    session.end()
    replay([session])
    assert run_mage("log", cwd=repo).returncode == 0
    lessons = by_kind(proposals(repo)).get("lesson", [])
    assert len(lessons) == 1 and "alembic upgrade head" in lessons[0]["title"]
    done = run_mage("maintain", "--apply", lessons[0]["key"], "--json", cwd=repo)
    assert done.returncode == 0, done.stderr
    staged = json.loads(done.stdout)
    assert staged["status"] == "staged"
    assert "source: log" in (repo / f".mage/staging/{staged['id']}.md").read_text()
    assert "lesson" not in by_kind(proposals(repo))  # staged: now a draft covers it


def test_pointers_are_the_pointers_section_and_backticked_paths_dotfiles_included():
    from mage_engine.maintain.stale import pointers

    body = ("Warm the cache with `deploy/warm.sh` (see `.nvmrc`), not `make` or `https://x.io/a.b`.\n\n"
            "## Pointers\n- .github/workflows/ci.yml\n- `./scripts/release.py`\n")
    assert pointers(body) == [".github/workflows/ci.yml", "scripts/release.py", "deploy/warm.sh", ".nvmrc"]


@pytest.mark.parametrize("step", ["after-journal", "after-write-2", "after-write-4"])
def test_a_kill_during_a_merge_leaves_the_kb_before_or_after(repo, tmp_path, step):
    def snapshot(root):
        return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "mage").rglob("*")) if p.is_file()}

    key = by_kind(proposals(repo))["merge"][0]["key"]
    clean = tmp_path / "clean"
    shutil.copytree(repo, clean)
    before = snapshot(repo)
    assert run_mage("maintain", "--apply", key, cwd=clean).returncode == 0
    after = snapshot(clean)
    crashed = run_mage("maintain", "--apply", key, cwd=repo, env={"MAGE_TEST_CRASH_AT": step})
    assert crashed.returncode == 137
    assert run_mage("status", cwd=repo).returncode == 0  # the next command finishes the merge
    assert snapshot(repo) == after != before
