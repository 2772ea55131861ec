"""YAML that someone else may have written: notes, drafts, skills and config.yaml.

`yaml.safe_load` builds no arbitrary objects, but three things still get
through it: aliases (a 400-byte "billion laughs" file is a few nodes that
become exponentially many strings when anything walks the result), dates
that match YAML's timestamp pattern but not the calendar (`2026-13-45`
raises ValueError, not YAMLError), and nesting deep enough to exhaust the
stack. Here each is a `yaml.YAMLError` with a mark where one is known, so a
caller reports the file and line and goes on with the next file.

libyaml's loader is used when the text holds no `*` (so no alias); the pure
Python one, which can refuse an alias as it meets it, otherwise.
"""

MAX_YAML_CHARS = 256 * 1024  # frontmatter or a config file past this is not one a person wrote

_loaders = {}


def load(text: str):
    """The data in `text`, like yaml.safe_load; raises yaml.YAMLError for anything refused."""
    import yaml

    _check_size(yaml, text)
    try:
        data = _load(yaml, text)
    except RecursionError:
        raise _refusal(yaml, "nested too deeply") from None
    if ("\\u" in text or "\\U" in text) and _holds_surrogate(data):
        # "\ud800" in double quotes is a lone surrogate: not text, and no file or terminal can take it
        raise _refusal(yaml, "a \\u escape of a lone surrogate, which is not a character")
    return data


def _load(yaml, text: str):
    if "*" in text:
        return yaml.load(text, Loader=_loader("strict"))
    try:
        return yaml.load(text, Loader=_loader("fast"))
    except yaml.YAMLError:
        # libyaml words its errors its own way: the pure-Python parser says what and where,
        # in the words and marks the messages (and people who know PyYAML) expect
        return yaml.load(text, Loader=_loader("strict"))


def _holds_surrogate(value) -> bool:
    if isinstance(value, str):
        return not value.isascii() and any("\ud800" <= char <= "\udfff" for char in value)
    if isinstance(value, dict):
        return any(_holds_surrogate(key) or _holds_surrogate(item) for key, item in value.items())
    if isinstance(value, list):
        return any(_holds_surrogate(item) for item in value)
    return False


def compose(text: str):
    """The node tree of `text` (for line numbers), refusing aliases like `load`."""
    import yaml

    _check_size(yaml, text)
    try:
        return yaml.compose(text, Loader=_loader("strict"))
    except RecursionError:
        raise _refusal(yaml, "nested too deeply") from None


def _refusal(yaml, problem: str):
    """A YAMLError whose `problem` callers print, as they print the parser's own."""
    return yaml.error.MarkedYAMLError(problem=problem)


def _check_size(yaml, text: str) -> None:
    if len(text) > MAX_YAML_CHARS:
        raise _refusal(yaml, f"{len(text):,} characters of YAML (mage reads at most {MAX_YAML_CHARS:,})")


def _loader(kind: str):
    if not _loaders:
        _loaders.update(_build())
    return _loaders[kind]


def _build() -> dict:
    import yaml

    class Strict(yaml.SafeLoader):
        """The pure-Python safe loader, refusing aliases."""

        def compose_node(self, parent, index):
            if self.check_event(yaml.AliasEvent):
                mark = self.peek_event().start_mark
                raise yaml.composer.ComposerError(None, None, "aliases (*name) are not allowed in mage's files", mark)
            return super().compose_node(parent, index)

    class Fast(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        """libyaml's safe loader (same results, ~8x faster), for text that holds no alias."""

    for loader in (Strict, Fast):
        loader.add_constructor("tag:yaml.org,2002:timestamp", _timestamp)
    return {"strict": Strict, "fast": Fast}


def _timestamp(loader, node):
    """A YAML date or time; one the calendar does not have is an error at its line."""
    import yaml

    try:
        return yaml.constructor.SafeConstructor.construct_yaml_timestamp(loader, node)
    except (ValueError, OverflowError) as error:
        raise yaml.constructor.ConstructorError(None, None, f"{node.value!r} is not a valid date ({error})",
                                                node.start_mark) from None
