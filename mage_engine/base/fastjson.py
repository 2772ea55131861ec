"""`loads` and `dumps` exactly as the `json` package does them, without importing it.

Importing `json` costs a hook process about 6 ms, nearly all of it `re` (and
`enum` beneath it), which the package needs only for its pure-Python paths.
The work itself is done by the C accelerator `_json` either way, so this
module builds the same C scanner and encoder that `json.JSONDecoder` and
`json.JSONEncoder.iterencode` build, with the same settings (CPython 3.11's
`json/decoder.py` and `json/encoder.py`). Output is byte-identical to
`json.dumps`; bad input raises the same `json.JSONDecodeError` (a ValueError),
because every error is handed to `json` itself to report (the C scanner can
only word its errors once `json.decoder` is loaded: before that, it fails with
a bare SystemError, which `loads` turns into json's own error).

Where `_json` is missing or does not behave as this module expects (another
Python), and for options this module does not mirror, `json` does the work.
"""

_SPACE = " \t\n\r"  # what JSON allows around a value (json.decoder's WHITESPACE)
_INF = float("inf")
_CONSTANTS = {"-Infinity": -_INF, "Infinity": _INF, "NaN": float("nan")}
# A self-check run once: _json must read and write these exactly as json 3.11 does.
_PROBE = {"a": [1, 2.5, None, True, "\u00e9\n"], "b": {}}
_PROBE_TEXT = {True: '{"a": [1, 2.5, null, true, "\\u00e9\\n"], "b": {}}',
               False: '{"a": [1, 2.5, null, true, "\u00e9\\n"], "b": {}}'}
_c = {}  # what _json offers, looked up once: "scan", "make_encoder", "ascii", "unicode"


class _DecoderDefaults:
    """The attributes `_json.make_scanner` reads from a `json.JSONDecoder()`, at their defaults."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__

    def __init__(self):
        self.memo = {}


def loads(text):
    """`json.loads(text)` for a str, bytes or bytearray holding one JSON document. A document nested
    too deeply to read (a RecursionError in `json`) raises ValueError too, as any other bad input:
    a 2 KB file of brackets that anyone can leave in `.mage/` must not read as a crash."""
    try:
        return _loads(text)
    except RecursionError:
        raise ValueError("JSON nested too deeply to read") from None


def _loads(text):
    scan = _scanner()
    if scan is not None and isinstance(text, (bytes, bytearray)):
        text = _plain_utf8(text)
    if scan is None or not isinstance(text, str) or text.startswith("\ufeff"):
        return _json().loads(text)
    start = len(text) - len(text.lstrip(_SPACE))
    try:
        value, end = scan(text, start)
    except Exception:  # StopIteration, or a SystemError: _json reports bad input through json.decoder
        return _json().loads(text)  # which is imported now, to raise json's own error
    if end != len(text) and text[end:].strip(_SPACE):
        return _json().loads(text)  # raises "Extra data"
    return value


def compact_utf8(obj) -> bytes:
    """`obj` as compact JSON in UTF-8, non-ASCII characters as they are. A string no UTF-8 can hold
    (a file name that is not UTF-8 on disk, which Python reads as lone surrogates; one read back
    from a planted file) makes the whole document ASCII escapes instead, which read back the same."""
    text = dumps(obj, ensure_ascii=False, separators=(",", ":"))
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return dumps(obj, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def dumps(obj, *, ensure_ascii=True, separators=None, sort_keys=False, **options):
    """`json.dumps(obj, ensure_ascii=…, separators=…, sort_keys=…)`; other options go to json."""
    make = None if options else _encoder_maker()
    if make is None:
        return _json().dumps(obj, ensure_ascii=ensure_ascii, separators=separators, sort_keys=sort_keys,
                             **options)
    strings = _c["ascii"] if ensure_ascii else _c["unicode"]
    if isinstance(obj, str):
        return strings(obj)  # JSONEncoder.encode's shortcut for a bare string
    item_separator, key_separator = separators if separators is not None else (", ", ": ")
    # markers, default, encoder, indent, key and item separators, sort_keys, skipkeys, allow_nan:
    # what JSONEncoder.iterencode passes for json.dumps's defaults (a fresh markers dict each call)
    encode = make({}, _refuse, strings, None, key_separator, item_separator, sort_keys, False, True)
    return "".join(encode(obj, 0))


def _json():
    import json  # the fallback: another Python, an unusual option, or an error to report

    return json


def _plain_utf8(data):
    """The text of JSON bytes that json.detect_encoding reads as plain UTF-8, decoded as json
    decodes them; other bytes (a BOM, UTF-16 or UTF-32) are returned for json to detect."""
    head = bytes(data[:4])
    if head.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")) or (len(head) != 3 and b"\x00" in head[:2]):
        return data
    return bytes(data).decode("utf-8", "surrogatepass")


def _refuse(value):
    """JSONEncoder.default: what json says of a value it cannot serialise."""
    raise TypeError(f"Object of type {value.__class__.__name__} is not JSON serializable")


def _scanner():
    """A C scanner with json.JSONDecoder's defaults, or None when _json cannot make a right one."""
    if "scan" not in _c:
        _c["scan"] = None
        try:
            from _json import make_scanner

            scan = make_scanner(_DecoderDefaults())
            probe = _PROBE_TEXT[True]
            if scan(probe, 0) == (_PROBE, len(probe)):
                _c["scan"] = scan
        except Exception:
            pass
    return _c["scan"]


def _encoder_maker():
    """`_json.make_encoder` when it takes json 3.11's arguments and writes what json writes, else None."""
    if "make_encoder" not in _c:
        _c["make_encoder"] = None
        try:
            from _json import encode_basestring, encode_basestring_ascii, make_encoder

            _c["ascii"], _c["unicode"] = encode_basestring_ascii, encode_basestring
            for ascii_only, strings in ((True, encode_basestring_ascii), (False, encode_basestring)):
                probe = make_encoder({}, _refuse, strings, None, ": ", ", ", False, False, True)
                if "".join(probe(_PROBE, 0)) != _PROBE_TEXT[ascii_only]:
                    return None
            _c["make_encoder"] = make_encoder
        except Exception:
            pass
    return _c["make_encoder"]
