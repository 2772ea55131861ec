"""Several knowledge bases at once: the project's, the person's own, and any a config lists.

personal.py finds (and creates) the personal KB; attached.py lists the KBs a
project reads beside its own; search.py and hint.py search them together, each
through its own Tantivy index; standing.py adds the others' standing notes to a
session's start; transfer.py accepts drafts into, and moves notes between, KBs;
worktree.py points a linked git worktree's scratch at the main worktree's.
"""
