"""Retired notes: `mage/archive/<id>.md`, out of recall, INDEX.md and MEMORY.md until restored."""
