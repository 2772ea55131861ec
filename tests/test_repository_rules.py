"""The repository documents itself and keeps its own rules (docs/architecture.md, docs/glossary.md).

Read from the checkout: the references in code and docs point at documents that
are in the repository, the architecture page draws the layers the contracts
enforce, the glossary defines the words the code uses, mage's own modules are
imported plainly, and tests share helpers one way.
"""

import ast
import re
import subprocess
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("mage_engine", "mage_cli", "mage_tui")


def tracked(*patterns: str) -> list[Path]:
    listed = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True)
    return [ROOT / name for name in listed.stdout.split() if not name.startswith("tests/fixtures/")]


def anchor(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(doc: Path) -> set:
    lines = doc.read_text(encoding="utf-8").splitlines()
    fenced, found = False, set()
    for line in lines:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("#"):
            found.add(anchor(line.lstrip("#")))
    return found


def test_no_reference_points_at_a_document_outside_the_repository():
    pattern = re.compile(r"\bSPEC \d")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in tracked("*.py", "*.md", "*.toml")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if pattern.search(line)]
    assert found == []


def test_every_docs_link_in_code_and_docs_names_a_heading_that_exists():
    pattern = re.compile(r"(?:docs/)?\b([a-z][a-z-]*\.md)#([a-z0-9-]+)")
    broken = []
    for path in tracked("*.py", "*.md"):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for name, target in pattern.findall(line):
                doc = ROOT / "docs" / name if (ROOT / "docs" / name).exists() else ROOT / name
                if not doc.exists() or target not in anchors(doc):
                    broken.append(f"{path.relative_to(ROOT)}:{n}: {name}#{target}")
    assert broken == []


def test_the_architecture_page_draws_the_layers_the_contract_enforces():
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    (layers,) = [c["layers"] for c in contracts["contracts"] if c["id"] == "engine-layers"]
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    drawing = page.split("## The layers", 1)[1].split("```", 2)[1]
    drawn = {}  # the names each line of the box starts with -> its line number
    for number, line in enumerate(drawing.splitlines()):
        for name in line.removeprefix("│ ").split("  ", 1)[0].split() if line.startswith("│ ") else []:
            drawn.setdefault(name.removesuffix("/").removesuffix(".py"), number)
    positions = []
    for layer in layers:
        for name in layer.split(" | "):
            assert name in drawn, f"{name} is a layer in pyproject.toml but not drawn in docs/architecture.md"
            positions.append(drawn[name])
    assert positions == sorted(positions), "the drawing lists the layers in another order than the contract"


def test_the_glossary_defines_the_words_the_code_uses():
    glossary = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    defined = {term.lower() for term in re.findall(r"^\*\*([^*]+?)\.?\*\*", glossary, re.M)}
    for word in ("trail", "chapter", "draft", "note", "standing context", "boundary nudge", "gate-0",
                 "twin (the memory.md twin)", "k and m", "autonomy"):
        assert word in defined, word


def _guards_an_own_import(node: ast.Try) -> bool:
    quiet = [h for h in node.handlers if getattr(h.type, "id", None) in ("ImportError", "ModuleNotFoundError")
             and not any(isinstance(n, ast.Raise) for n in ast.walk(h))]  # one that raises is loud, not hidden
    if not quiet:
        return False
    for inner in (n for statement in node.body for n in ast.walk(statement)):
        if isinstance(inner, ast.ImportFrom) and (inner.module or "").split(".")[0] in PACKAGES:
            return True
        if isinstance(inner, ast.Import) and any(a.name.split(".")[0] in PACKAGES for a in inner.names):
            return True
        if isinstance(inner, ast.Attribute) and inner.attr == "import_module":
            return True
    return False


def test_no_except_import_error_hides_one_of_mages_own_modules():
    # they ship in one wheel: such a branch is dead, and it hides a broken import
    guarded = []
    for path in tracked(*(f"{package}/*.py" for package in PACKAGES)):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Try) and _guards_an_own_import(node):
                guarded.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert guarded == []


def test_the_app_uses_no_private_textual_attribute():
    private = re.compile(r"\._(message_queue|driver|compositor|nodes)\b")
    found = [f"{path.relative_to(ROOT)}:{n}" for path in tracked("mage_tui/*.py", "tests/*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if private.search(line)]
    assert found == []


def test_tests_import_their_helpers_from_one_place():
    conftest = re.compile(r"^\s*(from (tests\.)?conftest import|import conftest)", re.M)
    found = [str(path.relative_to(ROOT)) for path in tracked("tests/*.py", "benchmarks/*.py")
             if conftest.search(path.read_text(encoding="utf-8"))]
    assert found == []
