"""Small text helpers the panes share: ages, truncation, pluralising."""

import datetime as dt

from mage_engine.base.clip import clip  # noqa: F401  (the panes import it from here with the other helpers)


def parse_time(value) -> dt.datetime | None:
    """A timestamp ('2026-03-14T09:00:00Z') or date ('2026-03-14') as aware UTC, else None."""
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=dt.timezone.utc)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.timezone.utc)
    text = str(value or "").strip().replace("Z", "+00:00")
    if not text:
        return None
    try:
        parsed = dt.datetime.fromisoformat(text)
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.timezone.utc)


def age(value, now: dt.datetime) -> str:
    """'now', '5m', '3h', '2d', '6w', '1y': how long ago `value` was, against the app's clock."""
    then = parse_time(value)
    if then is None:
        return "?"
    seconds = max(0, int((now - then).total_seconds()))
    for unit, size in (("y", 365 * 86400), ("w", 7 * 86400), ("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size:
            return f"{seconds // size}{unit}"
    return "now"


def plural(count: int, word: str) -> str:
    """'1 draft', '3 drafts'."""
    return f"{count} {word}{'' if count == 1 else 's'}"
