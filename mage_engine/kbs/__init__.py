"""Several knowledge bases at once: the project's, the person's own, and any a config lists.

personal.py finds (and creates) the personal KB; attached.py lists the KBs a
project reads beside its own; search.py and hint.py search them together, each
through its own Tantivy index; standing.py adds the others' standing notes to a
session's start; transfer.py accepts drafts into, and moves notes between, KBs;
suggest.py says where a draft looks like it belongs. Two pieces live in kb/, which
imports nothing above it: config_kbs.py (the `kbs:` and `scratch:` keys) and
worktree.py (a linked git worktree's scratch pointed at the main worktree's).
"""
