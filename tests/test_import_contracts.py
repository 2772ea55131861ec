"""The engine's layout holds: import-linter's contracts in pyproject.toml, run as `make test` runs them.

The contracts (docs/architecture.md): the engine's layers import only downwards,
no module circles in the engine, the CLI or the TUI, the engine imports no UI
library, what the capture handler runs reaches neither tantivy nor yaml, and the
CLI opens the TUI only from the commands that start it. import-linter reads
every import, those inside functions too. The other tests break a copy of the
packages on purpose and watch the contracts catch it.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).parent / "lint-imports"
PACKAGES = ("mage_engine", "mage_cli", "mage_tui")


def lint(cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--no-cache"], cwd=cwd, env={**os.environ, **(env or {})},
                          capture_output=True, text=True, timeout=300)


def test_every_contract_is_kept():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout and "5 kept" in done.stdout


@pytest.fixture(scope="module")
def packages_copy(tmp_path_factory):
    """The three packages and the contracts, copied where a test may break them."""
    top = tmp_path_factory.mktemp("layout")
    for name in PACKAGES:
        shutil.copytree(ROOT / name, top / name, ignore=shutil.ignore_patterns("__pycache__", "data"))
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (top / "pyproject.toml").write_text(text[text.index("[tool.importlinter]"):], encoding="utf-8")
    return top


def _broken(copy: Path, module: str, source: str) -> str:
    """lint-imports' report on the copy with `source` added to `module` (a dotted name, made when
    missing); the module is put back as it was afterwards."""
    path = copy.joinpath(*module.split(".")).with_suffix(".py")
    before = path.read_text(encoding="utf-8") if path.exists() else None
    path.write_text((before or "") + source, encoding="utf-8")
    try:
        done = lint(copy, {"PYTHONPATH": str(copy)})  # the copy, not the installed checkout
    finally:
        path.unlink() if before is None else path.write_text(before, encoding="utf-8")
    assert done.returncode == 1, done.stdout + done.stderr
    return " ".join(done.stdout.split())


def test_the_copy_keeps_every_contract_until_broken(packages_copy):
    done = lint(packages_copy, {"PYTHONPATH": str(packages_copy)})
    assert done.returncode == 0 and "0 broken" in done.stdout, done.stdout + done.stderr


def test_a_backwards_import_breaks_the_layers(packages_copy):
    report = _broken(packages_copy, "mage_engine.kb.backwards",
                     '"""A KB module that asks recall for something."""\n\nfrom mage_engine.recall.search import bm25\n')
    assert "The engine's layers: each imports only those below it (docs/architecture.md) BROKEN" in report
    assert "mage_engine.kb is not allowed to import mage_engine.recall" in report
    assert "mage_engine.kb.backwards -> mage_engine.recall.search.bm25" in report


def test_an_import_inside_a_function_counts_too(packages_copy):
    report = _broken(packages_copy, "mage_engine.capture.lazy_search",
                     "def find(kb, text):\n    from mage_engine.recall.search.bm25 import search\n\n"
                     "    return search(kb, text)\n")
    assert "What the capture handler runs can reach neither tantivy nor yaml BROKEN" in report
    assert "mage_engine.capture is not allowed to import tantivy" in report
    assert "mage_engine.capture is not allowed to import mage_engine.recall" in report  # the layers, as well


def test_a_circle_inside_one_layer_is_refused(packages_copy):
    # kb/notes.py reads files through kb/guard.py; guard importing notes back closes a circle that the
    # layers contract cannot see (both are in kb/)
    report = _broken(packages_copy, "mage_engine.kb.guard", "\n\ndef _note_kinds():\n"
                     "    from mage_engine.kb.notes import KINDS\n\n    return KINDS\n")
    assert "No import circles between the modules of the engine, the CLI or the TUI BROKEN" in report
    assert "No cycles are allowed in mage_engine.kb" in report
    assert "The engine's layers: each imports only those below it (docs/architecture.md) KEPT" in report


def test_the_engine_importing_a_ui_library_is_refused(packages_copy):
    report = _broken(packages_copy, "mage_engine.status", "\n\ndef _styled(text):\n"
                     "    import rich.text\n\n    return rich.text.Text(text)\n")
    assert "The engine imports no textual, rich or click BROKEN" in report
    assert "mage_engine.status -> rich.text" in report or "mage_engine.status -> rich" in report
