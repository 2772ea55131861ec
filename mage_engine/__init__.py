"""mage's headless engine: knowledge base, capture, grooming, recall, recurrence, hosts.

Nothing here imports textual, rich or click; heavy libraries (yaml, tantivy) are
imported lazily by the functions that need them, so the hook path stays lean.
"""

__version__ = "0.1.0"
