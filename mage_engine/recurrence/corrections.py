"""Corrections (docs/recurrence.md#what-a-signature-is): the person overrules the agent right after its action.

A prompt is a correction when it follows at least one tool use since the
previous prompt, reads like an overrule ("no, use …", "don't …", "… instead"),
and is not a harness notice (`<task-notification>`, interruptions). Its
signature pairs what was overruled (the agent's last action: `npm`, `git push`)
with what the person wanted, read from the prompt: the first directive that is
not negated ("use pnpm", "run make", "try uv"), else the prohibition itself
("don't push to main"). A prompt with no readable directive yields nothing:
"no" alone is not a lesson.
"""

import re

from mage_engine.recurrence import command_kinds
from mage_engine.recurrence.fix_steps import action_shape
from mage_engine.recurrence.signatures import correction_signature, normalise_text
from mage_engine.recurrence.steps import SHELL_TOOLS, raw_label

# An overrule opens the prompt ("no, …", "don't …", "why did you …", "use pnpm instead"), perhaps after
# "ok"/"wait"/"actually"; "no, also add …" and "actually, can you also …" ask for more, they overrule nothing.
OVERRULE = re.compile(
    r"^\W*(?:(?:ok|okay|wait|actually|hmm|hey|sorry|please|stop)\W+)?"
    r"(?:(?:no|nope|nah)\b(?!\W+(?:also|and also|more|problem|worries|thanks|need)\b)|don'?t\b|do not\b|stop\b|"
    r"wrong\b|never\b|undo\b|revert\b|not (?:that|this|like that|what i)\b|that'?s (?:not|wrong|incorrect)\b|"
    r"why (?:did|are|would) you\b|i (?:said|told you|asked)\b|you (?:should(?:n'?t| not)? have|were supposed to)\b|"
    r"(?:use|run|try)\b[^.?!\n]{0,60}\binstead\b|instead\b)"
    r"|\bi told you\b|\byou should(?:n'?t| not)? have\b", re.IGNORECASE)
_CLAUSES = re.compile(r"[.;!?\n]|\s[-—–]+\s|,\s*(?:but|so)\s")
_DIRECTIVE = re.compile(r"\b(use|using|uses|run|running|try|prefer|switch to|stick (?:to|with)|go with)\s+"
                        r"(?:the\s+|a\s+|an\s+)?(?P<object>[`'\"]?[\w@./:+-]+)")
_NEGATED = re.compile(r"(?:don'?t|do not|never|not|stop|no longer|instead of|rather than|no)\s*$")
_PROHIBITION = re.compile(r"\b(?:don'?t|do not|never|stop)\s+(?P<rest>[\w@./:+ -]+)")
_STOP = {"please", "again", "now", "here", "there", "instead", "anymore", "ever", "that", "this", "it"}
_VERBS = {"using": "use", "uses": "use", "prefer": "use", "switch to": "use", "stick to": "use", "stick with": "use",
          "go with": "use", "running": "run"}


def is_overrule(text: str) -> bool:
    """Does the prompt read like the person overruling what the agent just did?"""
    return bool(OVERRULE.search(text[:400]))


def wanted(text: str) -> str:
    """What the person asked for instead, normalised ("use pnpm"), or "" when unreadable."""
    lowered = text[:400].lower().replace("’", "'")
    for clause in _CLAUSES.split(lowered):
        for match in _DIRECTIVE.finditer(clause):
            if _NEGATED.search(clause[: match.start()]):
                continue
            verb = _VERBS.get(match.group(1), match.group(1))
            return normalise_text(f"{verb} {match.group('object').strip('`' + chr(39) + chr(34) + '.')}")
    for clause in _CLAUSES.split(lowered):
        match = _PROHIBITION.search(clause)
        if match:
            words = [w for w in match.group("rest").split()[:4]]
            while words and words[-1] in _STOP:
                words.pop()
            if words:
                return normalise_text("don't " + " ".join(words))
    return ""


def overruled(step: dict, want: str) -> str:
    """The agent's action, as a signature part: `npm` (a tool choice the person replaced with
    "use …"), `git push` (a command they forbade), `edit package.json`."""
    if step["tool"] in SHELL_TOOLS and step.get("cmd"):
        head = command_kinds.head(step["cmd"]) or step["tool"]
        return head.split(" ")[0] if want.startswith("use ") else head
    return action_shape(step)


class CorrectionTracker:
    """Feed it a chapter's steps; it yields correction observations."""

    def __init__(self):
        self.last_action = None   # the agent's last tool use since the person last spoke
        self.waiting = None       # a correction whose follow-up action is not seen yet

    def feed(self, step: dict) -> dict | None:
        """Take one step; return a correction observation when a prompt overrules the agent."""
        if step.get("k") == "t":
            if self.waiting is not None:
                self.waiting["example"]["then"] = raw_label(step)
                self.waiting = None
            self.last_action = step
            return None
        if step.get("h"):
            return None  # a harness notice neither corrects nor ends the agent's turn
        action, self.last_action = self.last_action, None
        if action is None or not is_overrule(step["text"]):
            return None
        want = wanted(step["text"])
        if not want:
            return None
        what = overruled(action, want)
        from mage_engine.recurrence.fix_steps import event_key

        self.waiting = {"sig": correction_signature(what, want), "ts": step["ts"],
                        "key": f"{event_key(action)}|{' '.join(step['text'].split())[:80]}",
                        "parts": {"overruled": what, "wanted": want}, "steps": [want],
                        "example": {"action": raw_label(action), "prompt": " ".join(step["text"].split())[:300],
                                    "then": ""}}
        return self.waiting
