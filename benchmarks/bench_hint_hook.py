"""Benchmark: the UserPromptSubmit hint hook, whole process, against `python -c pass`.

Builds knowledge bases of 40 and 10,000 notes (the evaluation notes plus
distractors, see eval_recall.py), then times the exact command `mage connect
claude-code` writes for UserPromptSubmit, and the plugin route (hooks/hooks.json's
script), with a prompt that gets a hint and one that stays silent, and the hinted prompt
in a session that declared its position (`mage session turn`, so the Next/Then
guidance is drawn too), interleaved
with the venv's `python -c pass`, and prints medians and ratios, then what the
hook imports beyond `python -c pass`. Every process runs without
PYTHONDONTWRITEBYTECODE (process_timing.clean_env drops it), as users run them.
Goals: the connected command at most 2.0x at 40 and at 10,000 notes (1.7x would
be the moonshot); the plugin route at most 2.3x.

    .venv/bin/python benchmarks/bench_hint_hook.py [--runs 21] [--no-10k]
"""

import argparse
import tempfile
from pathlib import Path

from eval_recall import ask, hook_payload, make_kb
from process_timing import BASELINE, connected_command, imports_beyond_baseline, medians_against_baseline, plugin_command

GOAL, PLUGIN_GOAL = 2.0, 2.3
NO_BUNDLE = "hinted, code bundle off"
EVENT = "UserPromptSubmit"
PROMPTS = {
    "hinted": "terraform plan in live/prod/eks -> Error acquiring the state lock. can I just delete the row in dynamodb?",
    "silent": "write a regex that validates a hex colour like #fff or #1a2b3c",
}


def measure(root: Path, runs: int) -> dict:
    """Median seconds of the baseline, of the connected command for each prompt, and of the plugin route
    (and of the hinted prompt with the code bundle off: what it saves, in the same run)."""
    connected = connected_command(EVENT)
    plugin, plugin_env = plugin_command(EVENT)
    same_words = keep_everyday_words(root)
    assert ask(root, PROMPTS["hinted"], "bench-check")[0], "the hinted prompt is hinted"
    assert not ask(root, PROMPTS["silent"], "bench-check")[0], "the silent prompt is not"
    same_words()
    timed = {name: (connected, hook_payload(root, prompt, "bench"), {}, same_words)
             for name, prompt in PROMPTS.items()}
    timed["hinted, declared position"] = (connected, hook_payload(root, PROMPTS["hinted"], declare_position(root)),
                                          {}, same_words)
    timed["plugin, hinted"] = (plugin, hook_payload(root, PROMPTS["hinted"], "bench"), plugin_env, same_words)
    timed[NO_BUNDLE] = (connected, hook_payload(root, PROMPTS["hinted"], "bench"), {"MAGE_HOOK_BUNDLE": "0"},
                        same_words)
    return medians_against_baseline(timed, runs)


def keep_everyday_words(root: Path):
    """A `before` that puts the project's everyday-word counts back as they were: the hook counts
    each prompt's words, and the same prompt asked 20 times would become this project's everyday
    words, then silence (recall/search/everyday.py): every run must time the hinted path. It also
    forgets what the sessions were hinted, so every hinted run writes it down as a first hint does
    (standing/session_notes.py)."""
    from mage_engine.kb.layout import EVERYDAY_FILE, EVERYDAY_LOG, EVERYDAY_NEAR_FILE, SESSION_CONTEXT_DIR

    files = [root / EVERYDAY_FILE, root / EVERYDAY_LOG, root / EVERYDAY_NEAR_FILE]
    saved = {path: path.read_bytes() if path.exists() else None for path in files}

    def restore() -> None:
        for path, data in saved.items():
            if data is None:
                path.unlink(missing_ok=True)
            else:
                path.write_bytes(data)
        for context in (root / SESSION_CONTEXT_DIR).glob("*.json"):
            context.unlink()
    return restore


def declare_position(root: Path) -> str:
    """Two ended sessions walk build -> test -> deploy; a third stands at test: its prompts get guidance."""
    from mage_engine.kb.layout import KB
    from mage_engine.recall.procedure import sessions

    kb = KB(root)
    for past, outcome in (("bench-past-1", "succeeded"), ("bench-past-2", "failed")):
        for step in ("build", "test", "deploy"):
            sessions.turn(kb, past, step)
        sessions.end(kb, past, outcome)
    assert sessions.turn(kb, "bench-position", "test")["guidance"], "the position has guidance to draw"
    return "bench-position"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--no-10k", action="store_true")
    args = parser.parse_args()
    worst, worst_plugin = 0.0, 0.0
    print(f"connected command: {' '.join(connected_command(EVENT))}")
    with tempfile.TemporaryDirectory(prefix="mage-bench-hint-") as tmp:
        for extra in ([0] if args.no_10k else [0, 9960]):
            root = make_kb(Path(tmp), extra)
            medians = measure(root, args.runs)
            base = medians[BASELINE]
            print(f"{40 + extra} notes: python -c pass {base * 1000:.1f} ms")
            for name in [*PROMPTS, "hinted, declared position", "plugin, hinted", NO_BUNDLE]:
                ratio = medians[name] / base
                if name == NO_BUNDLE:
                    pass  # a comparison, not a route anyone runs
                elif name.startswith("plugin"):
                    worst_plugin = max(worst_plugin, ratio)
                else:
                    worst = max(worst, ratio)
                cpu = medians[(name, "cpu")] / medians[(BASELINE, "cpu")]
                print(f"  hint hook ({name} prompt): {medians[name] * 1000:.1f} ms = {ratio:.2f}x (CPU {cpu:.2f}x)")
            imported = imports_beyond_baseline(connected_command(EVENT), hook_payload(root, PROMPTS["hinted"], "bench"))
            print(f"  imported beyond python -c pass: {' '.join(imported)}")
    print(f"worst {worst:.2f}x (goal <= {GOAL}x): {'ok' if worst <= GOAL else 'OVER'}; "
          f"plugin route {worst_plugin:.2f}x (goal <= {PLUGIN_GOAL}x): {'ok' if worst_plugin <= PLUGIN_GOAL else 'OVER'}")


if __name__ == "__main__":
    main()
