"""What a connect or disconnect did: one line per action, and whether anything changed."""

from mage_engine.base.plainrecord import PlainRecord


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
