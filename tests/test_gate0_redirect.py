"""The native-memory redirect: host memory files in mage/ become `redirect` drafts at groom."""

from mage_engine.grooming.redirects import take_redirects
from mage_engine.kb import frontmatter

# As Claude Code 2.1.328 writes a memory file into its autoMemoryDirectory (it adds
# node_type, originSessionId and modified to the metadata the model wrote).
HOST_FILE = """---
name: make-test-only
description: Tests run with make test, never pytest directly
metadata:
  node_type: memory
  type: feedback
  originSessionId: 84753c90-e184-451e-8807-adb2005a3d83
  modified: 2026-11-30T03:07:06.762Z
---

The suite needs the editable install that `make test` does first.
**Why:** plain pytest fails on imports. **How to apply:** always run `make test`.
"""


def write(kb, relative, text):
    path = kb.mage_dir / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def draft(kb, draft_id):
    meta, body, _ = frontmatter.split(kb.draft_path(draft_id).read_text(), "draft")
    return meta, body


def test_a_host_memory_file_becomes_a_redirect_draft_and_leaves_mage(kb):
    path = write(kb, "make_test_only.md", HOST_FILE)
    (result,) = take_redirects(kb)
    assert result["status"] == "staged" and result["file"] == "mage/make_test_only.md"
    meta, body = draft(kb, result["id"])
    assert meta["draft"]["source"] == "redirect" and meta["origin"] == "redirect"
    assert meta["title"] == "Tests run with make test, never pytest directly"
    assert (meta["kind"], meta["category"]) == ("rule", "workflow")
    assert meta["tags"] == ["claude-memory", "feedback"]
    assert body.startswith("The suite needs the editable install")
    assert not path.exists()
    moved = kb.root / result["moved_to"]
    assert moved.parent == kb.scratch_dir / "redirected" and moved.read_text() == HOST_FILE
    assert take_redirects(kb) == []


def test_each_host_type_maps_onto_a_kind_and_category(kb):
    for host_type in ("user", "project", "reference", "something-new"):
        write(kb, f"{host_type}.md", f"---\nname: {host_type}-fact\ndescription: about {host_type}\n"
                                     f"metadata:\n  type: {host_type}\n---\nbody of {host_type}\n")
    kinds = {r["file"]: draft(kb, r["id"])[0] for r in take_redirects(kb)}
    assert {f: (m["kind"], m["category"]) for f, m in kinds.items()} == {
        "mage/project.md": ("fact", "projects"), "mage/reference.md": ("pointer", "projects"),
        "mage/something-new.md": ("lesson", "lessons"), "mage/user.md": ("preference", "human")}


def test_a_secret_written_past_gate0_is_scrubbed_on_the_way_in(kb):
    write(kb, "token.md", "---\nname: token\ndescription: the token\n---\nghp_R7x2Kq9PlantedSecretToken0000abcdEF12\n")
    (result,) = take_redirects(kb)
    assert "ghp_R7x2" not in kb.draft_path(result["id"]).read_text()


def test_a_duplicate_is_reported_and_still_moved_out(kb):
    write(kb, "one.md", HOST_FILE)
    first = take_redirects(kb)
    write(kb, "again.md", HOST_FILE)
    (second,) = take_redirects(kb)
    assert second["status"] == "duplicate" and first[0]["id"] in second["reason"]
    assert not (kb.mage_dir / "again.md").exists()


def test_mages_own_files_and_a_persons_plain_markdown_stay(kb):
    own = {"notes/n.md": "---\nid: n\ntitle: N\n---\nbody\n", "skills/s/SKILL.md": "---\nname: s\n---\nx\n",
           "MEMORY.md": "# memory\n", "INDEX.md": "# index\n", "logs/2026-11-30.md": "## 10:00 - x\n",
           "README.md": "# About this folder\n"}
    for relative, text in own.items():
        write(kb, relative, text)
    assert take_redirects(kb) == []
    assert all((kb.mage_dir / relative).read_text() == text for relative, text in own.items())
