"""A cloned repository that commits links and hostile files under mage/ and .mage/, then every
hook and every command run in it: nothing is written outside the project, nothing is executed,
nothing from outside reaches a file, an output or the agent's context.

The repository is built as an attacker would and cloned with git, so the links are real git
symlinks. HOME is a temporary folder holding the files the links point at (.bashrc, a secret
note, a skill); it is snapshotted before and after, and a shell is started on it at the end,
as the person's next terminal would be.
"""

import json
import subprocess

import pytest

from helpers.process import git, run_mage
from hostile.helpers import (assert_hooks_behaved, run_commands_in_process, run_every_hook, tree, unexpected_errors,
                             write_transcript)

SECRET = "STOLEN-MARK-7f3a91"
ALIAS_BOMB = "---\ntitle: bomb\na: &a [lol,lol,lol,lol,lol,lol,lol,lol,lol]\n" + "".join(
    f"{b}: &{b} [{','.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefg", "bcdefgh")) + \
    f"tags: [{','.join(['*h'] * 9)}]\n---\nx\n"  # ~400 bytes, 9**9 strings once expanded


def outside_files(home):
    (home / ".bashrc").write_text("# the person's shell start-up\n")
    (home / ".profile").write_text("# profile\n")
    (home / "history").write_text("ls\n")
    (home / "secret-note.md").write_text(f"---\ntitle: Stolen {SECRET}\n---\n{SECRET} private text.\n")
    (home / "skills" / "evil").mkdir(parents=True)
    (home / "skills" / "evil" / "SKILL.md").write_text(f"---\nname: evil\ndescription: {SECRET}\n---\n{SECRET}\n")
    (home / "state").mkdir()
    (home / "fakeindex").mkdir()
    (home / "fakeindex" / "meta.json").write_text("{}")
    (home / "gitignore-secret").write_text(f"{SECRET}\n")


def hostile_repository(origin, home, sentinel):
    """The attacker's repository: every file a clone brings, links included."""
    origin.mkdir()
    git(origin, "init", "-q", "-b", "main")
    links = {
        ".mage/errors.log": home / ".bashrc",
        ".mage/injections.jsonl": "/dev/stdout",
        ".mage/metrics.events.jsonl": home / ".profile",
        ".mage/learnings/hostile-session.jsonl": home / "history",
        ".mage/state": home / "state",
        ".mage/kb.lock": home / ".profile",
        ".mage/staging/stolen-draft.md": home / "secret-note.md",
        "mage/notes/stolen.md": home / "secret-note.md",
        "mage/skills/evil": home / "skills" / "evil",
        ".gitignore": home / "gitignore-secret",
    }
    for rel, target in links.items():
        (origin / rel).parent.mkdir(parents=True, exist_ok=True)
        (origin / rel).symlink_to(target)
    files = {
        "mage/config.yaml": f"autonomy: operator\nhint: {{count: \"it's $(touch {sentinel})\"}}\n",
        "mage/notes/bomb.md": ALIAS_BOMB,
        "mage/notes/bad-date.md": "---\ntitle: bad date\ncreated: 2026-13-45\n---\nx\n",
        "mage/notes/fine.md": "---\ntitle: Run pytest after an editable install\n---\npip install -e . first.\n",
        "mage/notes/casey.md": "---\nid: fine\ntitle: Casey's note claims another id\n---\nmine\n",
        ".mage/journal.json": json.dumps({"writes": {"../escaped.txt": f"touch {sentinel}",
                                                      "mage/config.yaml": "autonomy: overseer\n"}, "deletes": []}),
        ".mage/index/current.json": json.dumps({"schema": 2, "generation": f"../../../{home.name}/fakeindex"}),
    }
    for rel, text in files.items():
        (origin / rel).parent.mkdir(parents=True, exist_ok=True)
        (origin / rel).write_text(text)
    git(origin, "add", "-f", "-A")
    git(origin, "commit", "-q", "-m", "looks like a normal project")


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    base = tmp_path_factory.mktemp("clone")
    home, sentinel = base / "home", base / "PWNED"
    home.mkdir()
    outside_files(home)
    hostile_repository(base / "origin", home, sentinel)
    git(base, "clone", "-q", str(base / "origin"), "work")
    root = base / "work"
    assert (root / ".mage" / "errors.log").is_symlink()
    before = tree(home)
    env = {"HOME": str(home)}
    transcript = write_transcript(base / "transcript.jsonl", "hostile-session")
    hooks = run_every_hook(root, "hostile-session", transcript, env=env) * 2
    hostile_config = [run_mage(*args, cwd=root, env=env, timeout=60) for args in FIRST_COMMANDS]
    (root / "mage" / "config.yaml").write_text("autonomy: operator\n")  # what the person does after the error
    hooks += run_every_hook(root, "hostile-session", transcript, env=env)
    in_process = run_commands_in_process(root, COMMANDS[3:], env=env)
    commands = [run_mage(*args, cwd=root, env=env, timeout=60) for args in COMMANDS[:3]] + \
        [Ran(code, out, str(error or "")) for _, code, out, error in in_process]
    shell = subprocess.run(["bash", "-c", f"source {home / '.bashrc'}"], env={"HOME": str(home), "PATH": "/usr/bin:/bin"},
                           capture_output=True, text=True, timeout=30)
    return {"root": root, "home": home, "base": base, "sentinel": sentinel, "before": before, "hooks": hooks,
            "commands": commands, "all_commands": hostile_config + commands, "shell": shell, "in_process": in_process}


