"""One line of `mage doctor`'s report, as every check returns it: ok, warn or fail, with the fix."""

from dataclasses import dataclass, field

STATUSES = ("ok", "warn", "fail")


@dataclass
class Check:
    """One line of the report: what was checked, ok / warn / fail, what was found, the fix."""

    name: str
    status: str
    detail: str
    fix: str = ""
    fixed: str = ""
    data: dict = field(default_factory=dict)


def ok(name: str, detail: str, **data) -> Check:
    return Check(name, "ok", detail, data=data)


def warn(name: str, detail: str, fix: str, **data) -> Check:
    return Check(name, "warn", detail, fix, data=data)


def fail(name: str, detail: str, fix: str, **data) -> Check:
    return Check(name, "fail", detail, fix, data=data)
