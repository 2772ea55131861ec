"""Claude Code: hook wiring in .claude/settings*.json, Gate-0, the MEMORY.md twin, skills."""
