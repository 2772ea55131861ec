"""The fast ASCII mask gives exactly what str.translate gives, offsets included, on any text."""

from mage_engine.scrub.masks import AsciiMask

MASK = AsciiMask({code: " " for code in range(128) if not (chr(code).isalnum() or chr(code) in "_.-")})


def test_the_byte_route_equals_str_translate_on_long_mixed_text():
    text = ("api_key = 'x' — naïve → café \udfff 𝔘 ümlaut; password: hunter2\n" * 40)
    assert len(text) > 256
    assert MASK.apply(text) == text.translate(MASK.table)


def test_a_short_text_takes_the_dict_route_with_the_same_result():
    text = "token=abc; → ok"
    assert MASK.apply(text) == text.translate(MASK.table)
