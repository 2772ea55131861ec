"""What a grooming action (groom.py, undo.py) did: one result every caller reads the same way."""

from dataclasses import dataclass, field


@dataclass
class GroomResult:
    """What a grooming action did, what it wrote, and the git command to run."""

    action: str
    done: list = field(default_factory=list)       # [{"draft": id, "note": id}]
    written: list = field(default_factory=list)    # committed paths changed, relative to the project
    git_command: str | None = None
    warnings: list = field(default_factory=list)

    def to_json(self) -> dict:
        return {"action": self.action, "done": self.done, "written": self.written,
                "git_command": self.git_command, "warnings": self.warnings}
