"""Hints on real prompts: people's own sessions (../shared/realtx/) replayed through the real hook.

The archives are extracted under a temporary folder, never into the project. Each
person's prompts are read from their transcripts in the order of their paths (a typed prompt:
a `user` line that is not a tool result, a command, a compaction summary or a
harness note; a prompt typed twice counts once) and fed, one `mage-hook
UserPromptSubmit` process each, to a knowledge base holding a few notes of that
person's own lessons, so the project's everyday words build up as they did. As
the host asks them: each with its session's transcript grown to that prompt, and
a `mage-hook SessionStart` (`compact`) after each compaction, so a note hinted at
an earlier turn is in the conversation and is not hinted again.

The labelled sets are `--sets DIR` (benchmarks/real_labels/ by default): one
folder per archive, named like it without `.tar.gz`, with `notes/*.md` (lessons
written in our own words from those sessions) and `labels.json`, `{"<note id>":
[prompt keys]}`. A key is the first 12 hex digits of the SHA-256 of the prompt's
text, so no prompt is copied into the project (a 0-based prompt number, in the
order above, is read too). Prints, per person,
recall (a labelled prompt is hinted one of its notes; and hinted one or holding
one in the conversation from an earlier hint) and silence (the others get no
hint), and with `-v` every failure.

    .venv/bin/python benchmarks/eval_recall_real.py [--sets DIR] [--realtx DIR] [-v]
"""

import argparse
import hashlib
import json
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from eval_recall import ask, make_kb
from process_timing import BIN, clean_env
from mage_engine.hosts.claude_code.payload import is_notice

REALTX = Path(__file__).resolve().parent.parent.parent / "shared" / "realtx"
LABELS = Path(__file__).resolve().parent / "real_labels"
SKIPPED = ("<command-", "<local-command", "Caveat:")


def typed_prompts(sessions: Path) -> list:
    """[(session id, prompt)] of every transcript under `sessions`, file by file, each prompt once."""
    return [(place.session, place.prompt) for place in prompt_places(sessions)]


class Place:
    """Where a typed prompt stands in its transcript: the bytes before its line, and how many
    compactions those bytes hold."""

    def __init__(self, session: str, prompt: str, path: Path, before: int, compactions: int):
        self.session, self.prompt, self.path, self.before, self.compactions = \
            session, prompt, path, before, compactions


def prompt_places(sessions: Path) -> list:
    """A Place for every typed prompt of the transcripts under `sessions`, in typed_prompts' order."""
    found, seen = [], set()
    for path in sorted(sessions.glob("**/*.jsonl"), key=str):  # the order the labels number them in
        offset, compactions = 0, 0
        for raw in path.read_bytes().splitlines(keepends=True):
            line = raw.decode("utf-8", errors="replace")
            prompt = _typed(line)
            if prompt and prompt not in seen:
                seen.add(prompt)
                found.append(Place(path.stem, prompt, path, offset, compactions))
            compactions += '"compact_boundary"' in line or '"isCompactSummary":true' in line
            offset += len(raw)
    return found


def _typed(line: str) -> str:
    try:
        entry = json.loads(line)
    except ValueError:
        return ""
    if not isinstance(entry, dict) or entry.get("type") != "user" or entry.get("isMeta") \
            or entry.get("isCompactSummary") or entry.get("isVisibleInTranscriptOnly"):
        return ""
    content = (entry.get("message") or {}).get("content")
    if isinstance(content, list):
        if any(isinstance(block, dict) and block.get("type") == "tool_result" for block in content):
            return ""
        content = " ".join(block.get("text", "") for block in content if isinstance(block, dict)
                           and block.get("type") == "text")
    text = content.strip() if isinstance(content, str) else ""
    if text.startswith(SKIPPED) or "<task-notification>" in text or is_notice(text):
        return ""  # the host's own notices: the hook never hints them (payload.is_notice)
    return text


def prompt_key(prompt: str) -> str:
    """A labelled prompt's key: it names the prompt without holding any of its words."""
    return hashlib.sha256(prompt.encode("utf-8")).hexdigest()[:12]


