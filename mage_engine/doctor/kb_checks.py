"""Doctor: the knowledge base is found and valid, its config parses, its index is fresh."""

from mage_engine.doctor.check import Check, fail, ok, warn
from mage_engine.base.errors import ConfigError, KBNotFound
from mage_engine.kb.jsonfiles import read_object
from mage_engine.kb.discover import find_kb
from mage_engine.kb.layout import KB


def find(kb_dir, start) -> tuple[KB | None, Check]:
    """The KB (or None) and the `kb` line: found, notes readable, scratch git-ignored."""
    try:
        kb = find_kb(start, explicit=kb_dir)
    except KBNotFound as error:
        return None, fail("kb", error.what, error.fix)
    from mage_engine.grooming import catalog
    from mage_engine.kb.notes import FOLDER_FIX, notes_folder_refused

    refusal = notes_folder_refused(kb)
    if refusal:
        return kb, fail("kb", f"knowledge base at {kb.root}: {refusal}", FOLDER_FIX)

    from mage_engine.kb.skills import count_skills, skill_problems

    notes, problems = catalog.light_notes(kb), catalog.note_problems(kb)  # the counts `mage status` gives
    skills = count_skills(kb)
    problems = list(problems) + skill_problems(kb)  # a linked skill: refused, named, like a linked note
    detail = f"knowledge base at {kb.root}: {len(notes)} notes, {skills} skills"
    if problems:
        return kb, warn("kb", f"{detail}; {len(problems)} unreadable: {problems[0]}",
                        "fix or move the files named (they are left out of recall)", problems=[str(p) for p in problems])
    odd = catalog.note_warnings(kb)
    if odd:
        return kb, warn("kb", f"{detail}; {len(odd)} note{'s' if len(odd) > 1 else ''} with a warning: {odd[0]}",
                        "fix the values named (an unknown kind or category, an id unlike the file name)", warnings=odd)
    if kb.journal_path.exists():
        return kb, warn("kb", f"{detail}; an interrupted change is pending", "run any mage command (it finishes it)")
    if not _scratch_ignored(kb):
        return kb, warn("kb", f"{detail}; .mage/ is not in .gitignore", "run `mage init` (it adds .mage/ to .gitignore)")
    return kb, ok("kb", detail, notes=len(notes), skills=skills)


def _scratch_ignored(kb: KB) -> bool:
    try:
        lines = {line.strip() for line in (kb.root / ".gitignore").read_text(encoding="utf-8").splitlines()}
    except OSError:
        return False
    return bool({".mage/", ".mage", "/.mage/", "/.mage"} & lines)


def config(kb: KB, fix: bool) -> Check:
    """mage/config.yaml parses; unknown dial values are warnings."""
    from mage_engine.kb.config import load_config

    try:
        loaded = load_config(kb)
    except ConfigError as error:
        return fail("config", error.what, error.fix or "fix the file or delete it to use the defaults")
    detail = (f"{kb.relative(kb.config_path)} parses: sensitivity {loaded.sensitivity} "
              f"(K={loaded.k}, M={loaded.m}), autonomy {loaded.autonomy}")
    if loaded.warnings:
        return warn("config", f"{detail}; {'; '.join(loaded.warnings)}", "fix the value or key named",
                    warnings=loaded.warnings)
    return ok("config", detail)


def kbs(kb: KB, fix: bool) -> Check:
    """The knowledge bases read beside this one: the personal KB and `kbs:`; a listed one not cloned
    here, or outside the project and not confirmed on this machine, is a warning."""
    from mage_engine.kb.config import load_config
    from mage_engine.kbs.status import others_status

    try:
        status = others_status(kb, load_config(kb))
    except ConfigError:
        return ok("kbs", "see the config check")
    read = [f"{row['name']} ({row['notes']} notes)" for row in
            ([status["personal"]] if status["personal"].get("notes") is not None else []) + status["kbs"]]
    detail = "reads " + ", ".join(read) if read else "reads no other knowledge base"
    waiting = [entry["path"] for entry in status["unconfirmed"]]
    missing = [entry["path"] for entry in status["missing"]]
    problems = ([f"not read until confirmed here: {', '.join(waiting)}"] if waiting else []) + \
        ([f"not cloned here: {', '.join(missing)}"] if missing else [])
    if problems:
        fix_text = "`mage kbs --confirm` reads the listed ones outside this project" if waiting else \
            "clone them where kbs: says, or remove them from mage/config.yaml"
        return warn("kbs", f"{detail}; {'; '.join(problems)}", fix_text, unconfirmed=waiting, missing=missing)
    return ok("kbs", detail)


def index(kb: KB, fix: bool) -> Check:
    """The Tantivy index matches the notes and skills on disk (read-only unless fixing)."""
    state = index_state(kb)
    if state == "fresh":
        return ok("index", "the search index matches the notes on disk")
    if state == "unreadable":  # the hooks skip every hint until it is rebuilt
        check = fail("index", "the search index cannot be read (damaged): the hint hook stays silent",
                     "run `mage index` (or `mage doctor --fix`)")
    else:
        detail = {"missing": "there is no search index yet", "stale": "the search index is older than the notes"}[state]
        check = warn("index", f"{detail} (hooks and `mage recall` rebuild it, at a cost to the first one)",
                     "run `mage index` (or `mage doctor --fix`)")
    if fix:
        from mage_engine.recall.index.lifecycle import ensure_fresh, rebuild_index

        if state == "unreadable":
            rebuild_index(kb)
            check.fixed = "index rebuilt"
        else:
            check.fixed = f"index {ensure_fresh(kb)}"
        if index_state(kb) == "fresh":
            check.status, check.fix = "ok", ""
    return check


def index_state(kb: KB) -> str:
    """"fresh", "stale", "missing" or "unreadable", by the recall index's own stamp and manifest,
    and whether Tantivy can open it."""
    from mage_engine.recall.index import manifest, store

    stamp = store.read_stamp(kb)
    if stamp is None or not (kb.index_dir / stamp["generation"] / "meta.json").is_file():
        return "missing"
    if not _opens(kb, stamp):
        return "unreadable"
    if manifest.dir_stamps(kb) != stamp.get("dirs"):
        return "stale"
    files = manifest.scan(kb)
    if manifest.fingerprint(files) == stamp.get("fingerprint"):
        return "fresh"
    built = (read_object(store.manifest_path(kb)) or {}).get("files", {})
    return "fresh" if set(built) == set(files) and all(_same_file(built[r], files[r]) for r in files) else "stale"


def _opens(kb: KB, stamp: dict) -> bool:
    from mage_engine.recall.index.schema import open_index

    try:
        open_index(str(kb.index_dir / stamp["generation"])).searcher()
    except Exception:  # Tantivy reports a damaged index as ValueError, with its own words
        return False
    return True


def _same_file(built, now) -> bool:
    """Same mtime, and the size matches or was not yet settled when the index was built."""
    return built[0] == now[0] and (built[1] == now[1] or -1 in (built[1], now[1]))
