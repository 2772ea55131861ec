"""Host adapters: wire mage into a coding agent's host, and unwire it.

Each host has a `connect(kb, **options)` and a `disconnect(kb)` that return a
`HostChange` (change.py): the files touched and one line per action, for the
CLI to print; connection.py picks the host by name.
Claude Code is wired through its hooks (claude_code/); any other agent gets a
marked AGENTS.md section telling it to run the same loop by hand (generic.py).
"""
