"""Host adapters: wire mage into a coding agent's host, and unwire it.

Each host has a `connect(kb, **options)` and a `disconnect(kb)` that return a
`HostChange`: the files touched and one line per action, for the CLI to print.
Claude Code is wired through its hooks (claude_code/); any other agent gets a
marked AGENTS.md section telling it to run the same loop by hand (generic.py).
"""

from mage_engine.base.plainrecord import PlainRecord

HOSTS = ("claude-code", "generic")


class HostChange(PlainRecord):
    """What a connect or disconnect did: one line per action, and whether anything changed.

    A PlainRecord, not a dataclass: this package is imported by the PreToolUse
    hook (Gate-0), which `dataclasses` would cost about 6 ms.
    """

    FIELDS = ("host", "actions", "changed", "details", "warnings")

    def __init__(self, host: str, actions: list | None = None, changed: bool = False, details: dict | None = None,
                 warnings: list | None = None):
        self.host = host
        self.actions = [] if actions is None else actions
        self.changed = changed
        self.details = {} if details is None else details
        self.warnings = [] if warnings is None else warnings

    def did(self, line: str) -> None:
        self.actions.append(line)
        self.changed = True

    def note(self, line: str) -> None:
        self.actions.append(line)

    def warn(self, line: str) -> None:
        """Something mage left alone that the person should know about (printed on stderr)."""
        self.warnings.append(line)

    def to_json(self) -> dict:
        return {"host": self.host, "changed": self.changed, "actions": self.actions, "warnings": self.warnings,
                **self.details}


def connect_host(kb, host: str, shared: bool = False, hooks: bool = True) -> HostChange:
    """Wire `host` into the project of `kb`; idempotent."""
    if host == "claude-code":
        from mage_engine.hosts.claude_code.connect import connect

        return connect(kb, shared=shared, hooks=hooks)
    if host == "generic":
        from mage_engine.hosts.generic import connect

        return connect(kb)
    raise _unknown(host)


def disconnect_host(kb, host: str) -> HostChange:
    """Remove exactly what `connect_host` added, restoring what it replaced."""
    if host == "claude-code":
        from mage_engine.hosts.claude_code.connect import disconnect

        return disconnect(kb)
    if host == "generic":
        from mage_engine.hosts.generic import disconnect

        return disconnect(kb)
    raise _unknown(host)


def _unknown(host: str):
    from mage_engine.base.errors import MageError

    return MageError(f"unknown host '{host}'", f"choose one of {', '.join(HOSTS)}")
