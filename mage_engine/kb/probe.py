"""`mage doctor` runs every hook with a sample session; such runs must leave no usage trace.

Ledger and usage metrics skip probe sessions at write time, so doctor never
has to rewrite a file that a live hook may be appending to.
"""

PROBE_PREFIX = "mage-doctor-"


def is_probe_session(session) -> bool:
    return str(session or "").startswith(PROBE_PREFIX)
