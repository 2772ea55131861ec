"""The request calibration sets (tests/fixtures/requests/*.txt): prompts labelled request or not.

A line `### yes KINDS` or `### no` starts a case; the prompt is every line after it
up to the next `###` line (lines before the first case are the file's comments).
"""

from pathlib import Path

FOLDER = Path(__file__).parent.parent / "fixtures" / "requests"


def load_cases(name: str) -> list[dict]:
    """[{'prompt', 'request': bool, 'kinds': [..]}] of `name` (tuning.txt, sealed.txt)."""
    cases, current = [], None
    for line in (FOLDER / name).read_text(encoding="utf-8").splitlines():
        if line.startswith("### "):
            label, _, kinds = line[4:].strip().partition(" ")
            current = {"request": label == "yes", "kinds": kinds.split("|") if kinds else [], "lines": []}
            cases.append(current)
        elif current is not None:
            current["lines"].append(line)
    return [{"prompt": "\n".join(case.pop("lines")).strip(), **case} for case in cases]
