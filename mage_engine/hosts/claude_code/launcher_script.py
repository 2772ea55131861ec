"""The shell launcher for hooks that must work on any machine: the plugin's and a team's.

One script, two places: `hooks/mage-hook` in the mage plugin, and
`.claude/hooks/mage-hook`, which `mage connect claude-code --shared` writes for
a team to commit beside `.claude/settings.json`. It finds the mage installed on
the machine that runs it (`mage-hook` on PATH, `~/.local/bin/mage-hook` where
pipx puts it, or a python3 that can import mage) and starts that install's
Python directly with `-I -S`, skipping pip's launcher and `site`, when the
install is a plain venv (an editable one too: the checkout its
`_editable_impl_mage.pth` names goes on the path); otherwise it runs the
launcher as is.

Without mage it reads the payload and exits 0, printing nothing but, at
SessionStart, a `systemMessage` (a warning the host shows the user, not a hook
error) saying how to install mage: once per session, and the session carries on.
"""

FIRST_LINE = "#!/bin/sh"
MARK = "# mage's hook launcher"

SCRIPT = r'''#!/bin/sh
# mage's hook launcher: `hooks/mage-hook` in the mage plugin, and `.claude/hooks/mage-hook` as written by
# `mage connect claude-code --shared` (commit it with .claude/settings.json). It runs the mage installed on
# this machine: `mage-hook` on PATH or in ~/.local/bin (pip, pipx), else a python3 that can import mage.
# A plain venv's Python is started directly (-I -S: no pip launcher, no site), given its site-packages
# (and, for an editable install, the checkout its _editable_impl_mage.pth names).
# Without mage it reads the payload and exits 0; at SessionStart it tells the user how to install mage.
self="$0"
set -f; IFS=:  # PATH's folders (split, not globbed), then pipx's, without forking a `command -v`
for folder in $PATH "$HOME/.local/bin"; do
    candidate="$folder/mage-hook"
    if [ -n "$folder" ] && [ -f "$candidate" ] && [ -x "$candidate" ] && ! [ "$candidate" -ef "$self" ]; then
        set +f; unset IFS
        IFS= read -r first < "$candidate"
        python="${first#\#!}"
        venv="${python%/*/*}"
        case "$python" in
            /*/bin/python | /*/bin/python3 | /*/bin/python3.[0-9]*)
                for packages in "$venv"/lib/python3*/site-packages; do
                    checkout=""  # an editable install's checkout, as its .pth file names it
                    if ! [ -d "$packages/mage_engine" ] && [ -f "$packages/_editable_impl_mage.pth" ]; then
                        IFS= read -r checkout < "$packages/_editable_impl_mage.pth"
                        case "$checkout" in /*) [ -d "$checkout/mage_engine" ] || checkout="" ;; *) checkout="" ;; esac
                    fi
                    if [ -f "$venv/pyvenv.cfg" ] && [ -x "$python" ] && [ -d "$packages/tantivy" ] &&
                       [ -d "$packages/yaml" ] && { [ -d "$packages/mage_engine" ] || [ -n "$checkout" ]; }; then
                        exec "$python" -I -S -c 'import sys
sys.path.append(sys.argv.pop(1))
checkout = sys.argv.pop(1)
if checkout:
    sys.path.append(checkout)
from mage_engine.hooks import main
main()' "$packages" "$checkout" "$@"
                    fi
                done ;;
        esac
        exec "$candidate" "$@"
    fi
done
set +f; unset IFS
if command -v python3 >/dev/null 2>&1; then  # import mage, or drain the payload and say so below
    python3 -c "
import sys
if sys.path and sys.path[0] == '':
    del sys.path[0]  # the project folder: never import from what a clone may hold
try:
    from mage_engine.hooks import main
except Exception:
    sys.stdin.buffer.read()
    sys.exit(3)
main()" "$@" 2>/dev/null
    [ $? -eq 3 ] || exit 0
else
    cat >/dev/null 2>&1
fi
if [ "$1" = SessionStart ]; then  # a warning the host shows the user, once per session; never a hook error
    printf '%s\n' '{"systemMessage": "mage: Claude Code runs mage hooks here, but mage is not installed on this machine: install it from a checkout of mage with `pipx install /path/to/mage` (the `mage` on PyPI is another project) and start Claude Code again"}'
fi
exit 0
'''


def is_mage_script(text: str) -> bool:
    """True for a launcher mage wrote (any version): its first two lines say so."""
    return text.startswith(f"{FIRST_LINE}\n{MARK}")
