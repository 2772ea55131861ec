"""Timestamps in one format everywhere: UTC, ISO 8601, seconds, trailing Z."""

import datetime as dt


def utc_now() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def today() -> str:
    return dt.date.today().isoformat()
