"""Errors a user can act on: each renders as one line saying what and how to fix."""


class MageError(Exception):
    """Base class: the message is shown verbatim as one line, exit 1."""

    def __init__(self, message: str, fix: str = ""):
        self.what = message
        self.fix = fix
        super().__init__(f"{message}. {fix}".strip() if fix else message)


class KBNotFound(MageError):
    """No knowledge base was found walking up from the start folder."""


class ConfigError(MageError):
    """mage/config.yaml is malformed or holds a bad value."""


class NoteFormatError(MageError):
    """A note or draft file cannot be parsed."""

    def __init__(self, path, line: int, problem: str):
        self.path = path
        self.line = line
        self.problem = problem
        super().__init__(f"{path}:{line}: {problem}", "fix the file by hand, or move it out of the folder")


class NotFound(MageError):
    """A draft, note or skill id that does not exist."""


class NotPermitted(MageError):
    """The autonomy dial forbids this action to the current actor."""
