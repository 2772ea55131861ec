"""Tantivy, imported for about a millisecond less: without running datetime.py.

Tantivy's module (built with pyo3) imports `datetime` as it loads, for the C
API capsule that module re-exports from `_datetime`. The pure-Python half of
datetime.py (its classes, then `time`, `math`, `operator`) costs a hook about
1.5 ms and is replaced by `_datetime`'s own types at its last line anyway. So,
for the instant Tantivy loads, `datetime` names `_datetime` itself, whose
capsule and types are the very ones datetime.py would hand over; the name is
taken back at once, and any later `import datetime` loads the real module,
whose classes are those same `_datetime` types.

Only a process with no other thread does this (a hook: it never imports
`threading`): another thread could import `datetime` in that instant and keep
`_datetime`, or find tantivy half loaded. Everywhere else it is a plain import.
"""

import sys


def tantivy():
    """The tantivy module (imported on first call)."""
    if "tantivy" in sys.modules or "datetime" in sys.modules or "threading" in sys.modules:
        import tantivy as module  # the import system's own locks: another thread may be loading it

        return module
    try:
        import _datetime
    except ImportError:  # a Python without the C accelerator: the usual import
        import tantivy as module

        return module
    sys.modules["datetime"] = _datetime
    try:
        import tantivy as module
    finally:
        if sys.modules.get("datetime") is _datetime:
            del sys.modules["datetime"]
    return module
