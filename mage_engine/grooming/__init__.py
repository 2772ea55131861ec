"""The lesson path: stage drafts, dedupe, groom them into notes."""
