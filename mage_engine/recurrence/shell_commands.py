"""Shell commands as distill sees them: what program ran, its shape, and its flags.

`head("cd app && uv run python -m pytest -q")` is `pytest`: the program that
did the work, unwrapped from `cd`, runners (`uv run`, `npx`, `python -m`) and
wrappers (`sudo`, `timeout 60`), with the subcommand for tools that have one
(`pip install`, `git push`). `shape` is the whole command normalised. Flags and environment, for
retries, are in flags.py.
"""

import os
import re
import shlex
from functools import lru_cache

from mage_engine.recurrence.signatures import normalise_text

SEQUENCE_OPS = ("&&", "||", ";", "&", "\n")
PIPE_OPS = ("|", "|&")
TRIVIAL = {"cd", "pushd", "popd", "export", "source", ".", "set", "true", "unset", "clear"}
PEELED_KEYWORDS = {"do", "then", "else", "elif", "if", "!", "{", "(", "time"}  # `do grep x` runs grep
HEADER_KEYWORDS = {"for", "while", "until", "case", "select", "done", "fi", "esac", "}", ")", "function"}
WRAPPERS = {"sudo", "env", "time", "nice", "command", "exec", "nohup", "xvfb-run", "stdbuf", "timeout"}
RUNNERS = {("uv", "run"), ("poetry", "run"), ("pipenv", "run"), ("pdm", "run"), ("hatch", "run"),
           ("pnpm", "exec"), ("bundle", "exec"), ("yarn", "dlx"), ("conda", "run")}
SOLO_RUNNERS = {"npx", "pnpx", "bunx"}
# Subcommands that group others: `docker system prune` is the command, not `docker system`
GROUPS = {("docker", "system"), ("docker", "volume"), ("docker", "image"), ("docker", "container"),
          ("docker", "network"), ("docker", "compose"), ("docker", "builder"), ("docker", "buildx"),
          ("git", "remote"), ("git", "stash"), ("git", "submodule"), ("git", "worktree"), ("kubectl", "rollout"),
          ("kubectl", "config"), ("gh", "pr"), ("gh", "issue"), ("gh", "repo"), ("gh", "release"), ("gh", "run")}
SUBCOMMANDS = {"git", "npm", "pnpm", "yarn", "bun", "cargo", "go", "docker", "docker-compose", "kubectl", "pip",
               "pip3", "uv", "poetry", "pdm", "hatch", "make", "gh", "brew", "apt", "apt-get", "conda", "mamba",
               "terraform", "dotnet", "mvn", "gradle", "gradlew", "bundle", "rails", "rake", "deno", "just",
               "helm", "systemctl", "tox", "nox", "pre-commit", "alembic", "manage.py", "rustup", "nvm"}
ENV_ASSIGNMENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*=")
_WORD = re.compile(r"^[a-z][\w:.-]*$")
NUMERIC = re.compile(r"^[-+]?\d+(?:\.\d+)?[a-z]{0,3}$")
_PYTHON = r"^(?:python|py)[\d.]*(?:\.exe)?$"  # python3, python3.12, python.exe, py
_REDIRECT = re.compile(r"\s\d*(?:>&\d+|&>>?\s*\S+|>>?\s*\S+|<\s*\S+)")


@lru_cache(maxsize=4096)  # agents run the same commands over and over
def tokens(command: str) -> tuple:
    """shlex tokens with shell operators as their own tokens; plain split if unbalanced."""
    command = _REDIRECT.sub(" ", command)  # `2>&1`, `> out.log`: not part of what ran
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        return tuple(lexer)
    except ValueError:
        return tuple(command.split())


def segments(command: str) -> list[list[str]]:
    """The simple commands of a command line, each as its tokens (operators dropped)."""
    found, current = [], []
    for token in tokens(command):
        if token in SEQUENCE_OPS or token in PIPE_OPS:
            found.append(current)
            current = []
        else:
            current.append(token)
    found.append(current)
    return [segment for segment in found if segment]


def main_segment(command: str) -> list[str]:
    """The segment that did the work: the last non-trivial one of the sequence,
    the first of its pipeline (`pytest | tail` is pytest)."""
    chosen, after_pipe = [], False
    for token_list, piped in _with_pipes(command):
        if not after_pipe and token_list and _program(token_list)[0] not in TRIVIAL:
            chosen = token_list
        after_pipe = piped
    return chosen


def _with_pipes(command: str):
    current = []
    for token in tokens(command) + (";",):
        if token in SEQUENCE_OPS or token in PIPE_OPS:
            if current:
                yield current, token in PIPE_OPS
            current = []
        else:
            current.append(token)


def _program(segment: list[str]) -> tuple[str, list[str]]:
    """(program basename, its arguments) with env, wrappers and runners peeled off."""
    rest = list(segment)
    while rest:
        word = os.path.basename(rest[0])
        if rest[0] in HEADER_KEYWORDS:
            return "", []  # a loop or case header, or its end: no program ran here
        if rest[0] in PEELED_KEYWORDS or ENV_ASSIGNMENT.match(rest[0]) or word in WRAPPERS or NUMERIC.match(rest[0]) or rest[0].startswith("-"):
            rest = rest[1:]
        elif word in SOLO_RUNNERS or (len(rest) > 1 and (word, rest[1]) in RUNNERS):
            rest = rest[1:] if word in SOLO_RUNNERS else rest[2:]
        elif re.match(_PYTHON, word) and len(rest) > 2 and rest[1] == "-m":
            rest = rest[2:]
        elif re.match(_PYTHON, word) and len(rest) > 1 and rest[1].endswith(".py"):
            rest = rest[1:]
        else:
            return word, rest[1:]
    return "", []


program_and_args = _program  # the public name


def head_of(segment: list) -> str:
    """`head` of one segment's tokens."""
    program, args = _program(segment)
    if program in SUBCOMMANDS:
        args = [arg for index, arg in enumerate(args) if index == 0 or args[index - 1] not in ("-C", "-c")]
        words = [arg for arg in args[:4] if _WORD.match(arg)]
        if (words[:1] in (["run"], ["run-script"]) or (program, words[0] if words else "") in GROUPS) \
                and len(words) > 1:
            return f"{program} {words[0]} {words[1]}"  # `npm run build`, `docker system prune`
        if words:
            return f"{program} {words[0]}"
    return program


def shape(command: str) -> str:
    """The command normalised: program basenames, placeholders for paths, numbers, values."""
    parts = []
    for segment, piped in _with_pipes(command):
        program, _ = _program(segment)
        if program in TRIVIAL - {"export", "source", "."}:
            continue
        parts.append(" ".join(shape_token(token, index == 0) for index, token in enumerate(segment)))
        parts.append("|" if piped else "&&")
    return " ".join(parts[:-1])


def shape_token(token: str, first: bool) -> str:
    """One token normalised: a program keeps its basename, values become placeholders."""
    if first and not ENV_ASSIGNMENT.match(token):
        return os.path.basename(token) or token  # a program's name is stable, never a placeholder
    if " " in token.strip():
        return "<value>"
    for prefix in (ENV_ASSIGNMENT.match(token), re.match(r"^--?[\w-]+=", token)):
        if prefix:
            return prefix.group(0) + (normalise_text(token[prefix.end():]) or "<value>")
    return normalise_text(token)
