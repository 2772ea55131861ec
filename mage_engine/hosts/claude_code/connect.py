"""`mage connect claude-code` / `mage disconnect claude-code`.

Connect merges mage's hook groups into .claude/settings.local.json (or, with
--shared, .claude/settings.json and the project script .claude/hooks/mage-hook
that any teammate's machine can run), points `autoMemoryDirectory` at mage/
(the twin), makes sure git ignores the personal file, installs the host
agent's own tools (the mage-groom and mage-onboard skills and the mage-keeper
subagent, hosts/agent_files/), and mirrors mage/skills/ into .claude/skills/.
What it replaced, each settings file's exact text from before mage touched it,
what it created and the digest of each tool it wrote are kept in its record,
.mage/state/claude-code.json, so disconnect removes exactly that and restores
the file byte for byte (line endings, indentation, an empty `"SessionEnd": []`).

The settings files, .gitignore, the tools and the record change in one
journaled step (kb/transaction.py): a crash at any instant leaves them all as
they were, or the next mage command finishes the change, so the user's earlier
`autoMemoryDirectory`, stashed in the record, is never lost. Both settings
files are read (and a malformed one refused) before anything is written.
"""


from mage_engine.hosts import agent_install
from mage_engine.hosts.change import HostChange
from mage_engine.hosts.agent_files import files_for
from mage_engine.hosts.claude_code import gitignore, skills, twin
from mage_engine.hosts.claude_code.launcher import personal_launcher, shared_launcher
from mage_engine.hosts.claude_code.record import HOST, before_mage, commit, load_state, remember_originals, \
    state_path
from mage_engine.hosts.claude_code.settings import read_both, render_settings, same_json, settings_path
from mage_engine.hosts.claude_code.shared_script import plan_script_removal, write_script
from mage_engine.hosts.claude_code.wiring import unwire, wire, wired_groups
from mage_engine.hosts.linked_paths import refuse_linked_paths
from mage_engine.kb.layout import KB
from mage_engine.kb.lock import kb_lock
from mage_engine.kb.skills import skill_problems
from mage_engine.kb.journal import HOST as HOST_FILES, recover
from mage_engine.kb.transaction import Transaction

__all__ = ["connect", "disconnect", "load_state", "state_path"]


def connect(kb: KB, shared: bool = False, hooks: bool = True, launcher=None) -> HostChange:
    """Wire mage into Claude Code for this project; running it again changes nothing.

    `hooks=False` wires only the twin and the skills, for the plugin route
    (its hooks, skills and subagent come from the plugin; any of mage's settings
    groups, and the tools connect installed, are removed).
    """
    refuse_linked_paths(kb, HOST)  # before the lock: nothing at all is written through a link
    with kb_lock(kb):  # one connect at a time, after finishing one a crash interrupted
        recover(kb, HOST_FILES)
        return _connect(kb, shared, hooks, launcher)


def _connect(kb: KB, shared: bool, hooks: bool, launcher) -> HostChange:
    if hooks and launcher is None:
        launcher = shared_launcher() if shared else personal_launcher()
    hooks_file = settings_path(kb, shared) if hooks else None
    state, change, plan = load_state(kb), HostChange(HOST), Transaction(kb, HOST_FILES)
    files = read_both(kb)
    remember_originals(kb, state, files)
    created = set(state.get("created", [])) | (set() if (kb.root / ".claude").is_dir() else {".claude"})
    held = {path for path, (_, data) in files.items() if wired_groups(data.get("hooks", {}))}
    for path, data in _planned(kb, files, hooks_file, launcher, state).items():
        text = files[path][0]
        if render_settings(data, like=text) != text:
            plan.write(path, render_settings(data, like=text))
            if hooks_file is not None and path != hooks_file and path in held:
                change.did(f"moved mage's hooks from {kb.relative(path)} to {kb.relative(hooks_file)}")
            else:
                change.did(f"{'updated' if text is not None else 'created'} {kb.relative(path)}")
            created |= {kb.relative(path)} if text is None else set()
    if hooks and shared:
        created |= write_script(kb, change)
    else:
        plan_script_removal(kb, plan, change)  # the groups left settings.json: its script goes too
    gitignore.plan_ignore(kb, plan, change, state)
    _plan_agent_files(kb, plan, change, state, created, install=hooks)
    gitignore.plan_tools(kb, plan, change, state, list(state["agent_files"]) if hooks and not shared else [])
    state.update(hooks_file=kb.relative(hooks_file) if hooks else None, created=sorted(created),
                 hook=launcher.prefix if hooks else None)
    commit(kb, plan, state)
    if not (hooks and shared):
        _remove_empty(kb, ".claude/hooks", created)
    if not hooks:
        agent_install.remove_empty_folders(kb, created - {".claude"})
    for link in skills.mirror_skills(kb):
        change.did(f"linked {link} -> mage/skills/")
    _warn_linked_skills_folder(kb, change)
    for problem in skill_problems(kb):  # a linked skill is never mirrored: say so, as for a linked note
        change.warn(f"skill not linked, {kb.relative(problem.split(': ', 1)[0])}: {problem.split(': ', 1)[-1]}")
    change.details = {"settings": kb.relative(hooks_file) if hooks else None, "hook": state["hook"],
                      "launcher": launcher.kind if hooks else None,
                      "interpreter": launcher.interpreter if hooks else None,
                      "memory_settings": kb.relative(settings_path(kb, False)),
                      "auto_memory_directory": twin.memory_dir(kb)}
    if not change.changed:
        change.note("already connected: nothing to change")
    return change


