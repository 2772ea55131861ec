"""Several knowledge bases at once: which ones a project reads beside its own, and where a draft goes.

personal.py finds (and creates) the personal KB; attached.py lists the KBs a
project reads beside its own (the personal KB, then those `kbs:` lists);
targets.py names the KB a `--to` means; suggest.py says where a draft looks like
it belongs. Searching them together is recall's (`recall/search/across.py`,
`recall/hint/across.py`, `recall/standing/other_kbs.py`); moving notes between
them is grooming's (`grooming/transfer.py`); `kb/config_kbs.py` reads the `kbs:`
and `scratch:` keys and `kb/worktree.py` points a linked worktree's scratch at
the main one's.
"""
