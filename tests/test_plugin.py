"""The plugin route: .claude-plugin/plugin.json, hooks/hooks.json and the hooks/mage-hook script."""

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

from mage_engine.hosts.agent_files import files_for
from mage_engine.hosts.claude_code.wiring import EVENTS, plugin_hooks

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "hooks" / "mage-hook"
SECRET = "ghp_R7x2Kq9PlantedSecretToken0000abcdEF12"


def test_hooks_json_is_the_same_wiring_as_connect():
    on_disk = json.loads((ROOT / "hooks" / "hooks.json").read_text())
    assert on_disk == plugin_hooks(), "regenerate hooks/hooks.json from wiring.plugin_hooks()"
    assert sorted(on_disk["hooks"]) == sorted(EVENTS)
    for event, (group,) in on_disk["hooks"].items():
        assert group["hooks"][0]["command"] == f'"${{CLAUDE_PLUGIN_ROOT}}/hooks/mage-hook" {event}'


def test_the_plugins_skills_and_subagent_are_the_packages_texts():
    for path, text in files_for("plugin"):
        assert (ROOT / path).is_file(), f"{path} is missing from the plugin"
        assert (ROOT / path).read_text(encoding="utf-8") == text, \
            f"{path} drifted from mage_engine/hosts/agent_files/: run `python -m mage_engine.hosts.agent_files`"
    shipped = {str(p.relative_to(ROOT)) for folder in ("skills", "agents") for p in (ROOT / folder).rglob("*.md")}
    assert shipped == {path for path, _ in files_for("plugin")}, "the plugin ships nothing else"


def test_manifest_names_the_plugin_and_matches_the_package_version():
    manifest = json.loads((ROOT / ".claude-plugin" / "plugin.json").read_text())
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert manifest["name"] == "mage" and manifest["version"] == version
    assert "hooks" not in manifest, "hooks/hooks.json loads by default; naming it again duplicates it"
    market = json.loads((ROOT / ".claude-plugin" / "marketplace.json").read_text())
    assert market["plugins"][0]["name"] == "mage" and market["plugins"][0]["source"] == "./"


def run_script(kb, home: Path, path: str) -> subprocess.CompletedProcess:
    payload = {"session_id": "s", "cwd": str(kb.root), "hook_event_name": "PreToolUse", "tool_name": "Write",
               "tool_input": {"file_path": str(kb.mage_dir / "t.md"), "content": SECRET}}
    return subprocess.run([str(SCRIPT), "PreToolUse"], input=json.dumps(payload), capture_output=True, text=True,
                          env={"HOME": str(home), "PATH": path}, cwd=kb.root, timeout=30)


def plain_path() -> str:
    return os.pathsep.join(p for p in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
                           if p and not (Path(p) / "mage-hook").exists())


def test_the_script_finds_a_pipx_install_in_local_bin(kb, tmp_path):
    (tmp_path / ".local" / "bin").mkdir(parents=True)
    os.symlink(Path(sys.executable).parent / "mage-hook", tmp_path / ".local" / "bin" / "mage-hook")
    done = run_script(kb, tmp_path, plain_path())
    assert done.returncode == 0
    assert SECRET not in json.loads(done.stdout)["hookSpecificOutput"]["updatedInput"]["content"]


def test_the_script_finds_mage_hook_on_path_and_never_runs_itself(kb, tmp_path):
    path = os.pathsep.join([str(SCRIPT.parent), str(Path(sys.executable).parent), plain_path()])
    done = run_script(kb, tmp_path, path)
    assert done.returncode == 0 and "updatedInput" in done.stdout
    alone = run_script(kb, tmp_path, os.pathsep.join([str(SCRIPT.parent), "/nonexistent"]))
    assert alone.returncode == 0 and alone.stdout == "" and alone.stderr == ""


def test_the_script_is_executable_posix_sh():
    assert os.access(SCRIPT, os.X_OK)
    assert SCRIPT.read_text().startswith("#!/bin/sh\n")
    assert subprocess.run(["sh", "-n", str(SCRIPT)]).returncode == 0


def python3_in(tmp_path: Path, flags: str = "") -> Path:
    """A folder holding only a `python3` that runs this venv's interpreter (with `flags`)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python3").write_text(f'#!/bin/sh\nexec {sys.executable} {flags} "$@"\n')
    (bin_dir / "python3").chmod(0o755)
    return bin_dir


def test_the_script_falls_back_to_a_python3_that_can_import_mage(kb, tmp_path):
    path = os.pathsep.join([str(SCRIPT.parent), str(python3_in(tmp_path)), "/nonexistent"])  # no mage-hook on it
    done = run_script(kb, tmp_path, path)
    assert done.returncode == 0 and done.stderr == ""
    assert SECRET not in json.loads(done.stdout)["hookSpecificOutput"]["updatedInput"]["content"]


def test_a_python3_without_mage_drains_the_payload_and_stays_silent(kb, tmp_path):
    bare = python3_in(tmp_path, "-S")  # -S: no site-packages, so mage cannot be imported
    done = run_script(kb, tmp_path, os.pathsep.join([str(SCRIPT.parent), str(bare), "/nonexistent"]))
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
