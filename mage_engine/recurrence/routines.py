"""Procedures that keep succeeding (a family of its own): the project's own routine.

Some commands are run, and work, in chapter after chapter: the script that syncs
the logs, `make deploy`, the module upgrade with its flags. Seen succeeding in K
chapters, such a command is a procedure candidate, with what usually follows it.
Only commands that belong to the project count: a script of its own (`./deploy.sh`,
`sync_raw_logs.py`), a task runner's target (`make release`, `npm run migrate`),
or a program run with flags of its own. Everyday tools (git, package installs,
file and process commands, anything that only looks) are what every project
runs: they never make a routine.

    procedure: sync_raw_logs.py
"""

import os

from mage_engine.recurrence import command_kinds, shell_commands as commands
from mage_engine.recurrence.command_kinds import key_shape
from mage_engine.recurrence.steps import SHELL_TOOLS, is_action

FOLLOWERS = 2  # actions after the routine kept as its usual next steps
TASK_RUNNERS = ("make", "npm run", "pnpm run", "yarn run", "bun run", "just", "rake", "manage.py", "task", "invoke",
                "nox", "tox", "gradle", "gradlew", "mvn", "cargo run", "poetry run", "pdm run", "hatch run")
EVERYDAY = {"git", "gh", "pip", "pip3", "uv", "npm", "pnpm", "yarn", "bun", "brew", "apt", "apt-get", "dnf", "yum",
            "pacman", "snap", "cargo", "go", "rustup", "conda", "mkdir", "chmod", "chown", "rm", "cp", "mv", "ln",
            "touch", "tar", "zip", "unzip", "gzip", "curl", "wget", "ssh", "scp", "rsync", "kill", "pkill",
            "killall", "sudo", "bash", "sh", "zsh", "python", "python3", "node", "open", "code", "vim", "nano",
            "claude", "op", "docker", "docker-compose", "podman", "systemctl", "service", "launchctl", "export",
            "source", "cd", "pytest", "jest", "vitest", "tsc", "eslint", "ruff", "black", "mypy", "prettier",
            "crontab", "nohup", "xdg-open", "start", "powershell", "pwsh", "cmd", "wsl", "mount", "umount",
            "winget", "choco", "scoop", "port", "nix", "flatpak", "pipx", "gem", "composer", "npx"}
# Targets every project has: building, testing and linting are not this project's routine
EVERYDAY_TARGETS = {"build", "test", "tests", "lint", "dev", "start", "serve", "format", "fmt", "typecheck", "check",
                    "ci", "install", "clean", "watch", "all", "run", "help", "default"}
_SCRIPT_ENDINGS = (".py", ".sh", ".js", ".mjs", ".ts", ".rb", ".pl", ".ps1", ".bat", ".cmd")


def routine_head(command: str) -> str:
    """The routine a command is ('' when it is an everyday command)."""
    head = command_kinds.head(command)
    if not head:
        return ""
    program = head.split(" ")[0]
    if program.endswith(_SCRIPT_ENDINGS):
        return head
    if head.startswith(TASK_RUNNERS):
        return head if " " in head and head.rsplit(" ", 1)[-1] not in EVERYDAY_TARGETS else ""
    if program in EVERYDAY or program.endswith((".exe",)):
        return ""
    segment = commands.main_segment(command)
    raw = segment[0] if segment else ""
    own_flags = any(token.startswith("--") for token in segment[1:])
    return head if raw.startswith(("./", "bin/", "scripts/")) or (own_flags and "/" not in os.path.dirname(raw)) \
        else ""


class RoutineTracker:
    """Feed it a chapter's steps; `observations()` gives one per routine that succeeded in it."""

    def __init__(self):
        self.found = {}    # routine head -> observation
        self.follow = []   # (observation, how many followers still to take)

    def feed(self, step: dict) -> None:
        if not is_action(step) or step["tool"] not in SHELL_TOOLS or not step.get("cmd"):
            return
        part_of_one = bool(self.follow)  # a routine run right after another is a step of that one
        for watch in self.follow:
            watch[0]["steps"].append(key_shape(step["cmd"])[:80])
            watch[0]["example"]["then"].append(step["cmd"][:200])
            watch[1] -= 1
        self.follow = [watch for watch in self.follow if watch[1] > 0]
        head = routine_head(step["cmd"])
        if not head or head in self.found or part_of_one:
            return
        seen = {"sig": f"procedure: {head}", "ts": step["ts"], "key": step.get("id") or f"{step['ts']}|{step['cmd']}",
                "parts": {"routine": head}, "steps": [key_shape(step["cmd"])[:80]],
                "example": {"command": step["cmd"][:300], "then": []}}
        self.found[head] = seen
        self.follow.append([seen, FOLLOWERS])

    def observations(self) -> list:
        return list(self.found.values())
