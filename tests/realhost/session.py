"""Drive one real Claude Code session, prompt by prompt, against the mock model.

The first prompt runs `claude -p`; each later one `--resume`s the same
session; a prompt of exactly "/compact" compacts. Claude Code gets a sandbox
HOME (<out>/home), the mock's loopback URL and a fake key, and none of the
caller's ANTHROPIC_*/CLAUDE*/MAGE_*/proxy variables, so neither a real account
nor the network can be reached. Hooks inherit that environment.
"""

import json
import os
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from realhost.install import claude_binary
from realhost.stream import run_streamed
from realhost.mock_model import MockModel

TOOLS = "Bash,Read,Write,Edit"
FAKE_KEY = "sk-ant-api03-mage-realhost-mock-key-not-a-secret"
DROP_PREFIXES = ("ANTHROPIC_", "CLAUDE", "OTEL_", "DISABLE_", "MCP_", "XDG_", "MAGE_", "AWS_BEARER_TOKEN",
                 "VERTEX_", "BEDROCK_")
DROP_NAMES = {"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "all_proxy",
              "no_proxy", "NODE_OPTIONS", "DO_NOT_TRACK", "NODE_EXTRA_CA_CERTS"}
OFFLINE = {"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1", "DISABLE_TELEMETRY": "1",
           "DISABLE_ERROR_REPORTING": "1", "CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL": "1",
           "NO_PROXY": "127.0.0.1,localhost"}


@dataclass
class Session:
    """What one session left behind: per-prompt results, the transcript, every request."""

    out: Path
    project: Path
    version: str
    session_id: str | None = None
    results: list = field(default_factory=list)
    seconds: float = 0.0
    expected: int = 0

    @property
    def ok(self) -> bool:
        """Every prompt was answered, and none failed."""
        return len(self.results) == self.expected > 0 and all(r["ok"] for r in self.results)

    def failure(self) -> str:
        """The first failed prompt and Claude Code's stderr tail, for an assertion message."""
        for result in self.results:
            if not result["ok"]:
                return f"prompt {result['index']} {result['prompt']!r} rc={result['rc']}: {self._stderr(result['index'])}"
        if len(self.results) < self.expected:
            return f"only {len(self.results)} of {self.expected} prompts were answered: {self._stderr(len(self.results) + 1)}"
        return ""

    def _stderr(self, index: int) -> str:
        for name in (f"{index:02d}.stderr", "stream.stderr"):
            path = self.out / "runs" / name
            if path.exists():
                return path.read_text()[-1500:]
        return ""

    def transcript(self) -> list[dict]:
        path = self.out / "transcript.jsonl"
        lines = path.read_text(encoding="utf-8").splitlines() if path.exists() else []
        return [json.loads(line) for line in lines if line.strip()]


def claude_env(home: Path, port: int, extra: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(DROP_PREFIXES) and k not in DROP_NAMES}
    shell = env.get("SHELL", "")
    env.update(OFFLINE)
    env.update(HOME=str(home), ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}", ANTHROPIC_API_KEY=FAKE_KEY,
               SHELL=shell if shell.endswith(("bash", "zsh")) else (shutil.which("bash") or "/bin/bash"))
    env.update(extra)
    return env


def run_session(project: Path, scenario: dict, out: Path, prompts=None, env=None, claude_args=(),
                tools: str = TOOLS, model: str | None = None, timeout: int = 120, one_process: bool = False) -> Session:
    """Run `prompts` (default: the scenario's) as one session in `project`; stops at the first failure.

    By default each prompt is its own `claude -p` process (`--resume` after the
    first), so every prompt sees SessionStart(resume) and SessionEnd. With
    `one_process` the prompts go one after another into a single process
    (`--input-format stream-json`), like one interactive session: one
    SessionStart, one SessionEnd.
    """
    started = time.monotonic()
    binary, version = claude_binary()
    project, out = Path(project).resolve(), Path(out).resolve()
    for folder in (out / "home", out / "runs"):
        folder.mkdir(parents=True, exist_ok=True)
    session = Session(out=out, project=project, version=version)
    base = [str(binary), "-p", "--allowedTools", tools, *(["--model", model] if model else []), *claude_args]
    with MockModel(scenario, out / "requests", {"project": str(project), "out": str(out)}) as mock:
        environment = claude_env(out / "home", mock.port, env or {})
        prompts = list(prompts or scenario["prompts"])
        session.expected = len(prompts)
        (run_streamed if one_process else _run_resumed)(session, base, prompts, environment, timeout)
    _copy_transcript(session, out / "home")
    session.seconds = round(time.monotonic() - started, 2)
    (out / "summary.json").write_text(json.dumps(
        {"claude_code": version, "session_id": session.session_id, "seconds": session.seconds,
         "prompts": [{k: r[k] for k in ("index", "prompt", "rc", "seconds")} for r in session.results]}, indent=1))
    return session


def _run_resumed(session: Session, base: list, prompts: list, env: dict, timeout: int) -> None:
    for index, prompt in enumerate(prompts, 1):
        command = [*base, "--output-format", "json"]
        command += ["--resume", session.session_id] if session.session_id else []
        result = _run_prompt([*command, "--", prompt], session.project, env, timeout, session.out / "runs" / f"{index:02d}")
        session.results.append({"index": index, "prompt": prompt, **result})
        session.session_id = session.session_id or (result["output"] or {}).get("session_id")
        if not result["ok"] or not session.session_id:
            break


def _run_prompt(command, cwd, env, timeout, base: Path) -> dict:
    began = time.monotonic()
    with open(f"{base}.stdout", "w") as stdout, open(f"{base}.stderr", "w") as stderr:
        process = subprocess.Popen(command, cwd=cwd, env=env, stdout=stdout, stderr=stderr,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            code = process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, 9)
            process.wait(10)
            code = None
    output = _last_json(Path(f"{base}.stdout"))
    ok = code == 0 and isinstance(output, dict) and not output.get("is_error")
    return {"rc": code, "ok": ok, "seconds": round(time.monotonic() - began, 2), "output": output}


def _last_json(path: Path):
    try:
        lines = path.read_text().strip().splitlines()
        return json.loads(lines[-1]) if lines else None
    except (OSError, ValueError):
        return None


def _copy_transcript(session: Session, home: Path) -> None:
    if not session.session_id:
        return
    for found in (home / ".claude" / "projects").glob(f"*/{session.session_id}.jsonl"):
        shutil.copy(found, session.out / "transcript.jsonl")
        return
