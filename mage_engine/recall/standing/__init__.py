"""The standing context at SessionStart, and which notes a session's start named."""
