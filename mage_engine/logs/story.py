"""What one session did, read from its trail: when, what was asked, what failed and what fixed it,
which files it touched. Deterministic: the same trail always tells the same story.

The failures and files come from the chapter digest (recurrence/digest.py), so a
log says exactly what the boundary nudge would have said, chapter by chapter.
"""

from mage_engine.base.plainrecord import PlainRecord

PROMPT_CHARS = 140
MAX_PROMPTS = 3
MAX_FAILURES = 3
MAX_FILES = 8


class Story(PlainRecord):
    """One session's facts, capped: nothing here is longer than a log entry may be."""

    FIELDS = ("session", "stem", "started", "ended", "prompts", "asked", "failures", "files", "tools")

    def __init__(self, session: str, stem: str, started: str = "", ended: str = "", prompts=None,
                 asked: int = 0, failures=None, files=None, tools: int = 0):
        self.session, self.stem, self.started, self.ended = session, stem, started, ended
        self.prompts = [] if prompts is None else prompts    # the first few prompts, one line each
        self.asked = asked                                   # how many prompts in all
        self.failures = [] if failures is None else failures  # failure lines ("x → passed after `y`")
        self.files = [] if files is None else files
        self.tools = tools

    @property
    def empty(self) -> bool:
        return not (self.asked or self.tools or self.files)


def session_story(kb, stem: str) -> Story | None:
    """The story of the session whose trail file is `<stem>.jsonl`; None when it has no readable line."""
    from mage_engine.trail.chapters import list_chapters
    from mage_engine.recurrence.digest import digest_chapter, failure_line
    from mage_engine.trail.reader import read_session

    records = [r for r in read_session(kb, stem) if isinstance(r, dict)]
    if not records:
        return None
    stamps = sorted(str(r.get("ts", "")) for r in records if r.get("ts"))
    own = [r for r in records if not r.get("sub")]
    story = Story(str(records[0].get("session") or stem), stem, stamps[0] if stamps else "",
                  stamps[-1] if stamps else "")
    prompts = _prompts(own)
    story.asked, story.prompts = len(prompts), [_gist(p) for p in prompts[:MAX_PROMPTS]]
    failures, files = [], []
    for chapter in list_chapters(kb, story.session):
        story.tools += chapter.tools
        digest = digest_chapter(chapter)
        failures += [failure_line(item) for item in digest.failures]
        files += digest.files
    story.failures = list(dict.fromkeys(failures))[:MAX_FAILURES]
    story.files = list(dict.fromkeys(files))[:MAX_FILES]
    return story


def _prompts(own: list) -> list[str]:
    """The person's prompts: from hook lines when there are any, else from folded turns."""
    hooked = [r.get("prompt") for r in own if r.get("event") == "UserPromptSubmit"]
    found = hooked if any(hooked) else [r.get("prompt") for r in own if r.get("event") == "Turn"]
    return [str(p) for p in found if isinstance(p, str) and p.strip()]


def _gist(prompt: str) -> str:
    """A prompt on one line, cut at a word near PROMPT_CHARS."""
    text = " ".join(prompt.split())
    if len(text) <= PROMPT_CHARS:
        return text
    return text[:PROMPT_CHARS].rsplit(" ", 1)[0].rstrip(",;:") + "…"


def title_of(story: Story) -> str:
    """The entry's title: the first prompt's first sentence, short; else the session's id."""
    import re

    if story.prompts:
        first = re.split(r"(?<=[.!?])\s", story.prompts[0], maxsplit=1)[0].rstrip(".!?…")
        if len(first) > 72:
            first = first[:72].rsplit(" ", 1)[0] + "…"
        return first[:1].upper() + first[1:] if first else f"Session {story.session[:8]}"
    return f"Session {story.session[:8]}"
