"""`mage-hook`'s entry point, at the name every hook command mage writes imports it by.

`mage connect claude-code` writes `… -c '…from mage_engine.hooks import main;main()' EVENT`
into the project's settings, the plugin's and the shared script import the same, and
pip's `mage-hook` script names `mage_engine.hooks:main`: commands written by earlier
versions keep working, and none of them drifts. The dispatcher is events/dispatch.py.

Run as the hook process (`main()` with no arguments), it first serves the rest of mage's
modules from one file (base/code_bundle.py): about a sixth of a prompt hook's time.
"""


def main(argv=None) -> None:
    """The dispatcher (events/dispatch.py), after the code bundle is in place when this is the hook process."""
    if argv is None:
        import gc
        import sys

        gc.disable()  # before the imports: its passes over each freshly loaded module cost 1.5 ms (dispatch.py)
        from mage_engine.base import code_bundle

        code_bundle.install(sys.argv[1] if len(sys.argv) > 1 else "")
    from mage_engine.events.dispatch import main as dispatch

    dispatch(argv)
