"""The Tantivy search index: where it lives, what it was built from, building it, keeping it fresh."""
