"""The words people use to ask an agent to keep something (regular-expression alternatives).

Three families of markers (request_find.py says where each is looked for):
- KEEP: a verb of keeping ("remember that…", "keep in mind…", "note for the
  future:", "I told you before:", "merk dir…", "recuerda que…"); what follows
  is the thing to keep;
- MEMORY: a place to keep it ("save this to your memory", "add to CLAUDE.md");
  the agent's memory, never a program's ("keep the index in memory": an object
  other than this/that and no "your" is the technical sense);
- STANDING: a scope beyond this task ("always…", "never…", "from now on…",
  "whenever you…", "for all projects…", "in this repo we…").
Each family is split in English and the other languages (Spanish, German,
French, Portuguese), which are compiled only for a text that holds one of
INTL_WORDS: most prompts are English, and compiling costs the hook time.
"""

LEAD = (r"(?:(?:please|pls|plz|also|and|but|so|ok|okay|just|oh|hey|btw|fyi|important|one\s+more\s+thing|great|"
        r"thanks|thank\s+you|ps|bitte|por\s+favor|stp|s'il\s+te\s+pla[iî]t)\b\W*)*")
KEEP_EN = [
    r"remember|remeber|rember|rmember|remmember|memori[sz]e",
    r"keep\s+(?:this\s+|that\s+|it\s+)?in\s+mind|(?:do\s+not|don'?t|dont)\s+forget",
    r"make\s+a\s+note|take\s+(?:a\s+)?note(?:\s+of)?|write\s+(?:this|that|it)\s+down|lessons?\s+learned",
    r"(?:a\s+)?note\s+(?:for|to)\s+(?:the\s+future|later|future\s+\w+|yourself|self(?:\s+and\s+you)?|next\s+time)",
    r"for\s+(?:future\s+reference|future\s+sessions|the\s+future|later)",
    r"how\s+many\s+times\s+do\s+i\s+(?:have|need)\s+to\s+(?:tell\s+you(?:\s+this)?|say\s+(?:it|this))",
    r"i\s+keep\s+telling\s+you(?:\s+this)?|as\s+i(?:'ve|\s+have)?\s+(?:said|told\s+you|mentioned)"
    r"(?:\s+(?:before|already|earlier))?",
    r"i(?:'ve|\s+have)?\s+(?:told\s+you|said\s+(?:it|this))(?:\s+(?:this|that))?\s+(?:before|already|"
    r"(?:so\s+)?many\s+times)",
]
KEEP_INTL = [
    r"recuerda|acu[ée]rdate|ten\s+en\s+cuenta|no\s+olvides",
    r"merke?\s+dir|denk\s+daran|vergiss\s+nicht|behalte?\s+im\s+(?:hinter)?kopf|erinnere\s+dich",
    r"souviens-toi|rappelle-toi|retiens|n'oublie\s+pas",
    r"lembre-se|lembra(?:-te)?|n[ãa]o\s+(?:se\s+)?esque[çc]a",
]
# what may stand between the keeping verb and the thing kept: "remember (this) (for all projects):"
KEEP_TAIL = (r"(?:\s+(?:this|it|bien|bitte|isso|esto|ceci)(?=\s+(?:for|in|going)\b|\s*[:,.!]|\s*$))?"
             r"(?:\s+(?:for|in)\s+(?:all|every|later|the\s+future|future|next\s+time)(?:\s+(?:my|our|future))?"
             r"(?:\s+(?:projects?|sessions?|repos?))?)?(?:\s+going\s+forward)?")
