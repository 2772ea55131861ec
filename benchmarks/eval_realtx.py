"""Calibrate capture, chapters, distill, promote and the nudge on real sessions (../shared/realtx/).

The sessions (tarballs of real Claude Code transcripts, see that folder's
README) are extracted under a temporary folder, never into the project, and
played back through mage's hook handlers in this process (`realtx_host.py`
builds the payloads the host would send; `mage_engine.events.dispatch.run_handlers` is
what `mage-hook` runs after reading stdin). One KB per archive (one person's
sessions), sessions in the order they happened. Then it reports:

- chapters per session against the compactions the transcript holds (both styles),
  and the same with every prompt in its own `claude -p --resume` process (`--resumed`);
- "Failed" items of every post-compaction nudge that are refusals, permission or
  tool-usage messages, or warnings;
- tallies keyed on such noise, and tallies that count one tool call (one tool_use
  id) in two chapters;
- promotion candidates at K=3 and K=2 (their titles and bodies go to --out for review);
- explicit requests to remember that were staged, and lesson drafts staged for
  prompts that were not such requests.

    .venv/bin/python benchmarks/eval_realtx.py [--resumed] [--out DIR] [--realtx DIR]

Run it with PYTHONPATH pointing at another checkout to measure that code instead.
"""

import argparse
import json
import os
import sys
import tarfile
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from realtx_host import events, load_sessions, prompt_text, tool_ids  # noqa: E402

REALTX = Path(__file__).resolve().parent.parent.parent.parent / "shared" / "realtx"
NOISE = ("doesn't want to proceed", "doesn't want to take this action", "user rejected", "rejected tool use",
         "interrupted by user", "request interrupted", "has not been read yet", "sibling tool call", "requires approval",
         "requested permissions", "auto-denied", "string to replace not found", "no changes to make", "file does not exist",
         "exceeds maximum allowed", "inputvalidationerror", "modified since read", "unexpectedly modified",
         "eisdir", "agent type", "path does not exist", "cygpath", "cygheap", "w: gpg error", "warn:", "warning:")
# Prompts that ask, in so many words, to keep something (session id prefix, line number), labelled by hand.
# ("d9c38e64", 80) asks to add a standing instruction for all future documentation to CLAUDE.md.
REQUESTS = {("3cfce0ff", 501), ("c76e5be5", 934), ("5f2d5220", 185), ("d9c38e64", 80)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--realtx", type=Path, default=REALTX)
    parser.add_argument("--out", type=Path, default=None, help="write candidates and nudges here for review")
    parser.add_argument("--resumed", action="store_true", help="every prompt in its own `claude -p --resume` process")
    parser.add_argument("--transcript-only", action="store_true",
                        help="only Stop and SessionEnd hooks: chapters must come from the transcript alone")
    args = parser.parse_args()
    if not args.realtx.is_dir():
        sys.exit(f"no real sessions at {args.realtx}: nothing to calibrate (they live outside the project)")
    with tempfile.TemporaryDirectory(prefix="mage-realtx-") as work:
        report = run(args.realtx, Path(work), args.resumed, args.transcript_only)
    print_report(report)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))


def run(realtx: Path, work: Path, resumed: bool, transcript_only: bool = False) -> dict:
    from mage_engine.kb.init import init_kb

    for archive in sorted(realtx.glob("*.tar.gz")):
        with tarfile.open(archive) as tar:
            tar.extractall(work / "sessions", filter="data")
    sessions = load_sessions(work / "sessions")
    kbs, report = {}, {"sessions": [], "nudges": [], "hook_calls": 0, "seconds": 0.0}
    started = time.perf_counter()
    for session in sessions:
        if session.archive not in kbs:
            kbs[session.archive] = init_kb(work / "kb" / session.archive).kb
        report["sessions"].append(replay(kbs[session.archive], session, work, report, resumed, transcript_only))
    report["seconds"] = round(time.perf_counter() - started, 1)
    for archive, kb in kbs.items():
        report.setdefault("kbs", {})[archive] = judge_kb(kb, [s for s in report["sessions"] if s["archive"] == archive])
    return report


