"""The command connect writes starts mage directly: no pip launcher, no `site`, no `re` before mage, no `os`.

pip's console-script launcher is a Python file run before mage (older pips'
template imports `re`, with enum, functools and collections): about half a
bare `python -c pass` on every prompt and tool call. These tests run the exact
command connect wrote, as the host runs it (`sh -c`), and read what the process
imported; a regular (non-editable) install is built as a real venv whose
site-packages holds a `.pth` file that leaves a mark whenever `site` runs.
The busiest hooks (a tool call, a prompt, a session start) never import `os`
either: base/fs.py stands in for it, a tenth of `python -c pass` on each.
"""

import json
import os
import shlex
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from helpers.process import run_mage

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
SITE_PACKAGES = Path(next(p for p in sys.path if p.endswith("site-packages")))
OLD_PIP_LAUNCHER = """#!{python}
# -*- coding: utf-8 -*-
import re
import sys
open({mark!r}, "a").close()
from mage_engine.hooks import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


def post_tool_use(project) -> bytes:
    return json.dumps({"session_id": "s1", "cwd": str(project), "hook_event_name": "PostToolUse",
                       "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_response": {}}).encode()


def connected_command(project, event="PostToolUse") -> str:
    settings = json.loads((project / ".claude" / "settings.local.json").read_text())
    (group,) = [g for g in settings["hooks"][event] if g.get("id", "").startswith("mage:")]
    return group["hooks"][0]["command"]


def clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("MAGE_KB", "PYTHONDONTWRITEBYTECODE")}
    return {**env, **extra}


@pytest.fixture
def project(tmp_path):
    run_mage("init", cwd=tmp_path)
    assert run_mage("connect", "claude-code", cwd=tmp_path).returncode == 0
    return tmp_path


def test_the_connected_command_imports_no_re_and_no_site_before_mage(project):
    words = shlex.split(connected_command(project))
    traced = [words[0], "-X", "importtime", *words[1:]]
    done = subprocess.run(traced, input=post_tool_use(project), capture_output=True, cwd="/", env=clean_env())
    assert done.returncode == 0 and done.stdout == b""
    names = [line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if line.startswith("import time:")]
    first_mage = next(i for i, name in enumerate(names) if name.startswith("mage_engine"))
    assert not {"re", "enum", "functools", "collections"} & set(names[:first_mage]), names[:first_mage]
    assert "site" not in names, "the command skips site and its .pth files"
    assert list((project / ".mage" / "learnings").glob("*.jsonl")), "the hook did its work"


# What `import os` brings (docs/hook-performance.md): 0.1x of `python -c pass` that no hook needs (base/fs.py)
OS_STACK = {"os", "posixpath", "genericpath", "stat", "_collections_abc"}
HINTED = "terraform plan -> Error acquiring the state lock. can I delete the row in dynamodb?"


def traced(project, event: str, payload: dict) -> tuple:
    """(the run of connect's command for `event`, the names of every module it imported)."""
    words = shlex.split(connected_command(project, event))
    done = subprocess.run([words[0], "-X", "importtime", *words[1:]], input=json.dumps(payload).encode(),
                          capture_output=True, cwd="/", env=clean_env())
    return done, {line.split("|")[-1].strip() for line in done.stderr.decode().splitlines()
                  if line.startswith("import time:")}


@pytest.mark.parametrize("event", ["PostToolUse", "UserPromptSubmit", "SessionStart"])
def test_the_busiest_hooks_never_import_os(project, event):
    from helpers.recall import FIXTURES, backdate

    note = project / "mage" / "notes" / "tf-state-lock-force-unlock.md"
    note.write_bytes((FIXTURES / "notes" / note.name).read_bytes())
    backdate(note)
    assert run_mage("index", cwd=project).returncode == 0
    payload = {"session_id": "s1", "cwd": str(project), "hook_event_name": event, "source": "startup",
               "prompt": HINTED, "tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_response": {}}
    traced(project, event, payload)  # the first run after an install writes the code bundle (that may use os)
    done, names = traced(project, event, {**payload, "session_id": "s2"})
    assert done.returncode == 0 and not (project / ".mage" / "errors.log").exists()
    if event == "PostToolUse":
        assert done.stdout == b"" and len(list((project / ".mage" / "learnings").glob("*.jsonl"))) == 2
    else:
        context = json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"]
        assert ("tf-state-lock-force-unlock" in context) if event == "UserPromptSubmit" else ("mage" in context)
    lines = done.stderr.decode().splitlines()  # importtime names a module's importer on the line after it
    importers = [lines[i + 1] for i, line in enumerate(lines[:-1]) if line.split("|")[-1].strip() == "os"]
    assert not names & OS_STACK, (sorted(names & OS_STACK), "imported by", importers)


def test_the_connected_command_runs_whatever_the_path_and_the_working_folder(project):
    command = connected_command(project)
    done = subprocess.run(["/bin/sh", "-c", command], input=post_tool_use(project), capture_output=True, cwd="/",
                          env={"PATH": "/nonexistent", "HOME": str(project)})
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert list((project / ".mage" / "learnings").glob("*.jsonl"))


def test_a_cloned_project_cannot_shadow_what_the_hook_imports(project):
    mark = project / "PWNED"
    for name in ("tantivy.py", "fastjson.py", "mage_engine_evil.py"):
        (project / name).write_text(f"open({str(mark)!r}, 'w').close()\n")
    (project / "mage_engine").mkdir()
    (project / "mage_engine" / "__init__.py").write_text(f"open({str(mark)!r}, 'w').close()\n")
    prompt = json.dumps({"session_id": "s1", "cwd": str(project), "hook_event_name": "UserPromptSubmit",
                         "prompt": "how do we deploy"}).encode()
    done = subprocess.run(["/bin/sh", "-c", connected_command(project, "UserPromptSubmit")], input=prompt,
                          capture_output=True, cwd=project, env=clean_env(PYTHONPATH=str(project)))
    assert done.returncode == 0 and not mark.exists()


@pytest.fixture(scope="module")
def regular_install(tmp_path_factory):
    """A real venv holding mage as a regular install would (packages in its own site-packages), marked."""
    home = tmp_path_factory.mktemp("regular")
    venv.create(home / "venv", with_pip=False, symlinks=True)
    packages = next((home / "venv" / "lib").glob("python3*/site-packages"))
    for entry in SITE_PACKAGES.iterdir():
        if entry.suffix != ".pth" and entry.name not in ("__pycache__",) and not entry.name.startswith("mage"):
            (packages / entry.name).symlink_to(entry)
    for name in ("mage_engine", "mage_cli", "mage_tui"):
        (packages / name).symlink_to(ROOT / name)
    mark = home / "site-ran"
    (packages / "zz_mark.pth").write_text(f"import os; open({str(mark)!r}, 'a').close()\n")
    return home / "venv", mark


def test_a_regular_install_gets_the_lean_command_with_no_version_in_it(regular_install, tmp_path):
    venv_dir, mark = regular_install
    python = venv_dir / "bin" / "python"
    run_mage("init", cwd=tmp_path)
    mark.unlink(missing_ok=True)
    done = subprocess.run([str(python), "-c", "from mage_cli.main import main; main()", "connect", "claude-code"],
                          cwd=tmp_path, capture_output=True, text=True, env=clean_env())
    assert done.returncode == 0, done.stderr
    command = connected_command(tmp_path)
    assert shlex.split(command)[:3] == [str(python), "-I", "-S"]
    assert command.count("site-packages") == 1 and "python3." not in command, \
        "the folder is computed when the hook runs, so a venv rebuilt with another Python keeps working"
    mark.unlink(missing_ok=True)
    ran = subprocess.run(["/bin/sh", "-c", command], input=post_tool_use(tmp_path), capture_output=True,
                         cwd="/", env={"PATH": "/nonexistent"})
    assert ran.returncode == 0 and ran.stderr == b""
    assert not mark.exists(), "site did not run"
    assert list((tmp_path / ".mage" / "learnings").glob("*.jsonl")), "the hook did its work"


def test_the_plugin_script_starts_a_regular_install_without_its_launcher(regular_install, tmp_path):
    venv_dir, mark = regular_install
    launcher_ran = tmp_path / "launcher-ran"
    launcher = venv_dir / "bin" / "mage-hook"
    launcher.write_text(OLD_PIP_LAUNCHER.format(python=venv_dir / "bin" / "python", mark=str(launcher_ran)))
    launcher.chmod(0o755)
    run_mage("init", cwd=tmp_path)
    mark.unlink(missing_ok=True)
    done = subprocess.run([str(ROOT / "hooks" / "mage-hook"), "PostToolUse"], input=post_tool_use(tmp_path),
                          capture_output=True, cwd=tmp_path,
                          env={"PATH": f"{venv_dir / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path)})
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert not launcher_ran.exists() and not mark.exists(), "neither pip's launcher nor site ran"
    assert list((tmp_path / ".mage" / "learnings").glob("*.jsonl"))


@pytest.fixture
def editable_install(tmp_path):
    """A real venv holding mage as `pip install -e` does: no mage_engine in site-packages, a .pth naming
    the checkout, and pip's (older) launcher, which leaves a mark when it runs."""
    home = tmp_path / "editable"
    venv.create(home / "venv", with_pip=False, symlinks=True)
    packages = next((home / "venv" / "lib").glob("python3*/site-packages"))
    for entry in SITE_PACKAGES.iterdir():
        if entry.suffix != ".pth" and entry.name not in ("__pycache__",) and not entry.name.startswith("mage"):
            (packages / entry.name).symlink_to(entry)
    (packages / "_editable_impl_mage.pth").write_text(f"{ROOT}\n")
    launcher_ran = home / "launcher-ran"
    launcher = home / "venv" / "bin" / "mage-hook"
    launcher.write_text(OLD_PIP_LAUNCHER.format(python=home / "venv" / "bin" / "python", mark=str(launcher_ran)))
    launcher.chmod(0o755)
    return home / "venv", packages, launcher_ran


def run_plugin_script(venv_dir, project) -> subprocess.CompletedProcess:
    project.mkdir()
    run_mage("init", cwd=project)
    return subprocess.run([str(ROOT / "hooks" / "mage-hook"), "PostToolUse"], input=post_tool_use(project),
                          capture_output=True, cwd=project,
                          env={"PATH": f"{venv_dir / 'bin'}:/usr/bin:/bin", "HOME": str(project)})


def test_the_plugin_script_starts_an_editable_install_without_its_launcher(editable_install, tmp_path):
    venv_dir, _, launcher_ran = editable_install
    done = run_plugin_script(venv_dir, tmp_path / "project")
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert not launcher_ran.exists(), "pip's launcher did not run: the checkout the .pth names went on the path"
    assert list((tmp_path / "project" / ".mage" / "learnings").glob("*.jsonl")), "the hook did its work"


@pytest.mark.parametrize("named", ["relative/checkout", "/nonexistent/checkout"])
def test_an_editable_pth_that_names_no_checkout_falls_back_to_the_launcher(editable_install, tmp_path, named):
    venv_dir, packages, launcher_ran = editable_install
    (packages / "_editable_impl_mage.pth").write_text(f"{named}\n")
    run_plugin_script(venv_dir, tmp_path / "project")  # (the launcher then fails: mage is not installed at all)
    assert launcher_ran.exists(), "a .pth that names no checkout is not trusted: pip's launcher decides"
