"""What a prompt asks for, as far as its opening words tell: how much evidence a hint needs.

Three kinds of prompt move the floor a note's hint score must clear (decide.py):

- a *general-knowledge question*: what any developer could ask of a technology,
  whoever their team. It asks what two things differ in ("X vs Y", "difference
  between", anywhere in the opening) or for an explanation ("explain…"), asks a
  how-to of a tool it names first ("grafana stat panel: how do I…", "postgres
  query: top 3…", "github actions: run …"), or anything of a tool every team names
  but its error ("git: undo my last commit…"), or asks for a snippet, a thing of a
  tool's kind that does what code does, or an example ("kubectl command to…",
  "regex for…", "aws cli one liner to…", "terraform output that prints…", "boto3
  paginate example", "…, example pls"). The answer is the
  technology's, not this team's: across 1,440 labelled prompts, none of the 131
  of this kind was relevant to a note, though many share a note's technology and
  its names ("select_related vs prefetch_related" and a note that fixed a slow
  endpoint with prefetch_related). Such a prompt needs `floor + KNOWLEDGE_MARGIN`.
- a *task request*: the prompt opens by asking for code or text to be produced or
  changed ("write a docstring for…", "rename X to Y", "plot these curves",
  "translate…", "audit…", "verify…"), or for a good name. That is work done from
  the prompt alone; a note that shares two of its words ("the focal loss" in
  "write a docstring for the focal loss function") is rarely what it needs. Such a
  prompt needs `floor + TASK_MARGIN`. Verbs of maintenance on the team's own
  systems (fix, bump, update, deploy, build) are not in the list: those are where
  a team's lessons apply.
- a *question about how things are done here*: may I, should we, is it OK to, do we
  need, who do I ask, what's the process, anything I need to do, what do I do. Asked
  of "we" or "our", or why we do something, it is one even beside a comparison
  ("should we use uv vs pip here?", "explain why we pin uv"). A
  team's rules, owners and procedures are the answer, in words the prompt rarely
  shares ("is it ok to use double for the fee" and a note on BigDecimal for money).
  Such a prompt needs `floor - QUESTION_MARGIN`.

English only, like the word lists: in another language a prompt is none of them.
Found without `re` (4 ms the hint hook does not pay).
"""

KNOWLEDGE_MARGIN = 0.35
TASK_MARGIN = 0.2
QUESTION_MARGIN = 0.1
OPENING_CHARS = 400  # the words that say what a prompt asks for come first

TASK_VERBS = frozenset("""
write rewrite add rename refactor translate convert implement generate draw plot make create explain summarize
summarise format sort design draft extract split replace clean port word reword phrase rephrase proofread shorten
audit research verify
""".split())
# Words before the verb that do not change what is asked ("can you please write …").
LEAD_WORDS = frozenset("can could would please pls now ok okay so lets let you we us me just also and then help".split())
# Opening phrases that ask for a name.
TASK_OPENINGS = (("whats", "a", "good", "name"), ("a", "good", "name", "for"), ("good", "name", "for"),
                 ("better", "name", "for"), ("name", "a"), ("name", "an"), ("name", "the"),
                 ("name", "this"), ("name", "my"), ("suggest", "a", "name"), ("suggest", "names"))
# Phrases, anywhere in the opening, that ask for general knowledge: a comparison of two things, an
# explanation ("rabbitmq topic exchange vs fanout exchange, quick explanation pls"), a syntax or
# boilerplate, or what is idiomatic, cleanest or fastest in a language.
KNOWLEDGE_PHRASES = (("vs",), ("versus",), ("difference", "between"), ("differences", "between"), ("diff", "between"),
                     ("explain",), ("explanation",), ("idiomatic",), ("syntax", "for"), ("syntax", "to"),
                     ("boilerplate",), ("cleanest", "way"), ("nicest", "way"), ("fastest", "way"), ("pythonic",))
