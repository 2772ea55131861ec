"""The terms recall reads in prompts and notes: one analysis for the index and the query, word lists, CJK bigrams."""
