"""Searching the notes: BM25 finds candidates, the hint score ranks them; `mage recall`."""