# Openings that ask what something does or means ("what does track_total_hits do …").
KNOWLEDGE_OPENINGS = (("what", "does"),)
# Phrases, anywhere in the opening, that ask how things are done here.
QUESTION_PHRASES = (
    ("can", "i"), ("can", "we"), ("could", "i"), ("could", "we"), ("should", "i"), ("should", "we"),
    ("can", "a"), ("can", "an"), ("can", "the"),
    ("is", "it", "ok"), ("is", "it", "okay"), ("is", "it", "safe"), ("is", "it", "fine"), ("is", "it", "allowed"),
    ("ok", "to"), ("okay", "to"), ("do", "i", "need"), ("do", "we", "need"), ("am", "i", "allowed"),
    ("are", "we", "allowed"), ("whats", "the", "process"), ("whats", "the", "procedure"), ("whats", "the", "rule"),
    ("whats", "the", "policy"), ("what", "is", "the", "process"), ("what", "is", "the", "procedure"),
    ("what", "is", "the", "rule"), ("what", "is", "the", "policy"), ("who", "do", "i"), ("who", "do", "we"),
    ("who", "should", "i"), ("who", "should", "we"), ("who", "can", "i"), ("who", "can", "we"), ("who", "signs"),
    ("whats", "our"), ("how", "do", "we"),
    # what a change obliges: "anything special I need to do before merging?", "how long do we have to reply"
    ("anything", "i", "need"), ("anything", "we", "need"), ("anything", "special"), ("is", "there", "anything"),
    ("what", "should", "i"), ("what", "should", "we"), ("do", "i", "have", "to"), ("do", "we", "have", "to"),
    ("i", "need", "to", "do"), ("what", "do", "i", "do"), ("what", "do", "we", "do"), ("supposed", "to", "do"))
# Those that ask it of this team, and why it does what it does: they are the team's question even
# beside a comparison or an explanation ("should we use uv vs pip here?", "explain why we pin uv").
TEAM_QUESTIONS = tuple(phrase for phrase in QUESTION_PHRASES if "we" in phrase or "our" in phrase) + (
    ("why", "we"), ("why", "do", "we"), ("why", "does", "our"), ("why", "are", "we"))
_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


_last = [None, ""]  # the last prompt and its intent: a prompt read against several KBs is read once


def intent(prompt: str) -> str:
    """"knowledge", "task", "question" or "" (none of them) for `prompt`."""
    if _last[0] != prompt:
        _last[:] = [prompt, _intent(prompt)]
    return _last[1]


def _intent(prompt: str) -> str:
    words = opening_words(prompt)
    if not words:
        return ""
    asked, task = _after_lead(words), _is_task(words)
    if task and asked[:1] != ["explain"]:
        return "task"  # "can we make a tray icon …" asks for work, whoever says "we"
    if _holds_any(words, TEAM_QUESTIONS):
        return "question"
    if _holds_any(words, KNOWLEDGE_PHRASES) or _opens_with(words, KNOWLEDGE_OPENINGS) or _asks_for_snippet(asked) \
            or _asks_for_construct(asked) or _asks_for_example(words) or _asks_a_tools_way(words):
        return "knowledge"
    if task:
        return "task"
    if _in_a_tool_how_to(words):
        return "knowledge"  # before "can i …" further on: the opening says whose how-to it is
    if _holds_any(words, QUESTION_PHRASES):
        return "question"  # "terraform: how do we rotate …" is asked of this team's ways, not the tool's
    return "knowledge" if _tool_how_to(prompt) else ""


# "in datadog how do i graph the p95 …", "in go, how do i drain a channel": the same how-to asked of a
# named tool, its name first; never of a place of the team's ("in staging how do i get a shell") nor of
# a thing that exists ("in the portal how do i …").
PLACES = frozenset("prod production staging stage dev development local locally ci qa test testing uat sandbox "
                   "preview".split())


def _in_a_tool_how_to(words: list) -> bool:
    if words[:1] != ["in"] or len(words) < 3 or words[1] in DETERMINERS or words[1] in PLACES:
        return False
    return _opens_with(words[2:], HOW_TO_OPENINGS) or _opens_with(words[3:], HOW_TO_OPENINGS)  # "franz go"


