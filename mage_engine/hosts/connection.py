"""`mage connect HOST` / `mage disconnect HOST`: the host adapter named, wired in or out."""

from mage_engine.base.errors import MageError
from mage_engine.hosts import generic
from mage_engine.hosts.change import HostChange
from mage_engine.hosts.claude_code import connect as claude_code

HOSTS = ("claude-code", "generic")


def connect_host(kb, host: str, shared: bool = False, hooks: bool = True) -> HostChange:
    """Wire `host` into the project of `kb`; idempotent."""
    if host == "claude-code":
        return claude_code.connect(kb, shared=shared, hooks=hooks)
    if host == "generic":
        return generic.connect(kb)
    raise _unknown(host)


def disconnect_host(kb, host: str) -> HostChange:
    """Remove exactly what `connect_host` added, restoring what it replaced."""
    if host == "claude-code":
        return claude_code.disconnect(kb)
    if host == "generic":
        return generic.disconnect(kb)
    raise _unknown(host)


def _unknown(host: str):
    return MageError(f"unknown host '{host}'", f"choose one of {', '.join(HOSTS)}")
