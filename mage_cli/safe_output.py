"""What `mage` prints cannot drive the terminal: control characters from files are defused on the way out.

Notes, skills, config keys, file names, commit subjects and the trail come from
whoever wrote them (a cloned repository, the agent, a tool's output). Printed
raw, `\\e]0;…\\a` sets the window's title, `\\e]52;c;…\\a` writes the clipboard,
`\\e[2J` erases the screen, `\\r` rewrites the line and U+202E reverses it. The
listings defuse their fields one by one (base/clip.py); this is the net under
every other line: standard output and error are replaced, for the command's run,
by streams that turn every control character but newline and tab into a space
and drop invisible direction characters. Only the colours mage's own output uses
(`\\e[31m`, `\\e[1m`, `\\e[0m`, which click adds only on a terminal) pass.

Not covered, on purpose: the full-screen app (Textual writes to the original
streams, and renders text through Rich, which strips control codes) and
`mage scrub`, a filter whose output is its input with secrets redacted
(`raw_stdout()`).
"""

import io
import re
import sys

from mage_engine.base.clip import CONTROL, INVISIBLE

# What base/clip.py defuses, as the bytes of each encoding: control characters but tab and newline
# become a space, direction and zero-width characters go. A colour escape of one number, as
# click.style writes it (not 8: concealed text), is kept.
_COLOUR = rb"\x1b\[(?!8m)[0-9]{1,3}m"


def _pattern(encoding: str):
    """(colour)|(control)|invisible, in the bytes `encoding` writes them as (ASCII ones only, for others)."""
    utf8 = encoding.lower().replace("-", "").replace("_", "") == "utf8"

    def alternation(codes) -> bytes:
        return b"|".join(re.escape(chr(code).encode("utf-8")) for code in codes if utf8 or code < 0x80)

    controls = [code for code in CONTROL if code not in (0x09, 0x0A)]
    invisibles = [code for code in INVISIBLE if utf8 or code < 0x80]
    control, invisible = alternation(controls), alternation(invisibles)
    # A lookahead for the bytes a match can start with lets the engine skip the rest at C speed:
    # without it every position tries each alternative (14 MB of `hints --json` took 2.2 s, now 0.1 s).
    starts = sorted({0x1B} | {chr(code).encode("utf-8")[0] for code in (*controls, *invisibles)})
    first = b"(?=[" + b"".join(re.escape(bytes([byte])) for byte in starts) + b"])"
    rest = b"|" + invisible if invisible else b""
    return re.compile(first + b"(?:(" + _COLOUR + b")|(" + control + b")" + rest + b")")


_ORIGINAL = {}


def _replacement(match) -> bytes:
    if match.group(1):
        return match.group(1)
    return b" " if match.group(2) else b""


class _DefusingBuffer(io.RawIOBase):
    """A binary stream that writes through to `target` with control characters defused."""

    def __init__(self, target, pattern):
        self._target, self._pattern = target, pattern

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        self._target.write(self._pattern.sub(_replacement, bytes(data)))
        return len(data)

    def flush(self) -> None:
        self._target.flush()

    def isatty(self) -> bool:
        return self._target.isatty()

    def fileno(self) -> int:
        return self._target.fileno()


def _defusing(stream):
    """A text stream like `stream` whose bytes go through _DefusingBuffer (None: leave `stream`)."""
    buffer = getattr(stream, "buffer", None)
    encoding = (getattr(stream, "encoding", None) or "utf-8")
    if buffer is None or not hasattr(buffer, "write"):
        return None  # a test's capture or a closed stream: nothing to wrap
    pattern = _pattern(encoding)
    # write_through: every write reaches the filter as whole characters (one encoded string), at once
    return io.TextIOWrapper(_DefusingBuffer(buffer, pattern), encoding=encoding, errors="backslashreplace",
                            line_buffering=getattr(stream, "line_buffering", False), write_through=True)


def install() -> None:
    """Replace sys.stdout and sys.stderr by defusing streams (once; the originals stay in raw_stdout()).
    Both print what they cannot encode escaped (a lone surrogate from a hook payload: `\\ud800`), never crash."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if name in _ORIGINAL or stream is None:
            continue
        stream.flush()
        _reconfigure(stream)  # mage scrub writes to the original
        wrapped = _defusing(stream)
        if wrapped is not None:
            _ORIGINAL[name] = stream
            setattr(sys, name, wrapped)


def _reconfigure(stream) -> None:
    try:
        stream.reconfigure(errors="backslashreplace")
    except (AttributeError, ValueError):
        pass  # not a text stream we may reconfigure (a test's capture)


def raw_stdout():
    """Standard output as the process got it: for `mage scrub`, whose output must be its input."""
    return _ORIGINAL.get("stdout", sys.stdout)
