"""Explicit requests (a family of its own): the person asked, in so many words, to keep something.

One prompt is enough (K = 1): capture stages the draft at once (grooming/autostage.py),
and this family makes the same request a candidate for `mage promote` too, under the
same signature (`lesson: never commit without signing`), so a request capture could
not stage (a prompt only a transcript fold saw) still reaches staging, and one that
was staged, accepted or rejected is recognised and never staged twice.
"""

from mage_engine.capture.requests import explicit_request, request_signature


class LessonTracker:
    """Feed it a chapter's steps; it yields one observation per explicit request."""

    def feed(self, step: dict) -> dict | None:
        if step.get("k") != "p" or step.get("h"):
            return None
        found = explicit_request(step["text"])
        if found is None:
            return None
        key = step.get("id") or f"{step.get('ts', '')}|{found['text'][:80]}"
        return {"sig": request_signature(found["text"]), "ts": step["ts"], "key": key,
                "parts": {"request": found["title"], "kind": found["kind"], "category": found["category"]},
                "steps": [], "example": {"prompt": " ".join(found["body"].split())[:600], "then": ""}}
