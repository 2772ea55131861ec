"""The hook serves mage's modules from one file (mage_engine/base/code_bundle.py), and never stale code.

Each test runs real hook processes on a copy of the engine package (so editing
a module never touches the checkout), started as the connected command starts
them (`python -I -S -c '…from mage_engine.hooks import main;main()'`), fed a
real UserPromptSubmit payload in a KB of the evaluation notes.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.process import run_mage

ROOT = Path(__file__).resolve().parent.parent
SITE_PACKAGES = next(p for p in sys.path if p.endswith("site-packages"))
NOTES = ROOT / "tests" / "fixtures" / "recall" / "notes"
PROMPT = "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?"
HEADER = "Notes from this project's mage memory that match the prompt"


@pytest.fixture
def engine(tmp_path):
    """A copy of mage_engine, without the checkout's __pycache__, importable from `tmp_path/engine`."""
    shutil.copytree(ROOT / "mage_engine", tmp_path / "engine" / "mage_engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path / "engine"


@pytest.fixture
def project(tmp_path):
    folder = tmp_path / "project"
    folder.mkdir()
    run_mage("init", cwd=folder)
    for note in NOTES.glob("*.md"):
        shutil.copy(note, folder / "mage" / "notes" / note.name)
    assert run_mage("index", cwd=folder).returncode == 0
    return folder


def path_code(engine) -> str:
    return f"import sys;sys.path+=[{SITE_PACKAGES!r},{str(engine)!r}];"


def hook(engine, project, session: str, flags=(), **env) -> str:
    """The hint hook's additionalContext for PROMPT in `session` ('' for silence)."""
    payload = json.dumps({"session_id": session, "transcript_path": f"/tmp/{session}.jsonl", "cwd": str(project),
                          "hook_event_name": "UserPromptSubmit", "prompt": PROMPT})
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-I", "-S", *flags, "-c",
                           path_code(engine) + "from mage_engine.hooks import main;main()", "UserPromptSubmit"],
                          input=payload.encode(), capture_output=True, cwd=project, timeout=60,
                          env={**environment, **env})
    assert done.returncode == 0 and not done.stderr, done.stderr
    return json.loads(done.stdout)["hookSpecificOutput"]["additionalContext"] if done.stdout.strip() else ""


def served_by(engine, module: str, **env) -> str:
    """The name of the loader a hook process's `module` comes from: BundleFinder or Python's own."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    code = (path_code(engine) + "from mage_engine.base import code_bundle;code_bundle.install(\"UserPromptSubmit\");"
            f"import {module} as m;print(type(m.__spec__.loader).__name__)")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, timeout=60,
                          env={**environment, **env}, check=True)
    return done.stdout.strip()


def bundle_file(engine) -> Path:
    (found,) = (engine / "mage_engine" / "__pycache__").glob("hook-code.UserPromptSubmit.*.bin")
    return found


def test_the_first_hook_writes_the_bundle_and_the_next_serves_mage_from_it(engine, project):
    first = hook(engine, project, "s1")
    assert HEADER in first and "tf-state-lock-force-unlock" in first
    assert bundle_file(engine).stat().st_size > 100_000
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint") == "BundleFinder"
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint", MAGE_HOOK_BUNDLE="0") == "SourceFileLoader"
    served, imported = hook(engine, project, "s2"), hook(engine, project, "s3", MAGE_HOOK_BUNDLE="0")
    assert served == imported == first  # the same answer, whichever way the code was read


def test_an_edited_module_runs_as_edited_and_the_bundle_follows(engine, project):
    hook(engine, project, "s1")
    before = bundle_file(engine).stat().st_mtime_ns
    source = engine / "mage_engine" / "recall" / "hint" / "prompt_hint.py"
    source.write_text(source.read_text().replace(HEADER, "EDITED: " + HEADER))
    assert "EDITED: " + HEADER in hook(engine, project, "s2")  # read from its source, not the bundle
    assert bundle_file(engine).stat().st_mtime_ns != before
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint") == "BundleFinder"
    assert "EDITED: " + HEADER in hook(engine, project, "s3")  # and now served as edited


def test_a_torn_bundle_is_ignored_and_replaced(engine, project):
    hook(engine, project, "s1")
    bundle_file(engine).write_bytes(b"\x00not a bundle")
    assert HEADER in hook(engine, project, "s2")
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint") == "BundleFinder"


def test_nothing_is_written_when_python_writes_no_bytecode(engine, project):
    assert HEADER in hook(engine, project, "s1", flags=["-B"])  # (-I ignores PYTHONDONTWRITEBYTECODE)
    assert not list((engine / "mage_engine").rglob("hook-code.*.bin"))


def test_only_the_hook_process_serves_from_the_bundle(engine, project):
    hook(engine, project, "s1")
    code = path_code(engine) + ("import mage_engine.hooks, mage_engine.events.dispatch as d;"
                                "print(type(d.__spec__.loader).__name__)")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "SourceFileLoader"  # importing the entry point (a test, a program) is not running it
