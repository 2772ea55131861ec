"""Install advice names this project, never PyPI's `mage` (an unrelated package of that name).

Whatever a user reads (the hooks' warning, an error, a skill, the docs, the
plugin manifest) says to install from mage's checkout or repository.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ["README.md", "docs", "skills", "agents", "hooks", "mage_engine", "mage_cli", "mage_tui", ".claude-plugin",
           "Makefile"]
# `pipx install mage`, `pip install mage` as advice; "not `pipx install mage`" is the warning against it
PYPI_ADVICE = re.compile(r"(?<!not `)\bpipx? install (?:--\S+ )*mage\b(?![-_/])")


def shipped_files():
    for name in SHIPPED:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file()]
        for file in files:
            if "__pycache__" not in file.parts and file.suffix not in (".svg", ".png", ".pyc"):
                yield file


def test_no_shipped_text_advises_installing_pypis_mage():
    found = []
    for file in shipped_files():
        text = file.read_text(errors="replace")
        found += [f"{file.relative_to(ROOT)}: {m.group(0)}" for m in PYPI_ADVICE.finditer(text)]
    assert not found, found

