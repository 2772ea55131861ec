"""Errors name the line to fix: config.yaml and note frontmatter, checked against PyYAML's own marks.

PyYAML fails on the line after an unclosed `[`, `{` or quote (where it gave
up), and reports where the construct began as its context mark: mage names
that line, the one a person must edit. For block structure (a bad indent, a
stray `]`) the problem mark is the line. Each case below is a mistake a
person makes, the line they would have to fix, and which of PyYAML's marks
points at it.
"""

import pytest
import yaml

from helpers.process import run_mage
from mage_engine.kb.config_yaml import config_from_text
from mage_engine.base.errors import ConfigError

# (text, the line to fix, the PyYAML mark that names it, words of mage's message)
CASES = [
    ("sensitivity: normal\nhint: {min_score: 0.5\ncapture: {}\n", 2, "context", "the { on this line is never closed"),
    ("sensitivity: normal\nhint: {min_score: 0.5, count: 4\ncapture: {min_chars: 400}\nmemory: {}\n", 2, "context",
     "{ on this line"),
    ("sensitivity: normal\nhint: [\n", 2, None, "[ or { on this line"),
    ("sensitivity: normal\n\n\nhint: {min_score: 0.5\n\n", 4, "context", "{ on this line"),
    ("sensitivity: 'normal\nautonomy: operator\n", 1, "context", "quote on this line"),
    ('sensitivity: "normal\n', 1, "context", "quote on this line"),
    ("sensitivity: normal\nautonomy\nhint: {}\n", 2, "context", "not a `key: value` pair"),
    ("sensitivity: normal\nautonomy: a: b\n", 2, "problem", "mapping values are not allowed"),
    ("hint:\n  min_score: 0.5\n count: 4\n", 3, "problem", "expected <block end>"),
    ("capture:\n  - 1\n - 2\n", 3, "problem", "expected <block end>"),
    ("tags: [a, b]]\n", 1, "problem", "found ']'"),
    ("a: 1\nb: @x\n", 2, "problem", "cannot start any token"),
    ("autonomy: operator\n\tsensitivity: high\n", 2, "problem", "cannot start any token"),
]


def pyyaml_mark(text: str, which: str) -> int:
    with pytest.raises(yaml.YAMLError) as caught:
        yaml.safe_load(text)
    return getattr(caught.value, f"{which}_mark").line + 1


@pytest.mark.parametrize("text, line, mark, words", CASES)
def test_config_errors_name_the_line_to_fix(text, line, mark, words):
    if mark:
        assert pyyaml_mark(text, mark) == line, "the case's line is where PyYAML's mark points"
    with pytest.raises(ConfigError) as caught:
        config_from_text(text, "mage/config.yaml")
    assert str(caught.value).startswith(f"mage/config.yaml:{line}: malformed YAML (")
    assert words in str(caught.value)


NOTE = "---\nid: deploy\ntitle: Deploy\nkind: lesson\ncategory: tools\n{bad}\ncreated: 2026-01-01\n---\nbody\n"


@pytest.mark.parametrize("bad, words", [("tags: [a, b", "[ on this line is never closed"),
                                        ("tags: {a: 1", "{ on this line is never closed"),
                                        ("tags: 'a, b", "quote on this line is never closed"),
                                        ("tags", "not a `key: value` pair")])
def test_a_bad_frontmatter_line_is_reported_on_its_own_line(kb, bad, words):
    (kb.notes_dir / "deploy.md").write_text(NOTE.format(bad=bad))
    done = run_mage("notes", cwd=kb.root)
    (warning,) = [line for line in done.stderr.splitlines() if "deploy.md" in line]
    assert f"deploy.md:6: malformed frontmatter (" in warning and words in warning, warning
    assert "Traceback" not in done.stderr


def test_a_bad_config_line_is_reported_by_the_command_line(kb):
    kb.config_path.write_text("sensitivity: normal\nhint: {min_score: 0.5\ncapture: {}\n")
    done = run_mage("status", cwd=kb.root)
    assert done.returncode == 1 and done.stderr.startswith(f"mage: {kb.config_path}:2: malformed YAML")