def _plan_agent_files(kb: KB, plan, change, state: dict, created: set, install: bool) -> None:
    """The agent's tools go in with the settings hooks; on the plugin route the plugin ships its own."""
    owned = state.setdefault("agent_files", {})
    if install:
        agent_install.plan_install(kb, plan, change, owned, files_for("project"), created)
    else:
        agent_install.plan_removal(kb, plan, change, owned, files_for("project"), fallback=False)


def _planned(kb: KB, files: dict, hooks_file, launcher, state: dict) -> dict:
    """The new content of each settings file: mage's hooks in one file only, then the twin."""
    updated = {}
    for path, (text, data) in files.items():
        if path == hooks_file:
            updated[path] = _with_hooks(data, wire(data.get("hooks", {}), launcher), True)
        elif text is not None:
            before = before_mage(state, kb.relative(path))
            hooks, moved = unwire(data.get("hooks", {}), before["events"])
            if moved:  # mage's groups live in one file only: no hook runs twice
                updated[path] = _with_hooks(data, hooks, before["hooks"])
    local = settings_path(kb, False)
    updated[local], state["memory"] = twin.point_at_kb(updated.get(local, files[local][1]), kb, state.get("memory"))
    return updated


def disconnect(kb: KB) -> HostChange:
    """Remove exactly what connect added and restore what it replaced."""
    refuse_linked_paths(kb, HOST)
    with kb_lock(kb):
        recover(kb, HOST_FILES)
        return _disconnect(kb)


def _disconnect(kb: KB) -> HostChange:
    state, change, plan = load_state(kb), HostChange(HOST), Transaction(kb, HOST_FILES)
    created = set(state.get("created", []))
    local_remains = False
    for path, (text, data) in read_both(kb).items():
        if text is None:
            continue
        name, original = kb.relative(path), state.get("originals", {}).get(kb.relative(path))
        before = before_mage(state, name)
        hooks, removed = unwire(data.get("hooks", {}), before["events"])
        result = _with_hooks(data, hooks, before["hooks"]) if removed else data
        if path == settings_path(kb, False):
            result = twin.restore(result, kb, state.get("memory"))
        gone = not result and name in created  # emptied, or left empty by a move between files
        local_remains |= path == settings_path(kb, False) and not gone
        if gone:
            plan.delete(path)
            change.did(f"removed {name} (mage had created it)")
        elif result != data:
            plan.write(path, original if same_json(original, result) else render_settings(result, like=text))
            change.did(f"restored {name}")
    plan_script_removal(kb, plan, change)
    agent_install.plan_removal(kb, plan, change, state.get("agent_files", {}), files_for("project"),
                               fallback=not state)
    if state.get("gitignore"):  # whenever connect said it added them
        gitignore.plan_unignore(kb, plan, change, state["gitignore"], kept=local_remains)
    gitignore.plan_tools(kb, plan, change, state, [])
    plan.delete(state_path(kb))
    commit(kb, plan, None)
    _remove_links_and_folders(kb, created, change)
    if not change.changed:
        change.note("not connected: nothing of mage's found in .claude/")
    return change


def _warn_linked_skills_folder(kb: KB, change: HostChange) -> None:
    linked = skills.linked_skills_folder(kb)
    if linked and skills.skill_names(kb):
        change.warn(f"skills not linked: {linked} is a symbolic link, so mage makes and removes nothing "
                    f"in it (replace it with a real folder, then run `mage connect claude-code` again)")


def _remove_links_and_folders(kb: KB, created: set, change: HostChange) -> None:
    for link in skills.unmirror_skills(kb):
        change.did(f"removed link {link}")
    _warn_linked_skills_folder(kb, change)
    agent_install.remove_empty_folders(kb, created)


def _remove_empty(kb: KB, folder: str, created: set) -> None:
    """Remove a folder connect created, once nothing is left in it."""
    path = kb.root / folder
    if folder in created and path.is_dir() and not any(path.iterdir()):
        path.rmdir()


def _with_hooks(settings: dict, hooks: dict, keep_empty: bool) -> dict:
    """`settings` with its `hooks` replaced (kept in place), or dropped when empty and not the user's."""
    if not hooks and not keep_empty:
        return {k: v for k, v in settings.items() if k != "hooks"}
    return {**settings, "hooks": hooks}
