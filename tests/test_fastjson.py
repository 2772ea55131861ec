"""fastjson reads and writes exactly what the json package does, without importing it.

Checked against json itself on the 65 payloads Claude Code sent and on odd values,
in a fresh process where json was never imported (the hook's situation), and on
the fallback paths: no `_json` at all, and a `_json` that does not work as CPython
3.11's does.
"""

import json
import subprocess
import sys
import textwrap

import pytest

from helpers.hook import CAPTURE
from mage_engine.base import fastjson

PAYLOAD_LINES = [line for line in (CAPTURE / "hook_stdin_payloads.jsonl").read_text("utf-8").splitlines() if line]
OPTIONS = [{}, {"ensure_ascii": False}, {"separators": (",", ":")}, {"ensure_ascii": False, "separators": (",", ":")},
           {"sort_keys": True}, {"ensure_ascii": True, "separators": (", ", ": ")}]
ODD_VALUES = [
    "\ud800 lone high surrogate", "\udfff", "😀 é ß 中文 \u2028\u2029", "\x00\x1f\x7f control \" \\ /", "",
    {"ключ": "значение", "键": ["值", {"ß": None}]}, {"nested": [[[[{"deep": [1, [2, [3]]]}]]]]},
    [1.0, -0.0, 0.1, 1e-7, 1e16, 1e308, 5e-324, 2.5, 3.14159265358979, float("inf"), float("-inf"), float("nan")],
    [0, -1, 10**30, -10**30, True, False, None], {1: "int key", 2.5: "float key", None: "null", True: "bool"},
    (1, "tuple", (2,)), {"": ""}, [], {}, 0, None, True, 12.0,
]
BAD_TEXTS = ["", "   ", "[1,", "{} x", "nul", "{bad", '{"a" 1}', "[1]\x00", '"\\ud8"', "\ufeff{}", "[1, 2", "01",
             '{"a": [1, 2,]}', "'single'"]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "defaults")
def test_every_captured_payload_round_trips_byte_identical(options):
    for line in PAYLOAD_LINES:
        value = json.loads(line)
        assert fastjson.loads(line) == value
        assert fastjson.loads(line.encode("utf-8")) == value
        assert fastjson.dumps(value, **options) == json.dumps(value, **options)
    assert len(PAYLOAD_LINES) == 65


@pytest.mark.parametrize("options", OPTIONS[:4], ids=["defaults", "unicode", "compact", "compact-unicode"])
def test_odd_values_serialise_as_json_does(options):
    for value in ODD_VALUES:
        assert fastjson.dumps(value, **options) == json.dumps(value, **options), value


def test_odd_texts_parse_as_json_does():
    texts = [json.dumps(value, ensure_ascii=ascii) for value in ODD_VALUES for ascii in (True, False)]
    texts += [" \t\n{\"a\": 1}\r\n", "[NaN, Infinity, -Infinity]", '"\\ud800"', "1e400", "-0",
              "123456789012345678901234"]
    for text in texts:
        assert repr(fastjson.loads(text)) == repr(json.loads(text)), text


@pytest.mark.parametrize("text", BAD_TEXTS + [b"\xff\xfe[\x001\x00]\x00", b"\xef\xbb\xbf[1]", b"\x80", b"\x00[\x00]"])
def test_bad_input_raises_what_json_raises(text):
    assert _outcome(fastjson.loads, text) == _outcome(json.loads, text)


def test_what_json_cannot_serialise_fails_the_same_way():
    circular = []
    circular.append(circular)
    for value in ({"a": object()}, circular, {(1, 2): "tuple key"}, {"x": {1, 2}}):
        assert _outcome(fastjson.dumps, value) == _outcome(json.dumps, value)


def test_options_fastjson_does_not_mirror_go_to_json():
    value = {"b": [1, {"c": 2}], "a": "é"}
    assert fastjson.dumps(value, indent=2, sort_keys=True) == json.dumps(value, indent=2, sort_keys=True)
    assert fastjson.dumps({"s": {1}}, default=sorted) == json.dumps({"s": {1}}, default=sorted)


def test_a_fresh_process_never_imports_json_or_re():
    script = """
        import sys
        from mage_engine.base import fastjson
        assert fastjson.loads('{"a": [1, 2.5, "\\\\u00e9"]}') == {"a": [1, 2.5, "\\u00e9"]}
        assert fastjson.dumps({"a": "\\u00e9"}, ensure_ascii=False, separators=(",", ":")) == '{"a":"\\u00e9"}'
        print(sorted(name for name in ("json", "re") if name in sys.modules))
    """
    assert _run(script) == "[]"


def test_bad_input_before_json_was_ever_imported_still_raises_json_errors():
    """_json can only word an error once json.decoder is loaded; fastjson must still raise json's error."""
    script = """
        from mage_engine.base import fastjson
        for text in ("{bad", "[1,", "{} x", ""):
            try:
                fastjson.loads(text)
            except ValueError as error:
                print(type(error).__name__, error)
    """
    expected = [f"JSONDecodeError {_outcome(json.loads, text)[1]}" for text in ("{bad", "[1,", "{} x", "")]
    assert _run(script).splitlines() == expected


@pytest.mark.parametrize("broken_json", [
    "None",  # no C accelerator at all (another Python implementation)
    "types.SimpleNamespace(make_scanner=lambda ctx: None, make_encoder=lambda *args: None)",  # other signatures
])
def test_without_a_usable_c_accelerator_json_does_the_work(broken_json):
    script = f"""
        import json, sys, types
        sys.modules["_json"] = {broken_json}
        from mage_engine.base import fastjson
        lines = open({str(CAPTURE / "hook_stdin_payloads.jsonl")!r}, encoding="utf-8").read().splitlines()
        for line in lines:
            value = json.loads(line)
            assert fastjson.loads(line) == value
            assert fastjson.dumps(value, ensure_ascii=False) == json.dumps(value, ensure_ascii=False)
        assert fastjson._scanner() is None and fastjson._encoder_maker() is None
        print(len(lines))
    """
    assert _run(script) == "65"


def _outcome(function, value) -> tuple:
    try:
        return ("ok", repr(function(value)))
    except Exception as error:
        return (type(error).__name__, str(error))


def _run(script: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()
