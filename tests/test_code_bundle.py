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


def served_by(engine, module: str, flags=(), **env) -> str:
    """The name of the loader a hook process's `module` comes from: BundledLoader or Python's own."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    code = (path_code(engine) + "from mage_engine.base import code_bundle;code_bundle.install(\"UserPromptSubmit\");"
            f"import {module} as m;print(type(m.__spec__.loader).__name__)")
    done = subprocess.run([sys.executable, "-I", "-S", *flags, "-c", code], capture_output=True, text=True,
                          timeout=60, env={**environment, **env}, check=True)
    return done.stdout.strip()


def bundle_file(engine) -> Path:
    (found,) = (engine / "mage_engine" / "__pycache__").glob("hook-code.UserPromptSubmit.cpython-*[0-9].bin")
    return found


def test_the_first_hook_writes_the_bundle_and_the_next_serves_mage_from_it(engine, project):
    first = hook(engine, project, "s1")
    assert HEADER in first and "tf-state-lock-force-unlock" in first
    assert bundle_file(engine).stat().st_size > 100_000
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint") == "BundledLoader"
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
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint") == "BundledLoader"
    assert "EDITED: " + HEADER in hook(engine, project, "s3")  # and now served as edited


def test_a_torn_bundle_is_ignored_and_replaced(engine, project):
    hook(engine, project, "s1")
    bundle_file(engine).write_bytes(b"\x00not a bundle")
    assert HEADER in hook(engine, project, "s2")
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint") == "BundledLoader"


def test_nothing_is_written_when_python_writes_no_bytecode(engine, project):
    assert HEADER in hook(engine, project, "s1", flags=["-B"])  # (-I ignores PYTHONDONTWRITEBYTECODE)
    assert not list((engine / "mage_engine").rglob("hook-code.*.bin"))


def test_only_the_hook_process_serves_from_the_bundle(engine, project):
    hook(engine, project, "s1")
    code = path_code(engine) + ("import mage_engine.hooks, mage_engine.events.dispatch as d;"
                                "print(type(d.__spec__.loader).__name__)")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "SourceFileLoader"  # importing the entry point (a test, a program) is not running it


def test_a_bundle_cut_short_is_not_trusted_and_is_replaced(engine, project):
    hook(engine, project, "s1")
    whole = bundle_file(engine).read_bytes()
    bundle_file(engine).write_bytes(whole[: len(whole) * 2 // 3])  # what a crash mid-write could leave
    assert HEADER in hook(engine, project, "s2")  # (hook() also asserts an empty stderr and exit 0)
    assert served_by(engine, "mage_engine.recall.hint.prompt_hint") == "BundledLoader"  # written whole again


def test_a_damaged_module_copy_is_read_from_its_source_instead(engine, project):
    damage_and_recover(engine, project, "mage_engine.recall.hint.prompt_hint",
                       lambda code: bytes(len(code)))  # its code zeroed, every length intact


def test_optimised_runs_keep_a_bundle_of_their_own(engine, project):
    source = engine / "mage_engine" / "recall" / "hint" / "prompt_hint.py"
    source.write_text(source.read_text() + "\nCOMPILED_WITH_DEBUG = __debug__\n")
    hook(engine, project, "s1", flags=["-O"])
    hook(engine, project, "s2")
    code = path_code(engine) + ("from mage_engine.base import code_bundle;code_bundle.install('UserPromptSubmit');"
                                "import mage_engine.recall.hint.prompt_hint as m;"
                                "print(type(m.__spec__.loader).__name__, m.COMPILED_WITH_DEBUG)")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["BundledLoader", "True"]  # asserts and __debug__ blocks as the source says


def test_a_fifo_where_the_bundle_goes_does_not_hold_the_hook(engine, project):
    folder = engine / "mage_engine" / "__pycache__"
    folder.mkdir()
    os.mkfifo(folder / "hook-code.UserPromptSubmit.{}.bin".format(sys.implementation.cache_tag))
    assert HEADER in hook(engine, project, "s1")  # (hook() times out after 60 s)


def test_a_pyc_from_a_cache_prefix_is_never_copied_in(engine, project, tmp_path):
    hook(engine, project, "s1")
    before = bundle_file(engine).read_bytes()
    source = engine / "mage_engine" / "recall" / "hint" / "prompt_hint.py"
    source.write_text(source.read_text() + "\n")
    payload = json.dumps({"session_id": "s2", "cwd": str(project), "hook_event_name": "UserPromptSubmit",
                          "prompt": PROMPT})
    code = "import sys;sys.pycache_prefix=sys.argv.pop(1);" + path_code(engine) + \
        "from mage_engine.hooks import main;main()"
    subprocess.run([sys.executable, "-I", "-S", "-c", code, str(tmp_path / "prefix"), "UserPromptSubmit"],
                   input=payload.encode(), capture_output=True, cwd=project, timeout=60, check=True)
    assert bundle_file(engine).read_bytes() == before  # not rewritten from the prefix's .pyc


def test_a_bundle_of_another_pythons_bytecode_is_not_served(engine, project):
    hook(engine, project, "s1")
    data = bundle_file(engine).read_bytes()
    magic = sys.modules["_frozen_importlib_external"].MAGIC_NUMBER
    size = int.from_bytes(data[:8], "little")
    assert data[8: 8 + size].count(magic) == 1
    bundle_file(engine).write_bytes(data[:8] + data[8: 8 + size].replace(magic, b"\x00\x00\r\n") + data[8 + size:])
    assert HEADER in hook(engine, project, "s2")
    assert bundle_file(engine).read_bytes()[8: 8 + size].count(magic) == 1  # replaced by this Python's own


def bundle_header(engine) -> dict:
    import marshal

    data = bundle_file(engine).read_bytes()
    return marshal.loads(data[8: 8 + int.from_bytes(data[:8], "little")])


def python_output(engine, code: str, *args) -> str:
    """What `code` prints in a process started as the hook's (`-I -S`, this engine on sys.path)."""
    return subprocess.run([sys.executable, "-I", "-S", "-c", path_code(engine) + code, *args], capture_output=True,
                          text=True, timeout=60, check=True).stdout


