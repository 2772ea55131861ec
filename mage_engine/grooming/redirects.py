"""Take the host agent's own memory files into staging before grooming (Gate-0)."""

from mage_engine.kb.layout import KB


def take_redirects(kb: KB) -> list:
    """Stage memory files the host wrote into mage/ (source `redirect`); [] when none."""
    try:
        from mage_engine.hosts.claude_code.redirect import import_redirects
    except ImportError:
        return []
    return import_redirects(kb)