KEEP_JOIN = r"(?P<sep>[\s:,;—–-]*)(?P<join>that\b|to\b|que\b|dass\b|de\s+que\b|de\b)?[\s:,]*"
MEMORY_EN = [
    r"\b(?:save|store|put|keep|add|write|commit|record|log|note|remember|memori[sz]e|update)(?:\s+(?:this|that))?"
    r"\s+(?:in|to|into|on)\s+(?:the\s+)?(?:long[- ]term\s+)?memor(?:y|ies)"
    r"(?![\w-]|\.\w|\s+(?:instead|rather|and\s+(?:then|print|return|flush|read|load)|cache|buffer))",
    r"\b(?:save|store|put|keep|add|write|commit|record|remember)\b[^.!?\n:]{0,40}?\b(?:in|to|into)\s+"
    r"(?:your|ur|you'?re)\s+(?:long[- ]term\s+)?memor(?:y|ies)\b",
    r"\bupdate\s+(?:your|ur)\s+memory\b",
    r"\bupdate\s+(?:the\s+|your\s+)?(?:claude|agents)\.md\s*(?=:|to\s+say\b|that\b|with\s+(?:this|that|the)\s+rule)"
    r"(?:to\s+say|with\s+(?:this|that|the)\s+rule)?",
    r"\b(?:save|store|put|add|write)(?:\s+(?:this|that|it))?\s+(?:in|to|into)\s+(?:the\s+|your\s+)?"
    r"(?:claude\.md|agents\.md|(?:your|ur)\s+(?:notes|instructions|rules))(?!\w)",
]
MEMORY_INTL = [
    r"\bguarda(?:lo)?\s+en\s+(?:tu\s+)?memoria\b|\bgarde\s+(?:[çc]a\s+)?en\s+m[ée]moire\b",
    r"\bguarde\s+(?:isso\s+)?na\s+(?:sua\s+)?mem[óo]ria\b|\bspeicher(?:e|n)?\b[^.!?\n]{0,30}\bged[äa]chtnis\b",
]
SCOPE_EN = [
    r"from\s+now\s+on|from\s+here\s+on(?:\s+out)?|from\s+this\s+point\s+(?:on|forward)|henceforth|going\s+forward",
    r"in\s+(?:the\s+)?future|(?:for\s+)?next\s+time",
    r"for\s+(?:all|every)\s+(?:(?:my|our|future|new)\s+)*(?:projects?|sessions?|repos?|repositories|codebases?)",
]
SCOPE_INTL = [
    r"a\s+partir\s+de\s+(?:ahora|agora|maintenant|hoy)|de\s+ahora\s+en\s+adelante|desde\s+ahora",
    r"de\s+agora\s+em\s+diante|d[ée]sormais|dor[ée]navant|[àa]\s+l'avenir",
    r"ab\s+jetzt|ab\s+sofort|von\s+nun\s+an|k[üu]nftig|in\s+zukunft",
]
# beyond the scopes, markers that say "this holds beyond today" wherever they stand before a colon
DURABLE_EN = [r"\bas\s+a\s+(?:general\s+)?rule\b|\brules?\s+(?:for|in)\s+(?:this|the|all|every)\s+\w+",
              r"\btold\s+you\s+(?:before|already|this)|\bhow\s+many\s+times\b|\brule\s+of\s+thumb\b"]
STANDING_EN = [
    r"always|never(?:,?\s+ever)?|(?:do\s+not|don'?t|dont)\s+ever|make\s+(?:it\s+)?a\s+habit\s+(?:to|of)",
    r"whenever\s+you|every\s*time\s+you|each\s+time\s+you",
    r"as\s+a\s+(?:general\s+)?rule(?:\s+of\s+thumb)?(?:\s+for\s+(?:this|all|every)\s+\w+)?",
    r"rules?\s+(?:for|in)\s+(?:this|the|all|every)\s+\w+",
    r"(?:in|for|on)\s+this\s+(?:repo|repository|project|codebase|team|company)\s*,?\s+we(?:\s+(?:always|never))?",
    r"we\s+(?:always|never|don'?t\s+ever)",
    r"i\s+(?:want|need|would\s+like|'d\s+like|d\s+like)\s+(?:you|u)\s+to\s+(?:always|never)",
]
# "default to British spelling from now on", "don't write sleeps in tests ever again"
TRAILING = (r"(?:from\s+now\s+on|from\s+here\s+on(?:\s+out)?|from\s+this\s+point\s+(?:on|forward)|henceforth|"
            r"going\s+forward|ever\s+again|(?:for|in)\s+all\s+(?:my|our|future)\s+(?:\w+\s+)?projects|"
            r"in\s+(?:the\s+)?future)\W*(?:$|[,;]\s)")  # the end of a clause: "… ever again, use the fake clock"
STOP = r"stop\s+(?:\w+ing)\b"
# a habit, not the turn at hand: what makes "stop adding X" a standing request
HABIT = (r"\b(?:every\s*time|each\s+time|all\s+the\s+time|always|ever|again|anymore|any\s+more|every\s+\w+|everywhere|"
         r"told\s+you|never\s+(?:asked|want)|from\s+now\s+on|in\s+general)\b")