def damage_and_recover(engine, project, module: str, damage) -> None:
    """`damage(code bytes)` to `module`'s copy in the bundle: the next hook still answers, from the module's
    source, and writes the bundle anew."""
    hook(engine, project, "s1")
    data = bytearray(bundle_file(engine).read_bytes())
    size = int.from_bytes(data[:8], "little")
    *_, start, end = bundle_header(engine)["modules"][module]
    data[8 + size + start: 8 + size + end] = damage(bytes(data[8 + size + start: 8 + size + end]))
    bundle_file(engine).write_bytes(bytes(data))
    assert HEADER in hook(engine, project, "s2")  # (hook() asserts exit 0 and an empty stderr)
    assert bundle_file(engine).read_bytes() != bytes(data)
    assert HEADER in hook(engine, project, "s3")


def test_modules_a_rarer_run_added_are_read_only_when_imported(engine, project):
    """The code the bundle's writer imported comes first and is read at once; the rest (modules other
    runs added) is read module by module when imported: a hook reads what it needs, however many
    modules rarer runs put in."""
    hook(engine, project, "s1")
    rare = ("from mage_engine.base import code_bundle;code_bundle.install('UserPromptSubmit');"
            "import mage_engine.recall.hint.explain;from mage_engine.base.code_bundle_write import save_if_stale;"
            "save_if_stale()")  # a module no prompt needs
    subprocess.run([sys.executable, "-I", "-S", "-c", path_code(engine) + rare], check=True, timeout=60)
    assert bundle_header(engine)["modules"]["mage_engine.recall.hint.prompt_hint"][4] >= bundle_header(engine)["core"]
    source = engine / "mage_engine" / "recall" / "hint" / "prompt_hint.py"
    source.write_text(source.read_text() + "\n")  # stale now: the next prompt rewrites the bundle itself
    assert HEADER in hook(engine, project, "s2")
    header = bundle_header(engine)
    modules = header["modules"]
    assert modules["mage_engine.recall.hint.prompt_hint"][5] <= header["core"]  # the prompt's own: in the core
    assert "mage_engine.recall.hint.explain" in modules  # rewritten after the edit, the rare one is kept
    assert modules["mage_engine.recall.hint.explain"][4] >= header["core"]  # ...in the tail
    assert served_by(engine, "mage_engine.recall.hint.explain") == "BundledLoader"  # and served from there
    assert HEADER in hook(engine, project, "s3")


def test_a_module_served_directly_has_the_attributes_of_a_usual_import(engine, project):
    hook(engine, project, "s1")
    code = ("import sys;from mage_engine.base import code_bundle;"
            "sys.argv[1] == 'bundle' and code_bundle.install('UserPromptSubmit');"
            "import mage_engine.recall.hint.prompt_hint as m, mage_engine.recall.hint as p, mage_engine.recall as r;"
            "print(type(m.__spec__.loader).__name__, m.__file__, m.__package__, m.__spec__.origin, m.__name__,"
            "     p.__path__, p.__package__, p.__spec__.submodule_search_locations, r.hint is p, p.prompt_hint is m,"
            "     m.__spec__.cached, m.__loader__.get_source(m.__name__) == open(m.__file__).read())")
    (served, attributes), (usual, usual_attributes) = (python_output(engine, code, how).split(" ", 1)
                                                       for how in ("bundle", "usual"))
    assert (served, usual) == ("BundledLoader", "SourceFileLoader")
    assert attributes == usual_attributes


def test_a_module_that_fails_to_import_is_not_left_half_made(engine, project):
    hook(engine, project, "s1")
    (engine / "mage_engine" / "kb" / "probe.py").write_text("raise RuntimeError('broken on purpose')\n")
    code = ("import sys;from mage_engine.base import code_bundle;code_bundle.install('UserPromptSubmit')\n"
            "for attempt in (1, 2):\n"
            "    try:\n"
            "        import mage_engine.kb.probe\n"
            "    except RuntimeError as error:\n"
            "        print(error, 'mage_engine.kb.probe' in sys.modules)\n")
    assert python_output(engine, code).splitlines() == ["broken on purpose False"] * 2
    assert hook(engine, project, "s2") == ""  # the prompt hook fails open, and says why in its log
    assert "broken on purpose" in (project / ".mage" / "errors.log").read_text()


def test_a_copy_that_reads_back_as_something_else_than_code_is_read_from_its_source(engine, project):
    """Damaged bytes can still unmarshal (into None, a number): such a copy is never run, and the bundle
    is written anew."""
    damage_and_recover(engine, project, "mage_engine.events.dispatch", lambda code: b"N" + code[1:])  # marshal's None


def test_importing_a_loaded_module_again_gives_the_same_module_and_none_still_blocks(engine, project):
    hook(engine, project, "s1")
    code = ("import sys, importlib;from mage_engine.base import code_bundle;code_bundle.install('UserPromptSubmit')\n"
            "import mage_engine.scrub as first\n"
            "print(importlib.import_module('mage_engine.scrub') is first, sys.modules['mage_engine.scrub'] is first)\n"
            "sys.modules['mage_engine.base.fastjson'] = None\n"
            "try:\n    import mage_engine.base.fastjson\nexcept ImportError:\n    print('blocked')\n")
    assert python_output(engine, code).split() == ["True", "True", "blocked"]
