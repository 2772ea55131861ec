"""YAML frontmatter: split a markdown file into (mapping, body), and render back.

Reading uses kb/safe_yaml.py: safe loading, and no aliases, impossible dates
or stack-deep nesting. Rendering is deterministic: known keys in a
fixed order, then unknown keys in the order they were read, so rewriting a
file a person edited produces the smallest diff.
"""

import re

from mage_engine.base.errors import NoteFormatError

_FENCE = re.compile(r"^---[ \t]*$", re.MULTILINE)


def split(text: str, path) -> tuple[dict, str, int]:
    """(frontmatter mapping, body, line where the body starts). Raises NoteFormatError."""
    import yaml

    if text.startswith("\ufeff"):
        text = text[1:]
    text = text.replace("\r\n", "\n")  # git's core.autocrlf checks notes out with CRLF line endings
    if not text.startswith("---"):
        raise NoteFormatError(path, 1, "no YAML frontmatter (the file must start with a line '---')")
    closing = _FENCE.search(text, 3)
    first_line_end = text.find("\n")
    if first_line_end < 0 or closing is None or closing.start() <= first_line_end:
        raise NoteFormatError(path, 1, "frontmatter is not closed by a line '---'")
    raw = text[first_line_end + 1: closing.start()]
    from mage_engine.kb import safe_yaml

    try:
        data = safe_yaml.load(raw) if raw.strip() else {}
    except yaml.YAMLError as error:
        from mage_engine.kb.yaml_marks import error_line, error_problem

        data = _colon_in_plain_values(raw, yaml, safe_yaml) if _MAPPING_IN_VALUE in str(error) else None
        if data is None:
            line = error_line(error, raw) + 1  # the frontmatter starts on the file's line 2
            problem = error_problem(error)
            raise NoteFormatError(path, line, f"malformed frontmatter ({problem})")
    if not isinstance(data, dict):
        raise NoteFormatError(path, 2, "frontmatter must be a mapping of keys to values")
    body_start = text.count("\n", 0, closing.end()) + 2
    body = text[closing.end():].lstrip("\n")
    return data, body, body_start


def _colon_in_plain_values(raw: str, yaml, safe_yaml) -> dict | None:
    """The mapping a person meant by `title: Bash has no TTY: sudo runs in my terminal`, which YAML
    rejects (a second `: ` in a plain value), or None. Only when every line is `key: value` and each
    value YAML rejects on its own line starts with a letter or digit: a value that opens a list or a
    quote (`[unclosed`) is still an error, and a nested or multi-line mapping is never guessed at."""
    data = {}
    for line in raw.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        match = _KEY_VALUE.match(line)
        if match is None:
            return None
        key, value = match.group(1), match.group(2).strip()
        try:
            parsed = safe_yaml.load(line + "\n")
        except yaml.YAMLError as error:
            if _MAPPING_IN_VALUE not in str(error) or not value[:1].isalnum():
                return None
            parsed = {key: value}
        if not isinstance(parsed, dict):
            return None
        data.update(parsed)
    return data


_MAPPING_IN_VALUE = "mapping values are not allowed"
_KEY_VALUE = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*):[ \t]+(\S.*)$")


def render(data: dict, body: str, order: tuple[str, ...]) -> str:
    """`---\\n<yaml>---\\n<body>` with keys in `order` first, the rest as given."""
    import yaml

    keys = [k for k in order if k in data] + [k for k in data if k not in order]
    ordered = {key: data[key] for key in keys}
    dumped = yaml.dump(ordered, Dumper=_dumper(yaml), sort_keys=False, allow_unicode=True, width=100000)
    return "---\n" + dumped + "---\n" + body.strip("\n") + "\n"


def _dumper(yaml):
    """A safe dumper writing mappings as blocks and lists of scalars inline: `tags: [a, b]`."""

    class Dumper(yaml.SafeDumper):
        def represent_list(self, items):
            inline = all(not isinstance(item, (dict, list)) for item in items)
            return self.represent_sequence("tag:yaml.org,2002:seq", items, flow_style=inline)

    Dumper.add_representer(list, Dumper.represent_list)
    return Dumper
