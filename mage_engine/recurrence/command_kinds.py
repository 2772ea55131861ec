"""What a shell command does, as far as a lesson cares: does it only look, could it destroy
something, and which segment of a compound command failed.

- **Look-only** commands (`ls`, `cat`, `git status`, `ipconfig`, `ping`,
  `systemctl status`, `docker logs`, anything run with only `--version` or
  `--help`) change nothing, so they are never the step that fixed a failure.
- **Destructive** steps (`rm -rf`, `docker system prune`, `git reset --hard`,
  `--force`, `--break-system-packages`, `DROP TABLE` …: capture/hazards.py) may
  have made a command pass, but repeating them blindly loses data: a draft or
  nudge that names one says so in words nobody can miss, and no skill is ever
  made of one.
- A compound command (`git add x && git status`) is named by the segment that
  failed: the one the error names, else the last one that does more than look.
- As a signature part a step is its program and subcommand, flags and
  environment, positional arguments as `<arg>` (`key_shape`).
"""

import os
import re

from functools import lru_cache

from mage_engine.recurrence.shell_commands import (ENV_ASSIGNMENT, NUMERIC, head_of, main_segment, program_and_args as _program,
                                             segments, shape, shape_token)

LOOK_ONLY = {"ls", "ll", "la", "dir", "cat", "bat", "head", "tail", "less", "more", "grep", "egrep", "rg", "ag",
             "find", "fd", "which", "where", "whereis", "type", "echo", "printf", "pwd", "wc", "file", "stat",
             "tree", "printenv", "env", "whoami", "id", "groups", "date", "du", "df", "free", "uptime", "uname",
             "hostname", "diff", "cmp", "sleep", "history", "man", "jq", "yq", "sort", "uniq", "awk", "sed", "cut",
             "tr", "cd", "realpath", "readlink", "basename", "dirname", "md5sum", "sha1sum", "sha256sum", "shasum",
             "xxd", "hexdump", "od", "strings", "nproc", "lscpu", "lspci", "lsusb", "lsblk", "blkid", "lsmod",
             "lsof", "ps", "pgrep", "top", "htop", "w", "last", "getent", "locale", "dmesg", "journalctl",
             "ping", "ping6", "traceroute", "tracert", "nslookup", "dig", "host", "whois", "arp", "route",
             "netstat", "ss", "ipconfig", "ifconfig", "iwconfig", "nmcli", "networksetup", "scutil", "sw_vers",
             "system_profiler", "sysctl", "vm_stat", "ioreg", "tasklist", "systeminfo", "wmic", "test", "[",
             "true", "false", "exit", "read", "wait", "watch", "timeout", "column", "tee", "xargs", "seq",
             "shellcheck", "hadolint", "yamllint", "markdownlint"}
# Programs whose subcommand decides: these subcommands only look.
LOOK_ONLY_SUBCOMMANDS = {
    "git": {"status", "diff", "log", "show", "branch", "remote", "rev-parse", "blame", "ls-files", "describe",
            "shortlog", "reflog", "grep", "ls-remote", "config", "tag", "stash list", "whatchanged"},
    "systemctl": {"status", "is-active", "is-enabled", "is-failed", "list-units", "list-unit-files", "show", "cat",
                  "list-timers"},
    "docker": {"logs", "ps", "inspect", "images", "info", "version", "stats", "top", "port", "diff", "history",
               "search", "events"},
    "docker-compose": {"logs", "ps", "config", "images", "top", "version"},
    "kubectl": {"get", "describe", "logs", "top", "explain", "version", "api-resources", "cluster-info"},
    "apt": {"list", "show", "search", "policy", "depends", "rdepends"}, "apt-cache": {"search", "show", "policy"},
    "brew": {"list", "info", "search", "outdated", "config", "doctor", "deps", "leaves"},
    "pip": {"list", "show", "freeze", "check", "index"}, "pip3": {"list", "show", "freeze", "check", "index"},
    "npm": {"ls", "list", "view", "info", "outdated", "why", "explain", "config"},
    "ip": {"a", "addr", "address", "route", "r", "link", "l", "neigh", "show"},
    "gh": {"status", "view", "list"}, "ufw": {"status"}, "launchctl": {"list", "print"}, "log": {"show", "stream"},
    "defaults": {"read"}, "zpool": {"status", "list", "iostat"}, "zfs": {"list", "get"},
    "gitleaks": {"detect", "protect", "dir", "git"}, "trivy": {"fs", "image", "repo"},  # scanners report
}
_VERSION_FLAGS = {"--version", "-v", "-V", "--help", "-h", "help", "version"}
# Asked of any program, these only report: `./manage.sh status`, `./tool --list`
_REPORTING = {"status", "--status", "list", "--list", "ls", "show", "info", "--info", "--help", "help", "version",
              "--version", "logs", "--dry-run", "-n", "--check"}


