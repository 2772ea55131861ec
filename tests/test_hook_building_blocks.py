"""The pieces that let the hooks skip pathlib, tempfile and dataclasses behave as those did.

KB paths as str agree with the Path properties; atomic writes keep their promises
without tempfile; PlainRecord compares and prints like the dataclasses it replaced.
"""

import dataclasses
import itertools
import os
import stat
import subprocess
import sys
from pathlib import Path, PurePosixPath

from mage_engine.hosts.claude_code.transcript_items import Boundary, ToolUse, Transcript, Turn
from mage_engine.kb import layout
from mage_engine.kb.atomic import write_text_atomic
from mage_engine.kb.dials import Config
from mage_engine.kb.layout import KB, find_kb_root, find_kb_top
from mage_engine.recall.search.bm25 import Hit


def test_a_kb_made_from_a_str_is_the_kb_made_from_its_path():
    parts = ["", "/", "//", ".", "..", "a", ".b", "c/", "/d//e/./f/", "é"]
    for combo in itertools.product(parts, repeat=3):
        text = "".join(combo)
        assert KB(text) == KB(Path(text)) and KB(text).top == str(PurePosixPath(text)), text
        assert hash(KB(text)) == hash(KB(Path(text)))
    assert repr(KB("/tmp/project/")) == "KB(root=PosixPath('/tmp/project'))"


def test_str_locations_name_the_files_the_path_properties_name(kb):
    pairs = {layout.MAGE_DIR: kb.mage_dir, layout.CONFIG_FILE: kb.config_path, layout.NOTES_DIR: kb.notes_dir,
             layout.SKILLS_DIR: kb.skills_dir, layout.SCRATCH_DIR: kb.scratch_dir,
             layout.LEARNINGS_DIR: kb.learnings_dir, layout.STAGING_DIR: kb.staging_dir,
             layout.STATE_DIR: kb.state_dir, layout.INDEX_DIR: kb.index_dir, layout.ERRORS_LOG: kb.errors_log,
             layout.LEDGER_FILE: kb.ledger_path}
    for relative, path in pairs.items():
        assert kb.at(relative) == str(path)
    assert kb.at(layout.STATE_DIR, "sessions", "s.json") == str(kb.state_dir / "sessions" / "s.json")
    assert KB("/").at("mage") == "/mage"


def test_the_kb_is_found_from_below_through_symlinks(kb, tmp_path):
    (kb.notes_dir / "deep").mkdir()
    link = tmp_path / "link"
    link.symlink_to(kb.notes_dir / "deep")
    assert find_kb_top(str(link)) == str(kb.root.resolve()) and find_kb_root(link) == kb.root.resolve()
    assert find_kb_top(str(tmp_path)) is None and find_kb_root(tmp_path) is None


def test_atomic_writes_keep_permissions_and_leave_no_temporary_files(tmp_path):
    target = tmp_path / "new" / "folder" / "note.md"
    write_text_atomic(target, "first\n")
    assert target.read_text() == "first\n"
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~_umask()
    os.chmod(target, 0o640)
    write_text_atomic(str(target), "second\n")
    assert target.read_text() == "second\n" and stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in target.parent.iterdir()) == ["note.md"]


def test_concurrent_writers_never_share_a_temporary_file(tmp_path):
    target = tmp_path / "state.json"
    script = ("import sys\nfrom mage_engine.kb.atomic import write_text_atomic\n"
              "for n in range(200):\n    write_text_atomic(sys.argv[1], sys.argv[2] * 1000)\n")
    writers = [subprocess.Popen([sys.executable, "-c", script, str(target), letter]) for letter in "abcd"]
    assert [writer.wait(timeout=60) for writer in writers] == [0, 0, 0, 0]
    assert target.read_text() in {letter * 1000 for letter in "abcd"}
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_records_compare_and_print_like_the_dataclasses_they_replaced():
    records = (Config(), Hit("a", "t", "s", "p", "lesson", "note", 0.5, 1.25), Turn("u", "2026"), ToolUse("1", "Bash"),
               Boundary("u", "2026", "auto", 12), Transcript())
    for record in records:
        fields = record.FIELDS
        twin_class = dataclasses.make_dataclass(type(record).__name__, fields)
        twin = twin_class(*(getattr(record, name) for name in fields))
        assert repr(record) == repr(twin)
        assert record == type(record)(*(getattr(record, name) for name in fields))
        assert record != twin  # another class, as with two dataclasses
    assert Config(hint_count=2) != Config() and Config().warnings is not Config().warnings
    assert Turn("u", "t").texts is not Turn("u", "t").texts


def test_the_config_cache_holds_a_copy():
    config = Config(thresholds={"K": 2}, warnings=["w"])
    saved = config.to_dict()
    saved["thresholds"]["K"], saved["warnings"][0] = 9, "changed"
    assert config.thresholds == {"K": 2} and config.warnings == ["w"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_the_saved_word_lists_are_the_analysed_ones_and_follow_their_source(kb):
    """Where the shipped lists do not apply (another Tantivy), each KB keeps its own analysis."""
    script = ("import json, sys\nfrom mage_engine.kb.layout import KB\nfrom mage_engine.terms import wordlists as w\n"
              "import mage_engine.terms.shipped_lists as shipped\nshipped.TANTIVY = 'another tantivy'\n"
              "if sys.argv[1:]:\n    w.load_saved(KB(sys.argv[1]))\n"
              "print(json.dumps([sorted(w.general_terms()), sorted(w.software_terms()),"
              " {t: sorted(p) for t, p in w.abbreviation_partners().items()}], sort_keys=True))\n")
    analysed = _fresh_process(script)  # no KB: analysed in the process
    saved = kb.state_dir / "wordlists.json"
    assert _fresh_process(script, kb.root) == analysed and saved.exists()  # analysed, then saved
    saved.write_text(saved.read_text().replace('"general":["', '"general":["zzz-not-a-word","'))
    assert _fresh_process(script, kb.root) != analysed  # the saved copy is what a process uses...
    stale = saved.read_text().replace('"source":[', '"source":[0,')
    saved.write_text(stale)
    assert _fresh_process(script, kb.root) == analysed and saved.read_text() != stale  # ...while its source holds
    saved.write_text("{torn")
    assert _fresh_process(script, kb.root) == analysed


def _fresh_process(script: str, *args) -> str:
    done = subprocess.run([sys.executable, "-c", script, *map(str, args)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_shipped_word_lists_are_current_and_are_what_a_prompt_uses(kb):
    """shipped_lists.py is what make_shipped_lists.py makes from stopwords.py with this Tantivy (analysed in a
    process of its own), and a KB whose lists match them keeps no copy of its own."""
    done = subprocess.run([sys.executable, "-m", "mage_engine.terms.make_shipped_lists", "--check"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "current", "stopwords.py or the analyzer changed: run " \
        "`.venv/bin/python -m mage_engine.terms.make_shipped_lists`"
    script = ("import json, sys\nfrom mage_engine.kb.layout import KB\nfrom mage_engine.terms import wordlists as w\n"
              "w.load_saved(KB(sys.argv[1]))\nprint('stopwords' in sys.modules or 'mage_engine.terms.stopwords' in sys.modules)")
    assert _fresh_process(script, kb.root).strip() == "False"  # nothing analysed, nothing imported
    assert not (kb.state_dir / "wordlists.json").exists()
