"""The knowledge base on disk: layout, config and dials, notes and drafts."""