# A how-to asked of a named tool, the way a search-engine question is titled: "grafana stat panel:
# how do I make it go red", "git lfs: how do i see how much storage the repo uses".
TOOL_HEAD_WORDS = 5  # at most this many words before the colon: a tool's name, not a sentence
HOW_TO_OPENINGS = (("how",), ("what",), ("whats",), ("which",), ("is", "there"), ("are", "there"), ("does",),
                   ("do", "i"), ("do", "you"), ("can", "i"), ("can", "you"))


# After "<tool>:", an imperative asks for it to be used ("github actions: run the test job as a matrix",
# "pydantic v2: validate that end_date is after start_date"); never a verb of maintenance.
TOOL_TASK_VERBS = frozenset("use run set configure get show list print find count parse validate send read load "
                            "filter group join map call".split())


def _tool_how_to(prompt: str) -> bool:
    """Whether the prompt opens "<tool>: <how-to or task>" or "<tool> query: <what it should give>"
    (not "<tool>: <error text>")."""
    head, colon, tail = prompt[:OPENING_CHARS].partition(":")
    if not colon or not tail[:1].isspace():
        return False
    named = opening_words(head)
    if not 1 <= len(named) <= TOOL_HEAD_WORDS or len(head) > 60 or not all(c.isalnum() or c in " .-_/" for c in head):
        return False
    if named[-1].endswith(ERROR_NAMES):
        return False  # "UnityException: get_transform can only be called …": an error, pasted, not a tool
    if _every_team_names(head) and not _pastes_an_error(tail):
        return True  # "git: undo my last commit …", "react: debounce a search input …": that tool's, anyone's
    if named[-1] in SNIPPET_NOUNS:
        return True  # "postgres query: top 3 customers by order value", "sql: top 10 merchants by refunds"
    asked = opening_words(tail)
    return _is_task(asked) or asked[:1] and asked[0] in TOOL_TASK_VERBS \
        or _opens_with(asked, HOW_TO_OPENINGS)


def _every_team_names(head: str) -> bool:
    """Whether the words before the colon name only technologies every team names (git, react,
    docker compose: stopwords.GENERIC_TECH), not this team's service or tool."""
    from mage_engine.terms import analysis, wordlists

    terms = analysis.terms(head)
    return bool(terms) and all(term in wordlists.generic_tech_terms() for term in terms)


ERROR_NAMES = ("error", "errors", "exception", "warning", "fatal", "panic", "traceback")  # how a class of them ends


def _pastes_an_error(tail: str) -> bool:
    """Whether what follows the tool's name is its error, pasted ("docker: Error response from daemon: …"):
    an error marker, or a first word that every error message says (pasted_error.GENERIC)."""
    from mage_engine.recall.search.pasted_error import GENERIC, MARKERS

    low, first = tail[:OPENING_CHARS].lower(), opening_words(tail)[:1]
    return any(marker in low for marker in MARKERS) or bool(first) and (first[0] in GENERIC or first[0] == "traceback")


def floor_shift(kind: str) -> float:
    """How far the floor moves for a prompt of this kind."""
    return {"knowledge": KNOWLEDGE_MARGIN, "task": TASK_MARGIN, "question": -QUESTION_MARGIN}.get(kind, 0.0)


def opening_words(prompt: str) -> list:
    """The lower-case ASCII words of the prompt's opening; an apostrophe inside a word is
    dropped ("what's" -> "whats", "don't" -> "dont"), anything else ends a word."""
    found, current = [], []
    for char in prompt[:OPENING_CHARS].lower():
        if char in _LETTERS:
            current.append(char)
        elif char in "'’" and current:
            continue
        elif current:
            found.append("".join(current))
            current = []
    if current:
        found.append("".join(current))
    return found


def _after_lead(words: list) -> list:
    """The words from the first that is not a lead word ("can you please write …" -> "write …")."""
    start = 0
    while start < len(words) and words[start] in LEAD_WORDS:
        start += 1
    return words[start:]


# "whats the expo way to lock orientation", "the django way to …": a technology's own way of doing
# something; never the team's ("what's the safe way to roll that out", "the usual way to …").
TEAM_WAYS = frozenset("safe safest right correct proper usual normal standard recommended approved official "
                      "best".split())


