"""The draft a request to remember becomes: its title in the person's words, its kind and category.

The title is what the person asked to keep, less the asking ("remember that",
"save this to your memory:", "merk dir, dass"): "remember to run make lint"
is the rule "Run make lint". It keeps the words that carry the rule's scope
("From now on, use pnpm"). Kinds, from the words themselves:
- `rule`: always, never, don't, must, from now on, whenever you…, an
  imperative ("use pnpm"), or a preamble that says so ("Rule for this repo:");
- `preference`: I prefer, I'd rather, I like…;
- `lesson`: what fails and what fixes it ("when pandas fails with X, pin numpy<2");
- `fact`: anything else ("the VAULT is in ~/vaults/work").
Categories follow the kinds as Claude Code's own memory types map onto mage's
(docs/hosts.md): workflow, human, lessons, projects.
"""

import re

TITLE_CHARS = 120  # what INDEX.md, the standing context and the TUI show in full
BODY_CHARS = 600  # a longer prompt keeps only the request's sentence as the body
CATEGORY = {"rule": "workflow", "preference": "human", "lesson": "lessons", "fact": "projects"}
_STRONG_RULE = (r"\b(?:always|never|from\s+now\s+on|going\s+forward|whenever\s+you|every\s*time\s+you|"
                r"as\s+a\s+rule|in\s+future|for\s+all\s+(?:my\s+|our\s+)?projects|next\s+time|(?:don'?t|dont|do\s+not)\s+ever|stop\s+\w+ing|"
                r"siempre|nunca|immer|nie|niemals|jamais|toujours|sempre|d[ée]sormais|dor[ée]navant|a\s+partir\s+de|"
                r"de\s+ahora\s+en\s+adelante|de\s+agora\s+em\s+diante|ab\s+jetzt|ab\s+sofort|von\s+nun\s+an|k[üu]nftig|"
                r"henceforth|from\s+this\s+point|habit)\b")
_PREFERENCE = (r"\bi\s*(?:'d|would)?\s*(?:prefer|rather|like|love|hate|dislike|want)\b|\bi\s+don'?t\s+(?:like|want)\b|"
               r"\bmy\s+preference\b")
_RULE = (r"\b(?:don'?t|dont|do\s+not|must|mustn'?t|shouldn'?t|unless|nicht|kein\w*|ne\s+\w+\s+pas|n'\w+\s+pas)\b|"
         r"(?:^|[,;:—]\s*)no\s+\w+|^all\s+future\b")  # "all future documentation to be filed in docs/"
_FAILURE = (r"\b(?:fail(?:s|ed|ing|ure)?|break(?:s|ing)?|broke(?:n)?|errors?|crash(?:es|ed)?|hangs?|otherwise|"
            r"workaround|trick|fix(?:es|ed)?|flaky|times?\s+out|runs?\s+out\s+of|leaks?|falls?\s+back|corrupt\w*)\b")
_IMPERATIVE = set("""use run ask check put write keep add make avoid call test tag pin prefix default answer reply
respond show explain commit push build deploy clear filter give create delete remove follow read set start include
document mention name format log wrap install update bump squash rebase merge review verify wait leave stick treat
go do be try send skip open close print return raise handle validate sign mark list link generate regenerate
convert label sort limit split respect prefer target store save assume lint type quote escape comment pass tell
let stop back source restart reboot prompt confirm""".split())
_LEADING = re.compile(r"(?i)^(?:(?:please|pls|plz|also|and|so|just|ok|okay|that|que|dass|de\s+que)\b[\s,:]*)+")
# what people add after the request that is not part of it: "never commit unsigned, I mean it"
_TRAILING = re.compile(r"(?i)(?:[\s,;:—-]+(?:i\s+mean\s+it|thanks|thank\s+you|please|pls|plz|ok|okay|got\s+it|"
                       r"understood|seriously|for\s+real|thx|ty))+\W*$")


def draft_of(prompt: str, words: str, sentence: str, rule_hint: bool) -> dict:
    """{'text', 'title', 'body', 'kind', 'category'} for the request `words` found in `sentence` of `prompt`."""
    text = _TRAILING.sub("", _LEADING.sub("", words)).strip(" ,;:-—.?!")
    kind = kind_of(text, rule_hint)
    body = prompt.strip() if len(prompt) <= BODY_CHARS else sentence
    return {"text": text, "title": title_of(text), "body": body, "kind": kind, "category": CATEGORY[kind]}


def title_of(words: str) -> str:
    """The request's words as a title: one line, capitalised, at most TITLE_CHARS, cut at a word."""
    text = " ".join(words.split())
    text = re.sub(r"(?i)^to\s+", "", text)  # "remember to run make lint before committing" is "Run make lint…"
    if re.match(r"(?i)^not\s", text):
        text = "Do " + text  # "save in memory: not write docs unless I ask" reads "Do not write docs…"
    text = text[:1].upper() + text[1:]
    if len(text) <= TITLE_CHARS:
        return text
    cut = text[:TITLE_CHARS - 1]
    return (cut[:cut.rfind(" ")] if " " in cut[40:] else cut).rstrip(" ,;:-") + "…"


def kind_of(words: str, rule_hint: bool = False) -> str:
    """rule, preference, lesson or fact, from the words of the request (docstring above)."""
    lowered = words.lower().replace("’", "'")
    if re.search(_STRONG_RULE, lowered):
        return "rule"
    if re.search(_PREFERENCE, lowered):
        return "preference"
    if rule_hint or re.search(_RULE, lowered) or lowered.startswith("to "):
        return "rule"
    if re.search(_FAILURE, lowered):
        return "lesson"
    first = re.findall(r"[a-z][\w-]*", lowered[:40])
    return "rule" if first and first[0] in _IMPERATIVE else "fact"
