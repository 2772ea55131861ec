"""Tantivy, imported for about a millisecond less: without running datetime.py or types.py.

Tantivy's module (built with pyo3) imports `datetime` as it loads, for the C
API capsule that module re-exports from `_datetime`. The pure-Python half of
datetime.py (its classes, then `time`, `math`, `operator`) costs a hook about
1.5 ms and is replaced by `_datetime`'s own types at its last line anyway. So,
for the instant Tantivy loads, `datetime` names `_datetime` itself, whose
capsule and types are the very ones datetime.py would hand over; the name is
taken back at once, and any later `import datetime` loads the real module,
whose classes are those same `_datetime` types.

Likewise `types`: all Tantivy asks of it as it loads is `SimpleNamespace`
(pyo3 makes its submodules' namespaces with it), which is the type of
`sys.implementation`; the module's Python half (0.2 ms) is left unread the same
way, and taken back the same way.

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
    stand_ins = {"datetime": _datetime}
    if "types" not in sys.modules:
        stand_ins["types"] = _types_stand_in()
    sys.modules.update(stand_ins)
    try:
        import tantivy as module
    finally:
        for name, stand_in in stand_ins.items():
            if sys.modules.get(name) is stand_in:
                del sys.modules[name]
    return module


def _types_stand_in():
    """A module named `types` that holds what Tantivy reads of it while it loads."""
    stand_in = type(sys)("types")
    stand_in.SimpleNamespace = type(sys.implementation)
    return stand_in
