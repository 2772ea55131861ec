"""Ids keep the title's own script and stay safe on every file system, hostile titles included.

A title in Chinese, Japanese, Korean, Hindi or Arabic gives a readable id in
that script (it used to be an opaque `note-0c968e90`). The hostile-title
corpus (traversal, control characters, NUL, right-to-left overrides,
zero-width characters, Windows-reserved names, very long titles, case-only
variants) goes the whole way: staged, accepted into mage/notes/, found again
by `mage show`, and listed in INDEX.md.
"""

import json
import os
import subprocess
import sys
import unicodedata

import pytest

from helpers.process import run_mage
from mage_engine.grooming.groom import accept, load_note
from mage_engine.grooming.stage import stage_draft
from mage_engine.kb.ids import MAX_ID_BYTES, WINDOWS_RESERVED, is_safe_id, slugify

READABLE = {
    "本番デプロイの前に移行を流す": "本番デプロイの前に移行を流す",
    "部署前先运行数据库迁移": "部署前先运行数据库迁移",
    "배포 전에 마이그레이션 실행": "배포-전에-마이그레이션-실행",
    "परिनियोजन से पहले माइग्रेशन": "परिनियोजन-से-पहले-माइग्रेशन",
    "شغّل الترحيل قبل النشر": "شغّل-الترحيل-قبل-النشر",
    "Ｄｅｐｌｏｙ after the migration": "deploy-after-the-migration",
    "Straße sperren: Ünïcödé": "straße-sperren-ünïcödé",
}
HOSTILE = [
    "../../etc/passwd", "..", ".", "/", "\\\\server\\share\\x", "C:\\Windows\\system32",
    "a\x00b", "nul\x00byte.md", "\x1b[31mred\x1b[0m alert", "line\nbreak\r\nand\ttab",
    "invoice\u202egpj.exe", "\u202ereversed\u202c text", "zero\u200bwidth\u200djoined\ufeffbom",
    "CON", "con", "Con.md", "NUL", "aux.txt", "COM1", "lpt9", "PRN",
    "x" * 10_000, "字" * 500, "é" * 300, "\u0301\u0301 starts with marks",
    "-leading-and-trailing-", "!!!???...", "🔥🚀✨", "\u3000\u3000全角スペース\u3000",
    "Casey", "casey", "CASEY", "ΣΊΣΥΦΟΣ", "σίσυφος",
]


@pytest.mark.parametrize("title, expected", READABLE.items())
def test_a_title_in_any_script_gives_a_readable_id(title, expected):
    assert slugify(title) == expected and is_safe_id(expected)


def test_the_hostile_corpus_stays_inside_notes_with_distinct_safe_ids(kb):
    staged = [stage_draft(kb, title=title, body=f"Lesson {n}: what the title {n} taught.")
              for n, title in enumerate(HOSTILE)]
    ids = [result.id for result in staged]
    assert all(result.status == "staged" for result in staged)
    assert len(set(ids)) == len(ids), "case-only variants and clashing slugs get distinct ids"
    for draft_id in ids:
        assert is_safe_id(draft_id) and len(draft_id.encode()) <= MAX_ID_BYTES
        assert draft_id.lower() not in WINDOWS_RESERVED
        assert not any(unicodedata.category(ch)[0] in "CZ" for ch in draft_id), repr(draft_id)
        assert draft_id not in (".", "..") and "/" not in draft_id and "\\" not in draft_id
    accept(kb, ids)
    written = sorted(p.name for p in kb.notes_dir.iterdir())
    assert written == sorted(f"{i}.md" for i in ids), "every note is a file directly in mage/notes/"
    assert len({name.casefold() for name in written}) == len(written), "no two differ only by case"
    for draft_id in ids:
        assert load_note(kb, draft_id).id == draft_id
    index = kb.index_md.read_text(encoding="utf-8")
    assert all(f"notes/{i}.md" in index for i in ids)


def test_a_cjk_note_goes_the_whole_way_through_the_command_line(kb):
    staged = run_mage("stage", "--title", "本番デプロイの前に移行を流す", "--body", "移行が終わるまで待つ。", "--json",
                      cwd=kb.root)
    draft_id = json.loads(staged.stdout)["id"]
    assert draft_id == "本番デプロイの前に移行を流す"
    assert run_mage("groom", "--accept", draft_id, cwd=kb.root).returncode == 0
    assert (kb.notes_dir / f"{draft_id}.md").is_file()
    shown = run_mage("show", draft_id, cwd=kb.root)
    assert shown.returncode == 0 and "移行が終わるまで待つ。" in shown.stdout
    assert draft_id in run_mage("notes", cwd=kb.root).stdout


def test_where_file_names_cannot_hold_the_script_the_id_falls_back_to_ascii():
    program = ("from mage_engine.kb.ids import slugify; "
               "print(slugify('\\u672c\\u756a\\u30c7\\u30d7\\u30ed\\u30a4'), slugify('\\u00dcn\\u00efc\\u00f6d\\u00e9 t'))")
    env = {**os.environ, "LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONCOERCECLOCALE": "0"}
    done = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True)
    cjk, latin = done.stdout.split()
    assert cjk.startswith("note-") and latin == "unicode-t"


@pytest.mark.parametrize("value", ["../x", "a/b", "a\\b", "a.b", "a b", "A", "-a", "a-", "a--b", "con", "nul",
                                   "\u202ea", "a\u200bb", "\u0301a", "x" * 65, "字" * 70, "", "a\x00"])
def test_ids_from_outside_are_refused_when_they_are_not_safe(value):
    assert not is_safe_id(value)