def replay(kb, session, work: Path, report: dict, resumed: bool, transcript_only: bool = False) -> dict:
    from mage_engine.events.dispatch import HookContext, run_handlers

    transcript = work / "transcripts" / f"{session.stem}.jsonl"
    transcript.parent.mkdir(parents=True, exist_ok=True)
    sent_tools, prompts = [], []
    with open(transcript, "wb") as out:
        for event, payload in events(session, str(transcript), str(kb.root), resumed):
            if event == "write":
                out.write(session.raw[payload])
                out.flush()
                continue
            if transcript_only and event not in ("Stop", "SessionEnd"):
                continue
            line = payload.pop("_line", None)
            if event.startswith("PostToolUse"):
                sent_tools.append(payload["tool_use_id"])
            if event == "UserPromptSubmit":
                prompts.append(payload["prompt"])
                if (session.stem[:8], line) in REQUESTS:
                    report.setdefault("requests", []).append(payload["prompt"])
            report["hook_calls"] += 1
            output = run_handlers(HookContext(event, payload, kb, time.perf_counter()))
            if event == "SessionStart" and payload["source"] == "compact":
                text = json.loads(output)["hookSpecificOutput"]["additionalContext"] if output else ""
                report["nudges"].append({"session": session.stem, "text": text})
    return {"stem": session.stem, "archive": session.archive, "expected": expected_chapters(session),
            "style": style_of(session), "sent_tools": sent_tools, "turn_tools": turn_tool_map(session)}


def expected_chapters(session) -> int:
    """Stretches of new work between this session's own compactions that hold any work."""
    from realtx_host import is_compaction

    stretches, work = 0, False
    for index, entry in enumerate(session.entries):
        if entry is None or session.copied[index] or entry.get("isSidechain"):
            continue
        if is_compaction(session, index):
            stretches, work = stretches + work, False
        elif prompt_text(entry) or tool_ids(entry):
            work = True  # a prompt, a tool call or its result
    return stretches + work


def style_of(session) -> str:
    kinds = set()
    for index, entry in enumerate(session.entries):
        if entry and not session.copied[index]:
            if entry.get("subtype") == "compact_boundary":
                kinds.add("new")
            elif entry.get("isCompactSummary"):
                kinds.add("old")
    resumed = "resumed " if any(session.copied) else ""
    return resumed + ("+".join(sorted(kinds)) + "-style compaction" if kinds else "no compaction")


def turn_tool_map(session) -> dict:
    """line uuid -> the tool_use ids from that line to the next human prompt (to name a Turn's tools)."""
    mapping, order = {}, []
    for entry in session.entries:
        if not entry:
            continue
        if prompt_text(entry):
            order = []
        ids = [b["id"] for b in _blocks(entry) if b.get("type") == "tool_use" and b.get("id")]
        if entry.get("uuid"):
            mapping[entry["uuid"]] = order
        order.extend(ids)
    return {uuid: list(ids) for uuid, ids in mapping.items()}


def _blocks(entry):
    from realtx_host import blocks

    return blocks(entry)


def judge_kb(kb, sessions: list) -> dict:
    from mage_engine.trail.chapters import list_chapters

    chapters = list_chapters(kb)
    by_session = {}
    for chapter in chapters:
        by_session.setdefault(chapter.session, []).append(chapter)
    rows = []
    for session in sessions:
        measured = sum(1 for c in by_session.get(session["stem"], []) if c.work_events)
        rows.append({"stem": session["stem"], "style": session["style"], "expected": session["expected"],
                     "measured": measured})
    failing = failing_ids(chapters, sessions)
    return {"chapters": rows, "tallies": judge_tallies(kb, failing), "drafts": staged_drafts(kb),
            "candidates": {"K3": promote_dry(kb, "normal"), "K2": promote_dry(kb, "high")}}


def failing_ids(chapters: list, sessions: list) -> dict:
    """chapter id -> the tool_use ids of its failed tool calls, and its prompts."""
    sent = {s["stem"]: list(s["sent_tools"]) for s in sessions}
    turns = {s["stem"]: s["turn_tools"] for s in sessions}
    found = {}
    for chapter in chapters:
        ids, prompts = set(), set()
        for event in chapter.events:
            kind = event.get("event")
            if kind in ("PostToolUse", "PostToolUseFailure"):
                tool_id = event.get("id") or (sent.get(chapter.session) or [None]).pop(0)
                if event.get("ok") is False and tool_id:
                    ids.add(tool_id)
            elif kind == "Turn":
                names = turns.get(chapter.session, {}).get(event.get("uuid"), [])
                for tool, name in zip(event.get("tools") or [], names + [None] * 60):
                    if isinstance(tool, dict) and tool.get("ok") is False:
                        ids.add(tool.get("id") or name)
            if isinstance(event.get("prompt"), str) and len(event["prompt"]) >= 20:
                prompts.add(event["prompt"])
        found[chapter.id] = (ids - {None}, prompts)
    return found


