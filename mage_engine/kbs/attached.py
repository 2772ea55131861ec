"""The knowledge bases a project reads beside its own: the personal KB, then those `kbs:` lists.

`others(kb, config)` is what the hint hook, `mage recall` and standing context
ask. Each is a (label, KB) pair; the label is what hits show (`[personal] …`).
A listed folder that holds no KB is skipped (a teammate who has not cloned the
team KB still gets hints from the rest); `missing` says which, for `mage status`.
A listed KB outside the project's folder is read only once a person confirmed it
on this machine (kbs/confirmed.py: a cloned config could name any folder here);
`unconfirmed` says which wait. With no personal KB and no `kbs:` this costs one stat.
"""

from mage_engine.base import fs
from mage_engine.kb.layout import CONFIG_FILE


class Attached:
    """One other KB: its label and its KB (paths), and whether it is the personal one."""

    __slots__ = ("label", "kb")

    def __init__(self, label: str, kb):
        self.label, self.kb = label, kb

    @property
    def personal(self) -> bool:
        from mage_engine.kbs.personal import LABEL

        return self.label == LABEL

    def __repr__(self):
        return f"Attached({self.label!r}, {self.kb.top!r})"


def others(kb, config, environ=None) -> list:
    """[Attached] for every other KB `kb` reads, personal first; never `kb` itself, never one twice."""
    from mage_engine.kbs.personal import LABEL, personal_kb

    found, seen = [], {kb.top}
    personal = personal_kb(environ)
    if personal is not None and personal.top not in seen:
        found.append(Attached(LABEL, personal))
        seen.add(personal.top)
    confirmed = None  # read only when a listed KB lies outside the project
    for entry in getattr(config, "kbs", None) or ():
        top = listed_top(kb, entry["path"])
        if top is None or top in seen:
            continue
        from mage_engine.kbs.confirmed import confirmed_tops, needs_confirming

        if needs_confirming(kb, top):
            confirmed = confirmed_tops(kb) if confirmed is None else confirmed
            if top not in confirmed:
                continue  # not read until a person confirms it here (`mage kbs --confirm`)
        from mage_engine.kb.layout import KB

        found.append(Attached(entry["name"], KB(top)))
        seen.add(top)
    return found


def unconfirmed(kb, config) -> list:
    """The `kbs:` entries that hold a KB outside the project not yet confirmed on this machine, as
    {"name", "path", "top"} (`top`: the folder's real path)."""
    from mage_engine.kbs.confirmed import confirmed_tops, needs_confirming

    waiting, confirmed, seen = [], confirmed_tops(kb), set()
    for entry in getattr(config, "kbs", None) or ():
        top = listed_top(kb, entry["path"])
        if top is not None and top not in seen and needs_confirming(kb, top) and top not in confirmed:
            waiting.append({**entry, "top": top, "shown": shown_path(kb, entry["path"], top)})
            seen.add(top)  # the same KB listed twice (through a link) waits once: `same_as` says so
    return waiting


def shown_path(kb, path: str, top: str) -> str:
    """`path` as written, and where it leads when that is through a link (`vendor/kb (a link to /src/kb)`)."""
    folder = fs.expanduser(path)
    written = fs.normpath(folder if fs.isabs(folder) else fs.join(kb.top, folder))
    return path if written == top else f"{path} (a link to {top})"


def same_as(kb, config) -> list:
    """The `kbs:` entries that name a KB an earlier entry (or the project) already names, as
    {"path", "same_as"}: read once, and said, so a config being debugged does not lose one silently."""
    first, found = {kb.top: "this project"}, []
    for entry in getattr(config, "kbs", None) or ():
        top = listed_top(kb, entry["path"])
        if top is None:
            continue
        if top in first:
            found.append({"path": entry["path"], "same_as": first[top]})
        else:
            first[top] = entry["path"]
    return found


def listed_top(kb, path: str):
    """The folder a `kbs:` path names (~ expanded, relative to the project), when it holds a KB."""
    folder = fs.expanduser(path)
    if not fs.isabs(folder):
        folder = fs.join(kb.top, folder)
    folder = fs.realpath(folder)
    return folder if fs.isfile(fs.join(folder, CONFIG_FILE)) else None


def missing(kb, config) -> list:
    """The `kbs:` entries whose folder holds no KB here, as {"name", "path"}."""
    return [entry for entry in getattr(config, "kbs", None) or () if listed_top(kb, entry["path"]) is None]


def by_label(kb, config, label: str):
    """The KB labelled `label` ("project" is `kb` itself), or None."""
    if label == "project":
        return kb
    return next((other.kb for other in others(kb, config) if other.label == label), None)