@lru_cache(maxsize=4096)
def head(command: str, error: str = "") -> str:
    """The program that did the work, with its subcommand where it has one (`docker exec`,
    `git add`, `npm run build`). Given the `error` a failed command printed, the segment that
    failed: `git add x && git status` that failed is `git add`."""
    if error or any(op in command for op in ("&&", "||", ";")):
        return head_of(failing_segment(command, error))
    return head_of(main_segment(command))


@lru_cache(maxsize=4096)
def is_read_only(command: str) -> bool:
    """Commands that only look (ls, cat, git status, ping, docker logs): never a fix."""
    return is_look_only(command)


@lru_cache(maxsize=4096)
def is_look_only(command: str) -> bool:
    """True for commands that only look (never a fix): ls, cat, git status, docker logs, ping …"""
    program, args = _program(main_segment(command))
    if not program:
        return True
    words = [arg for arg in args if not arg.startswith("-")]
    if program in LOOK_ONLY_SUBCOMMANDS:
        return bool(words) and words[0] in LOOK_ONLY_SUBCOMMANDS[program]
    if args and all(arg in _VERSION_FLAGS for arg in args):
        return True
    if args and args[0] in _REPORTING:
        return True
    return program in LOOK_ONLY or program.lower().startswith("get-")  # PowerShell's Get-Process and kin


def destructive_reason(command: str) -> str:
    """Why repeating `command` could lose something ('' when it could not): capture/hazards.py."""
    from mage_engine.capture.hazards import hazard

    return hazard(command)


def failing_segment(command: str, error: str = "") -> list:
    """The tokens of the segment that failed: the one whose program the error names,
    else the last one that does more than look, else the last one."""
    parts = [segment for segment in segments(command) if _program(segment)[0]]
    if len(parts) <= 1:
        return parts[0] if parts else []
    lowered = (error or "").lower()
    named = [segment for segment in parts if _names(lowered, _program(segment)[0].lower())]
    if named:
        return named[-1]  # `&&` stops at the failure: of the segments the error names, the last ran last
    acting = [segment for segment in parts if not is_look_only(" ".join(segment))]
    return (acting or parts)[-1]


def _names(error: str, program: str) -> bool:
    return len(program) > 2 and bool(re.search(r"(?:^|[\s:/'\"(])" + re.escape(program) + r"(?:[\s:'\")]|$)", error))


def segment_text(segment: list) -> str:
    """A segment's tokens as one command line again (for labels and keys)."""
    return " ".join(token if " " not in token else f"'{token}'" for token in segment)


def program_name(segment: list) -> str:
    return os.path.basename(_program(segment)[0])


@lru_cache(maxsize=4096)
def key_shape(command: str) -> str:
    """A step as a signature part: the acting segment's program and subcommand, then its flags
    and environment, positional arguments as `<arg>` and numbers as `<n>`: `apt-get install -y
    <arg>`, `docker exec -it <arg>`, `pip install -e .` (`.` and `..` stay: they say where)."""
    segment = failing_segment(command)
    head = head_of(segment)
    program, args = _program(segment)
    words = head.split()[1:]
    parts = [head]
    for token in args:
        if words and token == words[0]:
            words.pop(0)
            continue
        part = _key_token(token)
        if part != parts[-1] or part not in ("<arg>", "<n>"):
            parts.append(part)
    return " ".join(parts) if head else shape(command)


def _key_token(token: str) -> str:
    if token.startswith("-") and not NUMERIC.match(token):
        return shape_token(token, False)
    if ENV_ASSIGNMENT.match(token):
        return token.split("=", 1)[0] + "=<value>"
    if token in (".", ".."):
        return token
    return "<n>" if NUMERIC.match(token) else "<arg>"