def _asks_a_tools_way(words: list) -> bool:
    return any(words[at] == "the" and words[at + 1] not in TEAM_WAYS and words[at + 2:at + 4] == ["way", "to"]
               for at in range(len(words) - 3))


def _is_task(words: list) -> bool:
    asked = _after_lead(words)
    if asked[:1] and asked[0] in TASK_VERBS:
        return True
    # "my flight got cancelled, help me write an email to the airline": the request after its context
    if any(words[at:at + 2] == ["help", "me"] and words[at + 2] in TASK_VERBS for at in range(len(words) - 2)):
        return True
    return _opens_with(asked, TASK_OPENINGS)


# "boto3 paginate list_objects_v2 example", "…, example pls", "explain a left join with a tiny
# example": an example of a kind, asked for; never "the example in our README" (a determiner).
EXAMPLE_WORDS = frozenset(("example", "examples"))
EXAMPLE_BEFORE = frozenset("a an tiny small quick short simple minimal some few me".split())
EXAMPLE_AFTER = frozenset("pls please plz of for with code".split())


def _asks_for_example(words: list) -> bool:
    for at, word in enumerate(words):
        if word in EXAMPLE_WORDS and (at == len(words) - 1 or words[at + 1] in EXAMPLE_AFTER
                                      or at and words[at - 1] in EXAMPLE_BEFORE):
            return True
    return False


# "kubectl command to list pods by restarts", "regex for semver strings", "bash one-liner to …":
# an opening that asks for a snippet of a kind, after at most SNIPPET_TOOL_WORDS naming the tool
# (never "the deploy script to staging fails": a determiner says it is about something that exists).
SNIPPET_NOUNS = frozenset("""command commands oneliner liner snippet regex regexp script query queries sql schema scope
yaml yml formula function expression""".split())
SNIPPET_LINKS = frozenset("to for that which".split())
DETERMINERS = frozenset("the a an our my your their this that these those its his her".split())
SNIPPET_TOOL_WORDS = 2


def _asks_for_snippet(words: list) -> bool:
    if "liner" in words:  # "one liner" is one noun: "aws cli one liner to …" names the tool in two words
        at = words.index("liner")
        if at and words[at - 1] == "one":
            words = words[:at - 1] + ["oneliner"] + words[at + 1:]
    for at in range(min(SNIPPET_TOOL_WORDS, len(words) - 2) + 1):
        if any(word in DETERMINERS for word in words[:at + 1]):
            return False
        if words[at] in SNIPPET_NOUNS and words[at + 1] in SNIPPET_LINKS:
            return True
    return False


# "terraform output that prints the cluster endpoint", "angular pipe that formats cents as USD",
# "python generator that splits a list into chunks": a thing of a tool's kind that does what code
# does, named after at most CONSTRUCT_WORDS words. Never "pipeline that fails every night" (what
# happens to something that exists: a note may know why), "rides that get uploaded late", nor
# "thanks, that worked".
CONSTRUCT_WORDS = 3
CONSTRUCT_LINKS = frozenset(("that", "which"))
CODE_DOES = frozenset("""prints formats splits reads makes returns converts adds sends generates parses validates
counts lists shows filters sorts maps merges removes computes calculates renders wraps retries writes takes accepts
extracts strips replaces checks finds groups joins""".split())


def _asks_for_construct(words: list) -> bool:
    for at in range(1, min(CONSTRUCT_WORDS, len(words) - 2) + 1):
        if any(word in DETERMINERS for word in words[:at]):
            return False
        if words[at] in CONSTRUCT_LINKS:
            return words[at + 1] in CODE_DOES and not words[at - 1].endswith("s")
    return False


def _opens_with(words: list, openings) -> bool:
    return any(tuple(words[:len(opening)]) == opening for opening in openings)


def _holds_any(words: list, phrases) -> bool:
    for i in range(len(words)):
        for phrase in phrases:
            if tuple(words[i:i + len(phrase)]) == phrase:
                return True
    return False
