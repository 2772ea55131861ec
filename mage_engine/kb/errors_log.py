"""`.mage/errors.log`: where everything that must not stop the host is written down.

One line per failure: `<UTC stamp> <event> <message>`, the message on one line and
cut at 1,000 characters. Past 1 MiB the log becomes `errors.log.1` (one older part
kept). Appending never raises: a hook fails open, and even a log it cannot write
must not change what the host sees. Config warnings are logged once a day, not on
every hook run.
"""

import time

from mage_engine.base import fs
from mage_engine.kb.layout import CONFIG_WARNINGS_FILE, ERRORS_LOG

ERRORS_LOG_BYTES = 1024 * 1024  # errors.log past this becomes errors.log.1 (one old part kept)


def log_error(kb, event: str, message: str) -> None:
    """Append one line to .mage/errors.log; silent if even that is impossible."""
    if kb is None:
        return
    try:
        from mage_engine.kb.atomic import append_line  # only when something failed: the hook path rarely pays

        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        one_line = " ".join(str(message).split())[:1000]
        path = kb.at(ERRORS_LOG)
        _rotate(path)
        append_line(path, f"{stamp} {event or '-'} {one_line}")  # never through a link: see kb/guard.py
    except Exception:
        pass


def log_once_a_day(kb, event: str, warnings: list) -> None:
    """Config warnings (a bad MAGE_* value, a bad config.yaml) go to errors.log once a day, not per hook run."""
    from mage_engine.kb import guard

    marker = kb.at(CONFIG_WARNINGS_FILE)
    seen = time.strftime("%Y-%m-%d", time.gmtime()) + "\n" + "\n".join(warnings)
    try:
        if guard.read_text(marker, 64 * 1024) == seen:
            return
    except (OSError, UnicodeDecodeError):
        pass
    for warning in warnings:
        log_error(kb, event, f"config: {warning}")
    try:
        from mage_engine.kb.atomic import write_text_atomic

        write_text_atomic(marker, seen)
    except OSError:
        pass


def _rotate(path: str) -> None:
    """Past ERRORS_LOG_BYTES, errors.log becomes errors.log.1 (replacing the older part)."""
    try:
        if fs.lstat(path).st_size < ERRORS_LOG_BYTES:
            return
        from mage_engine.kb.atomic import move

        move(path, path + ".1")
    except OSError:
        pass
