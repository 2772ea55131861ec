"""Steps that could lose something if repeated blindly: `rm -rf`, `docker system prune`,
`git reset --hard`, `--force`, `--break-system-packages`, `--no-verify`, `DROP TABLE` …

Such a step may well be what made a command pass, and mage still reports it,
but never as a plain recipe: every draft, nudge line and note text that names
one says what it could destroy, and no skill is ever made of one
(recurrence/graduate.py). The table is matched against the raw command text.
"""

import re

HAZARDS = (
    (r"\brm\s+(?:-\w*[rRf]\w*\s+)+", "deletes files recursively or without asking"),
    (r"\b(?:docker|podman)\s+(?:system|volume|image|container|network|builder)\s+prune\b", "deletes Docker data"),
    (r"\b(?:docker|podman)\s+(?:volume\s+rm|rmi\s+-f|rm\s+-f)\b", "deletes Docker data"),
    (r"--break-system-packages\b", "overrides the system package manager's protection"),
    (r"\bgit\s+push\b[^|;&]*(?:\s-f\b|--force(?:-with-lease)?\b)", "rewrites the remote branch's history"),
    (r"\bgit\s+reset\s+--hard\b", "throws away uncommitted changes"),
    (r"\bgit\s+clean\s+-\w*[fdx]", "deletes untracked files"),
    (r"\bgit\s+checkout\s+(?:--\s+)?\.(?:\s|$)|\bgit\s+restore\s+(?:--\S+\s+)*\.(?:\s|$)", "throws away uncommitted changes"),
    (r"\bgit\s+branch\s+-D\b|\bgit\s+filter-(?:repo|branch)\b", "rewrites or deletes history"),
    (r"--no-verify\b", "skips the hooks that guard commits"),
    (r"(?i)\b(?:DROP\s+(?:TABLE|DATABASE|SCHEMA)|TRUNCATE\s+(?:TABLE\s+)?\w)", "deletes database data"),
    (r"(?i)\bDELETE\s+FROM\s+\w+\s*(?:;|$|[\"'])", "deletes every row of a table"),
    (r"\b(?:mkfs(?:\.\w+)?|wipefs|shred)\b|\bdd\s+[^|;&]*\bof=/dev/", "erases a disk or a file"),
    (r"\b(?:zpool|zfs)\s+destroy\b|\bterraform\s+destroy\b|\bkubectl\s+delete\b", "destroys infrastructure"),
    (r"\bchmod\s+(?:-R\s+)?0?777\b", "opens the files to everyone"),
    (r"\b(?:dropdb|pg_dropcluster)\b", "deletes a database"),
    (r"(?:^|\s)--force\b", "forces past a safety check"),
)


def hazard(command) -> str:
    """What repeating `command` could destroy ('' when nothing)."""
    if not isinstance(command, str) or not command:
        return ""
    for pattern, reason in HAZARDS:
        if re.search(pattern, command):
            return reason
    return ""
