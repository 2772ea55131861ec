"""`--to personal|project|<label>`: the KB a command names, seen from the KB it acts on."""

from mage_engine.base.errors import MageError

TARGET_HELP = "personal, project, or the name of a KB listed under `kbs:` in config"


def target_kb(current, name: str):
    """(KB, label) that `name` names: "personal", "project" (the one found from the current
    folder, or `current` itself), or a `kbs:` label of `current`'s config."""
    from mage_engine.kb.config import load_config
    from mage_engine.kbs.attached import by_label
    from mage_engine.kbs.personal import LABEL, require_personal_kb

    if name == LABEL:
        return require_personal_kb(), LABEL
    if name == "project":
        return _project_kb(current), "project"
    found = by_label(current, load_config(current), name)
    if found is None:
        raise MageError(f"no knowledge base named {name!r}", f"use --to {TARGET_HELP}")
    return found, name


def _project_kb(current):
    """The project's KB: `current` unless it is the personal KB, else the one found from here."""
    from mage_engine.kb.discover import find_kb
    from mage_engine.kbs.personal import personal_kb

    personal = personal_kb()
    if personal is None or personal != current:
        return current
    return find_kb()