def replay(kb_parent: Path, labelled: Path, places: list, verbose: bool) -> dict:
    """Recall and silence of the hook on the prompts at `places` against the notes of `labelled`,
    each session's prompts asked as the host asks them: with its transcript grown to the prompt
    (a hint of an earlier turn is then in the conversation), and after each compaction a
    SessionStart `compact` (which summarised the earlier hints away)."""
    labels = json.loads((labelled / "labels.json").read_text(encoding="utf-8"))
    prompts = [(place.session, place.prompt) for place in places]
    numbers = {prompt_key(prompt): number for number, (_, prompt) in enumerate(prompts)}
    wanted, unknown = {}, 0
    for note, keys in labels.items():
        for key in keys:
            number = key if isinstance(key, int) else numbers.get(key)
            unknown += number is None
            wanted.setdefault(number, set()).add(note)
    if unknown:
        print(f"   {unknown} labelled prompts are not in these sessions (another copy of the archive?)")
    root = make_kb(kb_parent, notes=labelled / "notes")
    transcripts = kb_parent / "transcripts"
    transcripts.mkdir()
    found = in_context = relevant = silent = irrelevant = hinted_any = 0
    compacted = {}
    for number, place in enumerate(places):
        transcript = transcripts / f"{place.session}.jsonl"
        with place.path.open("rb") as source:
            transcript.write_bytes(source.read(place.before))  # the conversation up to this prompt
        if place.compactions > compacted.setdefault(place.session, place.compactions):
            start(root, place.session, str(transcript), "compact")
        compacted[place.session] = place.compactions
        hinted, _ = ask(root, place.prompt, place.session, str(transcript))
        hinted_any += bool(hinted)
        notes = wanted.get(number, set())
        held = notes & (set(hinted) | held_already(root))
        ok = bool(held) if notes else not hinted
        relevant, irrelevant = relevant + bool(notes), irrelevant + (not notes)
        found, silent = found + bool(notes & set(hinted)), silent + (ok and not notes)
        in_context += bool(notes) and ok
        if verbose and not ok:
            print(f"   {'missed' if notes else 'spoke'} #{number}: {' '.join(place.prompt.split())[:100]!r} -> {hinted}"
                  + (f" want {sorted(notes)}" if notes else ""))
    return {"prompts": len(prompts), "hinted": hinted_any, "found": found, "in_context": in_context,
            "relevant": relevant, "silent": silent, "irrelevant": irrelevant}


def start(root: Path, session: str, transcript: str, source: str) -> None:
    """A SessionStart through the real hook, as the host sends it after a compaction."""
    payload = json.dumps({"session_id": session, "transcript_path": transcript, "cwd": str(root),
                          "hook_event_name": "SessionStart", "source": source}).encode("utf-8")
    subprocess.run([str(BIN / "mage-hook"), "SessionStart"], input=payload, capture_output=True,
                   env=clean_env(), cwd=root, timeout=60, check=True)


def held_already(root: Path) -> set:
    """The notes the last hint decision found already in the session's context (the ledger's last line)."""
    with (root / ".mage" / "injections.jsonl").open("rb") as ledger:
        last = json.loads(ledger.readlines()[-1])
    return {row["id"] for row in last.get("decision", {}).get("candidates", [])
            if row["reason"] in ("hinted earlier in this session", "in standing context")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--realtx", type=Path, default=REALTX)
    parser.add_argument("--sets", type=Path, default=LABELS, help="notes and labels per archive")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every missed or unwanted hint")
    args = parser.parse_args()
    if not args.realtx.is_dir():
        sys.exit(f"no real sessions at {args.realtx}: nothing to measure (they live outside the project)")
    archives = [path for path in sorted(args.realtx.glob("*.tar.gz"))
                if (args.sets / path.name[: -len(".tar.gz")] / "labels.json").is_file()]
    if not archives:
        sys.exit(f"no labelled archive in {args.sets} (a folder per archive with notes/ and labels.json)")
    with tempfile.TemporaryDirectory(prefix="mage-real-") as work:
        for archive in archives:
            name = archive.name[: -len(".tar.gz")]
            with tarfile.open(archive) as tar:
                tar.extractall(Path(work) / name, filter="data")
            result = replay(Path(work) / f"kb-{name}", args.sets / name, prompt_places(Path(work) / name),
                            args.verbose)
            share = lambda part: f"{part}/{result['relevant']} = {part / max(result['relevant'], 1):.3f}"  # noqa: E731
            print(f"{name}: {result['prompts']} prompts, hinted {result['hinted']}; "
                  f"recall {share(result['found'])} (hinted or already in context {share(result['in_context'])}); "
                  f"silence {result['silent']}/{result['irrelevant']} = "
                  f"{result['silent'] / max(result['irrelevant'], 1):.3f}", flush=True)


if __name__ == "__main__":
    main()
