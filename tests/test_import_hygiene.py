"""The engine and the hook path stay headless and lean (checked in a fresh process)."""

import subprocess
import sys

import pytest

UI = ("textual", "rich", "click")


def loaded_modules(code: str) -> set:
    """Top-level names in sys.modules right after running `code` in a fresh interpreter."""
    code = f"import sys\n{code}\nprint(' '.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return {name.split(".")[0] for name in out.splitlines()[-1].split()}


ENGINE_MODULES = [
    "mage_engine", "mage_engine.events.dispatch", "mage_engine.kb.notes", "mage_engine.kb.config",
    "mage_engine.grooming.groom", "mage_engine.grooming.stage", "mage_engine.grooming.proposals",
    "mage_engine.grooming.derived", "mage_engine.status",
]


@pytest.mark.parametrize("module", ENGINE_MODULES)
def test_engine_modules_load_no_ui_library(module):
    assert not loaded_modules(f"import {module}") & set(UI)


def test_every_engine_module_is_headless():
    import pkgutil

    import mage_engine

    names = [m.name for m in pkgutil.walk_packages(mage_engine.__path__, "mage_engine.")]
    code = "\n".join(f"import {n}" for n in names)
    assert not loaded_modules(code) & set(UI)


def test_the_hook_entry_point_imports_no_yaml_tantivy_or_ui():
    assert not loaded_modules("import mage_engine.events.dispatch") & {"yaml", "tantivy", *UI}


# What no module on the hook path may import when it is imported: each costs a hook run
# milliseconds (json: its `re`; dataclasses: `inspect`), and the handlers that need one
# (tantivy for a search, re for a secret's pattern) import it inside the function.
HOOK_PATH_FORBIDDEN = {"json", "re", "pathlib", "tempfile", "dataclasses", "typing", "hashlib", "yaml", "tantivy",
                       *UI}


def _hook_path_modules() -> list:
    """The dispatcher, its handlers, and the engine modules each handler calls into."""
    return sorted({"mage_engine.hooks", "mage_engine.events.dispatch", "mage_engine.events.handlers",
                   "mage_engine.hosts.claude_code.payload", "mage_engine.capture.event_line",
                   "mage_engine.grooming.autostage", "mage_engine.recall.standing.session_start",
                   "mage_engine.recurrence.nudge", "mage_engine.recall.hint.prompt_hint",
                   "mage_engine.hosts.claude_code.gate0", "mage_engine.kb.config", "mage_engine.kb.errors_log",
                   "mage_engine.recall.search.bm25", "mage_engine.recall.index.lifecycle", "mage_engine.usage.ledger",
                   "mage_engine.usage.events", "mage_engine.capture.transcript_fold", "mage_engine.trail.retention",
                   "mage_engine.logs.hook", "mage_engine.recall.procedure.guidance",
                   "mage_engine.recall.procedure.position", "mage_engine.kb.worktree",
                   "mage_engine.recall.standing.session_notes", "mage_engine.recall.index.scrubbed_before",
                   "mage_engine.recall.search.pasted_error", "mage_engine.recall.hint.intent"})


def test_every_handler_is_listed_with_its_engine_module():
    from mage_engine.events import handlers
    from mage_engine.events.dispatch import HANDLERS

    called = {fn for fns in HANDLERS.values() for fn in fns}
    assert called == {handlers.capture, handlers.standing, handlers.nudge, handlers.hint, handlers.gate0,
                      handlers.log_missed, handlers.log_session, handlers.forget_hints}
    assert all(fn.__module__ == "mage_engine.events.handlers" for fn in called)


@pytest.mark.parametrize("module", _hook_path_modules())
def test_hook_path_modules_import_nothing_slow(module):
    assert not loaded_modules(f"import {module}") & HOOK_PATH_FORBIDDEN


def assert_prints_ok(code: str) -> None:
    """`code`, run in a fresh process, prints ok (its assertions held)."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "ok", done.stderr


def test_tantivy_loaded_without_datetime_py_leaves_datetime_whole():
    code = ("from mage_engine.base.tantivy_import import tantivy; import sys; t = tantivy(); "
            "assert 'datetime' not in sys.modules, 'datetime.py ran'; "
            "import datetime, _datetime; assert datetime.__file__.endswith('datetime.py'); "
            "assert datetime.datetime is _datetime.datetime and datetime.UTC is _datetime.UTC; "
            "assert t.Index is not None and tantivy() is t; print('ok')")
    assert_prints_ok(code)


def test_tantivy_loaded_without_types_py_works_and_leaves_types_whole():
    """Tantivy's submodules are made with `types.SimpleNamespace` as it loads; the stand-in holds it,
    a later `import types` is the real module, and Tantivy indexes, searches and raises as usual."""
    code = ("import sys; from mage_engine.base.tantivy_import import tantivy; t = tantivy(); "
            "assert 'types' not in sys.modules, 'types.py ran'; "
            "sb = t.SchemaBuilder(); sb.add_text_field('title', stored=True); ix = t.Index(sb.build()); "
            "w = ix.writer(15_000_000, 1); w.add_document(t.Document(title='hello world')); w.commit(); "
            "ix.reload(); s = ix.searcher(); hits = s.search(ix.parse_query('hello', ['title']), 3).hits; "
            "assert s.doc(hits[0][1])['title'] == ['hello world']\n"
            "try:\n ix.parse_query('title:(', ['title'])\nexcept ValueError: pass\n"
            "import types; assert types.__file__.endswith('types.py'); "
            "assert types.SimpleNamespace is type(sys.implementation); print('ok')")
    assert_prints_ok(code)


def test_a_process_with_threads_imports_tantivy_the_usual_way():
    code = ("import threading, sys; from mage_engine.base.tantivy_import import tantivy; tantivy(); "
            "import datetime; assert datetime.__file__.endswith('datetime.py'); print('ok')")
    assert_prints_ok(code)