class Ran:
    """A command run in this process, shaped like a CompletedProcess (a MageError's line as stderr)."""

    def __init__(self, returncode, stdout, stderr):
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr


FIRST_COMMANDS = [["init"], ["status"], ["index"], ["stage", "--title", "A first lesson", "--body", "Staged first."],
                  ["groom", "--accept", "a-first-lesson"], ["doctor"]]
COMMANDS = [["status"], ["notes"], ["drafts"], ["show", "fine"], ["show", "stolen"], ["recall", "pytest editable"],
            ["index"], ["chapters"], ["nudge"], ["distill"], ["promote"], ["graduate"], ["optimize"],
            ["stage", "--title", "A lesson in a hostile clone", "--body", "Staged in a clone that fights back."],
            ["groom", "--accept", "stolen-draft"], ["groom", "--accept", "a-lesson-in-a-hostile-clone"],
            ["groom", "--merge", "stolen-draft", "--into", "fine"], ["redact", "--check"], ["doctor"],
            ["dial", "sensitivity", "high"], ["connect", "claude-code"], ["disconnect", "claude-code"]]


def test_nothing_is_executed(clone):
    assert clone["shell"].returncode == 0
    assert not clone["sentinel"].exists()
    assert "$(touch" not in (clone["home"] / ".bashrc").read_text()


def test_nothing_outside_the_project_is_written(clone):
    assert tree(clone["home"]) == clone["before"]
    assert sorted(p.name for p in clone["base"].iterdir()) == ["home", "origin", "transcript.jsonl", "work"]


def test_nothing_from_outside_reaches_a_file_an_output_or_the_context(clone):
    texts = [done.stdout + done.stderr for _, done in clone["hooks"]] + \
            [done.stdout + done.stderr for done in clone["all_commands"]]
    assert not [t for t in texts if SECRET in t]
    for rel, entry in tree(clone["root"]).items():
        if entry[0] == "file" and not rel.startswith(".git/"):
            assert SECRET.encode() not in entry[1], rel


def test_every_hook_behaves_and_stdout_stays_json(clone):
    assert_hooks_behaved(clone["hooks"])


def test_a_hostile_config_is_one_line_naming_the_file_and_key(clone):
    status = clone["all_commands"][1]
    assert status.returncode == 1 and status.stderr.count("\n") == 1 and "config.yaml:2: key 'hint.count'" in status.stderr


def test_every_command_answers_in_one_line_at_most_never_a_crash(clone):
    assert not unexpected_errors(clone["in_process"])
    for args, done in zip(FIRST_COMMANDS + COMMANDS, clone["all_commands"]):
        assert "internal error" not in done.stderr and "Traceback" not in done.stderr, (args, done.stderr)
        assert done.returncode in (0, 1), (args, done.returncode, done.stderr)


def test_the_forged_journal_is_set_aside_and_the_dials_stay_as_committed(clone):
    root = clone["root"]
    assert not (clone["base"] / "escaped.txt").exists()
    assert (root / ".mage" / "journal.refused.json").is_file() and not (root / ".mage" / "journal.json").exists()
    assert "autonomy: operator" in (root / "mage" / "config.yaml").read_text()


def test_linked_notes_drafts_and_skills_are_reported_refused(clone):
    notes, drafts = clone["commands"][1], clone["commands"][2]
    index = run_mage("index", cwd=clone["root"], env={"HOME": str(clone["home"])})
    assert "stolen.md:1: refused: a symbolic link" in notes.stderr
    assert "stolen-draft.md:1: refused: a symbolic link" in drafts.stderr
    assert "bomb.md:4: malformed frontmatter (aliases" in index.stderr
    assert "bad-date.md:3: malformed frontmatter ('2026-13-45' is not a valid date" in index.stderr
    assert "skills/evil: refused: a symbolic link" in index.stderr
    assert not (root_claude := clone["root"] / ".claude" / "skills" / "evil").exists() and not root_claude.is_symlink()


def test_init_leaves_a_linked_gitignore_alone(clone):
    init = clone["all_commands"][0]
    assert init.returncode == 0
    assert (clone["root"] / ".gitignore").is_symlink()
    assert "warning: .gitignore is a symbolic link, so mage left it alone and .mage/" in init.stderr, \
        "the person learns .mage/ is not ignored, and why"


def test_ids_are_file_names_in_a_clone_too(clone):
    show_fine = clone["commands"][3]
    assert show_fine.returncode == 0 and "Run pytest after an editable install" in show_fine.stdout
    index_md = (clone["root"] / "mage" / "INDEX.md").read_text()
    assert "(notes/casey.md)" in index_md and "(notes/fine.md)" in index_md
