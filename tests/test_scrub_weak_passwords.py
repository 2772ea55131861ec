"""Short real passwords in credential positions are redacted; documentation placeholders pass.

Through the real `mage scrub` process, as a person pipes text into it.
"""

import base64
import subprocess
import sys
from pathlib import Path

import pytest

MAGE = str(Path(sys.executable).with_name("mage"))


def scrub(text: str) -> str:
    done = subprocess.run([MAGE, "scrub"], input=text, capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("text, secret", [
    ("mysql://root:hunter2@db.prod.internal:3306/app", "hunter2"),
    ("redis://:password123@cache.internal:6379/0", "password123"),
    ("mysql://root:Summer2024x@db.prod.internal/app", "Summer2024x"),
    ("Authorization: Basic " + base64.b64encode(b"admin:hunter2").decode(), "YWRtaW46aHVudGVyMg"),
    ("curl -H 'Authorization: Basic " + base64.b64encode(b"deploy:s3cret99").decode() + "' https://x",
     base64.b64encode(b"deploy:s3cret99").decode()[:12]),
])
def test_a_short_password_with_a_digit_is_redacted(text, secret):
    out = scrub(text)
    assert secret not in out and "[REDACTED:" in out


@pytest.mark.parametrize("text", [
    "postgres://user:password@localhost:5432/app",
    "postgres://app:${DB_PASS}@localhost/app",
    "mysql://root:<password>@localhost/app",
    "Authorization: Basic " + base64.b64encode(b"user:password").decode(),
    "the old hunter2 joke is about asterisks",
])
def test_placeholders_and_prose_pass_unchanged(text):
    assert scrub(text) == text