def judge_tallies(kb, failing: dict) -> list:
    from mage_engine.recurrence.pipeline import distill

    rows = []
    for tally in distill(kb).tallies:
        chapters = tally["chapters"]
        shared = 0
        for index, first in enumerate(chapters):
            for second in chapters[index + 1:]:
                a, b = failing.get(first, (set(), set())), failing.get(second, (set(), set()))
                same = (a[0] & b[0]) if tally["family"] in ("fix", "retry") else (a[1] & b[1])
                shared += bool(same)
        rows.append({"signature": tally["signature"], "chapters": len(chapters), "count": tally["count"],
                     "twice": shared, "noise": is_noise(tally["signature"])})
    return rows


def is_noise(text: str) -> bool:
    lowered = text.lower()
    return any(phrase in lowered for phrase in NOISE)


def staged_drafts(kb) -> list:
    from mage_engine.kb.notes import load_folder

    drafts, _ = load_folder(kb.staging_dir)
    return [{"id": d.id, "title": d.title, "kind": d.kind, "source": (d.draft or {}).get("source"), "body": d.body}
            for d in drafts]


def promote_dry(kb, sensitivity: str) -> list:
    from mage_engine.recurrence.promote import promote

    os.environ["MAGE_SENSITIVITY"] = sensitivity
    try:
        staged = promote(kb, dry_run=True).staged
    finally:
        os.environ.pop("MAGE_SENSITIVITY", None)
    return [{"title": d["title"], "signature": d["signature"], "chapters": d["chapters"], "body": d["body"]}
            for d in staged]


def print_report(report: dict) -> None:
    rows = [row for kb in report["kbs"].values() for row in kb["chapters"]]
    print(f"{len(rows)} sessions, {report['hook_calls']} hook calls in {report['seconds']} s (in-process handlers)")
    styles = sorted({row["style"] for row in rows})
    for style in styles:
        mine = [row for row in rows if row["style"] == style]
        exact = sum(row["expected"] == row["measured"] for row in mine)
        print(f"  chapters, {style:36s}: {exact}/{len(mine)} sessions exact, "
              f"{sum(r['measured'] for r in mine)} measured for {sum(r['expected'] for r in mine)} expected")
    items = [item for nudge in report["nudges"] for item in failed_items(nudge["text"])]
    noisy = [item for item in items if is_noise(item)]
    print(f"  nudges: {len(report['nudges'])} after compactions, {len(items)} 'Failed' items, {len(noisy)} noise")
    tallies = [t for kb in report["kbs"].values() for t in kb["tallies"]]
    print(f"  tallies: {len(tallies)}, noise-keyed {sum(t['noise'] for t in tallies)}, "
          f"counting one event in two chapters {sum(bool(t['twice']) for t in tallies)} "
          f"(of {sum(t['chapters'] > 1 for t in tallies)} seen in 2+ chapters)")
    for k in ("K3", "K2"):
        found = [c for kb in report["kbs"].values() for c in kb["candidates"][k]]
        print(f"  candidates at {k}: {len(found)}")
        for candidate in found:
            print(f"    - {candidate['title']}  [{candidate['signature']}]")
    drafts = [d for kb in report["kbs"].values() for d in kb["drafts"]]
    print(f"  drafts staged during the replay: {len(drafts)} "
          f"({', '.join(sorted({str(d['source']) for d in drafts})) or 'none'})")
    asked = [" ".join(text.split()) for text in report.get("requests", [])]
    lessons = [" ".join(d["body"].split()) for d in drafts if d["source"] == "lesson"]
    caught = sum(any(body and body in text for body in lessons) for text in asked)
    false = sum(not any(body in text for text in asked) for body in lessons)
    print(f"  explicit requests to remember: {caught} of {len(asked)} staged; {false} lesson drafts staged for "
          f"prompts that asked for nothing")


def failed_items(text: str) -> list:
    for line in text.splitlines():
        if line.startswith("- Failed:"):
            return [item.strip() for item in line[len("- Failed:"):].split("; ") if item.strip()]
    return []


if __name__ == "__main__":
    main()
