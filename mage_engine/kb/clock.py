"""Timestamps in one format everywhere: UTC, ISO 8601, seconds, trailing Z."""

import datetime as dt


def utc_now() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def today() -> str:
    return dt.date.today().isoformat()


def iso_date(value) -> str:
    """`value` when it is a YYYY-MM-DD date, else '': what recency sorts by (a hand-written
    `created: yesterday` sorts as undated, not above every real date)."""
    try:
        return dt.date.fromisoformat(value).isoformat() if isinstance(value, str) and len(value) == 10 else ""
    except ValueError:
        return ""