# the current edit, not a standing way of working
ONE_OFF = (r"\b(?:(?:this|that|these|those)\s+(?:function|method|class|file|line|loop|test|branch|pr|pull\s+request|"
           r"commit|change|diff|doc|document|page|component|query|table|script|endpoint|variable|snippet|block|one|"
           r"bug|ticket|task|spike|draft|step|module|url|link|section|paragraph|sentence|case|run|call)s?\b|"
           r"for\s+now|this\s+time|right\s+now|today|tonight|tomorrow|\byet\b|"
           r"(?:when|once|after)\s+(?:you(?:'re|\s+are)?\s+)?(?:done|finished|finish|through)\b|"
           r"after\s+(?:this|that)\b|before\s+you\s+(?:finish|stop)\b|this\s+is\s+(?:a|an|only|just)\b|"
           r"you(?:'re|\s+are)\s+(?:ready|done|finished|free|back)\b|"
           r"by\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|eod|end\s+of\s+(?:the\s+)?(?:day|week))|"
           # the same in Spanish, German, French, Portuguese
           r"(?:est[ea]|es[ea]|dess[ea]|dest[ea])\s+(?:cambio|vez|mudan[çc]a|arquivo|archivo|fun[çc][ãa]o|funci[óo]n)|"
           r"por\s+(?:ahora|enquanto|agora)|cuando\s+termines|quando\s+terminar|diese[snm]?\s+(?:[äa]nderung|mal|datei)|"
           r"f[üu]r\s+jetzt|cette\s+fois|ce\s+(?:changement|fichier)|pour\s+l'instant|quand\s+tu\s+(?:as\s+)?fini)")
QUESTION = (r"^\W*(?:do|did|does|can|could|would|will|should|shall|is|are|was|were|am|have|has|had|how|what|"
            r"what's|why|where|who|which|whose|isn't|aren't|don't\s+you|doesn't|didn't|can't|won't)\b")
INTL_WORDS = ("recuerd", "acuérd", "acuerd", "en cuenta", "olvides", "merk", "denk daran", "vergiss", "kopf",
              "erinnere", "souviens", "rappelle", "retiens", "oublie", "lembr", "esqueça", "esqueca", "memoria",
              "mémoire", "memória", "gedächtnis", "a partir de", "ahora", "agora", "sormais", "navant", "avenir",
              "ab jetzt", "ab sofort", "nun an", "nftig", "zukunft")
# the start of a clause, after a bare "remember …": "remember we have a hooks/ directory", "remember the VAULT
# is in …" (a statement), unlike "remember the scroll position" (a feature: the program is to remember)
SUBJECTS = {"we", "i", "you", "they", "it", "it's", "there", "there's", "he", "she", "that's", "wir", "ich", "nous",
            "on", "nosotros", "nós"}
FINITE = {"is", "are", "was", "were", "isn't", "aren't", "has", "have", "had", "hasn't", "haven't", "does",
          "doesn't", "do", "don't", "did", "didn't", "can", "can't", "cannot", "could", "will", "won't", "would",
          "should", "must", "need", "needs", "uses", "lives", "runs", "goes", "sits", "belongs", "requires",
          "works", "breaks", "fails", "means", "takes", "gets", "stays", "lies", "expects", "ist", "sind", "est",
          "sont", "es", "son", "está", "é", "são"}
# words after "always"/"never"/"from now on" that make a description, not an instruction
NOT_A_VERB = {"mind", "again", "been", "was", "were", "is", "are", "be", "had", "has", "have", "the", "a", "an",
              "before", "ever", "true", "false", "on", "off", "in", "at", "for", "to", "with", "of", "from", "by",
              "gonna", "going", "get", "got", "sure", "knew", "know", "think", "heard", "said", "it", "it's", "its",
              "i", "i'll", "i'm", "i've", "what", "what's", "which", "how", "why", "when", "where", "who", "will",
              "would", "there", "that", "my", "our", "their", "his", "her", "they", "he", "she", "under", "until",
              "till", "just", "only", "more", "less", "about", "here", "now", "do", "did", "does", "these", "those",
              "this", "usually", "around", "re", "ll", "ve", "d", "s"}
# after "we always"/"in this repo we": what people report, not how they work
WE_REPORT = {"get", "got", "see", "saw", "hit", "have", "had", "lose", "lost", "need", "needed", "found", "find",
             "end", "ended", "seem", "forget", "wonder", "tried", "try", "are", "were", "can't", "cannot", "couldn't",
             "did", "do", "don't", "didn't", "re", "ll", "d"}
# words that carry no content: "don't ever do that again" asks to keep nothing that can be written down
EMPTY_WORDS = {"do", "that", "this", "it", "again", "ever", "don't", "dont", "not", "never", "always", "please",
               "so", "the", "same", "thing", "things", "stuff", "like", "anymore", "more", "any", "to", "a", "ok",
               "okay", "remember", "forget", "one", "way"}
